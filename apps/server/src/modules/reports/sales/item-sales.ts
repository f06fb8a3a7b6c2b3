import { sql } from 'kysely';
import { formatQuantity } from '@posauto/shared/money/index';
import {
  itemSaleQuerySchema,
  itemSaleResponseSchema,
  type ItemSaleQuery,
  type ItemSaleResponse,
  type ItemSaleRow,
} from '@posauto/shared/schemas/reports-sales';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { defineReport, resolvePeriod, sheetColumn as col } from '../../../kernel/report-kit';
import { figureColumns, itemFigures, itemSums, seesCost, sumItems, type ItemGroup, type ItemSums } from './item-sums';

type Named = { x: ItemGroup; n: { name: string; sku: string | null; unit: string | null } | undefined; waiter: string };

const itemName = sql<string>`CASE WHEN v.name IS NULL THEN p.product_name ELSE p.product_name || ' - ' || v.name END`;

/** Each item's name, SKU and unit, by "product/variant" (and "product/" for a line sold without a variant). */
async function itemNames(deps: Deps, businessId: string, productIds: string[]) {
  const names = new Map<string, { name: string; sku: string | null; unit: string | null }>();
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
      .where('p.business_id', '=', businessId)
      .where('p.id', 'in', productIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      names.set(`${r.id}/${r.variant_id ?? ''}`, { name: r.name, sku: r.sku, unit: r.unit });
      // The product's own row names a line sold without a variant.
      if (!names.has(`${r.id}/`) || r.variant_id === null)
        names.set(`${r.id}/`, { name: r.name.split(' - ')[0]!, sku: r.sku, unit: r.unit });
    }
  }
  return names;
}

/** The waiters' names by id. */
async function staffNames(deps: Deps, businessId: string, ids: string[]) {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await deps.db
      .selectFrom('users')
      .select(['id', sql<string>`first_name || ' ' || last_name`.as('name')])
      .where('business_id', '=', businessId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) names.set(r.id, r.name);
  }
  return names;
}

export async function itemSales(deps: Deps, ctx: RequestContext, query: ItemSaleQuery): Promise<ItemSaleResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const items = await itemSums(deps, ctx, period, query, true);
  const names = await itemNames(deps, ctx.businessId, [...new Set(items.map((i) => i.product_id))]);
  const waiters = await staffNames(deps, ctx.businessId, [...new Set(items.flatMap((i) => (i.waiter_id ? [i.waiter_id] : [])))]);
  const dir = query.order === 'asc' ? 1 : -1;
  const sortKey = query.sort ?? 'net_amount';
  const value = (x: ItemSums) =>
    sortKey === 'quantity' ? x.sold - x.returned : sortKey === 'profit' && seesCost(ctx) ? x.net - x.cost : x.net;
  // Ties (and an item's rows at several tables) in name, then table and waiter order: both databases answer alike.
  const tie = (a: Named, b: Named) =>
    (a.n?.name ?? '').localeCompare(b.n?.name ?? '') ||
    (a.x.table_name ?? '').localeCompare(b.x.table_name ?? '') ||
    a.waiter.localeCompare(b.waiter) ||
    `${a.x.product_id}/${a.x.variant_id}/${a.x.table_id}/${a.x.waiter_id}`.localeCompare(
      `${b.x.product_id}/${b.x.variant_id}/${b.x.table_id}/${b.x.waiter_id}`,
    );
  const rows: ItemSaleRow[] = items
    .map((x): Named => ({
      x,
      n: names.get(`${x.product_id}/${x.variant_id}`) ?? names.get(`${x.product_id}/`),
      waiter: x.waiter_id ? (waiters.get(x.waiter_id) ?? '') : '',
    }))
    .sort((a, b) => (sortKey === 'product_name' ? dir * tie(a, b) : dir * (value(a.x) - value(b.x)) || tie(a, b)))
    .map(({ x, n, waiter }) => ({
      product_id: x.product_id,
      variant_id: x.variant_id,
      product_name: n?.name ?? '',
      sku_code: n?.sku ?? null,
      unit_name: n?.unit ?? null,
      table_id: x.table_id,
      table_name: x.table_name,
      waiter_id: x.waiter_id,
      waiter_name: x.waiter_id ? waiter : null,
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

export const itemSalesRoutes = defineReport({
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
      // The table and the waiter, when some item was sold at a table (the screen shows them then too).
      ...(data.rows.some((r) => r.table_id !== null || r.waiter_id !== null)
        ? [col<ItemSaleRow>(t, 'sale_reports.table', (r) => r.table_name), col<ItemSaleRow>(t, 'sale_reports.waiter', (r) => r.waiter_name)]
        : []),
      col<ItemSaleRow>(t, 'sale_reports.sold_quantity', (r) => r.sold_quantity),
      col<ItemSaleRow>(t, 'sale_reports.returned_quantity', (r) => r.returned_quantity),
      ...figureColumns<ItemSaleRow>(t, data.totals.cost),
    ],
    rows: (data: ItemSaleResponse, t) => [
      ...data.rows,
      {
        product_id: '',
        variant_id: '',
        product_name: t('reports.total'),
        sku_code: null,
        unit_name: null,
        table_id: null,
        table_name: null,
        waiter_id: null,
        waiter_name: null,
        ...data.totals,
      },
    ],
  },
});
