import { sql } from 'kysely';
import { formatQuantity } from '@posauto/shared/money/index';
import { MOVEMENT_TYPES, type MovementType } from '@posauto/shared/schemas/stock';
import type {
  StockExpiryQuery,
  StockExpiryResponse,
  StockReportMovement,
  StockReportQuery,
  StockReportResponse,
  StockReportRow,
} from '@posauto/shared/schemas/stock-report';
import type { Deps } from '../../deps';
import { runList } from '../../db/list';
import { branchFilter, branchScope, type RequestContext } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { addDays, startOfLocalDay } from '../../lib/time-zone';
import { resolvePeriod } from '../../kernel/report-kit';
import { shopSettings, shopToday } from '../settings/index';
import { moneyText } from './stock-levels';

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The shop's today, through the one reader of its settings. */
const today = async (deps: Deps, businessId: string) => shopToday(await shopSettings(deps.db, businessId), deps.clock);

const itemName = sql<string>`CASE WHEN v.name IS NULL THEN p.product_name ELSE p.product_name || ' - ' || v.name END`;
const itemSku = sql<string>`COALESCE(v.sku_code, p.sku_code)`;

/**
 * Batches with stock left that expire within `within_days` of the shop's today (state expiring), have expired
 * (expired), or either (all), earliest first. Batches without a date are never listed. A branch user sees its own.
 */
export async function stockExpiry(deps: Deps, ctx: RequestContext, query: StockExpiryQuery): Promise<StockExpiryResponse> {
  const { db, kind } = deps;
  const day = await today(deps, ctx.businessId);
  const last = addDays(day, query.within_days);
  const { rows, meta } = await runList(
    db,
    kind,
    ctx.businessId,
    (biz) => {
      let q = db
        .selectFrom('stock_batches as sb')
        .innerJoin('products as p', (j) => j.onRef('p.business_id', '=', 'sb.business_id').onRef('p.id', '=', 'sb.product_id'))
        .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'sb.business_id').onRef('b.id', '=', 'sb.branch_id'))
        .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'sb.business_id').onRef('v.id', '=', 'sb.variant_id'))
        .leftJoin('units as u', (j) => j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.unit_id'))
        .select([
          'sb.id',
          'sb.branch_id',
          'b.name as branch_name',
          'sb.product_id',
          'sb.variant_id',
          itemName.as('product_name'),
          itemSku.as('sku_code'),
          'u.name as unit_name',
          'sb.expiry_date',
          'sb.quantity_left',
        ])
        .where('sb.business_id', '=', biz)
        .where('sb.quantity_left', '>', 0)
        .where('sb.expiry_date', 'is not', null);
      if (query.state === 'expired') q = q.where('sb.expiry_date', '<', day);
      else q = q.where('sb.expiry_date', '<=', last);
      if (query.state === 'expiring') q = q.where('sb.expiry_date', '>=', day);
      return q;
    },
    query,
    {
      searchColumns: ['p.product_name', 'p.sku_code'],
      sorts: { expiry_date: 'sb.expiry_date', product_name: 'p.product_name', quantity: 'sb.quantity_left' },
      defaultSort: 'sb.expiry_date',
      idColumn: 'sb.id',
    },
    undefined,
    { ...branchFilter(ctx, 'sb.branch_id', query.branch_id), 'sb.product_id': query.product_id },
  );
  return {
    today: day,
    data: rows.map((r) => {
      const days = Math.round((dayMs(r.expiry_date!) - dayMs(day)) / DAY_MS);
      return {
        batch_id: r.id,
        branch_id: r.branch_id,
        branch_name: r.branch_name,
        product_id: r.product_id,
        variant_id: r.variant_id || null,
        product_name: r.product_name,
        sku_code: r.sku_code,
        unit_name: r.unit_name,
        expiry_date: r.expiry_date!,
        quantity_left: formatQuantity(Number(r.quantity_left)),
        days_left: days,
        expired: days < 0,
      };
    }),
    meta,
  };
}

const zeroTotals = () => Object.fromEntries(MOVEMENT_TYPES.map((t) => [t, 0])) as Record<MovementType, number>;

type Items = Awaited<ReturnType<typeof stockItems>>['rows'];
type Scope = { start: string; end: string; branch: string | null };

/**
 * The report's days: nothing asked is this month, as every report opens. From/to without a period (links from the
 * stock screens) or custom: those days, as before (a lone from in the future is that one day). Then the same
 * resolution as every report: presets counted from the shop's today, a branch user's own branch.
 */
