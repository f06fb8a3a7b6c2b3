import { sql } from 'kysely';
import { formatDecimal, formatQuantity, isCurrencyCode, minorDigits, roundDiv } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import type { StockLevel, StockLevelQuery, StockMovement, StockMovementQuery } from '@posauto/shared/schemas/stock';
import type { Deps } from '../../deps';
import { runList } from '../../db/list';
import { branchFilter, type RequestContext } from '../../http/context';
import { addDays, DEFAULT_TIME_ZONE, startOfLocalDay } from '../../lib/time-zone';
import { shopTimeZone } from '../settings/index';
import { AVG_COST_SCALE, STOCK_LEVEL_COUNTER } from './stock-ledger';

const digitsOf = (currency: string) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);

/** Minor units as decimal text in their currency ("12.50", "41000"). */
export const moneyText = (amount: number, currency: string) => formatDecimal(amount, digitsOf(currency));

/**
 * An average cost (millionths of a minor unit per base unit) as decimal text: the currency's own decimals, and up
 * to four more only where the cost has them ("0.35", "0.416667").
 */
const avgText = (avg: number, currency: string) => {
  const digits = digitsOf(currency);
  const text = formatDecimal(roundDiv(avg, 10 ** digits, 'half-up'), Math.log10(AVG_COST_SCALE));
  const [whole, frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(digits, '0');
  return kept ? `${whole}.${kept}` : whole!;
};

/** Stock on hand per branch and item. A branch user sees its own branch only, whatever it asks for. */
export async function stockLevels(deps: Deps, ctx: RequestContext, query: StockLevelQuery): Promise<ListResponse<StockLevel>> {
  const { db, kind } = deps;
  const { rows, meta } = await runList(
    db,
    kind,
    ctx.businessId,
    (biz) => {
      // Products first: a page in name order walks the products' name index and each product's few levels
      // (stock_levels_item) in 0.5 ms, instead of sorting every level of the shop (0.7 s at 100,000 products in 3
      // branches). CROSS JOIN is how SQLite is told to keep that order; the join's condition is in the WHERE.
      // Only these two tables are joined: branch, variant and unit names and the shop's alert level are scalar
      // subqueries, looked up for the page's rows only. Joined, they made PostgreSQL weigh every order of seven
      // tables on each request: planning took 7 ms of a 7.8 ms page (0.9 ms now).
      // A level without a variant ('') skips the variant lookups: most rows have none, and PostgreSQL, seeing a small
      // variants table, walks the shop's variants for each (the page ran in 155 us; 58 us with the guard).
      const variant = (column: 'name' | 'sku_code') =>
        sql<
          string | null
        >`(CASE WHEN l.variant_id = '' THEN NULL ELSE (SELECT v.${sql.ref(column)} FROM product_variants v WHERE v.business_id = l.business_id AND v.id = l.variant_id) END)`;
      // The shop's default alert level is read inside the page's statement, not through the settings reader: a row's
      // level decides the low-stock filter and sort, which the database applies before it pages.
      const alertLevel = sql<number>`COALESCE(p.stock_alert, (SELECT g.default_stock_alert FROM general_settings g WHERE g.business_id = p.business_id))`;
      let q = db
        .selectFrom('products as p')
        .crossJoin('stock_levels as l')
        .select([
          'l.product_id',
          'l.variant_id',
          'l.branch_id',
          sql<string>`(SELECT b.name FROM branches b WHERE b.business_id = l.business_id AND b.id = l.branch_id)`.as('branch_name'),
          // A product without variants has no variant row: the concatenation is NULL and the name stays.
          sql<string>`COALESCE(p.product_name || ' - ' || ${variant('name')}, p.product_name)`.as('product_name'),
          sql<string>`COALESCE(${variant('sku_code')}, p.sku_code)`.as('sku_code'),
          sql<string | null>`(SELECT u.name FROM units u WHERE u.business_id = p.business_id AND u.id = p.unit_id)`.as('unit_name'),
          'l.on_hand',
          'l.avg_cost',
          'l.stock_value',
          'p.currency',
          'p.is_stock_manage',
          sql<number>`CASE WHEN l.on_hand <= ${alertLevel} THEN 1 ELSE 0 END`.as('low'),
        ])
        .where('p.business_id', '=', biz)
        .whereRef('l.business_id', '=', 'p.business_id')
        .whereRef('l.product_id', '=', 'p.id');
      if (query.low) q = q.where(sql<boolean>`l.on_hand <= ${alertLevel}`);
      return q;
    },
    query,
    {
      searchColumns: ['p.product_name', 'p.sku_code'],
      sorts: { product_name: 'p.product_name', on_hand: 'l.on_hand', stock_value: 'l.stock_value' },
      defaultSort: 'p.product_name',
      // One row per product, variant and branch: all three keep pages stable.
      idColumn: 'p.id',
      tieBreakers: ['l.variant_id', 'l.branch_id'],
      // The low-stock filter is part of the base query, not a list filter: no counter, and its own statement.
      counter: query.low ? undefined : STOCK_LEVEL_COUNTER,
    },
    query.low ? 'stock-levels-low' : 'stock-levels',
    {
      ...branchFilter(ctx, 'l.branch_id', query.branch_id),
      'l.product_id': query.product_id,
      'p.category_id': query.category_id,
      'p.brand_id': query.brand_id,
    },
  );
  return {
    data: rows.map((r) => ({
      product_id: r.product_id,
      variant_id: r.variant_id || null,
      branch_id: r.branch_id,
      branch_name: r.branch_name,
      product_name: r.product_name,
      sku_code: r.sku_code,
      unit_name: r.unit_name,
      on_hand: formatQuantity(Number(r.on_hand)),
      average_cost: avgText(Number(r.avg_cost), r.currency),
      stock_value: moneyText(Number(r.stock_value), r.currency),
      currency: r.currency,
      is_stock_manage: Boolean(r.is_stock_manage),
      low: Boolean(Number(r.low)),
    })),
    meta,
  };
}

/** The ledger itself, newest first by default. */
export async function stockMovements(deps: Deps, ctx: RequestContext, query: StockMovementQuery): Promise<ListResponse<StockMovement>> {
  const { db, kind } = deps;
  // Days are the shop's local days.
  const zone = query.from || query.to ? await shopTimeZone(db, ctx.businessId) : DEFAULT_TIME_ZONE;
  const { rows, meta } = await runList(
    db,
    kind,
    ctx.businessId,
    (biz) => {
      let q = db
        .selectFrom('stock_movements as m')
        .select([
          'm.id',
          'm.branch_id',
          'm.product_id',
          'm.variant_id',
          'm.movement_type',
          'm.quantity',
          'm.cost_total',
          'm.currency',
          'm.on_hand_after',
          'm.doc_type',
          'm.doc_id',
          'm.created_at',
        ])
        .where('m.business_id', '=', biz);
      if (query.from) q = q.where('m.created_at', '>=', startOfLocalDay(query.from, zone).toISOString());
      if (query.to) q = q.where('m.created_at', '<', startOfLocalDay(addDays(query.to, 1), zone).toISOString());
      return q;
    },
    { ...query, order: query.sort ? query.order : 'desc' },
    { searchColumns: ['m.doc_type'], sorts: { created_at: 'm.created_at' }, defaultSort: 'm.created_at', idColumn: 'm.id' },
    undefined,
    {
      ...branchFilter(ctx, 'm.branch_id', query.branch_id),
      'm.product_id': query.product_id,
      'm.variant_id': query.variant_id,
      'm.movement_type': query.movement_type,
    },
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      branch_id: r.branch_id,
      product_id: r.product_id,
      variant_id: r.variant_id || null,
      movement_type: r.movement_type,
      quantity: formatQuantity(Number(r.quantity)),
      cost: moneyText(Number(r.cost_total), r.currency),
      currency: r.currency,
      on_hand_after: formatQuantity(Number(r.on_hand_after)),
      doc_type: r.doc_type,
      doc_id: r.doc_id,
      created_at: r.created_at,
    })),
    meta,
  };
}
