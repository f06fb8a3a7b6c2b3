import { sql, type Kysely } from 'kysely';
import { upsertCounterSql, type DialectKind } from './dialect/index';
import type { Database } from './types';

/**
 * The next number of a document series of one shop (adjustments, purchases, invoices), taken inside the
 * document's own transaction: the counter row stays locked until that transaction ends, so two documents never
 * get the same number, and a document that rolls back gives its number back (no gaps).
 */
export async function nextDocumentNumber(trx: Kysely<Database>, kind: DialectKind, businessId: string, series: string): Promise<number> {
  await upsertCounterSql(kind, businessId, series, 1).execute(trx);
  const row = await sql<{
    value: number;
  }>`SELECT value FROM tenant_counters WHERE business_id = ${businessId} AND name = ${series}`.execute(trx);
  return Number(row.rows[0]!.value);
}

/** "ADJ-000042": a prefix and the number, zero-padded so that numbers sort as text too. */
export const formatDocumentNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;
