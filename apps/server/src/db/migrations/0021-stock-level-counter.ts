import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/**
 * The stock listing's unfiltered total comes from a tenant counter that the ledger bumps when it creates a level row
 * (stock-ledger.ts), like the other big lists: counting 300,000 joined levels took 2.5 s per request. This migration
 * counts the levels already there.
 */
export function stockLevelCounter(_kind: DialectKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`INSERT INTO tenant_counters (business_id, name, value)
        SELECT business_id, 'stock_levels', count(*) FROM stock_levels GROUP BY business_id`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`DELETE FROM tenant_counters WHERE name = 'stock_levels'`.execute(db);
    },
  };
}
