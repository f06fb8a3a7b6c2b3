import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { LIMIT_MESSAGES, NUMBER_LIMITS, linesOverLimit } from '../money/limits';
import { amountTextSchema, moneyTextSchema, priceTextSchema, quantityTextSchema } from './products';
import { dayTextSchema, STOCK_DOCUMENT_LIMITS } from './stock';

/**
 * Purchases from suppliers (spec: purchase_number, purchase_date, expiry_date, shipping_cost, supplier) and the
 * returns made against them. Money is decimal text in the shop's currency, quantities decimal text in the line's
 * unit; the server keeps both as exact integers (minor units, thousandths).
 */
export const PURCHASE_INPUT_STATUSES = ['pending', 'ordered', 'received'] as const;
/** A stored purchase may also be void (cancelled: its movements reversed, kept in the list). */
export const PURCHASE_STATUSES = [...PURCHASE_INPUT_STATUSES, 'void'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'partial'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PURCHASE_LIMITS = { note: 1000, lines: STOCK_DOCUMENT_LIMITS.lines } as const;

const noteSchema = z.string().trim().max(PURCHASE_LIMITS.note, 'validation.too_long').optional().default('');

export const purchaseLineInputSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.nullable().optional(),
  /** The unit the supplier counts in (a box of 24); none: the product's own unit. */
  unit_id: idSchema.nullable().optional(),
  quantity: quantityTextSchema,
  /** Per unit of the line, in the shop's currency. */
  unit_cost: priceTextSchema,
  /** For expiry-tracked products: the batch's expiry day; never before the purchase date. */
  expiry_date: dayTextSchema.nullable().optional(),
});
export type PurchaseLineInput = z.infer<typeof purchaseLineInputSchema>;

/** What a supplier may be paid in: dollars or riel, whatever the purchase's currency (converted at the shop's rate). */
export const PURCHASE_PAYMENT_CURRENCIES = ['USD', 'KHR'] as const;

export const purchasePaymentInputSchema = z.object({
  payment_method_id: idSchema,
  /** In `currency`: none is the purchase's own. */
  amount: moneyTextSchema.refine((v) => /[1-9]/.test(v), 'purchases.errors.amount_positive'),
  currency: z.enum(PURCHASE_PAYMENT_CURRENCIES, 'sales.errors.currency_unknown').optional(),
  paid_on: dayTextSchema,
  note: z.string().trim().max(500, 'validation.too_long').optional().default(''),
});
export type PurchasePaymentInput = z.input<typeof purchasePaymentInputSchema>;

