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

export async function assertLedgerBalanced(db: Kysely<Database>): Promise<void> {
  const wrong = await ledgerMismatches(db);
  if (wrong.length) throw new Error(`stock levels disagree with their movements: ${JSON.stringify(wrong.slice(0, 5))}`);
}
