import { z } from 'zod';

export const PASSWORD_MIN = 6;

export const emailSchema = z
  .string('validation.email_required')
  .trim()
  .min(1, 'validation.email_required')
  .max(254, 'validation.email_invalid')
  .pipe(z.email('validation.email_invalid'))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string('validation.password_required')
  .min(1, 'validation.password_required')
  .min(PASSWORD_MIN, 'validation.password_min')
  .max(256, 'validation.too_long');

export const loginBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The userData the spec stores in localStorage. */
export const userDataSchema = z.object({
  access_token: z.string(),
  permissions: z.array(z.string()),
  data: z.object({
    name: z.string(),
    role_name: z.string(),
    role: z.array(z.string()),
    branch_id: z.string().nullable(),
  }),
});
export type UserData = z.infer<typeof userDataSchema>;
export const meResponseSchema = userDataSchema.omit({ access_token: true });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
/** GET /health with 503: the database cannot be reached in time, is read-only (a standby), or its disk is full. */
export const healthDegradedSchema = z.object({
  status: z.literal('degraded'),
  reason: z.enum(['unreachable', 'read_only', 'disk_full']),
  message: z.string(),
});
export type HealthDegraded = z.infer<typeof healthDegradedSchema>;