export const purchaseInputSchema = z
  .object({
    supplier_id: idSchema,
    branch_id: idSchema,
    purchase_date: dayTextSchema,
    status: z.enum(PURCHASE_INPUT_STATUSES, 'purchases.errors.status_invalid'),
    shipping_cost: amountTextSchema(NUMBER_LIMITS.amount, LIMIT_MESSAGES.amount).optional().default('0'),
    note: noteSchema,
    /** An uploaded image (POST /api/v1/media/images?purpose=purchase): the supplier's invoice; null removes it. */
    attachment: z.string().max(200, 'validation.too_long').nullable().optional(),
    lines: z.array(purchaseLineInputSchema).min(1, 'stock.errors.lines_required').max(PURCHASE_LIMITS.lines, 'stock.errors.too_many_lines'),
    /** An optional first payment made with the order. */
    payment: purchasePaymentInputSchema.nullable().optional(),
  })
  .superRefine((p, ctx) => {
    p.lines.forEach((l, i) => {
      if (l.expiry_date && l.expiry_date < p.purchase_date)
        ctx.addIssue({ code: 'custom', message: 'purchases.errors.expiry_before_purchase', path: ['lines', i, 'expiry_date'] });
    });
    // quantity × cost per line and in all (NUMBER_LIMITS), so the totals and the stock they bring stay exact.
    const over = linesOverLimit(p.lines.map((l) => ({ quantity: l.quantity, price: l.unit_cost })));
    for (const i of over.lines) ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGES.line, path: ['lines', i, 'quantity'] });
    if (over.total) ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGES.document, path: ['lines'] });
  });
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  purchase_number: z.string(),
  purchase_date: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  /** Decimal text in `currency`. */
  subtotal: z.string(),
  shipping_cost: z.string(),
  grand_total: z.string(),
  paid: z.string(),
  balance_due: z.string(),
  note: z.string(),
  line_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
  received_at: timestampSchema.nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseLineSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku_code: z.string(),
  has_expiry: z.boolean(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  /** In the line's unit. */
  quantity: z.string(),
  /** The same in the product's base unit. */
  base_quantity: z.string(),
  unit_cost: z.string(),
  line_total: z.string(),
  /** The line's part of the shipping cost (spread over the lines by cost; the parts add up exactly). */
  shipping_share: z.string(),
  expiry_date: z.string().nullable(),
  /** Already returned to the supplier, and what may still be returned, in the line's unit. */
  returned_quantity: z.string(),
  returnable_quantity: z.string(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

export const purchasePaymentSchema = z.object({
  id: z.string(),
  payment_method_id: z.string(),
  payment_method_name: z.string(),
  /** What the payment is worth in the purchase's currency. */
  amount: z.string(),
  /** What was handed over: dollars or riel, in that currency. */
  tendered_currency: z.enum(PURCHASE_PAYMENT_CURRENCIES),
  tendered_amount: z.string(),
  paid_on: z.string(),
  note: z.string(),
  created_at: timestampSchema,
});
export type PurchasePayment = z.infer<typeof purchasePaymentSchema>;

export const purchaseDetailSchema = purchaseSchema.extend({
  lines: z.array(purchaseLineSchema),
  payments: z.array(purchasePaymentSchema),
  attachment: z.string().nullable(),
  attachment_url: z.string().nullable(),
  /** What the shop owes this supplier over all its purchases (decimal text in `currency`). */
  supplier_balance_due: z.string(),
});
export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

export const purchaseListQuerySchema = listQuerySchema(['purchase_number', 'purchase_date', 'created_at']).extend({
  supplier_id: idSchema.optional(),
  branch_id: idSchema.optional(),
  /** Named so because `status` is the generic list's active/inactive filter. */
  purchase_status: z.enum(PURCHASE_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;
export const purchaseListResponseSchema = listResponseSchema(purchaseSchema);

const named = z.object({ id: z.string(), name: z.string() });
/** What the purchase form offers, readable with the purchase permissions alone. */
export const purchaseOptionsSchema = z.object({
  currency: z.string(),
  /** Riel per dollar now ("4100.0000"): what a payment in the other currency is converted at. */
  exchange_rate: z.string(),
  suppliers: z.array(named),
  branches: z.array(named),
  payment_methods: z.array(named),
  units: z.array(z.object({ id: z.string(), name: z.string(), base_unit_id: z.string().nullable() })),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsSchema>;

export const supplierBalanceSchema = z.object({
  supplier_id: z.string(),
  supplier_name: z.string(),
  currency: z.string(),
  purchase_count: z.number().int(),
  grand_total: z.string(),
  paid: z.string(),
  balance_due: z.string(),
});
export type SupplierBalance = z.infer<typeof supplierBalanceSchema>;
export const supplierBalanceQuerySchema = z.object({ supplier_id: idSchema });

// --- Purchase returns -------------------------------------------------------------------------------------------

export const purchaseReturnInputSchema = z.object({
  purchase_id: idSchema,
  returned_on: dayTextSchema,
  /** Money the supplier gives back, in the purchase's currency ("0": none). */
  refund_amount: moneyTextSchema.optional().default('0'),
  refund_method_id: idSchema.nullable().optional(),
  note: noteSchema,
  lines: z
    .array(z.object({ purchase_line_id: idSchema, quantity: quantityTextSchema }))
    .min(1, 'stock.errors.lines_required')
    .max(PURCHASE_LIMITS.lines, 'stock.errors.too_many_lines'),
});
export type PurchaseReturnInput = z.input<typeof purchaseReturnInputSchema>;

export const purchaseReturnSchema = z.object({
  id: z.string(),
  return_number: z.string(),
  purchase_id: z.string(),
  purchase_number: z.string(),
  supplier_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  returned_on: z.string(),
  state: z.enum(['posted', 'void']),
  currency: z.string(),
  /** What the returned goods cost (at the purchase's landed cost). */
  total_cost: z.string(),
  refund_amount: z.string(),
  refund_method_name: z.string().nullable(),
  note: z.string(),
  line_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
});
export type PurchaseReturn = z.infer<typeof purchaseReturnSchema>;

export const purchaseReturnDetailSchema = purchaseReturnSchema.extend({
  lines: z.array(
    z.object({
      id: z.string(),
      purchase_line_id: z.string(),
      product_name: z.string(),
      sku_code: z.string(),
      unit_name: z.string().nullable(),
      quantity: z.string(),
      cost: z.string(),
    }),
  ),
});
export type PurchaseReturnDetail = z.infer<typeof purchaseReturnDetailSchema>;

export const purchaseReturnListQuerySchema = listQuerySchema(['return_number', 'returned_on', 'created_at']).extend({
  purchase_id: idSchema.optional(),
  supplier_id: idSchema.optional(),
  branch_id: idSchema.optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type PurchaseReturnListQuery = z.infer<typeof purchaseReturnListQuerySchema>;
export const purchaseReturnListResponseSchema = listResponseSchema(purchaseReturnSchema);
