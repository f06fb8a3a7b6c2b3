import { sql, type Kysely } from 'kysely';
import type { DialectKind } from './dialect/index';
import type { Database } from './types';

/**
 * The next number of a document series of one shop (adjustments, purchases, invoices), taken inside the
 * document's own transaction: the counter row stays locked until that transaction ends, so two documents never
 * get the same number, and a document that rolls back gives its number back (no gaps).
 *
 * That lock makes every other document of the series wait, so take the number as late as the document allows
 * (after its checks and its stock movements, right before the writes that carry the number): the lock is then held
 * for those writes and the commit only. One statement: the upsert answers the value it wrote.
 */
export async function nextDocumentNumber(trx: Kysely<Database>, kind: DialectKind, businessId: string, series: string): Promise<number> {
  void kind; // both dialects accept ON CONFLICT ... DO UPDATE ... RETURNING (SQLite since 3.35)
  const row = await sql<{ value: number }>`INSERT INTO tenant_counters (business_id, name, value) VALUES (${businessId}, ${series}, 1)
    ON CONFLICT (business_id, name) DO UPDATE SET value = tenant_counters.value + 1
    RETURNING value`.execute(trx);
  return Number(row.rows[0]!.value);
}

/** "ADJ-000042": a prefix and the number, zero-padded so that numbers sort as text too. */
export const formatDocumentNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;
