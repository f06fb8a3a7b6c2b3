import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { PAYMENT_METHOD_TYPES } from './catalogue-settings';
import { moneyTextSchema, PRODUCT_TYPES } from './products';
import { SERVICE_CHARGE_APPLIES_TO, SERVICE_CHARGE_TYPES } from './setting-lists';
import { PAPER_WIDTHS } from './shop-settings';

/**
 * The till's own API (`/api/v1/pos/*`, permission sale-pos): what `/sale-pos` reads besides committing a sale
 * (POST /api/v1/sales, schemas/sales.ts). Cashiers hold sale-pos and not product-list, so everything the till shows
 * comes from here. Money travels as exact decimal text in the shop's currency unless a field says otherwise;
 * quantities as decimal text in the product's own unit (`unit_id`); unit factors as decimal text ("24": one box
 * holds 24 of the product's unit). A branch user is always answered for their own branch.
 */

export const POS_LIMITS = {
  /** Customers answered by one search. */
  customerResults: 20,
  /** A held cart's payload, as JSON text. */
  heldCartBytes: 64 * 1024,
  heldCartLabel: 60,
  /** Held carts kept per branch at once (a queue's worth). */
  heldCartsPerBranch: 100,
  /** KHQR bill numbers (EMV tag 62/01). */
  khqrBillNumber: 25,
  couponCode: 40,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/v1/pos/catalogue?branch_id=  (ETag / If-None-Match -> 304)
// ---------------------------------------------------------------------------------------------------------------

export const posCatalogueQuerySchema = z.object({
  /** Ignored for a branch user (always their own branch); others: the shop's default branch when absent. */
  branch_id: idSchema.optional(),
});
export type PosCatalogueQuery = z.infer<typeof posCatalogueQuerySchema>;

/** A unit the product can be sold in: its own unit (factor "1") and the other units of the same family. */
export const posUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  /** How many of the product's own unit one of this unit holds ("24" for a box of 24 cans, "1" for the unit itself). */
  factor: z.string(),
});
export type PosUnit = z.infer<typeof posUnitSchema>;

export const posVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  /** The variant's barcode(s) as scanned (a scan resolves to this variant). */
  barcodes: z.array(z.string()),
  /** Sale price per the product's own unit: the variant's own price when the product prices variants, else the product's. */
  price: z.string(),
  /** On hand at the branch in the product's own unit; null when the product does not manage stock. */
  on_hand: z.string().nullable(),
  /** Its value of each of the product's `variations`, in their order (the till's picker asks one question per variation). */
  value_ids: z.array(z.string()),
});
export type PosVariant = z.infer<typeof posVariantSchema>;

/** A variation of a product (Size) with the values its active variants use (Small, Medium, Large), in the shop's order. */
export const posVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PosVariation = z.infer<typeof posVariationSchema>;

export const posProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  type: z.enum(PRODUCT_TYPES),
  category_id: z.string().nullable(),
  brand_id: z.string().nullable(),
  /** The product's picture (null: none). */
  image_url: z.string().nullable(),
  /** Sale price per the product's own unit (`unit_id`). */
  price: z.string(),
  /** The product's own unit (quantities and stock count in it); null for a product without a unit. */
  unit_id: z.string().nullable(),
  /** The unit a new line starts in (the product's sale unit, else its own unit), its name and factor. */
  sale_unit_id: z.string().nullable(),
  sale_unit_name: z.string().nullable(),
  sale_unit_factor: z.string(),
  /**
   * Codes a scanner may type for the product itself: its SKU (lower-case; compare lower-cased) and barcodes as
   * stored. Variants carry their own SKU and barcodes.
   */
  codes: z.array(z.string()),
  manages_stock: z.boolean(),
  /**
   * On hand at the branch in the product's own unit (the sum of its variants for a variation product) when the
   * catalogue was made (`generated_at`): stock moving does not change the version, the sale checks stock itself.
   * null when stock is not managed, and for combos (their components hold the stock).
   */
  on_hand: z.string().nullable(),
  /** The variations its variants are made of, in the shop's order (empty unless type is 'variation'). */
  variations: z.array(posVariationSchema),
  /** Active variants, in the product's order (empty unless type is 'variation'). */
  variants: z.array(posVariantSchema),
  /** Units selectable for a line (empty for a product without a unit). */
  units: z.array(posUnitSchema),
});
export type PosProduct = z.infer<typeof posProductSchema>;

export const posCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  icon: z.string().nullable(),
});
export type PosCategory = z.infer<typeof posCategorySchema>;

export const posPaymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
});
export type PosPaymentMethod = z.infer<typeof posPaymentMethodSchema>;

export const posServiceChargeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SERVICE_CHARGE_TYPES),
  /** A percentage as decimal text ("5", "12.5") or a fixed amount in the shop's currency. */
  value: z.string(),
  applies_to: z.enum(SERVICE_CHARGE_APPLIES_TO),
});
export type PosServiceCharge = z.infer<typeof posServiceChargeSchema>;

