import { sql } from 'kysely';
import {
  saleReportQuerySchema,
  saleReportResponseSchema,
  type SaleReportQuery,
  type SaleReportResponse,
  type SaleReportRow,
} from '@posauto/shared/schemas/reports-sales';
import type { Deps } from '../../../deps';
import { listMeta } from '../../../db/list';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod, sheetColumn as col } from '../../../kernel/report-kit';
import { int, money, sumOf } from '../report-sql';
import { countedReturns, countedSales, saleFilters } from './sale-scope';

const SALE_SORTS = {
  sale_date: sql`s.sold_at`,
  invoice_number: sql`s.invoice_number`,
  grand_total: sql`s.grand_total`,
  due: sql`s.grand_total - s.paid_amount`,
} as const;

export async function saleReport(
  deps: Deps,
  ctx: RequestContext,
  query: SaleReportQuery,
  opts?: { exporting: boolean },
): Promise<SaleReportResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const biz = ctx.businessId;
  const filtered = () => saleFilters(countedSales(deps, ctx, period), query, deps, biz);

  // One pass over the period's sales (the covering index sales_report_figures, 0025): the day rows, and the
  // totals added up from them.
  const byDay = await filtered()
    .select([
      's.sale_date as day',
      sql<number>`count(*)`.as('count'),
      sumOf(sql`s.grand_total`).as('grand_total'),
      sumOf(sql`s.paid_amount`).as('paid'),
    ])
    .groupBy('s.sale_date')
    .orderBy('s.sale_date')
    .execute();
  let count = 0;
  let grand = 0;
  let paid = 0;
  for (const d of byDay) {
    count += int(d.count);
    grand += int(d.grand_total);
    paid += int(d.paid);
  }
  const size = opts?.exporting || query.per_page === 'all' ? null : Number(query.per_page);
  const page = size ? query.page : 1;
  const rows = await pageRows(query, filtered, size, page, opts?.exporting ?? false);

  const ret = await saleFilters(countedReturns(deps, ctx, period), query, deps, biz)
    .select([sql<number>`count(*)`.as('count'), sumOf(sql`sr.total`).as('total')])
    .executeTakeFirstOrThrow();

  const tableSales = await hasTableSales(deps, biz, filtered);

  const lastPage = size ? Math.max(1, Math.ceil(count / size)) : 1;
  return {
    period,
    rows: rows.map((r): SaleReportRow => ({
      id: r.id,
      invoice_number: r.invoice_number,
      sale_date: r.sale_date,
      sold_at: r.sold_at,
      branch_name: r.branch_name,
      cashier_name: r.cashier_name,
      customer_name: r.customer_name ?? '',
      table_name: r.table_name,
      waiter_name: r.waiter_name,
      sale_type: r.sale_type,
      grand_total: money(r.grand_total, cur),
      paid: money(r.paid_amount, cur),
      due: money(int(r.grand_total) - int(r.paid_amount), cur),
      payment_status: r.payment_status,
    })),
    meta: listMeta({ page, per_page: opts?.exporting ? 'all' : query.per_page, order: query.order }, page, count, lastPage),
    totals: { count, grand_total: money(grand, cur), paid: money(paid, cur), due: money(grand - paid, cur) },
    returns: { count: int(ret.count), total: money(int(ret.total), cur) },
    net_total: money(grand - int(ret.total), cur),
    table_sales: tableSales,
    by_day: byDay.map((d) => ({ day: d.day, count: int(d.count), grand_total: money(int(d.grand_total), cur) })),
  };
}

/**
 * Whether a filtered sale of the period was paid at a table. A shop that never opened a table order answers from one
 * key lookup, without reading its sales again.
 */
async function hasTableSales(deps: Deps, biz: string, filtered: () => ReturnType<typeof countedSales>) {
  const anyOrder = await deps.db.selectFrom('table_orders').select('id').where('business_id', '=', biz).limit(1).executeTakeFirst();
  if (!anyOrder) return false;
  const one = await filtered().where('s.table_order_id', 'is not', null).select('s.id').limit(1).executeTakeFirst();
  return one !== undefined;
}

