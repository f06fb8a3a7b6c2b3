import { sql, type Expression, type RawBuilder } from 'kysely';
import { formatDecimal, formatQuantity, isCurrencyCode, minorDigits, safeAdd } from '@posauto/shared/money/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import {
  brandSaleQuerySchema,
  brandSaleResponseSchema,
  itemSaleQuerySchema,
  itemSaleResponseSchema,
  saleReportQuerySchema,
  saleReportResponseSchema,
  saleSummaryQuerySchema,
  saleSummaryResponseSchema,
  type BrandSaleQuery,
  type BrandSaleResponse,
  type BrandSaleRow,
  type ItemSaleQuery,
  type ItemSaleResponse,
  type ItemSaleRow,
  type SaleReportQuery,
  type SaleReportResponse,
  type SaleReportRow,
  type SaleSummaryQuery,
  type SaleSummaryResponse,
  type SaleSummaryRow,
} from '@posauto/shared/schemas/reports-sales';
import type { Deps } from '../../deps';
import { listMeta } from '../../db/list';
import { localHourSql } from '../../db/dialect/index';
import type { AppInstance } from '../../http/app-instance';
import type { RequestContext } from '../../http/context';
import type { ExportColumn } from '../../http/export';
import { registerReport, resolvePeriod } from '../../kernel/report-kit';

/** The shared definitions (design of issue 13): only these documents count, on their shop-local day. */
const COUNTED_DOCUMENTS = ['sale', 'invoice'] as const;
const COUNTED_SALE_STATUS = 'completed';
const COUNTED_RETURN_STATUS = 'posted';
const FACTOR = 1_000_000;

/** A SUM that is 0 over no rows; the number it gives is an integer (PG answers bigint sums as text). */
const total = (e: Expression<unknown> | RawBuilder<unknown>) => sql<string | number>`coalesce(sum(${e}), 0)`;
/** Minor units as decimal text in the shop's currency ("12.50", "41000"). */
const moneyOut = (amount: number, currency: string) => formatDecimal(amount, isCurrencyCode(currency) ? minorDigits(currency) : 2);
const int = (v: string | number | bigint | null | undefined) => Number(v ?? 0);
/** Base-unit thousandths of a line: quantity in the sold unit times its factor (per line, rounded down). */
const baseQty = (q: string, f: string) => sql`(cast(${sql.ref(q)} as bigint) * ${sql.ref(f)}) / ${sql.lit(FACTOR)}`;
const itemName = sql<string>`CASE WHEN v.name IS NULL THEN p.product_name ELSE p.product_name || ' - ' || v.name END`;

// ---- sales ---------------------------------------------------------------------------------------------------

/** The sale-level filters of the sales report (not the period): they narrow the sales and the returns alike. */
function saleFilters<Q extends { where: (...a: any[]) => Q }>(q: Q, query: SaleReportQuery, deps: Deps, biz: string): Q {
  if (query.created_by) q = q.where('s.created_by', '=', query.created_by);
  if (query.customer_id) q = q.where('s.customer_id', '=', query.customer_id);
  if (query.sale_type) q = q.where('s.sale_type', '=', query.sale_type);
  if (query.payment_status) q = q.where('s.payment_status', '=', query.payment_status);
  if (query.payment_method_id) {
    const method = query.payment_method_id;
    q = q.where((eb: any) =>
      eb.exists(
        deps.db
          .selectFrom('sale_payments as sp')
          .select(sql.lit(1).as('one'))
          .where('sp.business_id', '=', biz)
          .where('sp.sale_id', '=', sql.ref<string>('s.id'))
          .where('sp.payment_method_id', '=', method),
      ),
    );
  }
  return q;
}

