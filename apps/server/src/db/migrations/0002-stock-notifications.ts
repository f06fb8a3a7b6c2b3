import type { Kysely, Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/** Low-stock alerts shown under the top bar's bell, per branch. The stock module writes them. */
export function stockNotifications(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stock_notifications')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('image', 'text')
        // Quantity in the product's base unit at QTY_SCALE (thousandths).
        .addColumn('stock_level', big, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('read_at', ts)
        .addPrimaryKeyConstraint('stock_notifications_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_notifications_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('stock_notifications_branch_created')
        .on('stock_notifications')
        .columns(['business_id', 'branch_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stock_notifications').ifExists().execute();
    },
  };
}