async function stockPeriod(deps: Deps, ctx: RequestContext, query: StockReportQuery) {
  const period = query.period ?? (query.from || query.to ? 'custom' : 'this_month');
  let custom: { from?: string; to?: string } = {};
  if (period === 'custom') {
    const day = await today(deps, ctx.businessId);
    const to = query.to ?? (query.from && query.from > day ? query.from : day);
    custom = { from: query.from ?? `${to.slice(0, 8)}01`, to };
    if (custom.from! > to) throw invalid({ to: 'stock.report.errors.from_after_to' });
  }
  return resolvePeriod(deps, ctx, { period, ...custom, branch_id: query.branch_id });
}

/** The items: every item with stock history in scope (a stock level row), by name. */
function stockItems(deps: Deps, ctx: RequestContext, query: StockReportQuery, branch: string | null) {
  const { db, kind } = deps;
  return runList(
    db,
    kind,
    ctx.businessId,
    (biz) => {
      let q = db
        .selectFrom('products as p')
        .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'p.business_id').onRef('v.product_id', '=', 'p.id'))
        .leftJoin('units as u', (j) => j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.unit_id'))
        .select([
          'p.id as product_id',
          sql<string>`COALESCE(v.id, '')`.as('variant_id'),
          itemName.as('product_name'),
          itemSku.as('sku_code'),
          'u.name as unit_name',
        ])
        .where('p.business_id', '=', biz)
        .where(({ exists, selectFrom }) => {
          let levels = selectFrom('stock_levels as l')
            .select(sql`1`.as('one'))
            .whereRef('l.business_id', '=', 'p.business_id')
            .whereRef('l.product_id', '=', 'p.id')
            .where(sql<boolean>`l.variant_id = COALESCE(v.id, '')`);
          if (branch) levels = levels.where('l.branch_id', '=', branch);
          return exists(levels);
        });
      if (query.variant_id) q = q.where('v.id', '=', query.variant_id);
      return q;
    },
    query.product_id ? { ...query, page: 1, per_page: 'all' } : query,
    {
      searchColumns: ['p.product_name', 'p.sku_code'],
      sorts: { product_name: 'p.product_name' },
      defaultSort: 'p.product_name',
      idColumn: 'variant_id',
    },
    undefined,
    { 'p.id': query.product_id },
  );
}

/** Per item of the page: its balance before the period and what each movement type moved in it (one grouped pass). */
async function movementTotals(deps: Deps, businessId: string, items: Items, { start, end, branch }: Scope) {
  const totals = new Map<string, { opening: number; moved: Record<MovementType, number> }>();
  if (!items.length) return totals;
  const inPeriod = (type: MovementType) =>
    sql<string>`SUM(CASE WHEN m.created_at >= ${start} AND m.movement_type = ${type} THEN m.quantity ELSE 0 END)`.as(type);
  let q = deps.db
    .selectFrom('stock_movements as m')
    .select([
      'm.product_id',
      'm.variant_id',
      sql<string>`SUM(CASE WHEN m.created_at < ${start} THEN m.quantity ELSE 0 END)`.as('opening'),
      ...MOVEMENT_TYPES.map(inPeriod),
    ])
    .where('m.business_id', '=', businessId)
    .where('m.product_id', 'in', [...new Set(items.map((i) => i.product_id))])
    .where('m.created_at', '<', end)
    .groupBy(['m.product_id', 'm.variant_id']);
  if (branch) q = q.where('m.branch_id', '=', branch);
  for (const r of (await q.execute()) as Record<string, string | number>[]) {
    const moved = zeroTotals();
    for (const t of MOVEMENT_TYPES) moved[t] = Number(r[t] ?? 0);
    totals.set(`${r.product_id}/${r.variant_id}`, { opening: Number(r.opening ?? 0), moved });
  }
  return totals;
}