function countedSales(deps: Deps, ctx: RequestContext, period: ReportPeriodInfo) {
  let q = deps.db
    .selectFrom('sales as s')
    .where('s.business_id', '=', ctx.businessId)
    .where('s.document', 'in', COUNTED_DOCUMENTS)
    .where('s.status', '=', COUNTED_SALE_STATUS)
    .where('s.sale_date', '>=', period.from)
    .where('s.sale_date', '<=', period.to);
  if (period.branch_id) q = q.where('s.branch_id', '=', period.branch_id);
  return q;
}

function countedReturns(deps: Deps, ctx: RequestContext, period: ReportPeriodInfo) {
  let q = deps.db
    .selectFrom('sale_returns as sr')
    .innerJoin('sales as s', (j) => j.onRef('s.business_id', '=', 'sr.business_id').onRef('s.id', '=', 'sr.sale_id'))
    .where('sr.business_id', '=', ctx.businessId)
    .where('sr.status', '=', COUNTED_RETURN_STATUS)
    .where('sr.returned_on', '>=', period.from)
    .where('sr.returned_on', '<=', period.to);
  if (period.branch_id) q = q.where('sr.branch_id', '=', period.branch_id);
  return q;
}

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
      total(sql`s.grand_total`).as('grand_total'),
      total(sql`s.paid_amount`).as('paid'),
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
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const order = <Q extends { orderBy: (...a: any[]) => Q }>(q: Q): Q =>
    q.orderBy(sql`${SALE_SORTS[query.sort ?? 'sale_date']} ${direction}`).orderBy('s.id', query.order === 'asc' ? 'asc' : 'desc');
  const limit = size ?? (opts?.exporting ? null : 1000);
  let rowsQ = order(
    filtered()
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 's.business_id').onRef('b.id', '=', 's.branch_id'))
      .leftJoin('customers as c', (j) => j.onRef('c.business_id', '=', 's.business_id').onRef('c.id', '=', 's.customer_id'))
      .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.created_by'))
      .select([
        's.id',
        's.invoice_number',
        's.sale_date',
        's.sold_at',
        'b.name as branch_name',
        sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`.as('cashier_name'),
        'c.name as customer_name',
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
  const rows = await rowsQ.execute();

  const ret = await saleFilters(countedReturns(deps, ctx, period), query, deps, biz)
    .select([sql<number>`count(*)`.as('count'), total(sql`sr.total`).as('total')])
    .executeTakeFirstOrThrow();

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
      sale_type: r.sale_type,
      grand_total: moneyOut(r.grand_total, cur),
      paid: moneyOut(r.paid_amount, cur),
      due: moneyOut(int(r.grand_total) - int(r.paid_amount), cur),
      payment_status: r.payment_status,
    })),
    meta: listMeta({ page, per_page: opts?.exporting ? 'all' : query.per_page, order: query.order }, page, count, lastPage),
    totals: { count, grand_total: moneyOut(grand, cur), paid: moneyOut(paid, cur), due: moneyOut(grand - paid, cur) },
    returns: { count: int(ret.count), total: moneyOut(int(ret.total), cur) },
    net_total: moneyOut(grand - int(ret.total), cur),
    by_day: byDay.map((d) => ({ day: d.day, count: int(d.count), grand_total: moneyOut(int(d.grand_total), cur) })),
  };
}

// ---- sale summary --------------------------------------------------------------------------------------------

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

export async function saleSummary(deps: Deps, ctx: RequestContext, query: SaleSummaryQuery): Promise<SaleSummaryResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const unit = period.from === period.to ? 'hour' : 'day';
  const zone = period.time_zone;
  // The bucket of each document: its shop-local day, or for one day the hour on the shop's wall clock.
  const saleBucket = unit === 'hour' ? sql<string>`${localHourSql(deps.kind, sql.ref('s.sold_at'), zone)}` : sql<string>`s.sale_date`;
  const returnBucket =
    unit === 'hour' ? sql<string>`${localHourSql(deps.kind, sql.ref('sr.created_at'), zone)}` : sql<string>`sr.returned_on`;

  const sales = await countedSales(deps, ctx, period)
    .select([
      saleBucket.as('bucket'),
      sql<number>`count(*)`.as('count'),
      total(sql`s.subtotal`).as('subtotal'),
      total(sql`s.discount_amount + s.coupon_amount`).as('order_discounts'),
      total(sql`s.tax`).as('tax'),
      total(sql`s.service_charge`).as('service'),
      total(sql`s.shipping`).as('shipping'),
      total(sql`s.grand_total`).as('grand'),
    ])
    .groupBy(saleBucket)
    .execute();
  const lineDiscounts = await countedSales(deps, ctx, period)
    .innerJoin('sale_lines as sl', (j) => j.onRef('sl.business_id', '=', 's.business_id').onRef('sl.sale_id', '=', 's.id'))
    .select([saleBucket.as('bucket'), total(sql`sl.line_discount`).as('amount')])
    .groupBy(saleBucket)
    .execute();
  const payments = await countedSales(deps, ctx, period)
    .innerJoin('sale_payments as sp', (j) => j.onRef('sp.business_id', '=', 's.business_id').onRef('sp.sale_id', '=', 's.id'))
    .select([saleBucket.as('bucket'), 'sp.payment_method_id as method', total(sql`sp.amount_in_sale_currency`).as('amount')])
    .groupBy([saleBucket, 'sp.payment_method_id'])
    .execute();
  // Change goes back in cash: it comes off the cash method the sale was paid with, so methods add up to what was kept.
  const changeMethod = sql<string>`(SELECT min(cp.payment_method_id) FROM sale_payments cp WHERE cp.business_id = s.business_id AND cp.sale_id = s.id AND cp.method_type = 'cash')`;
  const change = await countedSales(deps, ctx, period)
    .where('s.change_amount', '>', 0)
    .select([saleBucket.as('bucket'), changeMethod.as('method'), total(sql`s.change_amount`).as('amount')])
    .groupBy([saleBucket, changeMethod])
    .execute();
  const returns = await countedReturns(deps, ctx, period)
    .select([returnBucket.as('bucket'), total(sql`sr.total`).as('amount')])
    .groupBy(returnBucket)
    .execute();

  const buckets = new Map<string, Bucket>();
  const key = (b: string | number) => (unit === 'hour' ? String(Number(b)).padStart(2, '0') : String(b));
  const at = (b: string | number) => {
    const k = key(b);
    let x = buckets.get(k);
    if (!x) buckets.set(k, (x = emptyBucket()));
    return x;
  };
  for (const r of sales) {
    const x = at(r.bucket);
    x.count = int(r.count);
    x.subtotal = int(r.subtotal);
    x.orderDiscounts = int(r.order_discounts);
    x.tax = int(r.tax);
    x.service = int(r.service);
    x.shipping = int(r.shipping);
    x.grand = int(r.grand);
  }
  for (const r of lineDiscounts) at(r.bucket).lineDiscounts = int(r.amount);
  for (const r of returns) at(r.bucket).returns = int(r.amount);
  const methodIds = new Set<string>();
  for (const r of payments) {
    at(r.bucket).methods.set(r.method, int(r.amount));
    methodIds.add(r.method);
  }
  for (const r of change) {
    if (!r.method) continue;
    const m = at(r.bucket).methods;
    m.set(r.method, (m.get(r.method) ?? 0) - int(r.amount));
  }
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
    gross: moneyOut(x.subtotal + x.lineDiscounts, cur),
    discounts: moneyOut(x.lineDiscounts + x.orderDiscounts, cur),
    tax: moneyOut(x.tax, cur),
    service_charge: moneyOut(x.service, cur),
    shipping: moneyOut(x.shipping, cur),
    net_sales: moneyOut(x.grand - x.tax - x.service - x.shipping, cur),
    grand_total: moneyOut(x.grand, cur),
    returns: moneyOut(x.returns, cur),
    sales: moneyOut(x.grand - x.returns, cur),
    by_method: Object.fromEntries(methods.map((m) => [m.id, moneyOut(x.methods.get(m.id) ?? 0, cur)])),
  });
  const sum = emptyBucket();
  for (const x of buckets.values()) {
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
  const rows: SaleSummaryRow[] = [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([bucket, x]) => ({ bucket, ...figures(x) }));
  return { period, unit, methods, rows, totals: figures(sum) };
}

// ---- brands and items ----------------------------------------------------------------------------------------

interface ItemSums {
  sold: number;
  returned: number;
  net: number;
  cost: number;
}

/**
 * Per item (product + variant): what counted sales sold and counted returns took back in the period. Net is without
 * VAT: a line's net amount holds its VAT when the sale's prices include it; a returned amount always holds it.
 */
async function itemSums(deps: Deps, ctx: RequestContext, period: ReportPeriodInfo, filter: { category_id?: string; brand_id?: string }) {
  const product = <Q extends { where: (...a: any[]) => Q }>(q: Q): Q => {
    if (filter.category_id) q = q.where('p.category_id', '=', filter.category_id);
    if (filter.brand_id) q = q.where('p.brand_id', '=', filter.brand_id);
    return q;
  };
  const sold = await product(
    countedSales(deps, ctx, period)
      .innerJoin('sale_lines as sl', (j) => j.onRef('sl.business_id', '=', 's.business_id').onRef('sl.sale_id', '=', 's.id'))
      .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'sl.business_id').onRef('p.id', '=', 'sl.product_id')),
  )
    .select([
      'sl.product_id',
      'sl.variant_id',
      total(baseQty('sl.quantity', 'sl.unit_factor')).as('quantity'),
      total(sql`sl.net_amount - CASE WHEN s.vat_inclusive = 1 THEN sl.tax_amount ELSE 0 END`).as('net'),
      total(sql`sl.cost_amount`).as('cost'),
    ])
    .groupBy(['sl.product_id', 'sl.variant_id'])
    .execute();
  const back = await product(
    countedReturns(deps, ctx, period)
      .innerJoin('sale_return_lines as rl', (j) => j.onRef('rl.business_id', '=', 'sr.business_id').onRef('rl.return_id', '=', 'sr.id'))
      .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'rl.business_id').onRef('p.id', '=', 'rl.product_id')),
  )
    .select([
      'rl.product_id',
      'rl.variant_id',
      total(baseQty('rl.quantity', 'rl.unit_factor')).as('quantity'),
      total(sql`rl.amount - rl.tax_amount`).as('net'),
      total(sql`rl.cost_amount`).as('cost'),
    ])
    .groupBy(['rl.product_id', 'rl.variant_id'])
    .execute();

  const items = new Map<string, ItemSums & { product_id: string; variant_id: string }>();
  const at = (p: string, v: string | null) => {
    const k = `${p}/${v ?? ''}`;
    let x = items.get(k);
    if (!x) items.set(k, (x = { product_id: p, variant_id: v ?? '', sold: 0, returned: 0, net: 0, cost: 0 }));
    return x;
  };
  for (const r of sold) {
    const x = at(r.product_id, r.variant_id);
    x.sold = int(r.quantity);
    x.net = safeAdd(x.net, int(r.net));
    x.cost = safeAdd(x.cost, int(r.cost));
  }
  for (const r of back) {
    const x = at(r.product_id, r.variant_id);
    x.returned = int(r.quantity);
    x.net -= int(r.net);
    x.cost -= int(r.cost);
  }
  return [...items.values()];
}

const sumItems = (list: ItemSums[]) =>
  list.reduce(
    (a, x) => ({
      sold: safeAdd(a.sold, x.sold),
      returned: safeAdd(a.returned, x.returned),
      net: safeAdd(a.net, x.net),
      cost: safeAdd(a.cost, x.cost),
    }),
    { sold: 0, returned: 0, net: 0, cost: 0 },
  );

/** Cost and profit are the shop's to see: without profit-lost-report (a cashier, a clerk) they answer null. */
const seesCost = (ctx: RequestContext) => ctx.permissions.has('profit-lost-report');

const itemFigures = (x: ItemSums, cur: string, withCost: boolean) => ({
  quantity: formatQuantity(x.sold - x.returned),
  net_amount: moneyOut(x.net, cur),
  cost: withCost ? moneyOut(x.cost, cur) : null,
  profit: withCost ? moneyOut(x.net - x.cost, cur) : null,
});

export async function brandSales(deps: Deps, ctx: RequestContext, query: BrandSaleQuery): Promise<BrandSaleResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const items = await itemSums(deps, ctx, period, {});
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const brandOf = new Map<string, { id: string | null; name: string | null }>();
  // A few hundred products at most per chunk: IN lists stay well under both databases' parameter limits.
  for (let i = 0; i < productIds.length; i += 500) {
    const chunk = productIds.slice(i, i + 500);
    const rows = await deps.db
      .selectFrom('products as p')
      .leftJoin('brands as br', (j) => j.onRef('br.business_id', '=', 'p.business_id').onRef('br.id', '=', 'p.brand_id'))
      .select(['p.id', 'p.brand_id', 'br.name'])
      .where('p.business_id', '=', ctx.businessId)
      .where('p.id', 'in', chunk)
      .execute();
    for (const r of rows) brandOf.set(r.id, { id: r.brand_id && r.name !== null ? r.brand_id : null, name: r.brand_id ? r.name : null });
  }
  const brands = new Map<string, { id: string | null; name: string | null; items: ItemSums[] }>();
  for (const it of items) {
    const b = brandOf.get(it.product_id) ?? { id: null, name: null };
    const k = b.id ?? '';
    let x = brands.get(k);
    if (!x) brands.set(k, (x = { ...b, items: [] }));
    x.items.push(it);
  }
  const rows: BrandSaleRow[] = [...brands.values()]
    .map((b) => ({ sums: sumItems(b.items), b }))
    .sort((a, z) => z.sums.net - a.sums.net || String(a.b.name ?? '').localeCompare(String(z.b.name ?? '')))
    .map(({ sums, b }) => ({ brand_id: b.id, brand_name: b.name, ...itemFigures(sums, cur, seesCost(ctx)) }));
  return { period, rows, totals: itemFigures(sumItems(items), cur, seesCost(ctx)) };
}

export async function itemSales(deps: Deps, ctx: RequestContext, query: ItemSaleQuery): Promise<ItemSaleResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const items = await itemSums(deps, ctx, period, query);
  const names = new Map<string, { name: string; sku: string | null; unit: string | null }>();
  const productIds = [...new Set(items.map((i) => i.product_id))];
  for (let i = 0; i < productIds.length; i += 500) {
    const rows = await deps.db
      .selectFrom('products as p')
      .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'p.business_id').onRef('v.product_id', '=', 'p.id'))
      .leftJoin('units as un', (j) => j.onRef('un.business_id', '=', 'p.business_id').onRef('un.id', '=', 'p.unit_id'))
      .select([
        'p.id',
        'v.id as variant_id',
        itemName.as('name'),
        sql<string | null>`COALESCE(v.sku_code, p.sku_code)`.as('sku'),
        'un.name as unit',
      ])
      .where('p.business_id', '=', ctx.businessId)
      .where('p.id', 'in', productIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      names.set(`${r.id}/${r.variant_id ?? ''}`, { name: r.name, sku: r.sku, unit: r.unit });
      // The product's own row names a line sold without a variant.
      if (!names.has(`${r.id}/`) || r.variant_id === null)
        names.set(`${r.id}/`, { name: r.name.split(' - ')[0]!, sku: r.sku, unit: r.unit });
    }
  }
  const dir = query.order === 'asc' ? 1 : -1;
  const sortKey = query.sort ?? 'net_amount';
  const value = (x: ItemSums) =>
    sortKey === 'quantity' ? x.sold - x.returned : sortKey === 'profit' && seesCost(ctx) ? x.net - x.cost : x.net;
  const rows: ItemSaleRow[] = items
    .map((x) => ({ x, n: names.get(`${x.product_id}/${x.variant_id}`) ?? names.get(`${x.product_id}/`) }))
    .sort((a, b) =>
      sortKey === 'product_name'
        ? dir * (a.n?.name ?? '').localeCompare(b.n?.name ?? '')
        : dir * (value(a.x) - value(b.x)) || (a.n?.name ?? '').localeCompare(b.n?.name ?? ''),
    )
    .map(({ x, n }) => ({
      product_id: x.product_id,
      variant_id: x.variant_id,
      product_name: n?.name ?? '',
      sku_code: n?.sku ?? null,
      unit_name: n?.unit ?? null,
      sold_quantity: formatQuantity(x.sold),
      returned_quantity: formatQuantity(x.returned),
      ...itemFigures(x, cur, seesCost(ctx)),
    }));
  const sums = sumItems(items);
  return {
    period,
    rows,
    totals: {
      sold_quantity: formatQuantity(sums.sold),
      returned_quantity: formatQuantity(sums.returned),
      ...itemFigures(sums, cur, seesCost(ctx)),
    },
  };
}

// ---- routes and exports --------------------------------------------------------------------------------------

type T = (key: string) => string;
type SummarySheetRow = SaleSummaryRow;
const col = <R>(t: T, header: string, value: (r: R) => string | number | null): ExportColumn<R> => ({ header: t(header), value });

export function saleReports(app: AppInstance, deps: Deps): void {
  registerReport(app, deps, {
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
      columns: (t) => [
        col<SaleReportRow>(t, 'sale_reports.invoice', (r) => r.invoice_number),
        col<SaleReportRow>(t, 'sale_reports.date', (r) => r.sale_date),
        col<SaleReportRow>(t, 'sale_reports.branch', (r) => r.branch_name),
        col<SaleReportRow>(t, 'sale_reports.cashier', (r) => r.cashier_name),
        col<SaleReportRow>(t, 'sale_reports.customer', (r) => r.customer_name),
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
        {
          invoice_number: t('reports.total'),
          sale_date: '',
          branch_name: '',
          cashier_name: '',
          customer_name: '',
          sale_type: '',
          grand_total: data.totals.grand_total,
          paid: data.totals.paid,
          due: data.totals.due,
          payment_status: '',
        },
        {
          invoice_number: t('sale_reports.returns_total'),
          sale_date: '',
          branch_name: '',
          cashier_name: '',
          customer_name: '',
          sale_type: '',
          grand_total: data.returns.total,
          paid: '',
          due: '',
          payment_status: '',
        },
        {
          invoice_number: t('sale_reports.net_total'),
          sale_date: '',
          branch_name: '',
          cashier_name: '',
          customer_name: '',
          sale_type: '',
          grand_total: data.net_total,
          paid: '',
          due: '',
          payment_status: '',
        },
      ],
    },
  });

  registerReport(app, deps, {
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
        col<SummarySheetRow>(t, data.unit === 'hour' ? 'sale_reports.hour' : 'sale_reports.date', (r) => r.bucket),
        col<SummarySheetRow>(t, 'sale_reports.count', (r) => r.count),
        col<SummarySheetRow>(t, 'sale_reports.gross', (r) => r.gross),
        col<SummarySheetRow>(t, 'sale_reports.discounts', (r) => r.discounts),
        col<SummarySheetRow>(t, 'sale_reports.tax', (r) => r.tax),
        col<SummarySheetRow>(t, 'sale_reports.service_charge', (r) => r.service_charge),
        col<SummarySheetRow>(t, 'sale_reports.shipping', (r) => r.shipping),
        col<SummarySheetRow>(t, 'sale_reports.net_sales', (r) => r.net_sales),
        col<SummarySheetRow>(t, 'sale_reports.grand_total', (r) => r.grand_total),
        col<SummarySheetRow>(t, 'sale_reports.returns', (r) => r.returns),
        col<SummarySheetRow>(t, 'sale_reports.sales', (r) => r.sales),
        ...data.methods.map((m) => ({ header: m.name, value: (r: SummarySheetRow) => r.by_method[m.id] ?? null })),
      ],
      rows: (data: SaleSummaryResponse, t) => [
        ...data.rows.map((r) => (data.unit === 'hour' ? { ...r, bucket: `${r.bucket}:00` } : r)),
        { bucket: t('reports.total'), ...data.totals },
      ],
    },
  });

  registerReport(app, deps, {
    path: '/api/v1/reports/brand-sales',
    operationId: 'getBrandSaleReport',
    summary: 'Sales by brand: quantity, net amount, cost and profit',
    permission: 'sale-report',
    query: brandSaleQuerySchema,
    response: brandSaleResponseSchema,
    run: brandSales,
    sheet: {
      fileKey: 'pages.brand-sale-reports',
      fileName: 'brand-sales',
      columns: (t, _lang, data: BrandSaleResponse) => [
        col<BrandSaleRow>(t, 'sale_reports.brand', (r) => r.brand_name),
        col<BrandSaleRow>(t, 'sale_reports.quantity', (r) => r.quantity),
        col<BrandSaleRow>(t, 'sale_reports.net_amount', (r) => r.net_amount),
        // The file says what the screen says: no cost or profit for a user who may not see them.
        ...(data.totals.cost === null
          ? []
          : [col<BrandSaleRow>(t, 'sale_reports.cost', (r) => r.cost), col<BrandSaleRow>(t, 'sale_reports.profit', (r) => r.profit)]),
      ],
      rows: (data: BrandSaleResponse, t) => [
        ...data.rows.map((r) => ({ ...r, brand_name: r.brand_name ?? t('sale_reports.no_brand') })),
        { brand_id: null, brand_name: t('reports.total'), ...data.totals },
      ],
    },
  });

  registerReport(app, deps, {
    path: '/api/v1/reports/item-sales',
    operationId: 'getItemSaleReport',
    summary: 'Sales by item: quantity sold and returned, net amount, cost and profit',
    permission: 'sale-report',
    query: itemSaleQuerySchema,
    response: itemSaleResponseSchema,
    run: itemSales,
    sheet: {
      fileKey: 'pages.item-sale-reports',
      fileName: 'item-sales',
      columns: (t, _lang, data: ItemSaleResponse) => [
        col<ItemSaleRow>(t, 'sale_reports.item', (r) => r.product_name),
        col<ItemSaleRow>(t, 'sale_reports.sku', (r) => r.sku_code),
        col<ItemSaleRow>(t, 'sale_reports.sold_quantity', (r) => r.sold_quantity),
        col<ItemSaleRow>(t, 'sale_reports.returned_quantity', (r) => r.returned_quantity),
        col<ItemSaleRow>(t, 'sale_reports.quantity', (r) => r.quantity),
        col<ItemSaleRow>(t, 'sale_reports.net_amount', (r) => r.net_amount),
        ...(data.totals.cost === null
          ? []
          : [col<ItemSaleRow>(t, 'sale_reports.cost', (r) => r.cost), col<ItemSaleRow>(t, 'sale_reports.profit', (r) => r.profit)]),
      ],
      rows: (data: ItemSaleResponse, t) => [
        ...data.rows,
        { product_id: '', variant_id: '', product_name: t('reports.total'), sku_code: null, unit_name: null, ...data.totals },
      ],
    },
  });
}
