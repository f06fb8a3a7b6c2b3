import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Stock adjustments (counted more or fewer than the books say, breakage, samples): a numbered document per shop
 * with its lines; posting it writes its movements, cancelling it writes the reversing ones (history is never
 * rewritten). Lines keep the unit and factor they were counted in.
 */
export function stockAdjustments(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stock_adjustments')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('adjustment_number', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('adjustment_type_id', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('addition', 'subtraction')`))
        .addColumn('adjusted_on', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('posted')
            .check(sql`status in ('posted', 'void')`),
        )
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('voided_at', ts)
        .addPrimaryKeyConstraint('stock_adjustments_pk', ['business_id', 'id'])
        .addUniqueConstraint('stock_adjustments_number_unique', ['business_id', 'adjustment_number'])
        .addForeignKeyConstraint('stock_adjustments_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('stock_adjustments_type_fk', ['business_id', 'adjustment_type_id'], 'adjustment_types', [
          'business_id',
          'id',
        ])
        .execute();
      await db.schema.createIndex('stock_adjustments_list').on('stock_adjustments').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('stock_adjustments_branch')
        .on('stock_adjustments')
        .columns(['business_id', 'branch_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('stock_adjustment_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('adjustment_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addPrimaryKeyConstraint('stock_adjustment_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint(
          'stock_adjustment_lines_doc_fk',
          ['business_id', 'adjustment_id'],
          'stock_adjustments',
          ['business_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('stock_adjustment_lines_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('stock_adjustment_lines_doc')
        .on('stock_adjustment_lines')
        .columns(['business_id', 'adjustment_id', 'line_no'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stock_adjustment_lines').ifExists().execute();
      await db.schema.dropTable('stock_adjustments').ifExists().execute();
    },
  };
}
