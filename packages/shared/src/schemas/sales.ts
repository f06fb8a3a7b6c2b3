import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { LIMIT_MESSAGES, NUMBER_LIMITS, decimalTextWithin, linesOverLimit } from '../money/limits';
import { amountTextSchema, moneyTextSchema, priceTextSchema, quantityTextSchema } from './products';
import { PAYMENT_STATUSES } from './purchases';
import { dayTextSchema, STOCK_DOCUMENT_LIMITS } from './stock';
import { offlineSaleSchema, SALE_REVIEW_FLAGS } from './tills';

/**
 * Selling (spec: invoice_number, date, cashier, branch, customer, sale_type, discount_value (percentage or fixed),
 * grand_total, payment_method, payment_status, paid_amount, payment_amount, shipping, Member ID). One shape serves
 * the till, back-office sales, invoices and quotations (`document`). Money travels as exact decimal text: a sale's
 * figures in its currency (the shop's), a payment's amount in the currency that was handed over (USD or KHR).
 * Quantities are decimal text in the line's unit. The server keeps all of them as integers.
 */
export const SALE_DOCUMENTS = ['sale', 'invoice', 'quotation'] as const;
export type SaleDocument = (typeof SALE_DOCUMENTS)[number];
export const SALE_TYPES = ['general', 'internal', 'online', 'pos_retail'] as const;
export type SaleType = (typeof SALE_TYPES)[number];
/** sale / invoice: completed or void; quotation: open, converted or void. */
export const SALE_STATUSES = ['completed', 'void', 'open', 'converted'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const TENDER_CURRENCIES = ['USD', 'KHR'] as const;
export type TenderCurrency = (typeof TENDER_CURRENCIES)[number];
export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
/**
 * How change goes back: whole dollars and the rest in riel (the usual way), all in riel, or all in whole dollars (the
 * nearest dollar) when the drawer has no riel; the last two are what the till proposes when a currency runs out.
 */
export const CHANGE_IN = ['split', 'KHR', 'USD'] as const;
export type ChangeIn = (typeof CHANGE_IN)[number];
const changeInSchema = z.enum(CHANGE_IN, 'validation.invalid').optional().default('split');
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const SALE_LIMITS = { lines: STOCK_DOCUMENT_LIMITS.lines, payments: 10, note: 1000, reference: 100, couponCode: 40 } as const;

/** The header a till sends with POST /api/v1/sales: a UUID made when the cart is paid, resent unchanged on retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A UUID in RFC 9562's text form (any version, either case): 8-4-4-4-12 hex digits. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'sales.errors.idempotency_key_invalid');

/**
 * A discount: a percentage ('Between 0 to 100', up to 2 decimals) or a fixed amount in the sale's currency. The
 * server refuses a fixed discount over what it applies to.
 */
export const discountInputSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES, 'sales.errors.discount_type_invalid'),
    value: z.string('validation.money_invalid').trim(),
  })
  .superRefine((d, ctx) => {
    if (d.type === 'percent') {
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(d.value) || Number(d.value) > 100)
        ctx.addIssue({ code: 'custom', message: 'validation.discount_range', path: ['value'] });
    } else if (!/^\d{1,15}(\.\d{1,4})?$/.test(d.value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.money_invalid', path: ['value'] });
    } else if (!decimalTextWithin(d.value, NUMBER_LIMITS.total)) {
      ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGES.total, path: ['value'] });
    }
  });
export type DiscountInput = z.infer<typeof discountInputSchema>;

export const saleLineInputSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.nullable().optional(),
  /** The sale unit (a box of 24); none: the product's sale unit, or its own unit. */
  unit_id: idSchema.nullable().optional(),
  quantity: quantityTextSchema,
  /** Only with the `edit_cost` setting; otherwise the product's (or variant's) sale price, per unit of the line. */
  unit_price: priceTextSchema.nullable().optional(),
  /** Only with the `inline_discount` setting. */
  discount: discountInputSchema.nullable().optional(),
});
export type SaleLineInput = z.infer<typeof saleLineInputSchema>;

export const salePaymentInputSchema = z.object({
  payment_method_id: idSchema,
  /** What was handed over: dollars, riel, or (two payments) both. Non-cash methods may also be paid in either. */
  currency: z.enum(TENDER_CURRENCIES, 'sales.errors.currency_unknown'),
  amount: moneyTextSchema.refine((v) => /[1-9]/.test(v), 'sales.errors.payment_amount_required'),
  /** Bank reference, last digits of a card, KHQR bill number. */
  reference: z.string().trim().max(SALE_LIMITS.reference, 'validation.too_long').optional().default(''),
  /** For KHQR: the md5 of the QR string shown (lets the shop check the payment with Bakong later). */
  khqr_md5: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'validation.invalid')
    .nullable()
    .optional(),
});
export type SalePaymentInput = z.input<typeof salePaymentInputSchema>;

