import { sql } from 'kysely';
import { formatQuantity, safeAdd } from '@posauto/shared/money/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../http/context';
import { sheetColumn as col } from '../../../kernel/report-kit';
import { int, money, sumOf } from '../report-sql';
import { countedReturns, countedSales, tableFilters } from './sale-scope';

const FACTOR = 1_000_000;
/**
 * Base-unit thousandths of a line: quantity in the sold unit times its factor (per line, rounded down). The purchase
 * reports round half up (report-sql.ts baseQuantity, as the ledger converts); kept as it was, see the report.
 */
const baseQty = (q: string, f: string) => sql`(cast(${sql.ref(q)} as bigint) * ${sql.ref(f)}) / ${sql.lit(FACTOR)}`;

export interface ItemSums {
  sold: number;
  returned: number;
  net: number;
  cost: number;
}

/** An item's sums, and (split by table) the table and the waiter of the sales they come from. */
export interface ItemGroup extends ItemSums {
  product_id: string;
  variant_id: string;
  table_id: string | null;
  table_name: string | null;
  waiter_id: string | null;
}

export interface ItemFilter {
  category_id?: string;
  brand_id?: string;
  table_id?: string;
  waiter_id?: string;
}

/**
 * Per item (product + variant): what counted sales sold and counted returns took back in the period. Net is without
 * VAT: a line's net amount holds its VAT when the sale's prices include it; a returned amount always holds it.
 * `byTable` counts an item apart per table and waiter of its sales (a returned line follows its sale); a counter
 * sale names neither, so its items stay one group.
 */
export async function itemSums(deps: Deps, ctx: RequestContext, period: ReportPeriodInfo, filter: ItemFilter, byTable = false) {
  const narrow = <Q extends { where: (...a: any[]) => Q }>(q: Q): Q => {
    if (filter.category_id) q = q.where('p.category_id', '=', filter.category_id);
    if (filter.brand_id) q = q.where('p.brand_id', '=', filter.brand_id);
    return tableFilters(q, filter);
  };
  const tableCols = byTable
    ? (['s.table_id', 's.table_name', 's.waiter_id'] as const)
    : ([sql<null>`NULL`.as('table_id'), sql<null>`NULL`.as('table_name'), sql<null>`NULL`.as('waiter_id')] as const);
  const tableGroup = byTable ? (['s.table_id', 's.table_name', 's.waiter_id'] as const) : ([] as const);
  const sold = await narrow(
    countedSales(deps, ctx, period)
      .innerJoin('sale_lines as sl', (j) => j.onRef('sl.business_id', '=', 's.business_id').onRef('sl.sale_id', '=', 's.id'))
      .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'sl.business_id').onRef('p.id', '=', 'sl.product_id')),
  )
    .select([
      'sl.product_id',
      'sl.variant_id',
      ...tableCols,
      sumOf(baseQty('sl.quantity', 'sl.unit_factor')).as('quantity'),
      sumOf(sql`sl.net_amount - CASE WHEN s.vat_inclusive = 1 THEN sl.tax_amount ELSE 0 END`).as('net'),
      sumOf(sql`sl.cost_amount`).as('cost'),
    ])
    .groupBy(['sl.product_id', 'sl.variant_id', ...tableGroup])
    .execute();
  const back = await narrow(
    countedReturns(deps, ctx, period)
      .innerJoin('sale_return_lines as rl', (j) => j.onRef('rl.business_id', '=', 'sr.business_id').onRef('rl.return_id', '=', 'sr.id'))
      .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'rl.business_id').onRef('p.id', '=', 'rl.product_id')),
  )
    .select([
      'rl.product_id',
      'rl.variant_id',
      ...tableCols,
      sumOf(baseQty('rl.quantity', 'rl.unit_factor')).as('quantity'),
      sumOf(sql`rl.amount - rl.tax_amount`).as('net'),
      sumOf(sql`rl.cost_amount`).as('cost'),
    ])
    .groupBy(['rl.product_id', 'rl.variant_id', ...tableGroup])
    .execute();

  const items = new Map<string, ItemGroup>();
  type Key = {
    product_id: string;
    variant_id: string | null;
    table_id: string | null;
    table_name: string | null;
    waiter_id: string | null;
  };
  const at = (r: Key) => {
    const k = JSON.stringify([r.product_id, r.variant_id ?? '', r.table_id, r.table_name, r.waiter_id]);
    let x = items.get(k);
    if (!x) {
      const { product_id, table_id, table_name, waiter_id } = r;
      const blank = { sold: 0, returned: 0, net: 0, cost: 0 };
      items.set(k, (x = { product_id, variant_id: r.variant_id ?? '', table_id, table_name, waiter_id, ...blank }));
    }
    return x;
  };
  for (const r of sold) {
    const x = at(r);
    x.sold = int(r.quantity);
    x.net = safeAdd(x.net, int(r.net));
    x.cost = safeAdd(x.cost, int(r.cost));
  }
  for (const r of back) {
    const x = at(r);
    x.returned = int(r.quantity);
    x.net -= int(r.net);
    x.cost -= int(r.cost);
  }
  return [...items.values()];
}

export const sumItems = (list: ItemSums[]) =>
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
export const seesCost = (ctx: RequestContext) => ctx.permissions.has('profit-lost-report');

export const itemFigures = (x: ItemSums, cur: string, withCost: boolean) => ({
  quantity: formatQuantity(x.sold - x.returned),
  net_amount: money(x.net, cur),
  cost: withCost ? money(x.cost, cur) : null,
  profit: withCost ? money(x.net - x.cost, cur) : null,
});

/**
 * The file's columns of itemFigures, as both item reports show them: quantity and net amount, then cost and profit
 * only when the answer carries them (seesCost), so the file says what the screen says.
 */
export const figureColumns = <R extends ReturnType<typeof itemFigures>>(t: (key: string) => string, cost: string | null) => [
  col<R>(t, 'sale_reports.quantity', (r) => r.quantity),
  col<R>(t, 'sale_reports.net_amount', (r) => r.net_amount),
  ...(cost === null ? [] : [col<R>(t, 'sale_reports.cost', (r) => r.cost), col<R>(t, 'sale_reports.profit', (r) => r.profit)]),
];
