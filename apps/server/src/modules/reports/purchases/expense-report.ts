import { sql } from 'kysely';
import type { ExpenseReportQuery, ExpenseReportResponse } from '@posauto/shared/schemas/reports-purchases';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { resolvePeriod } from '../../kernel/report-kit';
import { countAll, money, sumOf } from './report-sql';

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
      .where('e.expense_date', '>=', period.from)
      .where('e.expense_date', '<=', period.to);
    if (period.branch_id) q = q.where('e.branch_id', '=', period.branch_id);
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