export const posSettingsSchema = z.object({
  /** The shop's currency (prices, totals). */
  currency: z.string(),
  /** Riel per dollar as decimal text ("4100"); frozen on each sale by the server. */
  exchange_rate: z.string(),
  /** VAT as a percentage in decimal text ("10", "0" without VAT). */
  vat_rate: z.string(),
  /** true: prices include VAT (is_exclude_tax off); false: VAT is added on top. */
  vat_inclusive: z.boolean(),
  inline_discount: z.boolean(),
  edit_cost: z.boolean(),
  edit_date: z.boolean(),
  out_of_stock_sale: z.boolean(),
  /** The shop's IANA time zone: "today" for dates on receipts and coupons. */
  time_zone: z.string(),
  /** Whether GET /api/v1/pos/khqr/:md5/status can ask Bakong (a token is configured on the server). */
  khqr_check: z.boolean(),
});
export type PosSettings = z.infer<typeof posSettingsSchema>;

export const posSaleSettingsSchema = z.object({
  /** The walk-in customer every sale starts with (the sale settings' default customer). */
  walk_in_customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  default_payment_method_id: z.string().nullable(),
  receipt_show_logo: z.boolean(),
  receipt_show_address: z.boolean(),
  receipt_show_vatin: z.boolean(),
  receipt_paper_width: z.union([z.literal(PAPER_WIDTHS[0]), z.literal(PAPER_WIDTHS[1])]),
  receipt_auto_print: z.boolean(),
});
export type PosSaleSettings = z.infer<typeof posSaleSettingsSchema>;

/** What a receipt prints at the top and bottom. */
export const posShopSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  vatin: z.string().nullable(),
  logo_url: z.string().nullable(),
  receipt_footer: z.string().nullable(),
});
export type PosShop = z.infer<typeof posShopSchema>;

export const posBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PosBranch = z.infer<typeof posBranchSchema>;

export const posCatalogueSchema = z.object({
  /**
   * The catalogue's version (also the ETag, quoted): send it back in If-None-Match to get 304 while products, prices,
   * codes, categories, settings and the receipt header are unchanged (stock moving alone keeps the version).
   */
  version: z.string(),
  generated_at: timestampSchema,
  branch: posBranchSchema,
  shop: posShopSchema,
  settings: posSettingsSchema,
  sale_settings: posSaleSettingsSchema,
  /** Active methods, by name. */
  payment_methods: z.array(posPaymentMethodSchema),
  /** Active service charges, by name. */
  service_charges: z.array(posServiceChargeSchema),
  /** Active categories, by name. */
  categories: z.array(posCategorySchema),
  /** Active products sold at the branch, by name. */
  products: z.array(posProductSchema),
});
export type PosCatalogue = z.infer<typeof posCatalogueSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Customers: GET /api/v1/pos/customers?q=  and  POST /api/v1/pos/customers
// ---------------------------------------------------------------------------------------------------------------

export const posCustomerQuerySchema = z.object({
  /** A name, phone or Member ID fragment; empty: the walk-in customer and the first customers by name. */
  q: z.string().trim().max(100, 'validation.too_long').optional(),
});
export type PosCustomerQuery = z.infer<typeof posCustomerQuerySchema>;

export const posCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  member_id: z.string().nullable(),
  is_walk_in: z.boolean(),
  /** What the customer still owes on completed sales and invoices, in the shop's currency ("0.00" when nothing). */
  balance_due: z.string(),
});
export type PosCustomer = z.infer<typeof posCustomerSchema>;
export const posCustomerListSchema = z.object({ data: z.array(posCustomerSchema) });
export type PosCustomerList = z.infer<typeof posCustomerListSchema>;

/** A retail customer added at the counter; the same rules as the customer screen (Member ID unique in the shop). */
export const posCustomerInputSchema = z.object({
  name: z.string('validation.name_required').trim().min(1, 'validation.name_required').max(100, 'validation.too_long'),
  phone: z
    .string()
    .trim()
    .max(30, 'validation.too_long')
    .regex(/^[+\d\s()-]*$/, 'validation.phone_invalid')
    .nullable()
    .optional(),
  member_id: z
    .string()
    .trim()
    .max(40, 'validation.too_long')
    .regex(/^[\p{L}\p{N}._/-]*$/u, 'validation.member_id_invalid')
    .nullable()
    .optional(),
});
export type PosCustomerInput = z.infer<typeof posCustomerInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Held carts: GET / POST /api/v1/pos/held-carts, DELETE /api/v1/pos/held-carts/:id (resume = take and delete)
// ---------------------------------------------------------------------------------------------------------------

/** GET /api/v1/pos/held-carts?branch_id=: ignored for a branch user (its own branch); others: as for the catalogue. */
export const heldCartQuerySchema = z.object({ branch_id: idSchema.optional() });
export type HeldCartQuery = z.infer<typeof heldCartQuerySchema>;