/** The sales of the page asked for (all of them for "All", capped, and for the export, uncapped), in the sort asked. */
async function pageRows(
  query: SaleReportQuery,
  filtered: () => ReturnType<typeof countedSales>,
  size: number | null,
  page: number,
  exporting: boolean,
) {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const order = <Q extends { orderBy: (...a: any[]) => Q }>(q: Q): Q =>
    q.orderBy(sql`${SALE_SORTS[query.sort ?? 'sale_date']} ${direction}`).orderBy('s.id', query.order === 'asc' ? 'asc' : 'desc');
  const limit = size ?? (exporting ? null : 1000);
  let rowsQ = order(
    filtered()
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 's.business_id').onRef('b.id', '=', 's.branch_id'))
      .leftJoin('customers as c', (j) => j.onRef('c.business_id', '=', 's.business_id').onRef('c.id', '=', 's.customer_id'))
      .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.created_by'))
      .leftJoin('users as wu', (j) => j.onRef('wu.business_id', '=', 's.business_id').onRef('wu.id', '=', 's.waiter_id'))
      .select([
        's.id',
        's.invoice_number',
        's.sale_date',
        's.sold_at',
        'b.name as branch_name',
        sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`.as('cashier_name'),
        'c.name as customer_name',
        's.table_name',
        sql<string | null>`CASE WHEN wu.id IS NULL THEN NULL ELSE wu.first_name || ' ' || wu.last_name END`.as('waiter_name'),
        's.sale_type',
        's.grand_total',
        's.paid_amount',
        's.payment_status',
      ]),
  );
  // A page: its sales are picked first from the index (sorting the period's keys, not its rows), then only those
  // are read and joined. A sale report of a whole year exported is one file of every sale: no cap as on "All".
  if (limit !== null) {
    let pageIds = order(filtered().select('s.id')).limit(limit);
    if (size) pageIds = pageIds.offset((page - 1) * size);
    rowsQ = rowsQ.where('s.id', 'in', pageIds);
  }
  return rowsQ.execute();
}

/** A row under the sales with one amount in the grand total's column (the totals, the returns, the net). */
const amountRow = (label: string, grandTotal: string, paid = '', due = '') => ({
  invoice_number: label,
  sale_date: '',
  branch_name: '',
  cashier_name: '',
  customer_name: '',
  table_name: '',
  waiter_name: '',
  sale_type: '',
  grand_total: grandTotal,
  paid,
  due,
  payment_status: '',
});

export const saleReportRoutes = defineReport({
  path: '/api/v1/reports/sales',
  operationId: 'getSaleReport',
  summary: 'Sale report: each counted sale of the period, the totals and the returns',
  permission: 'sale-report',
  query: saleReportQuerySchema,
  response: saleReportResponseSchema,
  run: saleReport,
  sheet: {
    fileKey: 'pages.sale-reports',
    fileName: 'sale-report',
    columns: (t, _lang, data: SaleReportResponse) => [
      col<SaleReportRow>(t, 'sale_reports.invoice', (r) => r.invoice_number),
      col<SaleReportRow>(t, 'sale_reports.date', (r) => r.sale_date),
      col<SaleReportRow>(t, 'sale_reports.branch', (r) => r.branch_name),
      col<SaleReportRow>(t, 'sale_reports.cashier', (r) => r.cashier_name),
      col<SaleReportRow>(t, 'sale_reports.customer', (r) => r.customer_name),
      ...(data.table_sales
        ? [
            col<SaleReportRow>(t, 'sale_reports.table', (r) => r.table_name),
            col<SaleReportRow>(t, 'sale_reports.waiter', (r) => r.waiter_name),
          ]
        : []),
      col<SaleReportRow>(t, 'sale_reports.sale_type', (r) => r.sale_type),
      col<SaleReportRow>(t, 'sale_reports.grand_total', (r) => r.grand_total),
      col<SaleReportRow>(t, 'sale_reports.paid', (r) => r.paid),
      col<SaleReportRow>(t, 'sale_reports.due', (r) => r.due),
      col<SaleReportRow>(t, 'sale_reports.payment_status', (r) => r.payment_status),
    ],
    rows: (data: SaleReportResponse, t) => [
      ...data.rows.map((r) => ({
        ...r,
        sale_type: t(`sale_reports.sale_types.${r.sale_type}`),
        payment_status: t(`sale_reports.payment_statuses.${r.payment_status}`),
      })),
      amountRow(t('reports.total'), data.totals.grand_total, data.totals.paid, data.totals.due),
      amountRow(t('sale_reports.returns_total'), data.returns.total),
      amountRow(t('sale_reports.net_total'), data.net_total),
    ],
  },
});
