import { sql } from 'kysely';
import {
  expenseReportQuerySchema,
  expenseReportResponseSchema,
  type ExpenseReportQuery,
  type ExpenseReportResponse,
} from '@posauto/shared/schemas/reports-purchases';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod } from '../../../kernel/report-kit';
import { countAll, datedIn, money, sumOf } from '../report-sql';
import { columns, num, TOTAL, type Cells, type T } from './sheet-cells';

/**
 * The expense report: every expense dated in the period (expense_date, a shop-local day), and the same expenses per
 * category. Each adds its `amount`, the shop-currency value frozen when it was entered, never a conversion made now;
 * the cost as entered (in USD or riel) is shown beside it.
 */
export async function expenseReport(deps: Deps, ctx: RequestContext, query: ExpenseReportQuery): Promise<ExpenseReportResponse> {
  const { db } = deps;
  const period = await resolvePeriod(deps, ctx, query);
  const c = period.currency;

  const scoped = () => {
    let q = db
      .selectFrom('expenses as e')
      .innerJoin('expense_categories as ec', (j) => j.onRef('ec.business_id', '=', 'e.business_id').onRef('ec.id', '=', 'e.category_id'))
      .where('e.business_id', '=', ctx.businessId)
      .where(datedIn(period, 'e.expense_date', 'e.branch_id'));
    if (query.category_id) q = q.where('e.category_id', '=', query.category_id);
    if (query.payment_method_id) q = q.where('e.payment_method_id', '=', query.payment_method_id);
    return q;
  };

  const [rows, totals, byCategory] = await Promise.all([
    scoped()
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'e.business_id').onRef('b.id', '=', 'e.branch_id'))
      .leftJoin('payment_methods as pm', (j) => j.onRef('pm.business_id', '=', 'e.business_id').onRef('pm.id', '=', 'e.payment_method_id'))
      .select([
        'e.id',
        'e.expense_date',
        'e.category_id',
        'ec.name as category_name',
        'e.branch_id',
        'b.name as branch_name',
        'pm.name as payment_method_name',
        'e.currency',
        'e.expend_cost',
        'e.amount',
        'e.note',
      ])
      .orderBy('e.expense_date')
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute(),
    scoped()
      .select([countAll().as('count'), sumOf('e.amount').as('amount')])
      .executeTakeFirstOrThrow(),
    scoped()
      .select(['e.category_id', 'ec.name as category_name', countAll().as('count'), sumOf('e.amount').as('amount')])
      .groupBy(['e.category_id', 'ec.name'])
      .orderBy(sql`COALESCE(SUM(e.amount), 0)`, 'desc')
      .orderBy('ec.name')
      .execute(),
  ]);

  return {
    period,
    rows: rows.map((r) => ({
      id: r.id,
      expense_date: r.expense_date,
      category_id: r.category_id,
      category_name: r.category_name,
      branch_id: r.branch_id,
      branch_name: r.branch_name,
      payment_method_name: r.payment_method_name ?? null,
      currency: r.currency,
      expend_cost: money(r.expend_cost, r.currency),
      amount: money(r.amount, c),
      note: r.note,
    })),
    totals: { count: Number(totals.count), amount: money(totals.amount, c) },
    by_category: byCategory.map((k) => ({
      category_id: k.category_id,
      category_name: k.category_name,
      count: Number(k.count),
      amount: money(k.amount, c),
    })),
  };
}

const expenseSheet = {
  fileKey: 'purchase_reports.expenses.title',
  fileName: 'expense-report',
  columns: (t: T) =>
    columns(t, [
      ['date', 'purchase_reports.col.date'],
      ['category', 'purchase_reports.col.expense_category'],
      ['branch', 'purchase_reports.col.branch'],
      ['payment_method', 'purchase_reports.col.payment_method'],
      ['entered', 'purchase_reports.col.entered'],
      ['amount', 'purchase_reports.col.amount'],
      ['note', 'purchase_reports.col.note'],
    ]),
  rows: (d: ExpenseReportResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      date: r.expense_date,
      category: r.category_name,
      branch: r.branch_name,
      payment_method: r.payment_method_name,
      entered: `${r.expend_cost} ${r.currency}`,
      amount: num(r.amount),
      note: r.note,
    })),
    { date: t(TOTAL), amount: num(d.totals.amount) },
  ],
};

export const expenseReportRoutes = defineReport({
  path: '/api/v1/reports/expenses',
  operationId: 'expenseReport',
  summary: 'Expense report: each expense dated in the period, and per category',
  permission: 'expend-report',
  query: expenseReportQuerySchema,
  response: expenseReportResponseSchema,
  run: expenseReport,
  sheet: expenseSheet,
});
