import type { Kysely } from 'kysely';
import { formatQuantity, parseQuantity } from '@posauto/shared/money/index';
import { stockCountInputSchema, type StockAdjustmentDetail, type StockCountInput, type StockOnHand } from '@posauto/shared/schemas/stock';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate } from '../../db/dialect/index';
import { branchScope, type RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { writeAdjustment } from './stock-adjustments';

/**
 * A stocktake entered as counted quantities: each item's difference from what is on hand is computed here, inside the
 * transaction that posts it (the levels are locked first, so a sale between the count's screen and its save is
 * counted), and the differences are posted as at most two adjustments through the ledger: what was found with the
 * addition type, what is missing with the subtraction type. Items that match the books move nothing.
 */
export function stockCountService(deps: Deps) {
  return {
    /** One product's on hand at a branch per variant, as a count is entered (a branch user: its own branch). */
    async onHand(ctx: RequestContext, query: { branch_id: string; product_id: string }): Promise<StockOnHand> {
      const rows = await deps.db
        .selectFrom('stock_levels')
        .select(['variant_id', 'on_hand'])
        .where('business_id', '=', ctx.businessId)
        .where('branch_id', '=', branchScope(ctx, query.branch_id)!)
        .where('product_id', '=', query.product_id)
        .orderBy('variant_id')
        .execute();
      return { data: rows.map((r) => ({ variant_id: r.variant_id || null, on_hand: formatQuantity(Number(r.on_hand)) })) };
    },

    async post(ctx: RequestContext, raw: StockCountInput): Promise<StockAdjustmentDetail[]> {
      const input = stockCountInputSchema.parse(raw);
      return deps.db.transaction().execute((trx) => postCount(trx, deps, ctx, input));
    },
  };
}

async function postCount(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  input: ReturnType<typeof stockCountInputSchema.parse>,
): Promise<StockAdjustmentDetail[]> {
  if (branchScope(ctx, input.branch_id) !== input.branch_id) throw unprocessable('stock.errors.branch_not_yours', 'branch_id');
  const ids = [...new Set(input.lines.map((l) => l.product_id))];
  const products = new Map(
    (
      await trx
        .selectFrom('products')
        .select(['id', 'type', 'is_stock_manage'])
        .where('business_id', '=', ctx.businessId)
        .where('id', 'in', ids)
        .execute()
    ).map((p) => [p.id, p]),
  );
  const seen = new Set<string>();
  input.lines.forEach((l, i) => {
    const p = products.get(l.product_id);
    // A combo has no stock of its own and a product that does not manage stock has none to count.
    if (!p || p.type === 'combo' || !p.is_stock_manage) throw unprocessable('stock.errors.count_not_tracked', `lines.${i}.product_id`);
    if ((p.type === 'variation') !== Boolean(l.variant_id)) throw unprocessable('stock.errors.variant_required', `lines.${i}.variant_id`);
    const key = `${l.product_id}/${l.variant_id ?? ''}`;
    if (seen.has(key)) throw unprocessable('stock.errors.count_duplicate', `lines.${i}.product_id`);
    seen.add(key);
  });

  // What the books say now, locked in the ledger's order (branch, product, variant) until the adjustments are posted.
  const levels = await forUpdate(
    deps.kind,
    trx
      .selectFrom('stock_levels')
      .select(['product_id', 'variant_id', 'on_hand'])
      .where('business_id', '=', ctx.businessId)
      .where('branch_id', '=', input.branch_id)
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('variant_id'),
  ).execute();
  const onHand = new Map(levels.map((l) => [`${l.product_id}/${l.variant_id}`, Number(l.on_hand)]));
  const found: Array<{ product_id: string; variant_id: string | null; unit_id: null; quantity: string }> = [];
  const missing: typeof found = [];
  for (const l of input.lines) {
    const diff = parseQuantity(l.counted) - (onHand.get(`${l.product_id}/${l.variant_id ?? ''}`) ?? 0);
    const line = { product_id: l.product_id, variant_id: l.variant_id ?? null, unit_id: null, quantity: formatQuantity(Math.abs(diff)) };
    if (diff > 0) found.push(line);
    if (diff < 0) missing.push(line);
  }
  if (!found.length && !missing.length) throw unprocessable('stock.errors.count_matches', 'lines');

  const types = await trx
    .selectFrom('adjustment_types')
    .select(['id', 'direction', 'status'])
    .where('business_id', '=', ctx.businessId)
    .where('id', 'in', [input.addition_type_id ?? '', input.subtraction_type_id ?? ''])
    .execute();
  const typeFor = (lines: unknown[], id: string | null | undefined, direction: 'addition' | 'subtraction', field: string) => {
    if (!lines.length) return null;
    if (!id) throw unprocessable('stock.errors.count_type_required', field);
    const t = types.find((x) => x.id === id);
    if (!t?.status) throw unprocessable('stock.errors.type_inactive', field);
    if (t.direction !== direction) throw unprocessable('stock.errors.count_type_direction', field);
    return id;
  };
  const addition = typeFor(found, input.addition_type_id, 'addition', 'addition_type_id');
  const subtraction = typeFor(missing, input.subtraction_type_id, 'subtraction', 'subtraction_type_id');

  const posted: StockAdjustmentDetail[] = [];
  const head = { branch_id: input.branch_id, adjusted_on: input.adjusted_on, reason: input.reason };
  if (subtraction) posted.push(await writeAdjustment(trx, deps, ctx, { ...head, adjustment_type_id: subtraction, lines: missing }));
  if (addition) posted.push(await writeAdjustment(trx, deps, ctx, { ...head, adjustment_type_id: addition, lines: found }));
  return posted;
}
