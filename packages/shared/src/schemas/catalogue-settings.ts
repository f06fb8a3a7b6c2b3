import { z } from 'zod';
import { LIMIT_MESSAGES, NUMBER_LIMITS, decimalTextWithin } from '../money/limits';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';

/** Brands, product units, suppliers and payment methods: the setting lists the catalogue and sales build on. */

const nameField = z.string('validation.name_required').trim().min(1, 'validation.name_required').max(100, 'validation.too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.too_long').nullable().optional();
const statusField = z.boolean('validation.invalid_status').optional();
const rowFields = { id: z.string(), name: z.string(), status: z.boolean(), created_at: timestampSchema, updated_at: timestampSchema };

export const SETTING_SORTS = ['name', 'created_at', 'status'] as const;
export const settingListQuerySchema = listQuerySchema(SETTING_SORTS);

// Brands
export const brandInputSchema = z.object({ name: nameField, description: optionalText(500), status: statusField });
export type BrandInput = z.infer<typeof brandInputSchema>;
export const brandSchema = z.object({ ...rowFields, description: z.string().nullable() });
export type Brand = z.infer<typeof brandSchema>;
export const brandListResponseSchema = listResponseSchema(brandSchema);

// Product units
/**
 * How many base units one unit is, as a decimal text with up to 6 decimals (FACTOR_DIGITS), greater than zero and at
 * most NUMBER_LIMITS.unitFactor (a line's quantity in the unit is multiplied by it).
 */
export const operationValueSchema = z
  .string('validation.unit_operation_value')
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, 'validation.unit_operation_value')
  .refine((v) => /[1-9]/.test(v), 'validation.unit_operation_value')
  .refine((v) => decimalTextWithin(v, NUMBER_LIMITS.unitFactor), LIMIT_MESSAGES.unitFactor);

export const unitInputSchema = z.object({
  name: nameField,
  short_name: z
    .string('validation.unit_short_name_required')
    .trim()
    .min(1, 'validation.unit_short_name_required')
    .max(20, 'validation.too_long'),
  /** Another unit of the shop, or none: then this unit is a base unit (its operation value is 1). */
  base_unit_id: idSchema.nullable().optional(),
  operation_value: operationValueSchema.optional(),
  status: statusField,
});
export type UnitInput = z.infer<typeof unitInputSchema>;
export const unitSchema = z.object({
  ...rowFields,
  short_name: z.string(),
  base_unit_id: z.string().nullable(),
  base_unit_name: z.string().nullable(),
  operation_value: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;
export const unitListResponseSchema = listResponseSchema(unitSchema);

// Suppliers
export const supplierInputSchema = z.object({
  name: nameField,
  company: optionalText(150),
  phone: z
    .string()
    .trim()
    .max(30, 'validation.too_long')
    .regex(/^[+\d\s()-]*$/, 'validation.phone_invalid')
    .nullable()
    .optional(),
  email: z
    .string()
    .trim()
    .max(150, 'validation.too_long')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'validation.email_invalid')
    .nullable()
    .optional(),
  address: optionalText(300),
  note: optionalText(500),
  status: statusField,
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;
export const supplierSchema = z.object({
  ...rowFields,
  company: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  note: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListResponseSchema = listResponseSchema(supplierSchema);

// Payment methods
export const PAYMENT_METHOD_TYPES = ['cash', 'bank_transfer', 'card', 'khqr', 'other'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const paymentMethodInputSchema = z.object({
  name: nameField,
  type: z.enum(PAYMENT_METHOD_TYPES, 'validation.payment_type_required'),
  account_details: optionalText(500),
  status: statusField,
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;
export const paymentMethodSchema = z.object({ ...rowFields, type: z.enum(PAYMENT_METHOD_TYPES), account_details: z.string().nullable() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListResponseSchema = listResponseSchema(paymentMethodSchema);
