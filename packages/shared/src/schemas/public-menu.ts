import { z } from 'zod';

/**
 * The public QR menu (no sign-in) and the owner's QR card. Prices are integer minor units: `price` in the
 * product's `currency` (the shop's currency when it was created), `price_riel` the same price in riel (converted
 * at the shop's rate and rounded to 100 riel for cash; equal to `price` when the product is priced in riel).
 * Only what the page shows travels: no costs, no internal ids beyond the product's and its variants'.
 */

export const publicMenuParamsSchema = z.object({ slug: z.string().trim().min(1, 'validation.invalid').max(100, 'validation.too_long') });
export type PublicMenuParams = z.infer<typeof publicMenuParamsSchema>;

export const MENU_CURRENCIES = ['USD', 'KHR'] as const;

export const publicMenuVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What the customer pays, after the product's discount. */
  price: z.number().int(),
  price_riel: z.number().int(),
  /** The price before the discount, or null when there is none. */
  regular_price: z.number().int().nullable(),
});
export type PublicMenuVariant = z.infer<typeof publicMenuVariantSchema>;

export const publicMenuProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  type: z.enum(['single', 'variation', 'combo']),
  currency: z.enum(MENU_CURRENCIES),
  /** The lowest price the customer pays (a variation product: its cheapest variant), after the discount. */
  price: z.number().int(),
  price_riel: z.number().int(),
  /** The highest price (a variation product's dearest variant); equal to `price` when there is no range. */
  max_price: z.number().int(),
  max_price_riel: z.number().int(),
  /** The price before the discount, or null when there is none (single and combo products). */
  regular_price: z.number().int().nullable(),
  /** The amount taken off each item, in minor units of `currency`; 0 when none. */
  discount: z.number().int(),
  /** Variation products: their active variants, in the shop's order; empty otherwise. */
  variants: z.array(publicMenuVariantSchema),
});
export type PublicMenuProduct = z.infer<typeof publicMenuProductSchema>;

export const publicMenuCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The parent category's name for a sub-category, so a section reads "Coffee › Hot coffee". */
  parent_name: z.string().nullable(),
  products: z.array(publicMenuProductSchema),
});
export type PublicMenuCategory = z.infer<typeof publicMenuCategorySchema>;

export const publicMenuSchema = z.object({
  shop_name: z.string(),
  logo_url: z.string().nullable(),
  currency: z.enum(MENU_CURRENCIES),
  local_currency: z.enum(MENU_CURRENCIES),
  /** Riel per dollar as decimal text ("4100"). */
  exchange_rate: z.string(),
  /** Categories in tree order (each parent before its children), only those with something to show. */
  categories: z.array(publicMenuCategorySchema),
  /** Active products without a category. */
  others: z.array(publicMenuProductSchema),
  /** True when the shop has more products than one menu shows (see MENU_MAX_PRODUCTS). */
  truncated: z.boolean(),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;

/** A menu is a page on a phone: beyond this many products it stops (and says so) rather than send megabytes. */
export const MENU_MAX_PRODUCTS = 1000;

/** What the owner's QR card needs: the menu's address and the shop's name and logo. */
export const qrMenuSchema = z.object({
  slug: z.string(),
  /** The path of the public menu, `/menu/<slug>`; the browser makes it absolute with its own origin. */
  path: z.string(),
  shop_name: z.string(),
  logo_url: z.string().nullable(),
});
export type QrMenu = z.infer<typeof qrMenuSchema>;
