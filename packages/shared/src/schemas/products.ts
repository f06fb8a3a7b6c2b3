import { z } from 'zod';
import { guessBarcodeKind, isValidBarcode } from '../barcode';
import { LIMIT_MESSAGES, NUMBER_LIMITS, decimalTextWithin } from '../money/limits';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';

/**
 * Products: the contract between the product screens and the server. Money travels as decimal text in the
 * product's currency ("2.50"), quantities as decimal text in the base unit ("1.5"); the server stores integers
 * through the money module.
 */

export const PRODUCT_TYPES = ['single', 'variation', 'combo'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const BARCODE_TYPES = ['ean13', 'code128'] as const;
type BarcodeKind = (typeof BARCODE_TYPES)[number];

/** Limits: generous for a shop, small enough to keep one product's form and save fast. */
export const PRODUCT_LIMITS = { variations: 3, valuesPerVariation: 20, variants: 200, comboItems: 50, branches: 200 } as const;

const MONEY_SHAPE = /^\d{1,15}(\.\d{1,4})?$/;

/**
 * Money as decimal text: 0 or more, at most 4 decimals here (the server checks the currency's own precision), at most
 * `max` (NUMBER_LIMITS). Digits beyond the limit are well formed, so they hear the limit, not "invalid".
 */
export const amountTextSchema = (max: number, key: string) =>
  z
    .string('validation.money_invalid')
    .trim()
    .refine((v) => !v.startsWith('-'), 'validation.money_negative')
    .refine((v) => v.startsWith('-') || MONEY_SHAPE.test(v), 'validation.money_invalid')
    .refine((v) => decimalTextWithin(v, max), key);

/** An amount of money: a payment, a refund, at most NUMBER_LIMITS.total. */
export const moneyTextSchema = amountTextSchema(NUMBER_LIMITS.total, LIMIT_MESSAGES.total);
/** A unit price or cost (a product's, a line's), at most NUMBER_LIMITS.price. */
export const priceTextSchema = amountTextSchema(NUMBER_LIMITS.price, LIMIT_MESSAGES.price);

/** A quantity greater than 0 with up to 3 decimals (QTY_DIGITS), at most NUMBER_LIMITS.quantity. */
export const quantityTextSchema = z
  .string('validation.quantity_invalid')
  .trim()
  .regex(/^\d{1,15}(\.\d{1,3})?$/, 'validation.quantity_invalid')
  .refine((v) => /[1-9]/.test(v), 'validation.quantity_invalid')
  .refine((v) => decimalTextWithin(v, NUMBER_LIMITS.quantity), LIMIT_MESSAGES.quantity);

/** SKU: letters, digits, dot, dash, underscore; generated when empty. */
export const skuSchema = z
  .string()
  .trim()
  .max(40, 'validation.too_long')
  .regex(/^[A-Za-z0-9._-]*$/, 'validation.sku_invalid');
export const barcodeSchema = z.string().trim().max(48, 'validation.too_long');

const optionalId = idSchema.nullable().optional();

export const variantInputSchema = z.object({
  /** An existing variant of this product when editing (keeps its id, so documents that point at it stay valid). */
  id: idSchema.optional(),
  /** One value per chosen variation, in the order of `variations`. */
  value_ids: z.array(idSchema).min(1, 'validation.variant_values').max(PRODUCT_LIMITS.variations, 'validation.variant_values'),
  sku_code: skuSchema.nullable().optional(),
  barcode: barcodeSchema.nullable().optional(),
  barcode_type: z.enum(BARCODE_TYPES).nullable().optional(),
  purchase_cost: priceTextSchema.optional(),
  sale_cost: priceTextSchema.optional(),
  status: z.boolean().optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

export const comboItemInputSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.nullable().optional(),
  quantity: quantityTextSchema,
});
export type ComboItemInput = z.infer<typeof comboItemInputSchema>;

/** The shape of a product as the form sends it; `productInputSchema` adds the rules across fields. */
export const productInputObject = z.object({
  type: z.enum(PRODUCT_TYPES, 'validation.product_type_required'),
  product_name: z
    .string('validation.product_name_required')
    .trim()
    .min(1, 'validation.product_name_required')
    .max(150, 'validation.too_long'),
  sku_code: skuSchema.nullable().optional(),
  barcode: barcodeSchema.nullable().optional(),
  barcode_type: z.enum(BARCODE_TYPES).nullable().optional(),
  /** A key answered by the image upload, or null to remove the image. */
  image: z.string().max(200, 'validation.too_long').nullable().optional(),
  description: z.string().trim().max(2000, 'validation.too_long').nullable().optional(),
  category_id: optionalId,
  brand_id: optionalId,
  unit_id: optionalId,
  purchase_unit_id: optionalId,
  sale_unit_id: optionalId,
  purchase_cost: priceTextSchema,
  sale_cost: priceTextSchema,
  discount_cost: priceTextSchema.optional(),
  /** Null: the shop's default stock alert. */
  stock_alert: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, 'validation.quantity_invalid')
    .nullable()
    .optional(),
  is_stock_manage: z.boolean().default(true),
  has_expiry: z.boolean().default(false),
  /** Variation products: each variant has its own cost and price (otherwise they take the product's). */
  is_variation_cost: z.boolean().default(false),
  /** The branches the product is sold in; null or absent: all branches. */
  branch_ids: z.array(idSchema).max(PRODUCT_LIMITS.branches).nullable().optional(),
  status: z.boolean().optional(),
  /** Variation products: the variations chosen and, for each, the values offered. */
  variations: z
    .array(
      z.object({
        variation_id: idSchema,
        value_ids: z.array(idSchema).min(1, 'validation.variation_values_required').max(PRODUCT_LIMITS.valuesPerVariation),
      }),
    )
    .max(PRODUCT_LIMITS.variations, 'validation.too_many_variations')
    .optional(),
  /** Variation products: the variants; absent: every combination of the chosen values, at the product's cost and price. */
  variants: z.array(variantInputSchema).max(PRODUCT_LIMITS.variants, 'validation.too_many_variants').optional(),
  /** Combo products: the components. */
  combo_items: z.array(comboItemInputSchema).max(PRODUCT_LIMITS.comboItems, 'validation.too_many_combo_items').optional(),
});
export const productInputSchema = productInputObject.superRefine((input, ctx) => {
  for (const p of productRuleProblems(input)) ctx.addIssue({ code: 'custom', path: p.path, message: p.key });
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** The translation key of what is wrong with a barcode (kind guessed when absent: 13 digits read as EAN-13), or null. */
export function barcodeProblem(code: string | null | undefined, kind: BarcodeKind | null | undefined): string | null {
  const text = code?.trim();
  if (!text) return null;
  const k = kind ?? guessBarcodeKind(text);
  if (isValidBarcode(text, k)) return null;
  return k === 'ean13' ? 'validation.barcode_ean13' : 'validation.barcode_code128';
}

/**
 * Rules across fields, written once for the product form (through productInputSchema) and the server (which adds
 * them to its own findings, so a request hears of every problem at once): barcode check digits, the variations of a
 * variation product, the components of a combo, at least one branch when branches are named. One key each.
 */
export function productRuleProblems(input: {
  type?: ProductType;
  barcode?: string | null;
  barcode_type?: BarcodeKind | null;
  branch_ids?: readonly string[] | null;
  variations?: readonly unknown[];
  variants?: ReadonlyArray<{ barcode?: string | null; barcode_type?: BarcodeKind | null }>;
  combo_items?: readonly unknown[];
}): Array<{ path: Array<string | number>; key: string }> {
  const out: Array<{ path: Array<string | number>; key: string }> = [];
  const problem = (path: Array<string | number>, key: string) => out.push({ path, key });
  const barcode = barcodeProblem(input.barcode, input.barcode_type);
  if (barcode) problem(['barcode'], barcode);
  if (input.branch_ids && input.branch_ids.length === 0) problem(['branch_ids'], 'validation.branch_required');
  if (input.type === 'variation') {
    if (!input.variations?.length) problem(['variations'], 'validation.variations_required');
    input.variants?.forEach((v, i) => {
      const key = barcodeProblem(v.barcode, v.barcode_type);
      if (key) problem(['variants', i, 'barcode'], key);
    });
  }
  if (input.type === 'combo' && !input.combo_items?.length) problem(['combo_items'], 'validation.combo_items_required');
  return out;
}

export const PRODUCT_SORTS = ['product_name', 'sku_code', 'sale_cost', 'created_at', 'status'] as const;
export const productListQuerySchema = listQuerySchema(PRODUCT_SORTS).extend({
  category_id: idSchema.optional(),
  brand_id: idSchema.optional(),
  type: z.enum(PRODUCT_TYPES, 'validation.invalid_filter').optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** On-hand quantity per branch (decimal text in the base unit); zero until stock documents exist. */
export const branchStockSchema = z.object({ branch_id: z.string(), branch_name: z.string(), quantity: z.string() });

/** A row of the product list. */
export const productSchema = z.object({
  id: z.string(),
  type: z.enum(PRODUCT_TYPES),
  product_name: z.string(),
  sku_code: z.string(),
  barcode: z.string().nullable(),
  barcode_type: z.enum(BARCODE_TYPES).nullable(),
  image: z.string().nullable(),
  /** Where the browser loads the image from (public: the QR menu shows it too). */
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  brand_id: z.string().nullable(),
  brand_name: z.string().nullable(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  purchase_unit_id: z.string().nullable(),
  sale_unit_id: z.string().nullable(),
  currency: z.string(),
  purchase_cost: z.string(),
  sale_cost: z.string(),
  discount_cost: z.string(),
  stock_alert: z.string().nullable(),
  is_stock_manage: z.boolean(),
  has_expiry: z.boolean(),
  is_variation_cost: z.boolean(),
  all_branches: z.boolean(),
  variant_count: z.number().int(),
  /** A variation product whose variants sell at their own prices: the lowest and highest (active variants); else null. */
  price_range: z.object({ min: z.string(), max: z.string() }).nullable(),
  stock: z.array(branchStockSchema),
  status: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Product = z.infer<typeof productSchema>;
export const productListResponseSchema = listResponseSchema(productSchema);

export const variantSchema = z.object({
  id: z.string(),
  name: z.string(),
  value_ids: z.array(z.string()),
  sku_code: z.string(),
  barcode: z.string().nullable(),
  barcode_type: z.enum(BARCODE_TYPES).nullable(),
  purchase_cost: z.string(),
  sale_cost: z.string(),
  status: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

export const comboItemSchema = z.object({
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  variant_name: z.string().nullable(),
  sku_code: z.string(),
  quantity: z.string(),
  sale_cost: z.string(),
});
export type ComboItem = z.infer<typeof comboItemSchema>;

/** One product with everything its edit form needs. */
export const productDetailSchema = productSchema.extend({
  branch_ids: z.array(z.string()),
  variations: z.array(z.object({ variation_id: z.string(), variation_name: z.string(), value_ids: z.array(z.string()) })),
  variants: z.array(variantSchema),
  combo_items: z.array(comboItemSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Answer of the image upload: the key to save on the product (or logo) and where to show it. */
export const uploadedImageSchema = z.object({ key: z.string(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Answer of the import when any row is wrong: nothing was imported. */
export const importErrorSchema = z.object({
  message: z.string(),
  rows: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type ImportError = z.infer<typeof importErrorSchema>;
export const importResultSchema = z.object({ message: z.string(), imported: z.number().int() });

/** Every combination of the chosen values, one value per variation, in order: the variants to generate. */
export function variantCombinations(variations: ReadonlyArray<{ value_ids: readonly string[] }>): string[][] {
  return variations
    .reduce<string[][]>((acc, v) => acc.flatMap((combo) => v.value_ids.map((id) => [...combo, id])), [[]])
    .filter((c) => c.length > 0);
}
