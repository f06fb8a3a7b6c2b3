import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface LedgerMismatch {
  business_id: string;
  branch_id: string;
  product_id: string;
  variant_id: string;
  on_hand: number;
  moved: number;
  stock_value: number;
  costed: number;
}

/**
 * Every balance against its history: each item's on hand in each branch must equal the sum of its movements, and
 * its stock value the sum of their costs. The test harness checks it after every server test file.
 */
export async function ledgerMismatches(db: Kysely<Database>): Promise<LedgerMismatch[]> {
  const rows = await sql<LedgerMismatch>`
    SELECT l.business_id, l.branch_id, l.product_id, l.variant_id, l.on_hand, l.stock_value,
           COALESCE(m.moved, 0) AS moved, COALESCE(m.costed, 0) AS costed
      FROM stock_levels l
      LEFT JOIN (
        SELECT business_id, branch_id, product_id, variant_id, SUM(quantity) AS moved, SUM(cost_total) AS costed
          FROM stock_movements
         GROUP BY business_id, branch_id, product_id, variant_id
      ) m ON m.business_id = l.business_id AND m.branch_id = l.branch_id AND m.product_id = l.product_id AND m.variant_id = l.variant_id
     WHERE l.on_hand <> COALESCE(m.moved, 0) OR l.stock_value <> COALESCE(m.costed, 0)`.execute(db);
  return rows.rows.map((r) => ({
    ...r,
    on_hand: Number(r.on_hand),
    moved: Number(r.moved),
    stock_value: Number(r.stock_value),
    costed: Number(r.costed),
  }));
}

export interface BatchMismatch {
  business_id: string;
  branch_id: string;
  product_id: string;
  variant_id: string;
  on_hand: number;
  batched: number;
}

/**
 * Expiry batches against on hand (stock-batches.ts): an item's batches in a branch never hold more than max(on hand, 0)
 * (whether or not the product still tracks expiry: outgoing stock always takes from them). They hold exactly that
 * after every movement of an item that tracks expiry; switching tracking on leaves earlier stock outside batches
 * until the item's next movement, so only "never more" is checked here.
 */
export async function batchMismatches(db: Kysely<Database>): Promise<BatchMismatch[]> {
  const rows = await sql<BatchMismatch>`
    SELECT l.business_id, l.branch_id, l.product_id, l.variant_id, l.on_hand, b.batched
      FROM stock_levels l
      JOIN (
        SELECT business_id, branch_id, product_id, variant_id, SUM(quantity_left) AS batched
          FROM stock_batches
         GROUP BY business_id, branch_id, product_id, variant_id
      ) b ON b.business_id = l.business_id AND b.branch_id = l.branch_id AND b.product_id = l.product_id AND b.variant_id = l.variant_id
     WHERE b.batched > CASE WHEN l.on_hand > 0 THEN l.on_hand ELSE 0 END`.execute(db);
  return rows.rows.map((r) => ({ ...r, on_hand: Number(r.on_hand), batched: Number(r.batched) }));
}

export async function assertLedgerBalanced(db: Kysely<Database>): Promise<void> {
  const wrong = await ledgerMismatches(db);
  if (wrong.length) throw new Error(`stock levels disagree with their movements: ${JSON.stringify(wrong.slice(0, 5))}`);
  const over = await batchMismatches(db);
  if (over.length) throw new Error(`expiry batches hold more than on hand: ${JSON.stringify(over.slice(0, 5))}`);
}
