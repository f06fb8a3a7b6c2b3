import { z } from 'zod';
import { idSchema } from './common';
import { PAYMENT_STATUSES, PURCHASE_STATUSES } from './purchases';
import { reportPeriodSchema, reportQuerySchema } from './reports';

/**
 * The purchase side of the reports: purchases, items purchased, expenses and the POS cash flow. Money is decimal
 * text in the shop's currency (the cash flow: in each drawer currency), quantities decimal text in the product's
 * base unit. Every figure is a sum the database made over the stored documents.
 */

// ---- GET /api/v1/reports/purchases ---------------------------------------------------------------------------

export const purchaseReportQuerySchema = reportQuerySchema.extend({
  supplier_id: idSchema.optional(),
  /** None: every purchase that is not void (a void purchase is listed only when asked for by this filter). */
  purchase_status: z.enum(PURCHASE_STATUSES, 'purchase_reports.errors.status_invalid').optional(),
  payment_status: z.enum(PAYMENT_STATUSES, 'purchase_reports.errors.payment_status_invalid').optional(),
});
export type PurchaseReportQuery = z.infer<typeof purchaseReportQuerySchema>;

export const purchaseReportRowSchema = z.object({
  id: z.string(),
  purchase_number: z.string(),
  purchase_date: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  grand_total: z.string(),
  paid: z.string(),
  /** grand_total − paid. */
  due: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
});
export type PurchaseReportRow = z.infer<typeof purchaseReportRowSchema>;

export const purchaseReportResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(purchaseReportRowSchema),
  totals: z.object({ count: z.number().int(), grand_total: z.string(), paid: z.string(), due: z.string() }),
  /** Posted purchase returns dated in the period (same branch and supplier filters): their cost and the refunds. */
  returns: z.object({ count: z.number().int(), total_cost: z.string(), refund_amount: z.string() }),
  /** The chart: the listed purchases' grand totals per day (days with none are left out) and per supplier. */
  by_day: z.array(z.object({ day: z.string(), count: z.number().int(), grand_total: z.string() })),
  by_supplier: z.array(z.object({ supplier_id: z.string(), supplier_name: z.string(), count: z.number().int(), grand_total: z.string() })),
});
export type PurchaseReportResponse = z.infer<typeof purchaseReportResponseSchema>;

// ---- GET /api/v1/reports/item-purchases ----------------------------------------------------------------------

/** Only received purchases put goods in stock, so only they count here (pending, ordered and void never do). */
export const ITEM_PURCHASE_COUNTED_STATUS = 'received' as const;

export const itemPurchaseReportQuerySchema = reportQuerySchema.extend({
  supplier_id: idSchema.optional(),
  category_id: idSchema.optional(),
  brand_id: idSchema.optional(),
});
export type ItemPurchaseReportQuery = z.infer<typeof itemPurchaseReportQuerySchema>;

export const itemPurchaseReportRowSchema = z.object({
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku_code: z.string(),
  /** The product's base unit, the unit of every quantity in the row. */
  unit_name: z.string().nullable(),
  category_name: z.string().nullable(),
  brand_name: z.string().nullable(),
  /** Received in the period, in the base unit. */
  quantity: z.string(),
  /** What it cost: the lines' totals plus their share of the shipping, as stored on the purchases. */
  amount: z.string(),
  /** amount ÷ quantity per base unit, rounded half up to the currency's minor unit; null when nothing was received. */
  average_cost: z.string().nullable(),
  /** Sent back to suppliers by posted returns dated in the period, in the base unit, and its cost. */
  returned_quantity: z.string(),
  returned_amount: z.string(),
});
export type ItemPurchaseReportRow = z.infer<typeof itemPurchaseReportRowSchema>;

export const itemPurchaseReportResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(itemPurchaseReportRowSchema),
  totals: z.object({ items: z.number().int(), amount: z.string(), returned_amount: z.string() }),
});
export type ItemPurchaseReportResponse = z.infer<typeof itemPurchaseReportResponseSchema>;

