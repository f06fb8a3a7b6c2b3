import { sql, type Kysely, type Migration } from 'kysely';
import { MOVEMENT_TYPES } from '@posauto/shared/schemas/stock';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * The stock ledger (issue 11): stock_movements is append-only and is the truth; stock_levels keeps each branch's
 * on hand and stock value per item in step, inside the transaction of the document that moves the stock, so that
 * a balance can be read without summing history and two cashiers cannot sell the same last unit.
 */
export function stockLedger(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  const types = sql.join(MOVEMENT_TYPES.map((t) => sql.lit(t)));
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stock_levels')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('on_hand', big, (c) => c.notNull().defaultTo(0))
        .addColumn('stock_value', big, (c) => c.notNull().defaultTo(0))
        .addColumn('avg_cost', big, (c) => c.notNull().defaultTo(0))
        .addColumn('low_alerted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_levels_pk', ['business_id', 'branch_id', 'product_id', 'variant_id'])
        .addForeignKeyConstraint('stock_levels_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_levels_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      // "Which branches hold this item" (stock filter, product list's stock column).
      await db.schema
        .createIndex('stock_levels_item')
        .on('stock_levels')
        .columns(['business_id', 'product_id', 'variant_id', 'branch_id'])
        .execute();

      await db.schema
        .createTable('stock_movements')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('movement_type', 'text', (c) => c.notNull().check(sql`movement_type in (${types})`))
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity <> 0`))
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull().check(sql`unit_factor > 0`))
        .addColumn('unit_quantity', big, (c) => c.notNull().check(sql`unit_quantity > 0`))
        .addColumn('cost_total', big, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('on_hand_after', big, (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('doc_line_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_movements_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_movements_level_fk', ['business_id', 'branch_id', 'product_id', 'variant_id'], 'stock_levels', [
          'business_id',
          'branch_id',
          'product_id',
          'variant_id',
        ])
        .execute();
      // An item's history in a branch (stock report), a document's movements, and the whole ledger by time.
      await db.schema
        .createIndex('stock_movements_item')
        .on('stock_movements')
        .columns(['business_id', 'branch_id', 'product_id', 'variant_id', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('stock_movements_doc').on('stock_movements').columns(['business_id', 'doc_type', 'doc_id']).execute();
      await db.schema.createIndex('stock_movements_time').on('stock_movements').columns(['business_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stock_movements').ifExists().execute();
      await db.schema.dropTable('stock_levels').ifExists().execute();
    },
  };
}
