import type { Kysely, Migration } from 'kysely';
import { timestampType, type DialectKind } from '../dialect/index';

/**
 * Single-use tickets for live streams (the stock alerts' Server-Sent Events): kept in the database so that a ticket
 * taken from one server instance opens a stream on another. Gone with their session.
 */
export function streamTickets(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stream_tickets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stream_tickets_expiry').on('stream_tickets').column('expires_at').execute();
      await db.schema.createIndex('stream_tickets_session').on('stream_tickets').column('session_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stream_tickets').ifExists().execute();
    },
  };
}