export const saleInputSchema = z.object({
  document: z.enum(SALE_DOCUMENTS, 'validation.invalid').optional().default('sale'),
  sale_type: z.enum(SALE_TYPES, 'sales.errors.sale_type_invalid').optional().default('pos_retail'),
  /** Back-office documents name their branch; a till sale takes its session's branch (a branch user: its own). */
  branch_id: idSchema.nullable().optional(),
  /** None: the walk-in customer of the sale settings. */
  customer_id: idSchema.nullable().optional(),
  /** Only with the `edit_date` setting; otherwise today (shop-local). */
  sale_date: dayTextSchema.nullable().optional(),
  lines: z
    .array(saleLineInputSchema)
    .min(1, 'stock.errors.lines_required')
    .max(SALE_LIMITS.lines, 'stock.errors.too_many_lines')
    // The lines with a price of their own; the server checks the others at the catalogue's price (documentLimitProblem).
    .superRefine((lines, ctx) => {
      const over = linesOverLimit(lines.map((l) => ({ quantity: l.quantity, price: l.unit_price })));
      for (const i of over.lines) ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGES.line, path: [i, 'quantity'] });
      if (over.total) ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGES.document });
    }),
  discount: discountInputSchema.nullable().optional(),
  coupon_code: z.string().trim().max(SALE_LIMITS.couponCode, 'validation.too_long').nullable().optional(),
  service_charge_id: idSchema.nullable().optional(),
  shipping: amountTextSchema(NUMBER_LIMITS.amount, LIMIT_MESSAGES.amount).optional().default('0'),
  /** Empty: an unpaid invoice or a quotation. A till sale needs at least one ('Please select payment'). */
  payments: z.array(salePaymentInputSchema).max(SALE_LIMITS.payments, 'validation.too_long').optional().default([]),
  change_in: changeInSchema,
  /**
   * A discount above the seller's role limit (roles.max_discount) needs an approval made on the same screen by a
   * user whose role allows that discount (POST /api/v1/sales/discount-approvals); it is used by this sale only.
   */
  discount_approval_id: idSchema.nullable().optional(),
  note: z.string().trim().max(SALE_LIMITS.note, 'validation.too_long').optional().default(''),
  /**
   * A till sale made offline (or sent from the till's waiting list): its till, number, time and session (schemas/tills).
   * Accepted by the rules of an offline sale: into its session even if closed since, stock below zero, prices flagged.
   */
  offline: offlineSaleSchema.nullable().optional(),
});
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  document: z.enum(SALE_DOCUMENTS),
  sale_type: z.enum(SALE_TYPES),
  status: z.enum(SALE_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  sale_date: z.string(),
  sold_at: timestampSchema,
  branch_id: z.string(),
  branch_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  member_id: z.string().nullable(),
  cashier_id: z.string().nullable(),
  cashier_name: z.string().nullable(),
  cash_session_id: z.string().nullable(),
  currency: z.string(),
  /** Riel per dollar, frozen on the sale ("4100.0000"). */
  exchange_rate: z.string(),
  subtotal: z.string(),
  discount_amount: z.string(),
  coupon_code: z.string().nullable(),
  coupon_amount: z.string(),
  service_charge: z.string(),
  /** "10.00" (percent); 0 without VAT. */
  vat_rate: z.string(),
  vat_inclusive: z.boolean(),
  tax: z.string(),
  shipping: z.string(),
  /** Part of grand_total: the cash rounding to round notes (riel total paid in riel, change in whole dollars). */
  rounding: z.string(),
  grand_total: z.string(),
  /** The total in riel as cash pays it: at the frozen rate, to the nearest 100-riel note (money rielTotal). */
  grand_total_khr: z.string(),
  paid: z.string(),
  balance_due: z.string(),
  returned_amount: z.string(),
  line_count: z.number().int(),
  note: z.string(),
  created_at: timestampSchema,
  /** An offline till's sale: its number in the till's series, and when it reached the server (null: sold online). */
  till_number: z.number().int().nullable(),
  received_at: timestampSchema.nullable(),
  /** What a manager must look at (an offline sale accepted against a rule); empty for almost every sale. */
  review: z.array(z.enum(SALE_REVIEW_FLAGS)),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleLineSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku_code: z.string().nullable(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  unit_price: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  /** As entered: percent ("10.00") or money. */
  discount_value: z.string(),
  gross_amount: z.string(),
  line_discount: z.string(),
  order_discount_share: z.string(),
  net_amount: z.string(),
  tax_amount: z.string(),
  returned_quantity: z.string(),
  returnable_quantity: z.string(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const salePaymentSchema = z.object({
  id: z.string(),
  payment_method_id: z.string(),
  payment_method_name: z.string(),
  method_type: z.string(),
  currency: z.enum(TENDER_CURRENCIES),
  amount: z.string(),
  amount_in_sale_currency: z.string(),
  reference: z.string(),
  paid_on: z.string(),
  created_at: timestampSchema,
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

export const saleDetailSchema = saleSchema.extend({
  lines: z.array(saleLineSchema),
  payments: z.array(salePaymentSchema),
  /** What was handed over beyond the total, and how it went back: whole dollars and riel (multiple of 100). */
  tendered: z.string(),
  change: z.string(),
  change_usd: z.string(),
  change_khr: z.string(),
  service_charge_name: z.string().nullable(),
  returns: z.array(
    z.object({ id: z.string(), return_number: z.string(), returned_on: z.string(), total: z.string(), refund_method: z.string() }),
  ),
  /** What this customer owes over all its sales (decimal text in `currency`); 0 for the walk-in customer. */
  customer_balance_due: z.string(),
  /** Who approved a discount above the seller's limit; null when none was needed. */
  approved_by_name: z.string().nullable(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

export const saleListQuerySchema = listQuerySchema(['invoice_number', 'sale_date', 'sold_at', 'grand_total']).extend({
  document: z.enum(SALE_DOCUMENTS).optional(),
  sale_type: z.enum(SALE_TYPES).optional(),
  branch_id: idSchema.optional(),
  cashier_id: idSchema.optional(),
  customer_id: idSchema.optional(),
  cash_session_id: idSchema.optional(),
  sale_status: z.enum(SALE_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
  /** `needed`: only the sales a manager must look at (an offline sale accepted against a rule, schemas/tills). */
  review: z.enum(['needed']).optional(),
});
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;
export const saleListResponseSchema = listResponseSchema(saleSchema);

export const salePaymentAddSchema = salePaymentInputSchema.extend({
  paid_on: dayTextSchema.nullable().optional(),
  change_in: changeInSchema,
});
export type SalePaymentAdd = z.input<typeof salePaymentAddSchema>;

// --- Returns ------------------------------------------------------------------------------------------------------

export const REFUND_METHODS = ['cash', 'balance'] as const;
export const saleReturnInputSchema = z.object({
  sale_id: idSchema,
  /** 'cash': from the caller's open session, in `refund_currency`; 'balance': off what the customer owes. */
  refund_method: z.enum(REFUND_METHODS, 'validation.invalid'),
  refund_currency: z.enum(TENDER_CURRENCIES, 'sales.errors.currency_unknown').optional().default('USD'),
  note: z.string().trim().max(SALE_LIMITS.note, 'validation.too_long').optional().default(''),
  lines: z
    .array(z.object({ sale_line_id: idSchema, quantity: quantityTextSchema }))
    .min(1, 'stock.errors.lines_required')
    .max(SALE_LIMITS.lines, 'stock.errors.too_many_lines'),
});
export type SaleReturnInput = z.input<typeof saleReturnInputSchema>;

export const saleReturnSchema = z.object({
  id: z.string(),
  return_number: z.string(),
  sale_id: z.string(),
  invoice_number: z.string(),
  customer_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  returned_on: z.string(),
  state: z.enum(['posted', 'void']),
  currency: z.string(),
  total: z.string(),
  refund_method: z.enum(REFUND_METHODS),
  refund_currency: z.enum(TENDER_CURRENCIES),
  /** What the customer got back (cash in refund_currency, or credit to the balance in the sale's currency). */
  refund_amount: z.string(),
  /** Of total: what only reduced what the customer still owed on the sale (nothing comes back for goods not paid). */
  settled_amount: z.string(),
  line_count: z.number().int(),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;
export const saleReturnListResponseSchema = listResponseSchema(saleReturnSchema);

// --- Added with the sales server module ---------------------------------------------------------------------------

/** A sale return with its lines (GET /api/v1/sale-returns/:id and the answer to a new return). */
export const saleReturnDetailSchema = saleReturnSchema.extend({
  lines: z.array(
    z.object({
      id: z.string(),
      sale_line_id: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      unit_name: z.string().nullable(),
      quantity: z.string(),
      amount: z.string(),
    }),
  ),
});
export type SaleReturnDetail = z.infer<typeof saleReturnDetailSchema>;

/**
 * What a return would do before it is saved (POST /api/v1/sale-returns/preview, the same reckoning as the return):
 * its value, the part that only settles what the customer still owes, and the refund in the chosen currency.
 */
export const saleReturnPreviewSchema = z.object({
  currency: z.string(),
  total: z.string(),
  settled_amount: z.string(),
  /** What comes back, in the sale's currency (paid and not yet given back, at most). */
  refund_value: z.string(),
  refund_method: z.enum(REFUND_METHODS),
  refund_currency: z.enum(TENDER_CURRENCIES),
  /** Cash in refund_currency, or credit to the balance in the sale's currency. */
  refund_amount: z.string(),
  lines: z.array(z.object({ sale_line_id: z.string(), quantity: z.string(), amount: z.string() })),
  /** The caller's open session a cash refund would come out of (null: none open). */
  refund_session: z.object({ id: z.string(), session_number: z.string(), branch_id: z.string(), branch_name: z.string() }).nullable(),
  /** Why saving would refuse this refund as it stands (no session at the sale's branch, a drawer short), translated. */
  refund_problem: z.string().nullable(),
});
export type SaleReturnPreview = z.infer<typeof saleReturnPreviewSchema>;

export const saleReturnListQuerySchema = listQuerySchema(['return_number', 'returned_on', 'created_at']).extend({
  branch_id: idSchema.optional(),
  sale_id: idSchema.optional(),
  customer_id: idSchema.optional(),
  refund_method: z.enum(REFUND_METHODS).optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type SaleReturnListQuery = z.infer<typeof saleReturnListQuerySchema>;

/**
 * Turns an open quotation into a sale or an invoice in one step, at the quoted prices; payments as at the till
 * (none: the customer owes the total, which the walk-in customer cannot).
 */
export const saleConvertInputSchema = z.object({
  document: z.enum(['sale', 'invoice'], 'validation.invalid'),
  payments: z.array(salePaymentInputSchema).max(SALE_LIMITS.payments, 'validation.too_long').optional().default([]),
});
export type SaleConvertInput = z.input<typeof saleConvertInputSchema>;

/**
 * A void (POST /api/v1/sales/:id/void): the cash the sale left in drawers goes back out of the caller's drawer, in the
 * currencies it came in, or all in `refund_currency` (at the sale's rate, riel to the 100-riel note) when the drawer
 * lacks one of them.
 */
export const saleVoidInputSchema = z
  .object({ refund_currency: z.enum(TENDER_CURRENCIES, 'sales.errors.currency_unknown').nullable().optional() })
  .nullish()
  // A void without a body (the usual one) is a void in the currencies the cash came in.
  .transform((v) => v ?? {});
export type SaleVoidInput = z.input<typeof saleVoidInputSchema>;

/** A discount approval asked on the till's screen: the approver signs with their email and password. */
export const discountApprovalInputSchema = z.object({
  email: z.string('validation.email_required').trim().min(1, 'validation.email_required').max(254, 'validation.too_long'),
  password: z.string('validation.password_required').min(1, 'validation.password_required').max(200, 'validation.too_long'),
  /**
   * The discount to approve, percent of the sale ("25.5"), checked against the approver's limit at once; absent, the
   * approval covers up to the approver's own limit, and the sale is checked against that.
   */
  percent: z
    .string('validation.discount_range')
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'validation.discount_range')
    .refine((v) => Number(v) <= 100, 'validation.discount_range')
    .optional(),
});
export type DiscountApprovalInput = z.input<typeof discountApprovalInputSchema>;
export const discountApprovalSchema = z.object({
  id: z.string(),
  approver_name: z.string(),
  /** The most it covers: the approver's own limit ("100.00"). */
  max_percent: z.string(),
  expires_at: timestampSchema,
});
export type DiscountApproval = z.infer<typeof discountApprovalSchema>;

/** One sold line of a sale or invoice that is not void (/item-sale-listing). */
export const saleItemSchema = z.object({
  id: z.string(),
  sale_id: z.string(),
  invoice_number: z.string(),
  document: z.enum(SALE_DOCUMENTS),
  sale_date: z.string(),
  sold_at: timestampSchema,
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  unit_price: z.string(),
  line_discount: z.string(),
  net_amount: z.string(),
  currency: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  cashier_name: z.string().nullable(),
});
export type SaleItem = z.infer<typeof saleItemSchema>;

export const saleItemListQuerySchema = listQuerySchema(['sale_date', 'invoice_number', 'product_name']).extend({
  branch_id: idSchema.optional(),
  product_id: idSchema.optional(),
  customer_id: idSchema.optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type SaleItemListQuery = z.infer<typeof saleItemListQuerySchema>;
export const saleItemListResponseSchema = listResponseSchema(saleItemSchema);
