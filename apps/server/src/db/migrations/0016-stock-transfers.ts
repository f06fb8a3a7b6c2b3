import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Stock transfers between two branches of a shop: sent (out of the source) then received (into the destination, at
 * the cost that left the source), or void (the movements reversed). Lines keep the unit they were counted in.
 */
export function stockTransfers(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stock_transfers')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('transfer_number', 'text', (c) => c.notNull())
        .addColumn('from_branch_id', 'text', (c) => c.notNull())
        .addColumn('to_branch_id', 'text', (c) => c.notNull())
        .addColumn('sent_on', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('sent', 'received', 'void')`))
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('received_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('received_at', ts)
        .addColumn('voided_at', ts)
        .addPrimaryKeyConstraint('stock_transfers_pk', ['business_id', 'id'])
        .addUniqueConstraint('stock_transfers_number_unique', ['business_id', 'transfer_number'])
        .addForeignKeyConstraint('stock_transfers_from_fk', ['business_id', 'from_branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_transfers_to_fk', ['business_id', 'to_branch_id'], 'branches', ['business_id', 'id'])
        .addCheckConstraint('stock_transfers_two_branches', sql`from_branch_id <> to_branch_id`)
        .execute();
      await db.schema.createIndex('stock_transfers_list').on('stock_transfers').columns(['business_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('stock_transfer_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('transfer_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addPrimaryKeyConstraint('stock_transfer_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint(
          'stock_transfer_lines_doc_fk',
          ['business_id', 'transfer_id'],
          'stock_transfers',
          ['business_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('stock_transfer_lines_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('stock_transfer_lines_doc')
        .on('stock_transfer_lines')
        .columns(['business_id', 'transfer_id', 'line_no'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stock_transfer_lines').ifExists().execute();
      await db.schema.dropTable('stock_transfers').ifExists().execute();
    },
  };
}
