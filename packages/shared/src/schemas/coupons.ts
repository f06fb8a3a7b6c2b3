import { z } from 'zod';
import { listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { dayTextSchema } from './stock';

/**
 * Coupons (spec: a setting list of the sales menu, permission coupon-management): a code the cashier types at the
 * till for a percentage ('Between 0 to 100', up to 2 decimals) or a fixed amount off, valid between two days and
 * for a number of uses. The code is the row's `name`, kept upper-case and unique per shop whatever its case.
 */
export const COUPON_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];
export const COUPON_LIMITS = { code: 40, description: 500, usageLimit: 1_000_000_000 } as const;

const codeField = z
  .string('validation.name_required')
  .trim()
  .min(1, 'validation.name_required')
  .max(COUPON_LIMITS.code, 'validation.too_long')
  .regex(/^[A-Za-z0-9_-]+$/, 'coupons.errors.code_invalid')
  .transform((s) => s.toUpperCase());

export const couponInputSchema = z
  .object({
    name: codeField,
    description: z.string().trim().max(COUPON_LIMITS.description, 'validation.too_long').nullable().optional(),
    discount_type: z.enum(COUPON_DISCOUNT_TYPES, 'coupons.errors.type_required'),
    /** percent: 0 < value <= 100 with up to 2 decimals; fixed: an amount of the shop currency (its decimals checked by the server). */
    discount_value: z.string('coupons.errors.value_invalid').trim(),
    starts_on: dayTextSchema.nullable().optional(),
    ends_on: dayTextSchema.nullable().optional(),
    /** How many sales may use it; null: no limit. */
    usage_limit: z
      .number('coupons.errors.usage_limit_invalid')
      .int('coupons.errors.usage_limit_invalid')
      .min(1, 'coupons.errors.usage_limit_invalid')
      .max(COUPON_LIMITS.usageLimit, 'coupons.errors.usage_limit_invalid')
      .nullable()
      .optional(),
    status: z.boolean('validation.invalid_status').optional(),
  })
  .superRefine((c, ctx) => {
    const shaped = /^\d{1,10}(\.\d{1,2})?$/.test(c.discount_value);
    if (c.discount_type === 'percent') {
      if (!shaped || Number(c.discount_value) > 100 || !/[1-9]/.test(c.discount_value))
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'validation.discount_range' });
    } else if (!shaped) {
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'coupons.errors.value_invalid' });
    } else if (!/[1-9]/.test(c.discount_value)) {
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'coupons.errors.value_positive' });
    }
    if (c.starts_on && c.ends_on && c.ends_on < c.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'coupons.errors.ends_before_starts' });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

export const COUPON_SORTS = ['name', 'created_at', 'status', 'ends_on'] as const;
export const couponListQuerySchema = listQuerySchema(COUPON_SORTS);

/**
 * discount_value: a percentage without trailing zeros ("10", "12.5"), or a fixed amount with the shop currency's
 * minor digits ("1.50" USD); currency: the shop currency of a fixed amount, null for a percentage.
 */
export const couponSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  discount_value: z.string(),
  currency: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  status: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListResponseSchema = listResponseSchema(couponSchema);
