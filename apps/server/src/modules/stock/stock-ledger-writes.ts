import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types';
import type { DialectKind } from '../../db/dialect/index';
import type { WriteBatch } from '../../db/write-batch';
import { precompiled } from '../../db/precompiled';
import { ITEM_CHUNK, type ItemKey, type LevelRow } from './stock-ledger-levels';

/** What a document leaves in the ledger: each item's level as it ends, and its movement rows. */

/** 18 parameters a movement: 500 stay far below either database's limit of parameters per statement. */
const MOVEMENT_CHUNK = 500;

export type MovementRow = Required<Insertable<Database['stock_movements']>>;
const MOVEMENT_COLUMNS = [
  'business_id',
  'id',
  'branch_id',
  'product_id',
  'variant_id',
  'movement_type',
  'quantity',
  'unit_id',
  'unit_factor',
  'unit_quantity',
  'cost_total',
  'currency',
  'on_hand_after',
  'doc_type',
  'doc_id',
  'doc_line_id',
  'user_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof MovementRow>;
const insertMovement = precompiled(MOVEMENT_COLUMNS, (db, v) => db.insertInto('stock_movements').values(v));

/**
 * The writes of each item's level as the document left it, one statement per ITEM_CHUNK items (their rows are locked).
 * PostgreSQL names the VALUES' columns in place, and the statement starts with UPDATE, so it runs prepared
 * (db/dialect) and can go out in a batch of writes (db/write-batch.ts); SQLite names them in a WITH.
 */
function levelWrites(
  kind: DialectKind,
  businessId: string,
  levels: ReadonlyMap<string, LevelRow & ItemKey>,
  at: string,
): RawBuilder<unknown>[] {
  const all = [...levels.values()];
  const columns = sql`branch_id, product_id, variant_id, on_hand, stock_value, avg_cost, low_alerted`;
  const set = sql`on_hand = v.on_hand, stock_value = v.stock_value, avg_cost = v.avg_cost, low_alerted = v.low_alerted`;
  const match = sql`stock_levels.branch_id = v.branch_id AND stock_levels.product_id = v.product_id AND stock_levels.variant_id = v.variant_id`;
  const writes: RawBuilder<unknown>[] = [];
  for (let i = 0; i < all.length; i += ITEM_CHUNK) {
    const values = sql.join(
      all.slice(i, i + ITEM_CHUNK).map((l) => {
        // Typed in the statement: PostgreSQL reads a bare parameter in VALUES as text.
        return sql`(CAST(${l.branchId} AS TEXT), CAST(${l.productId} AS TEXT), CAST(${l.variantId} AS TEXT), CAST(${l.on_hand} AS BIGINT),
          CAST(${l.stock_value} AS BIGINT), CAST(${l.avg_cost} AS BIGINT), CAST(${l.low_alerted} AS INTEGER))`;
      }),
    );
    writes.push(
      kind === 'postgres'
        ? sql`UPDATE stock_levels SET ${set}, updated_at = ${at} FROM (VALUES ${values}) AS v(${columns})
            WHERE stock_levels.business_id = ${businessId} AND ${match}`
        : sql`WITH v(${columns}) AS (VALUES ${values}) UPDATE stock_levels SET ${set}, updated_at = ${at}
            FROM v WHERE stock_levels.business_id = ${businessId} AND ${match}`,
    );
  }
  return writes;
}

/**
 * Hands a document's ledger writes to the caller's batch (db/write-batch.ts): they go out with the document's own rows
 * (and its round trips with them) when the caller flushes it, before its commit.
 */
export function queueLedgerWrites(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  levels: ReadonlyMap<string, LevelRow & ItemKey>,
  rows: readonly MovementRow[],
  at: string,
  batch: WriteBatch,
): void {
  for (const write of levelWrites(kind, businessId, levels, at)) batch.addRaw(write);
  for (let i = 0; i < rows.length; i += MOVEMENT_CHUNK)
    batch.add(trx.insertInto('stock_movements').values(rows.slice(i, i + MOVEMENT_CHUNK)));
}

/** Writes a document's levels and movements now (what comes after them needs them written). */
export async function writeLedger(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  levels: ReadonlyMap<string, LevelRow & ItemKey>,
  rows: readonly MovementRow[],
  at: string,
): Promise<void> {
  for (const write of levelWrites(kind, businessId, levels, at)) await write.execute(trx);
  // One statement per MOVEMENT_CHUNK movements (a 200-line purchase: one, not 200).
  if (rows.length === 1) await insertMovement(trx, kind, rows[0]!);
  else
    for (let i = 0; i < rows.length; i += MOVEMENT_CHUNK)
      await trx
        .insertInto('stock_movements')
        .values(rows.slice(i, i + MOVEMENT_CHUNK))
        .execute();
}