/** One item's movements in the period, a page of them, oldest first, each with the document that made it. */
async function itemMovements(
  deps: Deps,
  ctx: RequestContext,
  query: StockReportQuery & { product_id: string },
  { start, end }: Scope,
): Promise<NonNullable<StockReportResponse['movements']>> {
  const { db, kind } = deps;
  const page = await runList(
    db,
    kind,
    ctx.businessId,
    (biz) =>
      db
        .selectFrom('stock_movements as m')
        .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'm.business_id').onRef('b.id', '=', 'm.branch_id'))
        .leftJoin('stock_adjustments as a', (j) =>
          j.onRef('a.business_id', '=', 'm.business_id').onRef('a.id', '=', 'm.doc_id').on('m.doc_type', '=', 'adjustment'),
        )
        .leftJoin('stock_transfers as t', (j) =>
          j.onRef('t.business_id', '=', 'm.business_id').onRef('t.id', '=', 'm.doc_id').on('m.doc_type', '=', 'transfer'),
        )
        .leftJoin('purchases as pu', (j) =>
          j.onRef('pu.business_id', '=', 'm.business_id').onRef('pu.id', '=', 'm.doc_id').on('m.doc_type', '=', 'purchase'),
        )
        .leftJoin('purchase_returns as pr', (j) =>
          j.onRef('pr.business_id', '=', 'm.business_id').onRef('pr.id', '=', 'm.doc_id').on('m.doc_type', '=', 'purchase_return'),
        )
        .select([
          'm.id',
          'm.branch_id',
          'b.name as branch_name',
          'm.product_id',
          'm.variant_id',
          'm.movement_type',
          'm.quantity',
          'm.on_hand_after',
          'm.cost_total',
          'm.currency',
          'm.doc_type',
          'm.doc_id',
          sql<string | null>`COALESCE(a.adjustment_number, t.transfer_number, pu.purchase_number, pr.return_number)`.as('doc_number'),
          'm.created_at',
        ])
        .where('m.business_id', '=', biz)
        .where('m.created_at', '>=', start)
        .where('m.created_at', '<', end),
    { page: query.movements_page, per_page: query.per_page, order: 'asc' },
    { searchColumns: [], sorts: {}, defaultSort: 'm.created_at', idColumn: 'm.id' },
    undefined,
    {
      ...branchFilter(ctx, 'm.branch_id', query.branch_id),
      'm.product_id': query.product_id,
      'm.variant_id': query.variant_id,
    },
  );
  return {
    data: page.rows.map((r): StockReportMovement => ({
      id: r.id,
      branch_id: r.branch_id,
      branch_name: r.branch_name,
      product_id: r.product_id,
      variant_id: r.variant_id || null,
      movement_type: r.movement_type,
      quantity: formatQuantity(Number(r.quantity)),
      on_hand_after: formatQuantity(Number(r.on_hand_after)),
      cost: moneyText(Number(r.cost_total), r.currency),
      currency: r.currency,
      doc_type: r.doc_type,
      doc_id: r.doc_id,
      doc_number: r.doc_number,
      created_at: typeof r.created_at === 'string' ? r.created_at : new Date(r.created_at as never).toISOString(),
    })),
    meta: page.meta,
  };
}

/**
 * The stock report: per item over a period of shop-local days, its opening balance (every movement before the
 * period), the quantity each movement type moved in it, and its closing balance; opening + movements = closing
 * exactly, because all three are sums of the same ledger. In one branch, or across the caller's branches. With
 * product_id: that item (each of its variants) and a page of its movements, oldest first.
 */
export async function stockReport(deps: Deps, ctx: RequestContext, query: StockReportQuery): Promise<StockReportResponse> {
  const info = await stockPeriod(deps, ctx, query);
  const { from, to, time_zone: zone } = info;
  const scope: Scope = {
    start: startOfLocalDay(from, zone).toISOString(),
    end: startOfLocalDay(addDays(to, 1), zone).toISOString(),
    branch: branchScope(ctx, query.branch_id),
  };

  if (query.product_id) {
    const product = await deps.db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', query.product_id)
      .executeTakeFirst();
    if (!product) throw notFound();
  }

  const { rows: items, meta } = await stockItems(deps, ctx, query, scope.branch);
  const totals = await movementTotals(deps, ctx.businessId, items, scope);
  const data: StockReportRow[] = items.map((i) => {
    const t = totals.get(`${i.product_id}/${i.variant_id}`) ?? { opening: 0, moved: zeroTotals() };
    const closing = MOVEMENT_TYPES.reduce((s, type) => s + t.moved[type], t.opening);
    return {
      product_id: i.product_id,
      variant_id: i.variant_id || null,
      product_name: i.product_name,
      sku_code: i.sku_code,
      unit_name: i.unit_name,
      opening: formatQuantity(t.opening),
      movements: Object.fromEntries(MOVEMENT_TYPES.map((type) => [type, formatQuantity(t.moved[type])])) as Record<MovementType, string>,
      closing: formatQuantity(closing),
    };
  });
  const movements = query.product_id ? await itemMovements(deps, ctx, { ...query, product_id: query.product_id }, scope) : null;
  return { from, to, period: info, data, meta, movements };
}