// ---- GET /api/v1/reports/expenses ----------------------------------------------------------------------------

export const expenseReportQuerySchema = reportQuerySchema.extend({
  category_id: idSchema.optional(),
  payment_method_id: idSchema.optional(),
});
export type ExpenseReportQuery = z.infer<typeof expenseReportQuerySchema>;

export const expenseReportRowSchema = z.object({
  id: z.string(),
  expense_date: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  payment_method_name: z.string().nullable(),
  /** As entered: the currency and the cost in it. */
  currency: z.string(),
  expend_cost: z.string(),
  /** In the shop's currency at the rate frozen on the expense: the figure the report adds up. */
  amount: z.string(),
  note: z.string(),
});
export type ExpenseReportRow = z.infer<typeof expenseReportRowSchema>;

export const expenseReportResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(expenseReportRowSchema),
  totals: z.object({ count: z.number().int(), amount: z.string() }),
  /** The chart and the summary table: every category with expenses in the period, largest first. */
  by_category: z.array(z.object({ category_id: z.string(), category_name: z.string(), count: z.number().int(), amount: z.string() })),
});
export type ExpenseReportResponse = z.infer<typeof expenseReportResponseSchema>;

// ---- GET /api/v1/reports/pos-cash-flow -----------------------------------------------------------------------

export const POS_CASH_CURRENCIES = ['USD', 'KHR'] as const;

export const posCashFlowQuerySchema = reportQuerySchema.extend({
  /** The cashier who opened the sessions. */
  user_id: idSchema.optional(),
});
export type PosCashFlowQuery = z.infer<typeof posCashFlowQuerySchema>;

/**
 * One drawer currency of a session. Money out (change, refunds, cash out) is shown as a positive amount taken out;
 * expected = opening + cash sales − change − refunds + cash in − cash out (the sum of every entry); counted and
 * difference (counted − expected) are null while the session is open.
 */
export const cashFlowFiguresSchema = z.object({
  opening: z.string(),
  cash_sales: z.string(),
  change: z.string(),
  refunds: z.string(),
  cash_in: z.string(),
  cash_out: z.string(),
  expected: z.string(),
  counted: z.string().nullable(),
  difference: z.string().nullable(),
});
export type CashFlowFigures = z.infer<typeof cashFlowFiguresSchema>;

export const posCashFlowRowSchema = z.object({
  id: z.string(),
  session_number: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  user_id: z.string(),
  cashier_name: z.string(),
  status: z.enum(['open', 'closed']),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  usd: cashFlowFiguresSchema,
  khr: cashFlowFiguresSchema,
});
export type PosCashFlowRow = z.infer<typeof posCashFlowRowSchema>;

export const posCashFlowResponseSchema = z.object({
  period: reportPeriodSchema,
  rows: z.array(posCashFlowRowSchema),
  /** Per currency over the listed sessions; counted and difference add up the closed sessions only. */
  totals: z.object({ count: z.number().int(), usd: cashFlowFiguresSchema, khr: cashFlowFiguresSchema }),
});
export type PosCashFlowResponse = z.infer<typeof posCashFlowResponseSchema>;

// ---- GET /api/v1/reports/purchase-options --------------------------------------------------------------------

const namedSchema = z.object({ id: z.string(), name: z.string() });

/** The choices of these reports' filters, for anyone who may open a report (the lists' own screens need more). */
export const purchaseReportOptionsSchema = z.object({
  suppliers: z.array(namedSchema),
  categories: z.array(namedSchema),
  brands: z.array(namedSchema),
  expense_categories: z.array(namedSchema),
  payment_methods: z.array(namedSchema),
  cashiers: z.array(namedSchema),
});
export type PurchaseReportOptions = z.infer<typeof purchaseReportOptionsSchema>;
