import { z } from 'zod';
import { idSchema } from './common';
import { PRODUCT_TYPES } from './products';
import { posUnitSchema } from './pos';

/*
 * The back-office sale forms' lookups, apart from schemas/pos.ts: the till imports that file, and every zod schema
 * defined there is in the till's first load (170 KB at most).
 */

// ---------------------------------------------------------------------------------------------------------------
// GET /api/v1/pos/products?q=&branch_id=&page=&per_page=  (the sale documents' product finder)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Who may look products and customers up for a sale line: everyone who creates a selling document (the till, sales,
 * POS sales entered by hand, invoices, quotations), none of whom needs product-list or customer-management.
 */
export const SALE_LOOKUP_PERMISSIONS = ['sale-pos', 'sale-management', 'sale-list', 'sale-invoice', 'sale-quotation'] as const;

export const POS_PRODUCT_LOOKUP = {
  /** Products answered per page (default and most). */
  perPage: 10,
  maxPerPage: 25,
  /** Pages beyond this are not served: a finder narrows its words instead of paging through the catalogue. */
  maxPage: 50,
} as const;

export const posProductLookupQuerySchema = z.object({
  /**
   * Every word typed, in any order and as fragments, in the name ("latte ice" finds "Iced latte"), or an exact SKU
   * (any case) or barcode of the product or one of its variants. Empty: the first active products by name.
   */
  q: z.string().trim().max(100, 'validation.too_long').optional(),
  /** Only products sold at this branch (a branch user: always its own branch). None: every active product of the shop. */
  branch_id: idSchema.optional(),
  page: z.coerce
    .number('validation.invalid_page')
    .int('validation.invalid_page')
    .min(1, 'validation.invalid_page')
    .max(POS_PRODUCT_LOOKUP.maxPage, 'validation.invalid_page')
    .optional()
    .default(1),
  per_page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(POS_PRODUCT_LOOKUP.maxPerPage, 'validation.invalid')
    .optional()
    .default(POS_PRODUCT_LOOKUP.perPage),
});
export type PosProductLookupQuery = z.infer<typeof posProductLookupQuerySchema>;

export const posLookupVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  /** Sale price per the product's own unit: the variant's own when the product prices variants, else the product's. */
  price: z.string(),
});
export type PosLookupVariant = z.infer<typeof posLookupVariantSchema>;

/** What a sale line needs of a product, and nothing more (no cost, no stock). */
export const posLookupProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  type: z.enum(PRODUCT_TYPES),
  /** Always true: the lookup answers active products only (an inactive one cannot be sold). */
  status: z.boolean(),
  /** Sale price per the product's own unit (`unit_id`); a line in another unit costs price x the unit's factor. */
  price: z.string(),
  /** The product's own unit (prices and stock count in it); null for a product without a unit. */
  unit_id: z.string().nullable(),
  /** The unit a new line starts in: the product's sale unit, else its own unit. */
  sale_unit_id: z.string().nullable(),
  /** Units a line may be sold in, each with its factor to the product's own unit (empty without a unit). */
  units: z.array(posUnitSchema),
  /** Active variants in the product's order (empty unless type is 'variation'): a variation line needs one. */
  variants: z.array(posLookupVariantSchema),
});
export type PosLookupProduct = z.infer<typeof posLookupProductSchema>;

export const posProductLookupSchema = z.object({
  data: z.array(posLookupProductSchema),
  page: z.number().int(),
  /** Whether a next page holds more matches. */
  has_more: z.boolean(),
});
export type PosProductLookup = z.infer<typeof posProductLookupSchema>;
