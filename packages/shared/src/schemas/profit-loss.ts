import { z } from 'zod';
import { reportPeriodSchema, reportQuerySchema } from './reports';

/**
 * GET /api/v1/reports/profit-loss: the shop's profit and loss for a period, from counted sales (document sale or
 * invoice, completed, by sale_date), posted returns (by returned_on) and expenses (by expense_date). Money is decimal
 * text in the shop's currency; every figure is a database sum over the stored documents.
 */
export const PROFIT_LOSS_COMPARE = ['none', 'month'] as const;

export const profitLossQuerySchema = reportQuerySchema.extend({
  /** 'month': also the statement's main lines month by month over the period. */
  compare: z.enum(PROFIT_LOSS_COMPARE, 'profit_loss.errors.compare_invalid').default('none'),
});
export type ProfitLossQuery = z.infer<typeof profitLossQuerySchema>;

const money = z.string();

/** The statement's lines that a month of the comparison repeats. */
const mainLinesSchema = z.object({
  /** Sales excluding VAT, service charges and shipping: Σ (grand_total − tax − service_charge − shipping). */
  net_sales: money,
  /** Returns excluding VAT: Σ (total − tax) of posted returns. */
  returns: money,
  /** Service charges and shipping charged on the sales. */
  service_charges: money,
  shipping: money,
  /** Cost of goods sold: the sales' frozen costs less the cost of what came back. */
  cogs: money,
  /** net_sales − returns + service_charges + shipping − cogs. */
  gross_profit: money,
  expenses: money,
  /** gross_profit − expenses. */
  net_profit: money,
});

export const profitLossStatementSchema = mainLinesSchema.extend({
  sales_count: z.number().int(),
  returns_count: z.number().int(),
  /** What the dashboard calls sales: Σ grand_total of sales − Σ total of returns (VAT and charges included). */
  sales: money,
  /** net_sales − returns. */
  net_revenue: money,
  /** For information (already out of net sales): order discounts, coupons and line discounts given. */
  discounts: money,
  /** VAT on sales less VAT given back on returns: owed to the tax office, not income. */
  vat_collected: money,
  /** Cost of goods of the sales and of the returns, cogs being their difference. */
  sales_cost: money,
  returns_cost: money,
});
export type ProfitLossStatement = z.infer<typeof profitLossStatementSchema>;

export const profitLossResponseSchema = z.object({
  period: reportPeriodSchema,
  statement: profitLossStatementSchema,
  /** Expenses of the period per category, largest first (categories without expenses are left out). */
  expenses_by_category: z.array(z.object({ category_id: z.string(), category_name: z.string(), amount: money })),
  /** compare=month: one row per calendar month the period touches, in order (empty otherwise). */
  months: z.array(mainLinesSchema.extend({ month: z.string() })),
});
export type ProfitLossResponse = z.infer<typeof profitLossResponseSchema>;
