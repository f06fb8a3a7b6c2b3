import { z } from 'zod';
import { FULL_PERCENT, PERCENT_DIGITS, parseDecimal } from '../money/index';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';

/** Variations and their values, service charges and stock adjustment types: more setting lists of a shop. */

const nameField = z.string('validation.name_required').trim().min(1, 'validation.name_required').max(100, 'validation.too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.too_long').nullable().optional();
const statusField = z.boolean('validation.invalid_status').optional();
const rowFields = { id: z.string(), name: z.string(), status: z.boolean(), created_at: timestampSchema, updated_at: timestampSchema };

export const SETTING_LIST_SORTS = ['name', 'created_at', 'status'] as const;
export const settingListsQuerySchema = listQuerySchema(SETTING_LIST_SORTS);

// Variations (e.g. Size, Sugar)
export const variationInputSchema = z.object({ name: nameField, description: optionalText(500), status: statusField });
export type VariationInput = z.infer<typeof variationInputSchema>;
/** values: every value of the variation (active or not), in their sort order. */
export const variationSchema = z.object({
  ...rowFields,
  description: z.string().nullable(),
  values: z.array(z.object({ id: z.string(), name: z.string(), status: z.boolean() })),
});
export type Variation = z.infer<typeof variationSchema>;
export const variationListResponseSchema = listResponseSchema(variationSchema);

// Variation values (e.g. Small / Medium / Large of Size)
export const VARIATION_VALUE_SORTS = ['variation', 'name', 'sort_order', 'created_at', 'status'] as const;
export const variationValueQuerySchema = listQuerySchema(VARIATION_VALUE_SORTS).extend({
  variation_id: idSchema.optional(),
});
export type VariationValueQuery = z.infer<typeof variationValueQuerySchema>;
export const MAX_SORT_ORDER = 9999;
const sortOrderField = z
  .number('validation.sort_order_invalid')
  .int('validation.sort_order_invalid')
  .min(0, 'validation.sort_order_invalid')
  .max(MAX_SORT_ORDER, 'validation.sort_order_invalid');
export const variationValueInputSchema = z.object({
  variation_id: z.string('validation.variation_required').min(1, 'validation.variation_required').pipe(idSchema),
  name: nameField,
  /** Position among the variation's values; left out, a new value goes last and an edited one keeps its place. */
  sort_order: sortOrderField.optional(),
  status: statusField,
});
export type VariationValueInput = z.infer<typeof variationValueInputSchema>;
/** The value form's rules: there an empty order field means "no order given". */
export const variationValueFormSchema = variationValueInputSchema.extend({ sort_order: sortOrderField.or(z.literal('')) });
export const variationValueSchema = z.object({
  ...rowFields,
  variation_id: z.string(),
  variation_name: z.string(),
  sort_order: z.number().int(),
});
export type VariationValue = z.infer<typeof variationValueSchema>;
export const variationValueListResponseSchema = listResponseSchema(variationValueSchema);

/** An active variation with its active values, in order: what the product form offers. */
export interface VariationWithValues {
  id: string;
  name: string;
  values: Array<{ id: string; name: string }>;
}

// Service charges
export const SERVICE_CHARGE_TYPES = ['percentage', 'fixed'] as const;
export type ServiceChargeType = (typeof SERVICE_CHARGE_TYPES)[number];
export const SERVICE_CHARGE_APPLIES_TO = ['dine_in', 'karaoke', 'all'] as const;
export type ServiceChargeAppliesTo = (typeof SERVICE_CHARGE_APPLIES_TO)[number];

/**
 * The charge as decimal text: a percentage with up to 2 decimals (PERCENT_DIGITS), or an amount in the shop
 * currency with up to 2 decimals (the server also checks the currency's own minor digits).
 */
const serviceValueField = z
  .string('validation.service_charge_value')
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'validation.service_charge_value');

export const serviceChargeInputSchema = z
  .object({
    name: nameField,
    type: z.enum(SERVICE_CHARGE_TYPES, 'validation.service_charge_type_required'),
    value: serviceValueField,
    applies_to: z.enum(SERVICE_CHARGE_APPLIES_TO, 'validation.service_charge_applies_to_required'),
    status: statusField,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'percentage' && /^\d{1,9}(\.\d{1,2})?$/.test(v.value) && parseDecimal(v.value, PERCENT_DIGITS) > FULL_PERCENT) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.discount_range' });
    }
  });
export type ServiceChargeInput = z.infer<typeof serviceChargeInputSchema>;
/**
 * value: a percentage as decimal text without trailing zeros ("5", "12.5"), or a fixed amount with the
 * currency's minor digits ("2.00" USD); currency is the currency of a fixed amount, null for a percentage.
 */
export const serviceChargeSchema = z.object({
  ...rowFields,
  type: z.enum(SERVICE_CHARGE_TYPES),
  value: z.string(),
  currency: z.string().nullable(),
  applies_to: z.enum(SERVICE_CHARGE_APPLIES_TO),
});
export type ServiceCharge = z.infer<typeof serviceChargeSchema>;
export const serviceChargeListResponseSchema = listResponseSchema(serviceChargeSchema);

// Stock adjustment types
export const ADJUSTMENT_DIRECTIONS = ['addition', 'subtraction'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const adjustmentTypeInputSchema = z.object({
  name: nameField,
  direction: z.enum(ADJUSTMENT_DIRECTIONS, 'validation.adjustment_direction_required'),
  description: optionalText(500),
  status: statusField,
});
export type AdjustmentTypeInput = z.infer<typeof adjustmentTypeInputSchema>;
export const adjustmentTypeSchema = z.object({
  ...rowFields,
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  description: z.string().nullable(),
});
export type AdjustmentType = z.infer<typeof adjustmentTypeSchema>;
export const adjustmentTypeListResponseSchema = listResponseSchema(adjustmentTypeSchema);
