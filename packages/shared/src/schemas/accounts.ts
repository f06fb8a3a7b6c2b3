/**
 * The accounts contract (issue 4): sign-up with packages, OTP, shop info, forgot password, platform
 * administration, roles, users, branch users, profile. Messages are translation keys (see locales).
 */
import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { emailSchema, passwordSchema } from './auth';

export const PACKAGES = ['startup', 'standard', 'premium'] as const;
export type ShopPackage = (typeof PACKAGES)[number];
export const SHOP_TYPES = ['coffee_shop', 'restaurant', 'restaurant_karaoke', 'retail', 'other'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const BUSINESS_STATUSES = ['pending', 'active', 'suspended'] as const;

export const OTP_LENGTH = 6;
export const otpCodeSchema = z
  .string('validation.otp_required')
  .trim()
  .regex(/^\d{6}$/, 'validation.otp_invalid');

const name = (key: string) => z.string(key).trim().min(1, key).max(80, 'validation.too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.too_long').nullable().optional();
export const phoneSchema = z
  .string('validation.phone_required')
  .trim()
  .min(1, 'validation.phone_required')
  .max(30, 'validation.too_long')
  .regex(/^\+?[0-9 ()-]{6,30}$/, 'validation.phone_invalid');

/*
 * ---- Sign-up step 1: create account ----
 * No password here: anyone may start a sign-up for any email, so the password is chosen at step 3, by whoever
 * proved they read the mailbox (the registration token). A repeat of step 1 for a pending email only re-sends
 * the code; the first names and package stay.
 */
export const registerBodySchema = z
  .object({
    first_name: name('validation.first_name_required'),
    last_name: name('validation.last_name_required'),
    email: emailSchema,
    confirm_email: z.string('validation.confirm_email_mismatch').trim().toLowerCase(),
    package: z.enum(PACKAGES, 'validation.package_required'),
  })
  .refine((v) => v.confirm_email === v.email, { path: ['confirm_email'], message: 'validation.confirm_email_mismatch' });
export type RegisterBody = z.infer<typeof registerBodySchema>;
export const registerResponseSchema = z.object({ message: z.string(), email: z.string() });

/* ---- Step 2: verify the emailed code ---- */
export const otpVerifyBodySchema = z.object({ email: emailSchema, code: otpCodeSchema });
export const otpVerifyResponseSchema = z.object({ message: z.string(), registration_token: z.string() });
export const otpResendBodySchema = z.object({ email: emailSchema, purpose: z.enum(['signup', 'reset']).default('signup') });

/* ---- Step 3: shop info, and the owner's password (chosen only once the email is proven) ---- */
export const shopInfoBodySchema = z
  .object({
    registration_token: z.string('validation.invalid').min(20, 'validation.invalid').max(200, 'validation.invalid'),
    password: passwordSchema,
    confirm_password: z.string('validation.confirm_password_required').min(1, 'validation.confirm_password_required'),
    shop_name: z.string('validation.shop_name_required').trim().min(1, 'validation.shop_name_required').max(120, 'validation.too_long'),
    shop_type: z.enum(SHOP_TYPES, 'validation.shop_type_required'),
    phone: phoneSchema,
    address: optionalText(300),
    company_name: optionalText(120),
    contact_name: optionalText(120),
    note: optionalText(1000),
    /** Optional logo as a data: URL (PNG, JPEG or WebP, at most 1 MB decoded). */
    logo: z.string().max(1_500_000, 'validation.logo_too_large').nullable().optional(),
  })
  .refine((v) => v.confirm_password === v.password, { path: ['confirm_password'], message: 'validation.confirm_password_mismatch' });
export type ShopInfoBody = z.infer<typeof shopInfoBodySchema>;
export const shopInfoResponseSchema = z.object({ message: z.string(), status: z.enum(BUSINESS_STATUSES) });

/* ---- Forgot password ---- */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    code: otpCodeSchema,
    password: passwordSchema,
    confirm_password: z.string('validation.confirm_password_required').min(1, 'validation.confirm_password_required'),
  })
  .refine((v) => v.confirm_password === v.password, { path: ['confirm_password'], message: 'validation.confirm_password_mismatch' });

