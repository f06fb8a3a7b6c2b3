import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import type { CreatedBusiness } from '../modules/businesses/index';
import { postAdjustment, postTransfer } from '../modules/stock/index';
import { addDays, localDay } from '../lib/time-zone';

/**
 * Units on hand per branch after the opening count, above every demo alert level: the bell's demo alerts are still
 * the seeded ones (demo.ts) until purchases and sales give the demo shop a real history.
 */
const OPENING = [40, 24];

/**
 * Demo Coffee's stock, posted through the ledger like any document: an opening count in both branches (every item
 * that manages stock, each variant of its own), a transfer received and one on its way, and a breakage.
 */
export async function seedDemoStock(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness): Promise<void> {
  const ctx: RequestContext = {
    businessId: shop.businessId,
    userId: shop.ownerId,
    branchId: null,
    permissions: new Set(),
    sessionId: 'demo-seed',
    ip: null,
  };
  const types = await trx
    .selectFrom('adjustment_types')
    .select(['id', 'name', 'direction'])
    .where('business_id', '=', shop.businessId)
    .execute();
  const found = types.find((t) => t.direction === 'addition');
  const damaged = types.find((t) => t.direction === 'subtraction');
  if (!found || !damaged) return;

  const products = await trx
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (j) => j.onRef('v.business_id', '=', 'p.business_id').onRef('v.product_id', '=', 'p.id'))
    .select(['p.id', 'p.type', 'v.id as variant_id'])
    .where('p.business_id', '=', shop.businessId)
    .where('p.is_stock_manage', '=', 1)
    .where('p.type', '!=', 'combo')
    .orderBy('p.product_name')
    .orderBy('v.sort_order')
    .execute();
  const items = products.filter((p) => p.type !== 'variation' || p.variant_id);
  const today = localDay(deps.clock.now(), 'Asia/Phnom_Penh');

  for (const [b, branchId] of shop.branchIds.entries()) {
    await postAdjustment(trx, deps, ctx, {
      branch_id: branchId,
      adjustment_type_id: found.id,
      adjusted_on: addDays(today, -30),
      reason: 'Opening stock count',
      lines: items.map((p) => ({
        product_id: p.id,
        variant_id: p.variant_id ?? null,
        unit_id: null,
        quantity: String(OPENING[b] ?? 12),
      })),
    });
  }
  // Milk and beans run out faster in the second branch: a transfer received, and one still on its way.
  const [first, second] = shop.branchIds;
  if (first && second) {
    for (const [i, receive_now] of [
      [1, true],
      [2, false],
    ] as const) {
      const item = items[i];
      if (!item) continue;
      await postTransfer(trx, deps, ctx, {
        from_branch_id: first,
        to_branch_id: second,
        sent_on: addDays(today, -i),
        note: receive_now ? 'Weekly top-up' : 'Urgent top-up',
        receive_now,
        lines: [{ product_id: item.id, variant_id: item.variant_id ?? null, unit_id: null, quantity: '6' }],
      });
    }
  }
  const broken = items[0];
  if (broken) {
    await postAdjustment(trx, deps, ctx, {
      branch_id: shop.branchIds[0]!,
      adjustment_type_id: damaged.id,
      adjusted_on: addDays(today, -3),
      reason: 'Dropped during delivery',
      lines: [{ product_id: broken.id, variant_id: broken.variant_id ?? null, unit_id: null, quantity: '2' }],
    });
  }
}
