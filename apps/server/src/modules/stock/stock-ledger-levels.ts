import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { DialectKind } from '../../db/dialect/index';
import { bumpCounter } from '../../db/list';

/**
 * The ledger's level rows (on hand, value and average of each item in each branch): made sure to exist and locked in
 * one fixed order before a document moves them, and the expiry batches an outgoing document must look at.
 */

/** tenant_counters entry: the shop's stock level rows (one per branch and item that ever moved). */
export const STOCK_LEVEL_COUNTER = 'stock_levels';

export interface LevelRow {
  on_hand: number;
  stock_value: number;
  avg_cost: number;
  low_alerted: number;
}

/** One stock item of one branch (a product without variants: variantId ''). */
export interface ItemKey {
  branchId: string;
  productId: string;
  variantId: string;
}
export const levelKey = (m: ItemKey) => `${m.branchId}/${m.productId}/${m.variantId}`;

/** Items a statement names at most (three parameters each): far below either database's limit per statement. */
export const ITEM_CHUNK = 500;

/** The distinct items of a document, in the ledger's order (branch, product, variant). */
function distinctItems(order: readonly ItemKey[]): ItemKey[] {
  const seen = new Map<string, ItemKey>();
  for (const m of order) if (!seen.has(levelKey(m))) seen.set(levelKey(m), m);
  return [...seen.values()];
}

/** `VALUES (branch, product, variant), ...`: the right side of a row-value IN that both databases read. */
const itemTuples = (items: readonly ItemKey[]) =>
  sql`VALUES ${sql.join(items.map((m) => sql`(${m.branchId}, ${m.productId}, ${m.variantId})`))}`;

/**
 * The level rows of a document's items, locked and read in two statements whatever its length: every row is first
 * made sure to exist (an item that has never moved in its branch gets its empty level; the stock listing's counter
 * counts the new ones), then all are read FOR UPDATE in one fixed order, so two documents that touch the same items
 * on PostgreSQL wait for each other instead of deadlocking. Creating before locking keeps that order true when two
 * documents bring the same new item together: the insert waits for the other's, never while holding a lock the other
 * needs. One statement per item, as this was, cost a five-line sale ten round trips to PostgreSQL (issue #22, item 8).
 */
export async function lockLevels(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  order: readonly ItemKey[],
  at: string,
): Promise<Map<string, LevelRow & ItemKey>> {
  const items = distinctItems(order);
  const levels = new Map<string, LevelRow & ItemKey>();
  for (let i = 0; i < items.length; i += ITEM_CHUNK) {
    const chunk = items.slice(i, i + ITEM_CHUNK);
    const inserted = await trx
      .insertInto('stock_levels')
      .values(
        chunk.map((m) => ({
          business_id: businessId,
          branch_id: m.branchId,
          product_id: m.productId,
          variant_id: m.variantId,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['business_id', 'branch_id', 'product_id', 'variant_id']).doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (created > 0) await bumpCounter(trx, kind, businessId, STOCK_LEVEL_COUNTER, created);
  }
  for (let i = 0; i < items.length; i += ITEM_CHUNK) {
    const chunk = items.slice(i, i + ITEM_CHUNK);
    // PostgreSQL locks the rows in the order it returns them: byte order (COLLATE "C"), the order of the ids' text.
    const by = kind === 'postgres' ? sql`COLLATE "C"` : sql``;
    const lock = kind === 'postgres' ? sql`FOR UPDATE` : sql``;
    const rows = await sql<LevelRow & ItemKeyRow>`SELECT branch_id, product_id, variant_id, on_hand, stock_value, avg_cost, low_alerted
      FROM stock_levels WHERE business_id = ${businessId} AND (branch_id, product_id, variant_id) IN (${itemTuples(chunk)})
      ORDER BY branch_id ${by}, product_id ${by}, variant_id ${by} ${lock}`.execute(trx);
    for (const r of rows.rows)
      levels.set(levelKey({ branchId: r.branch_id, productId: r.product_id, variantId: r.variant_id }), {
        branchId: r.branch_id,
        productId: r.product_id,
        variantId: r.variant_id,
        on_hand: Number(r.on_hand),
        stock_value: Number(r.stock_value),
        avg_cost: Number(r.avg_cost),
        low_alerted: Number(r.low_alerted),
      });
  }
  return levels;
}

interface ItemKeyRow {
  branch_id: string;
  product_id: string;
  variant_id: string;
}

/**
 * Of an outgoing document's items, those that still hold expiry batches. An item that does not track expiry and holds
 * none has nothing to empty, and one statement for the document answers that, not one per line (moveBatches reads an
 * item's batches again, locked, when it has some). Read after the levels are locked: batches change only under them.
 */
export async function itemsWithOpenBatches(trx: Kysely<Database>, businessId: string, order: readonly ItemKey[]): Promise<Set<string>> {
  const found = new Set<string>();
  const items = distinctItems(order);
  for (let i = 0; i < items.length; i += ITEM_CHUNK) {
    const rows = await sql<ItemKeyRow>`SELECT DISTINCT branch_id, product_id, variant_id FROM stock_batches
      WHERE business_id = ${businessId} AND quantity_left > 0
        AND (branch_id, product_id, variant_id) IN (${itemTuples(items.slice(i, i + ITEM_CHUNK))})`.execute(trx);
    for (const r of rows.rows) found.add(levelKey({ branchId: r.branch_id, productId: r.product_id, variantId: r.variant_id }));
  }
  return found;
}