/* ---- Platform administration ---- */
export const BUSINESS_SORTS = ['shop_name', 'created_at', 'status', 'package'] as const;
export const businessListQuerySchema = listQuerySchema(BUSINESS_SORTS).extend({
  order: z.enum(['asc', 'desc'], 'validation.invalid_sort').default('desc'),
  business_status: z.enum(BUSINESS_STATUSES, 'validation.invalid_status').optional(),
});
export const adminBusinessSchema = z.object({
  id: z.string(),
  shop_name: z.string(),
  shop_type: z.string(),
  package: z.enum(PACKAGES),
  status: z.enum(BUSINESS_STATUSES),
  owner_name: z.string(),
  owner_email: z.string(),
  phone: z.string().nullable(),
  branches: z.number().int(),
  created_at: timestampSchema,
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;
export const adminBusinessListResponseSchema = listResponseSchema(adminBusinessSchema);
export const changePackageBodySchema = z.object({ package: z.enum(PACKAGES, 'validation.package_required') });

/* ---- Roles ---- */
export const ROLE_SORTS = ['name', 'created_at'] as const;
export const roleListQuerySchema = listQuerySchema(ROLE_SORTS);
export const roleInputSchema = z.object({
  name: z.string('validation.role_name_required').trim().min(1, 'validation.role_name_required').max(60, 'validation.too_long'),
  permissions: z.array(z.string()).max(200),
  /**
   * The largest discount (percent of a sale) this role gives without an approval ("10"); above it someone whose
   * role allows it approves at the till. Absent: its creator's own limit for a new role, unchanged for an existing one.
   */
  max_discount: z
    .string('validation.discount_range')
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'validation.discount_range')
    .refine((v) => Number(v) <= 100, 'validation.discount_range')
    .optional(),
});
export type RoleInput = z.infer<typeof roleInputSchema>;
export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Percent of a sale, "10.00": the largest discount given without an approval. */
  max_discount: z.string(),
  users_count: z.number().int(),
  is_preset: z.boolean(),
  /** The shop's Owner role: every permission and no discount limit, whatever it is called (it is named in the shop's language). */
  is_owner: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Role = z.infer<typeof roleSchema>;
export const roleListResponseSchema = listResponseSchema(roleSchema);
/** The permissions the caller may grant (what they hold and their package includes), grouped as the menu. */
export const grantablePermissionsResponseSchema = z.array(z.object({ key: z.string(), permissions: z.array(z.string()) }));

/* ---- Users and branch users ---- */
export const USER_SORTS = ['first_name', 'email', 'created_at', 'status'] as const;
export const userListQuerySchema = listQuerySchema(USER_SORTS).extend({ branch_id: idSchema.optional(), role_id: idSchema.optional() });
const userFields = {
  first_name: name('validation.first_name_required'),
  last_name: name('validation.last_name_required'),
  gender: z.enum(GENDERS, 'validation.invalid').nullable().optional(),
  email: emailSchema,
  phone: z.string().trim().max(30, 'validation.too_long').nullable().optional(),
  role_id: z.string('validation.role_required').min(1, 'validation.role_required').pipe(idSchema),
  branch_id: idSchema.nullable().optional(),
  status: z.boolean().optional(),
};
/** Create: password and confirmation required. Update: both optional (leave empty to keep the password). */
export const userCreateSchema = z
  .object({
    ...userFields,
    password: passwordSchema,
    confirm_password: z.string('validation.confirm_password_required').min(1, 'validation.confirm_password_required'),
  })
  .refine((v) => v.confirm_password === v.password, { path: ['confirm_password'], message: 'validation.confirm_password_mismatch' });
export const userUpdateSchema = z.object(userFields);
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
export const branchUserCreateSchema = userCreateSchema.refine((v) => Boolean(v.branch_id), {
  path: ['branch_id'],
  message: 'validation.branch_select',
});
export const staffUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  gender: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role_id: z.string(),
  role_name: z.string(),
  branch_id: z.string().nullable(),
  branch_name: z.string().nullable(),
  status: z.boolean(),
  is_owner: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type StaffUser = z.infer<typeof staffUserSchema>;
export const staffUserListResponseSchema = listResponseSchema(staffUserSchema);
export const adminResetPasswordBodySchema = z
  .object({
    password: passwordSchema,
    confirm_password: z.string('validation.confirm_password_required').min(1, 'validation.confirm_password_required'),
  })
  .refine((v) => v.confirm_password === v.password, { path: ['confirm_password'], message: 'validation.confirm_password_mismatch' });
export const branchOptionsResponseSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/* ---- Profile and password ---- */
export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  role_name: z.string(),
  branch_name: z.string().nullable(),
  shop_name: z.string(),
  package: z.string(),
});
export const profileUpdateSchema = z.object({
  first_name: name('validation.first_name_required'),
  last_name: name('validation.last_name_required'),
  phone: z.string().trim().max(30, 'validation.too_long').nullable().optional(),
  gender: z.enum(GENDERS, 'validation.invalid').nullable().optional(),
});
export const changePasswordBodySchema = z
  .object({
    current_password: z.string('validation.password_required').min(1, 'validation.password_required'),
    password: passwordSchema,
    confirm_password: z.string('validation.confirm_password_required').min(1, 'validation.confirm_password_required'),
  })
  .refine((v) => v.confirm_password === v.password, { path: ['confirm_password'], message: 'validation.confirm_password_mismatch' });
