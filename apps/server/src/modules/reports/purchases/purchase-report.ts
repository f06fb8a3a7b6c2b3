import {
  purchaseReportQuerySchema,
  purchaseReportResponseSchema,
  type PurchaseReportQuery,
  type PurchaseReportResponse,
} from '@posauto/shared/schemas/reports-purchases';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod } from '../../../kernel/report-kit';
import { countAll, datedIn, money, sumOf } from '../report-sql';
import { columns, num, TOTAL, type Cells, type T } from './sheet-cells';
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
      .where(datedIn(period, 'pu.purchase_date', 'pu.branch_id'));
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
        .where(datedIn(period, 'pr.returned_on', 'pr.branch_id'));
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

const PURCHASE_STATUS = {
  pending: 'purchase.status_pending',
  ordered: 'purchase.status_ordered',
  received: 'purchase.status_received',
  void: 'purchase.status_void',
};
const PAYMENT_STATUS = { paid: 'purchase.pay_paid', unpaid: 'purchase.pay_unpaid', partial: 'purchase.pay_partial' };

const purchaseSheet = {
  fileKey: 'purchase_reports.purchases.title',
  fileName: 'purchase-report',
  columns: (t: T) =>
    columns(t, [
      ['number', 'purchase_reports.col.number'],
      ['date', 'purchase_reports.col.date'],
      ['supplier', 'purchase_reports.col.supplier'],
      ['branch', 'purchase_reports.col.branch'],
      ['status', 'purchase_reports.col.status'],
      ['grand_total', 'purchase_reports.col.grand_total'],
      ['paid', 'purchase_reports.col.paid'],
      ['due', 'purchase_reports.col.due'],
      ['payment_status', 'purchase_reports.col.payment_status'],
    ]),
  rows: (d: PurchaseReportResponse, t: T): Cells[] => [
    ...d.rows.map((r) => ({
      number: r.purchase_number,
      date: r.purchase_date,
      supplier: r.supplier_name,
      branch: r.branch_name,
      status: t(PURCHASE_STATUS[r.status]),
      grand_total: num(r.grand_total),
      paid: num(r.paid),
      due: num(r.due),
      payment_status: t(PAYMENT_STATUS[r.payment_status]),
    })),
    { number: t(TOTAL), grand_total: num(d.totals.grand_total), paid: num(d.totals.paid), due: num(d.totals.due) },
  ],
};

export const purchaseReportRoutes = defineReport({
  path: '/api/v1/reports/purchases',
  operationId: 'purchaseReport',
  summary: 'Purchase report: each purchase dated in the period, totals, returns to suppliers',
  permission: 'purchase-report',
  query: purchaseReportQuerySchema,
  response: purchaseReportResponseSchema,
  run: purchaseReport,
  sheet: purchaseSheet,
});
