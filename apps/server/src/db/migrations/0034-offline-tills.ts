import { sql, type Kysely, type Migration } from 'kysely';
import { timestampType, type DialectKind } from '../dialect/index';

/**
 * Tills that sell offline (issue #26).
 *
 * - `tills`: a device registered with the server while online, in a branch, with a short code of the shop's own series
 *   ("T01"). The till numbers its receipts itself from its own series (`T01-000042`): the number printed offline is the
 *   number the books keep. `last_number` is the highest the server has accepted, so a till whose browser storage was
 *   cleared picks up after it (and the gaps are visible).
 * - `sales.till_id`/`till_number`: unique per till, so a till's number is the sale's once and only once (the sale's
 *   Idempotency-Key, also made at the till, guards the resend; this guards the number).
 * - `sales.received_at`: when the sale reached the server (its `sold_at` is when it was made at the till).
 * - `sales.review`: what an offline sale needs a manager to look at, accepted rather than refused because the goods and
 *   the money have already changed hands ("session_closed", "stock_short", "price_mismatch", "till_clock";
 *   comma-separated, null when none).
 */
export function offlineTills(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tills')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_seen_at', ts)
        .addPrimaryKeyConstraint('tills_pk', ['business_id', 'id'])
        .addUniqueConstraint('tills_code_unique', ['business_id', 'code'])
        .addForeignKeyConstraint('tills_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      await db.schema.alterTable('sales').addColumn('till_id', 'text').execute();
      await db.schema.alterTable('sales').addColumn('till_number', 'integer').execute();
      await db.schema.alterTable('sales').addColumn('received_at', ts).execute();
      await db.schema.alterTable('sales').addColumn('review', 'text').execute();
      await sql`CREATE UNIQUE INDEX sales_till_number ON sales (business_id, till_id, till_number) WHERE till_id IS NOT NULL`.execute(db);
      // The sales a manager must look at: few, read by the sales list's filter.
      await sql`CREATE INDEX sales_review ON sales (business_id, sold_at) WHERE review IS NOT NULL`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sales_review').execute();
      await db.schema.dropIndex('sales_till_number').execute();
      for (const c of ['review', 'received_at', 'till_number', 'till_id']) await db.schema.alterTable('sales').dropColumn(c).execute();
      await db.schema.dropTable('tills').execute();
    },
  };
}