export const heldCartInputSchema = z.object({
  /** Ignored for a branch user (its own branch); others: the branch the till sells from (as for the catalogue). */
  branch_id: idSchema.optional(),
  label: z.string().trim().max(POS_LIMITS.heldCartLabel, 'validation.too_long').optional().default(''),
  /** The till's cart as it likes it (lines, customer, discounts); prices are checked again when it is paid. */
  payload: z
    .record(z.string(), z.unknown(), 'pos.errors.held_cart_invalid')
    .refine((p) => JSON.stringify(p).length <= POS_LIMITS.heldCartBytes, 'pos.errors.held_cart_too_large'),
  item_count: z.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(100_000, 'validation.invalid'),
  /** The cart's total in the shop's currency, for the list. */
  total: moneyTextSchema,
});
export type HeldCartInput = z.input<typeof heldCartInputSchema>;

export const heldCartSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  item_count: z.number().int(),
  total: z.string(),
  currency: z.string(),
  /** Who held it. */
  user_id: z.string(),
  user_name: z.string(),
  created_at: timestampSchema,
});
export type HeldCartSummary = z.infer<typeof heldCartSummarySchema>;
/** The branch's held carts, oldest first. */
export const heldCartListSchema = z.object({ data: z.array(heldCartSummarySchema) });
export type HeldCartList = z.infer<typeof heldCartListSchema>;
/** POST answers it (201) and DELETE answers it (the cart taken off hold, to resume). */
export const heldCartSchema = heldCartSummarySchema.extend({ payload: z.record(z.string(), z.unknown()) });
export type HeldCart = z.infer<typeof heldCartSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/v1/pos/coupons/:code  (422 sales.errors.coupon_invalid | coupon_not_started | coupon_expired | coupon_used_up:
// the sale's own rule, modules/coupons/coupon-rule.ts)
// ---------------------------------------------------------------------------------------------------------------

export const posCouponParamsSchema = z.object({
  code: z.string().trim().min(1, 'sales.errors.coupon_invalid').max(POS_LIMITS.couponCode, 'sales.errors.coupon_invalid'),
});
export const posCouponSchema = z.object({
  id: z.string(),
  /** Upper-case, as stored. */
  code: z.string(),
  discount_type: z.enum(['percent', 'fixed']),
  /** percent: a percentage as decimal text ("10", "12.5"); fixed: an amount in the shop's currency ("2.00"). */
  discount_value: z.string(),
  /** Uses left; null: unlimited. */
  uses_left: z.number().int().nullable(),
  ends_on: z.string().nullable(),
});
export type PosCoupon = z.infer<typeof posCouponSchema>;

// ---------------------------------------------------------------------------------------------------------------
// KHQR: POST /api/v1/pos/khqr  and  GET /api/v1/pos/khqr/:md5/status
// ---------------------------------------------------------------------------------------------------------------

export const KHQR_CURRENCIES = ['USD', 'KHR'] as const;
export type KhqrCurrency = (typeof KHQR_CURRENCIES)[number];

export const khqrInputSchema = z.object({
  /** An active payment method of type 'khqr' whose account details hold the shop's Bakong account id. */
  payment_method_id: idSchema,
  currency: z.enum(KHQR_CURRENCIES, 'pos.errors.khqr_currency_invalid'),
  /** In `currency` (USD up to 2 decimals, KHR whole riel), more than 0. */
  amount: moneyTextSchema.refine((v) => /[1-9]/.test(v), 'pos.errors.khqr_amount_invalid'),
  bill_number: z
    .string()
    .trim()
    .max(POS_LIMITS.khqrBillNumber, 'validation.too_long')
    .regex(/^[\p{L}\p{N} ._/#-]*$/u, 'validation.invalid')
    .optional(),
});
export type KhqrInput = z.input<typeof khqrInputSchema>;

export const khqrSchema = z.object({
  /** The EMVCo KHQR string: render it as a QR code. */
  qr: z.string(),
  /** MD5 of `qr`: the key Bakong knows the payment by (send it as the payment's khqr_md5). */
  md5: z.string(),
  /** When the dynamic QR stops being payable. */
  expires_at: timestampSchema,
  currency: z.enum(KHQR_CURRENCIES),
  amount: z.string(),
  /** The Bakong account paid into and the merchant name shown in the customer's bank app. */
  account_id: z.string(),
  merchant_name: z.string(),
});
export type Khqr = z.infer<typeof khqrSchema>;

export const khqrStatusParamsSchema = z.object({ md5: z.string().regex(/^[0-9a-f]{32}$/, 'validation.invalid') });
/**
 * not_configured: the server has no Bakong token (confirm by hand); paid / unpaid: Bakong's answer; unavailable:
 * Bakong could not be asked just now (confirm by hand or try again).
 */
export const KHQR_STATES = ['not_configured', 'paid', 'unpaid', 'unavailable'] as const;
export type KhqrState = (typeof KHQR_STATES)[number];
export const khqrStatusSchema = z.object({
  state: z.enum(KHQR_STATES),
  /** When paid: Bakong's transaction hash, if it gave one. */
  reference: z.string().nullable(),
});
export type KhqrStatus = z.infer<typeof khqrStatusSchema>;
