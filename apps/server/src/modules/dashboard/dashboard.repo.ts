import { sql, type Kysely } from 'kysely';
import { localHourSql, type DialectKind } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { countedReturn, countedReturnSql, countedSale, countedSaleSql } from '../../kernel/counted';

/** Sales and profit of one calendar day in the shop's time zone, in minor units. */
export interface DayBucket {
  day: string;
  sales: number;
  profit: number;
}

export interface SalesScope {
  businessId: string;
  /** A branch user's figures cover their branch only (or the branch the owner picked); null means the whole shop. */
  branchId: string | null;
}

/** The scope over shop-local days, as the kernel's counted scope (kernel/counted.ts: quotations and voids never count). */
const counted = (scope: SalesScope, range: { from: string; to: string }) => ({ ...scope, ...range });

/**
 * Daily sales and profit of the scope over the shop-local days from..to (both included): two GROUP BY day sums,
 * sales by sale_date and posted returns by returned_on (design-13). Sales: Σ grand_total − Σ return total. Profit:
 * Σ (grand_total − tax − cost_total) of sales − Σ (total − tax − cost_total) of returns, i.e. revenue without VAT,
 * service charges and shipping included, less the cost of goods, net of returns.
 */
export async function salesBuckets(db: Kysely<Database>, scope: SalesScope, range: { from: string; to: string }): Promise<DayBucket[]> {
  const sales = db
    .selectFrom('sales as s')
    .select([
      's.sale_date as day',
      sql<number>`sum(s.grand_total)`.as('sales'),
      sql<number>`sum(s.grand_total - s.tax - s.cost_total)`.as('profit'),
    ])
    .where(countedSale('s', counted(scope, range)))
    .groupBy('s.sale_date');
  const returns = db
    .selectFrom('sale_returns as r')
    .select(['r.returned_on as day', sql<number>`sum(r.total)`.as('sales'), sql<number>`sum(r.total - r.tax - r.cost_total)`.as('profit')])
    .where(countedReturn('r', counted(scope, range)))
    .groupBy('r.returned_on');
  const [sold, returned] = await Promise.all([sales.execute(), returns.execute()]);
  const byDay = new Map<string, DayBucket>();
  const at = (day: string) => {
    let b = byDay.get(day);
    if (!b) byDay.set(day, (b = { day, sales: 0, profit: 0 }));
    return b;
  };
  for (const r of sold) {
    const b = at(r.day);
    b.sales += Number(r.sales);
    b.profit += Number(r.profit);
  }
  for (const r of returned) {
    const b = at(r.day);
    b.sales -= Number(r.sales);
    b.profit -= Number(r.profit);
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * The products that brought in most over the days from..to: each sold line's amount without VAT (net_amount holds
 * the VAT when prices include it) less what came back (a return line's amount without its VAT), summed per product.
 */
export async function topProducts(
  db: Kysely<Database>,
  kind: DialectKind,
  scope: SalesScope,
  range: { from: string; to: string },
  limit: number,
) {
  // The lines are reached from the period's sales through sale_lines_doc (business_id, sale_id): a month of lines,
  // not the table. SQLite plans it so by itself. PostgreSQL's estimate prefers hashing every line of the shop (a
  // parallel scan of a year's million lines per home page), so there the lines are a LATERAL subquery kept apart
  // by OFFSET 0, which can only be a per-sale index lookup.
  const saleLines =
    kind === 'postgres'
      ? sql`FROM sales s CROSS JOIN LATERAL (
              SELECT l.product_id, l.net_amount, l.tax_amount FROM sale_lines l
               WHERE l.business_id = s.business_id AND l.sale_id = s.id OFFSET 0) l`
      : sql`FROM sales s JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id`;
  const rows = await sql<{ product_id: string; amount: number }>`
    SELECT x.product_id, sum(x.amount) AS amount FROM (
      SELECT l.product_id, l.net_amount - CASE WHEN s.vat_inclusive = 1 THEN l.tax_amount ELSE 0 END AS amount
        ${saleLines}
       WHERE ${countedSaleSql('s', counted(scope, range))}
      UNION ALL
      SELECT rl.product_id, rl.tax_amount - rl.amount AS amount
        FROM sale_returns r JOIN sale_return_lines rl ON rl.business_id = r.business_id AND rl.return_id = r.id
       WHERE ${countedReturnSql('r', counted(scope, range))}
    ) x
    GROUP BY x.product_id
    HAVING sum(x.amount) > 0
    ORDER BY sum(x.amount) DESC, x.product_id
    LIMIT ${limit}`.execute(db);
  if (!rows.rows.length) return [];
  const names = await db
    .selectFrom('products')
    .select(['id', 'product_name'])
    .where('business_id', '=', scope.businessId)
    .where(
      'id',
      'in',
      rows.rows.map((r) => r.product_id),
    )
    .execute();
  const nameOf = new Map(names.map((p) => [p.id, p.product_name]));
  return rows.rows.map((r) => ({ product_id: r.product_id, product_name: nameOf.get(r.product_id) ?? '', amount: Number(r.amount) }));
}

/** Counted sales of one shop-local day by hour of sold_at on the shop's clock: only the hours with sales. */
export async function salesByHour(db: Kysely<Database>, kind: DialectKind, scope: SalesScope, day: string, timeZone: string) {
  const hour = localHourSql(kind, sql.ref('s.sold_at'), timeZone);
  const q = db
    .selectFrom('sales as s')
    .select([hour.as('hour'), sql<number>`count(*)`.as('count'), sql<number>`sum(s.grand_total)`.as('sales')])
    .where(countedSale('s', counted(scope, { from: day, to: day })))
    .groupBy(hour);
  return (await q.execute()).map((r) => ({ hour: Number(r.hour), count: Number(r.count), sales: Number(r.sales) }));
}

/**
 * Stock-kept, active items at or under their alert level (the product's own, else the shop's default), lowest
 * stock first: how many, and the first `limit`. Same rule as the stock listing's low filter (stock-levels.ts).
 */
export async function lowStock(db: Kysely<Database>, scope: SalesScope, limit: number, defaultAlert: number | null) {
  // The shop's default comes from the one settings reader (it was a subquery of general_settings here).
  const alertLevel = sql<number>`COALESCE(p.stock_alert, ${defaultAlert})`;
  const base = () => {
    let q = db
      .selectFrom('stock_levels as l')
      .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'l.business_id').onRef('p.id', '=', 'l.product_id'))
      .where('l.business_id', '=', scope.businessId)
      .where('p.is_stock_manage', '=', 1)
      .where('p.status', '=', 1)
      .where(sql<boolean>`l.on_hand <= ${alertLevel}`);
    if (scope.branchId) q = q.where('l.branch_id', '=', scope.branchId);
    return q;
  };
  const [count, items] = await Promise.all([
    base()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'l.business_id').onRef('b.id', '=', 'l.branch_id'))
      .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'l.business_id').onRef('v.id', '=', 'l.variant_id'))
      .select([
        'l.product_id',
        'l.variant_id',
        'l.branch_id',
        'b.name as branch_name',
        sql<string>`COALESCE(p.product_name || ' - ' || v.name, p.product_name)`.as('product_name'),
        'l.on_hand',
        alertLevel.as('alert'),
      ])
      .orderBy('l.on_hand')
      .orderBy('p.product_name')
      .orderBy('l.branch_id')
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count.n), items };
}

/** Whether a branch is the shop's own (another shop's branch is simply not found). */
export async function branchExists(db: Kysely<Database>, businessId: string, branchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '=', branchId)
    .executeTakeFirst();
  return Boolean(row);
}
