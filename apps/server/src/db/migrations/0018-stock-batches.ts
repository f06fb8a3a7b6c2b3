import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Expiry batches (issue 11): for products with has_expiry, each branch's stock of an item is split into batches by
 * expiry date (one batch per branch, item and date; a batch without a date holds stock that came without one).
 * stock_batch_moves says which batches each movement took from or added to, so that a cancelled document puts
 * back exactly the dates it took and a transfer carries the source's dates to the destination.
 */
export function stockBatches(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stock_batches')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expiry_date', 'text')
        .addColumn('quantity_in', big, (c) => c.notNull().defaultTo(0))
        .addColumn('quantity_left', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`quantity_left >= 0`),
        )
        .addColumn('movement_id', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_batches_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_batches_level_fk', ['business_id', 'branch_id', 'product_id', 'variant_id'], 'stock_levels', [
          'business_id',
          'branch_id',
          'product_id',
          'variant_id',
        ])
        .addForeignKeyConstraint('stock_batches_movement_fk', ['business_id', 'movement_id'], 'stock_movements', ['business_id', 'id'])
        .execute();
      // One batch per branch, item and date (the ledger looks it up under the level's lock); earliest expiry first.
      await db.schema
        .createIndex('stock_batches_item')
        .unique()
        .on('stock_batches')
        .columns(['business_id', 'branch_id', 'product_id', 'variant_id', 'expiry_date'])
        .execute();
      // The expiry screen: batches with stock left, by date.
      await db.schema.createIndex('stock_batches_expiry').on('stock_batches').columns(['business_id', 'expiry_date']).execute();

      // The stock report of one item across branches (the ledger's own item index leads with the branch).
      await db.schema
        .createIndex('stock_movements_product')
        .on('stock_movements')
        .columns(['business_id', 'product_id', 'variant_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('stock_batch_moves')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('movement_id', 'text', (c) => c.notNull())
        .addColumn('batch_id', 'text', (c) => c.notNull())
        /** Signed like the movement: what the movement added to (or took from) this batch. */
        .addColumn('quantity', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_batch_moves_pk', ['business_id', 'movement_id', 'batch_id'])
        .addForeignKeyConstraint('stock_batch_moves_movement_fk', ['business_id', 'movement_id'], 'stock_movements', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_batch_moves_batch_fk', ['business_id', 'batch_id'], 'stock_batches', ['business_id', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('stock_movements_product').ifExists().execute();
      await db.schema.dropTable('stock_batch_moves').ifExists().execute();
      await db.schema.dropTable('stock_batches').ifExists().execute();
    },
  };
}
