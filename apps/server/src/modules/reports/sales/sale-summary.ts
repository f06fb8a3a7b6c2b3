import { sql } from 'kysely';
import { safeAdd } from '@posauto/shared/money/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import {
  saleSummaryQuerySchema,
  saleSummaryResponseSchema,
  type SaleSummaryQuery,
  type SaleSummaryResponse,
  type SaleSummaryRow,
} from '@posauto/shared/schemas/reports-sales';
import type { Deps } from '../../../deps';
import { localHourSql } from '../../../db/dialect/index';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod, sheetColumn as col } from '../../../kernel/report-kit';
import { int, money, sumOf } from '../report-sql';
import { countedReturns, countedSales } from './sale-scope';

interface Bucket {
  count: number;
  subtotal: number;
  lineDiscounts: number;
  orderDiscounts: number;
  tax: number;
  service: number;
  shipping: number;
  grand: number;
  returns: number;
  methods: Map<string, number>;
}
const emptyBucket = (): Bucket => ({
  count: 0,
  subtotal: 0,
  lineDiscounts: 0,
  orderDiscounts: 0,
  tax: 0,
  service: 0,
  shipping: 0,
  grand: 0,
  returns: 0,
  methods: new Map(),
});

/** The grouped sums of the period: sales, line discounts, payments, change and returns, each per bucket. */
async function bucketSums(deps: Deps, ctx: RequestContext, period: ReportPeriodInfo, unit: 'hour' | 'day') {
  const zone = period.time_zone;
  // The bucket of each document: its shop-local day, or for one day the hour on the shop's wall clock.
  const saleBucket = unit === 'hour' ? sql<string>`${localHourSql(deps.kind, sql.ref('s.sold_at'), zone)}` : sql<string>`s.sale_date`;
  const returnBucket =
    unit === 'hour' ? sql<string>`${localHourSql(deps.kind, sql.ref('sr.created_at'), zone)}` : sql<string>`sr.returned_on`;

  const sales = await countedSales(deps, ctx, period)
    .select([
      saleBucket.as('bucket'),
      sql<number>`count(*)`.as('count'),
      sumOf(sql`s.subtotal`).as('subtotal'),
      sumOf(sql`s.discount_amount + s.coupon_amount`).as('order_discounts'),
      sumOf(sql`s.tax`).as('tax'),
      sumOf(sql`s.service_charge`).as('service'),
      sumOf(sql`s.shipping`).as('shipping'),
      sumOf(sql`s.grand_total`).as('grand'),
    ])
    .groupBy(saleBucket)
    .execute();
  const lineDiscounts = await countedSales(deps, ctx, period)
    .innerJoin('sale_lines as sl', (j) => j.onRef('sl.business_id', '=', 's.business_id').onRef('sl.sale_id', '=', 's.id'))
    .select([saleBucket.as('bucket'), sumOf(sql`sl.line_discount`).as('amount')])
    .groupBy(saleBucket)
    .execute();
  const payments = await countedSales(deps, ctx, period)
    .innerJoin('sale_payments as sp', (j) => j.onRef('sp.business_id', '=', 's.business_id').onRef('sp.sale_id', '=', 's.id'))
    .select([saleBucket.as('bucket'), 'sp.payment_method_id as method', sumOf(sql`sp.amount_in_sale_currency`).as('amount')])
    .groupBy([saleBucket, 'sp.payment_method_id'])
    .execute();
  // Change goes back in cash: it comes off the cash method the sale was paid with, so methods add up to what was kept.
  const changeMethod = sql<string>`(SELECT min(cp.payment_method_id) FROM sale_payments cp WHERE cp.business_id = s.business_id AND cp.sale_id = s.id AND cp.method_type = 'cash')`;
  const change = await countedSales(deps, ctx, period)
    .where('s.change_amount', '>', 0)
    .select([saleBucket.as('bucket'), changeMethod.as('method'), sumOf(sql`s.change_amount`).as('amount')])
    .groupBy([saleBucket, changeMethod])
    .execute();
  const returns = await countedReturns(deps, ctx, period)
    .select([returnBucket.as('bucket'), sumOf(sql`sr.total`).as('amount')])
    .groupBy(returnBucket)
    .execute();
  return { sales, lineDiscounts, payments, change, returns };
}

/** The sums laid into buckets (hours as "07"), with the payment methods that appear. */
function toBuckets(sums: Awaited<ReturnType<typeof bucketSums>>, unit: 'hour' | 'day') {
  const buckets = new Map<string, Bucket>();
  const key = (b: string | number) => (unit === 'hour' ? String(Number(b)).padStart(2, '0') : String(b));
  const at = (b: string | number) => {
    const k = key(b);
    let x = buckets.get(k);
    if (!x) buckets.set(k, (x = emptyBucket()));
    return x;
  };
  for (const r of sums.sales) {
    const x = at(r.bucket);
    x.count = int(r.count);
    x.subtotal = int(r.subtotal);
    x.orderDiscounts = int(r.order_discounts);
    x.tax = int(r.tax);
    x.service = int(r.service);
    x.shipping = int(r.shipping);
    x.grand = int(r.grand);
  }
  for (const r of sums.lineDiscounts) at(r.bucket).lineDiscounts = int(r.amount);
  for (const r of sums.returns) at(r.bucket).returns = int(r.amount);
  const methodIds = new Set<string>();
  for (const r of sums.payments) {
    at(r.bucket).methods.set(r.method, int(r.amount));
    methodIds.add(r.method);
  }
  for (const r of sums.change) {
    if (!r.method) continue;
    const m = at(r.bucket).methods;
    m.set(r.method, (m.get(r.method) ?? 0) - int(r.amount));
  }
  return { buckets, methodIds };
}

