import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';

/** Warehouses (the shop's branches), customers and the sale settings. */

const nameField = z.string('validation.name_required').trim().min(1, 'validation.name_required').max(100, 'validation.too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.too_long').nullable().optional();
const phoneField = z
  .string()
  .trim()
  .max(30, 'validation.too_long')
  .regex(/^[+\d\s()-]*$/, 'validation.phone_invalid')
  .nullable()
  .optional();
const emailField = z
  .string()
  .trim()
  .max(150, 'validation.too_long')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'validation.email_invalid')
  .nullable()
  .optional();
const statusField = z.boolean('validation.invalid_status').optional();
const rowFields = { id: z.string(), name: z.string(), status: z.boolean(), created_at: timestampSchema, updated_at: timestampSchema };

// Warehouses (branches)
export const WAREHOUSE_SORTS = ['name', 'created_at', 'status'] as const;
export const warehouseListQuerySchema = listQuerySchema(WAREHOUSE_SORTS);
export const warehouseInputSchema = z.object({ name: nameField, address: optionalText(300), phone: phoneField, status: statusField });
export type WarehouseInput = z.infer<typeof warehouseInputSchema>;
export const warehouseSchema = z.object({
  ...rowFields,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** The shop's default branch (general settings): the owner's branch when they have none. */
  is_default: z.boolean(),
  /** Users assigned to this branch. */
  users_count: z.number().int(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseListResponseSchema = listResponseSchema(warehouseSchema);

// Customers
export const CUSTOMER_TYPES = ['retail', 'company'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_SORTS = ['name', 'member_id', 'created_at', 'status'] as const;
export const customerListQuerySchema = listQuerySchema(CUSTOMER_SORTS).extend({
  customer_type: z.enum(CUSTOMER_TYPES, 'validation.customer_type_required').optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerInputSchema = z
  .object({
    name: nameField,
    customer_type: z.enum(CUSTOMER_TYPES, 'validation.customer_type_required'),
    company_name: optionalText(150),
    phone: phoneField,
    email: emailField,
    address: optionalText(300),
    /** The loyalty card number; unique in the shop when given. */
    member_id: z
      .string()
      .trim()
      .max(40, 'validation.too_long')
      .regex(/^[\p{L}\p{N}._/-]*$/u, 'validation.member_id_invalid')
      .nullable()
      .optional(),
    note: optionalText(500),
    status: statusField,
  })
  .superRefine((v, ctx) => {
    if (v.customer_type === 'company' && !v.company_name?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'validation.company_name_required' });
    }
  });
export type CustomerInput = z.infer<typeof customerInputSchema>;
export const customerSchema = z.object({
  ...rowFields,
  customer_type: z.enum(CUSTOMER_TYPES),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  member_id: z.string().nullable(),
  note: z.string().nullable(),
  /** The shop's default "Walk-in customer": never deleted nor deactivated. */
  is_walk_in: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListResponseSchema = listResponseSchema(customerSchema);

// Sale settings
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
/** Document number prefixes such as INV- or QUO-: up to 10 capital letters, digits or dashes (may be empty). */
const prefixField = z
  .string('validation.prefix_invalid')
  .trim()
  .max(10, 'validation.prefix_invalid')
  .regex(/^[A-Z0-9-]*$/, 'validation.prefix_invalid');

export const saleSettingsInputSchema = z.object({
  default_customer_id: z
    .string('validation.customer_required')
    .min(1, 'validation.customer_required')
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'validation.invalid_id'),
  default_payment_method_id: idSchema.nullable().optional(),
  receipt_show_logo: z.boolean('validation.invalid'),
  receipt_show_address: z.boolean('validation.invalid'),
  receipt_show_vatin: z.boolean('validation.invalid'),
  receipt_paper_width: z.union([z.literal(58), z.literal(80)], 'validation.paper_width'),
  receipt_auto_print: z.boolean('validation.invalid'),
  invoice_prefix: prefixField,
  quotation_prefix: prefixField,
});
export type SaleSettingsInput = z.infer<typeof saleSettingsInputSchema>;
export const saleSettingsSchema = z.object({
  default_customer_id: z.string().nullable(),
  default_customer_name: z.string().nullable(),
  default_payment_method_id: z.string().nullable(),
  default_payment_method_name: z.string().nullable(),
  receipt_show_logo: z.boolean(),
  receipt_show_address: z.boolean(),
  receipt_show_vatin: z.boolean(),
  receipt_paper_width: z.union([z.literal(58), z.literal(80)]),
  receipt_auto_print: z.boolean(),
  invoice_prefix: z.string(),
  quotation_prefix: z.string(),
  updated_at: timestampSchema,
});
export type SaleSettings = z.infer<typeof saleSettingsSchema>;

/** The sale settings' customer select: a few matches at a time (a shop may have many customers). */
export const customerOptionsQuerySchema = z.object({ search: z.string().trim().max(100, 'validation.too_long').optional() });
export const customerOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_id: z.string().nullable(),
  phone: z.string().nullable(),
  is_walk_in: z.boolean(),
});
export type CustomerOption = z.infer<typeof customerOptionSchema>;
