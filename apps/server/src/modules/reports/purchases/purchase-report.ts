import type { PurchaseReportQuery, PurchaseReportResponse } from '@posauto/shared/schemas/reports-purchases';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { resolvePeriod } from '../../kernel/report-kit';
import { countAll, money, sumOf } from './report-sql';
import { sql } from 'kysely';

/**
 * The purchase report: every purchase dated in the period (purchase_date, a shop-local day), with its totals, what
 * was paid and what is still owed; the same purchases per day and per supplier for the chart; and the posted
 * returns to suppliers dated in the period. A void purchase is only listed when the status filter asks for void.
 */
export async function purchaseReport(deps: Deps, ctx: RequestContext, query: PurchaseReportQuery): Promise<PurchaseReportResponse> {
  const { db } = deps;
  const period = await resolvePeriod(deps, ctx, query);
  const c = period.currency;

  const scoped = () => {
    let q = db
      .selectFrom('purchases as pu')
      .innerJoin('suppliers as s', (j) => j.onRef('s.business_id', '=', 'pu.business_id').onRef('s.id', '=', 'pu.supplier_id'))
      .where('pu.business_id', '=', ctx.businessId)
      .where('pu.purchase_date', '>=', period.from)
      .where('pu.purchase_date', '<=', period.to);
    if (period.branch_id) q = q.where('pu.branch_id', '=', period.branch_id);
    if (query.supplier_id) q = q.where('pu.supplier_id', '=', query.supplier_id);
    q = query.purchase_status ? q.where('pu.status', '=', query.purchase_status) : q.where('pu.status', '<>', 'void');
    if (query.payment_status) q = q.where('pu.payment_status', '=', query.payment_status);
    return q;
  };

  const [rows, totals, byDay, bySupplier, returns] = await Promise.all([
    scoped()
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'pu.business_id').onRef('b.id', '=', 'pu.branch_id'))
      .select([
        'pu.id',
        'pu.purchase_number',
        'pu.purchase_date',
        'pu.supplier_id',
        's.name as supplier_name',
        'pu.branch_id',
        'b.name as branch_name',
        'pu.status',
        'pu.grand_total',
        'pu.paid_amount',
        sql<number>`pu.grand_total - pu.paid_amount`.as('due'),
        'pu.payment_status',
      ])
      .orderBy('pu.purchase_date')
      .orderBy('pu.purchase_number')
      .execute(),
    scoped()
      .select([
        countAll().as('count'),
        sumOf('pu.grand_total').as('grand_total'),
        sumOf('pu.paid_amount').as('paid'),
        sumOf(sql`pu.grand_total - pu.paid_amount`).as('due'),
      ])
      .executeTakeFirstOrThrow(),
    scoped()
      .select(['pu.purchase_date as day', countAll().as('count'), sumOf('pu.grand_total').as('grand_total')])
      .groupBy('pu.purchase_date')
      .orderBy('pu.purchase_date')
      .execute(),
    scoped()
      .select(['pu.supplier_id', 's.name as supplier_name', countAll().as('count'), sumOf('pu.grand_total').as('grand_total')])
      .groupBy(['pu.supplier_id', 's.name'])
      .orderBy(sql`COALESCE(SUM(pu.grand_total), 0)`, 'desc')
      .orderBy('s.name')
      .execute(),
    (() => {
      let q = db
        .selectFrom('purchase_returns as pr')
        .innerJoin('purchases as pu', (j) => j.onRef('pu.business_id', '=', 'pr.business_id').onRef('pu.id', '=', 'pr.purchase_id'))
        .select([countAll().as('count'), sumOf('pr.total_cost').as('total_cost'), sumOf('pr.refund_amount').as('refund_amount')])
        .where('pr.business_id', '=', ctx.businessId)
        .where('pr.status', '=', 'posted')
        .where('pr.returned_on', '>=', period.from)
        .where('pr.returned_on', '<=', period.to);
      if (period.branch_id) q = q.where('pr.branch_id', '=', period.branch_id);
      if (query.supplier_id) q = q.where('pu.supplier_id', '=', query.supplier_id);
      return q.executeTakeFirstOrThrow();
    })(),
  ]);

  return {
    period,
    rows: rows.map((r) => ({
      id: r.id,
      purchase_number: r.purchase_number,
      purchase_date: r.purchase_date,
      supplier_id: r.supplier_id,
      supplier_name: r.supplier_name,
      branch_id: r.branch_id,
      branch_name: r.branch_name,
      status: r.status,
      grand_total: money(r.grand_total, c),
      paid: money(r.paid_amount, c),
      due: money(r.due, c),
      payment_status: r.payment_status,
    })),
    totals: {
      count: Number(totals.count),
      grand_total: money(totals.grand_total, c),
      paid: money(totals.paid, c),
      due: money(totals.due, c),
    },
    returns: { count: Number(returns.count), total_cost: money(returns.total_cost, c), refund_amount: money(returns.refund_amount, c) },
    by_day: byDay.map((d) => ({ day: d.day, count: Number(d.count), grand_total: money(d.grand_total, c) })),
    by_supplier: bySupplier.map((s) => ({
      supplier_id: s.supplier_id,
      supplier_name: s.supplier_name,
      count: Number(s.count),
      grand_total: money(s.grand_total, c),
    })),
  };
}