function sumBuckets(buckets: Iterable<Bucket>): Bucket {
  const sum = emptyBucket();
  for (const x of buckets) {
    sum.count += x.count;
    sum.subtotal = safeAdd(sum.subtotal, x.subtotal);
    sum.lineDiscounts = safeAdd(sum.lineDiscounts, x.lineDiscounts);
    sum.orderDiscounts = safeAdd(sum.orderDiscounts, x.orderDiscounts);
    sum.tax = safeAdd(sum.tax, x.tax);
    sum.service = safeAdd(sum.service, x.service);
    sum.shipping = safeAdd(sum.shipping, x.shipping);
    sum.grand = safeAdd(sum.grand, x.grand);
    sum.returns = safeAdd(sum.returns, x.returns);
    for (const [m, v] of x.methods) sum.methods.set(m, safeAdd(sum.methods.get(m) ?? 0, v));
  }
  return sum;
}

export async function saleSummary(deps: Deps, ctx: RequestContext, query: SaleSummaryQuery): Promise<SaleSummaryResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const unit = period.from === period.to ? 'hour' : 'day';
  const { buckets, methodIds } = toBuckets(await bucketSums(deps, ctx, period, unit), unit);
  const methods = methodIds.size
    ? await deps.db
        .selectFrom('payment_methods')
        .select(['id', 'name'])
        .where('business_id', '=', ctx.businessId)
        .where('id', 'in', [...methodIds])
        .orderBy('name')
        .orderBy('id')
        .execute()
    : [];

  const figures = (x: Bucket) => ({
    count: x.count,
    gross: money(x.subtotal + x.lineDiscounts, cur),
    discounts: money(x.lineDiscounts + x.orderDiscounts, cur),
    tax: money(x.tax, cur),
    service_charge: money(x.service, cur),
    shipping: money(x.shipping, cur),
    net_sales: money(x.grand - x.tax - x.service - x.shipping, cur),
    grand_total: money(x.grand, cur),
    returns: money(x.returns, cur),
    sales: money(x.grand - x.returns, cur),
    by_method: Object.fromEntries(methods.map((m) => [m.id, money(x.methods.get(m.id) ?? 0, cur)])),
  });
  const rows: SaleSummaryRow[] = [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([bucket, x]) => ({ bucket, ...figures(x) }));
  return { period, unit, methods, rows, totals: figures(sumBuckets(buckets.values())) };
}

export const saleSummaryRoutes = defineReport({
  path: '/api/v1/reports/sale-summary',
  operationId: 'getSaleSummaryReport',
  summary: 'Sale summary: per day (per hour for one day) sales, discounts, VAT, service, returns and payments by method',
  permission: 'sale-report',
  query: saleSummaryQuerySchema,
  response: saleSummaryResponseSchema,
  run: saleSummary,
  sheet: {
    fileKey: 'pages.sale-summary-reports',
    fileName: 'sale-summary',
    columns: (t, _lang, data: SaleSummaryResponse) => [
      col<SaleSummaryRow>(t, data.unit === 'hour' ? 'sale_reports.hour' : 'sale_reports.date', (r) => r.bucket),
      col<SaleSummaryRow>(t, 'sale_reports.count', (r) => r.count),
      col<SaleSummaryRow>(t, 'sale_reports.gross', (r) => r.gross),
      col<SaleSummaryRow>(t, 'sale_reports.discounts', (r) => r.discounts),
      col<SaleSummaryRow>(t, 'sale_reports.tax', (r) => r.tax),
      col<SaleSummaryRow>(t, 'sale_reports.service_charge', (r) => r.service_charge),
      col<SaleSummaryRow>(t, 'sale_reports.shipping', (r) => r.shipping),
      col<SaleSummaryRow>(t, 'sale_reports.net_sales', (r) => r.net_sales),
      col<SaleSummaryRow>(t, 'sale_reports.grand_total', (r) => r.grand_total),
      col<SaleSummaryRow>(t, 'sale_reports.returns', (r) => r.returns),
      col<SaleSummaryRow>(t, 'sale_reports.sales', (r) => r.sales),
      ...data.methods.map((m) => ({ header: m.name, value: (r: SaleSummaryRow) => r.by_method[m.id] ?? null })),
    ],
    rows: (data: SaleSummaryResponse, t) => [
      ...data.rows.map((r) => (data.unit === 'hour' ? { ...r, bucket: `${r.bucket}:00` } : r)),
      { bucket: t('reports.total'), ...data.totals },
    ],
  },
});
