import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Purchases from suppliers (numbered per shop, pending / ordered / received / void) with their lines, payments, and
 * the returns made against them. Receiving writes 'purchase_in' movements; a return writes 'purchase_return' ones at
 * the purchase's cost. Every key starts with business_id; composite foreign keys keep rows inside their shop.
 */
export function purchases(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('purchases')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('purchase_number', 'text', (c) => c.notNull())
        .addColumn('purchase_date', 'text', (c) => c.notNull())
        .addColumn('supplier_id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'ordered', 'received', 'void')`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('subtotal', big, (c) => c.notNull())
        .addColumn('shipping_cost', big, (c) => c.notNull().check(sql`shipping_cost >= 0`))
        .addColumn('grand_total', big, (c) => c.notNull())
        .addColumn('paid_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('payment_status', 'text', (c) => c.notNull().check(sql`payment_status in ('paid', 'unpaid', 'partial')`))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('attachment', 'text')
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('received_at', ts)
        .addColumn('voided_at', ts)
        .addPrimaryKeyConstraint('purchases_pk', ['business_id', 'id'])
        .addUniqueConstraint('purchases_number_unique', ['business_id', 'purchase_number'])
        .addForeignKeyConstraint('purchases_supplier_fk', ['business_id', 'supplier_id'], 'suppliers', ['business_id', 'id'])
        .addForeignKeyConstraint('purchases_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('purchases_list').on('purchases').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('purchases_by_date').on('purchases').columns(['business_id', 'purchase_date', 'id']).execute();
      await db.schema.createIndex('purchases_branch').on('purchases').columns(['business_id', 'branch_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('purchases_supplier').on('purchases').columns(['business_id', 'supplier_id', 'status']).execute();

      await db.schema
        .createTable('purchase_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('purchase_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_cost', big, (c) => c.notNull().check(sql`unit_cost >= 0`))
        .addColumn('line_total', big, (c) => c.notNull())
        .addColumn('shipping_share', big, (c) => c.notNull())
        .addColumn('expiry_date', 'text')
        .addPrimaryKeyConstraint('purchase_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('purchase_lines_doc_fk', ['business_id', 'purchase_id'], 'purchases', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('purchase_lines_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('purchase_lines_doc').on('purchase_lines').columns(['business_id', 'purchase_id', 'line_no']).execute();

      await db.schema
        .createTable('purchase_payments')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('purchase_id', 'text', (c) => c.notNull())
        .addColumn('payment_method_id', 'text', (c) => c.notNull())
        .addColumn('amount', big, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('purchase_payments_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('purchase_payments_doc_fk', ['business_id', 'purchase_id'], 'purchases', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('purchase_payments_method_fk', ['business_id', 'payment_method_id'], 'payment_methods', [
          'business_id',
          'id',
        ])
        .execute();
      await db.schema
        .createIndex('purchase_payments_doc')
        .on('purchase_payments')
        .columns(['business_id', 'purchase_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('purchase_returns')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('return_number', 'text', (c) => c.notNull())
        .addColumn('purchase_id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('returned_on', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('posted', 'void')`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total_cost', big, (c) => c.notNull())
        .addColumn('refund_amount', big, (c) => c.notNull().check(sql`refund_amount >= 0`))
        .addColumn('refund_method_id', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('voided_at', ts)
        .addPrimaryKeyConstraint('purchase_returns_pk', ['business_id', 'id'])
        .addUniqueConstraint('purchase_returns_number_unique', ['business_id', 'return_number'])
        .addForeignKeyConstraint('purchase_returns_purchase_fk', ['business_id', 'purchase_id'], 'purchases', ['business_id', 'id'])
        .addForeignKeyConstraint('purchase_returns_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('purchase_returns_method_fk', ['business_id', 'refund_method_id'], 'payment_methods', [
          'business_id',
          'id',
        ])
        .execute();
      await db.schema.createIndex('purchase_returns_list').on('purchase_returns').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('purchase_returns_by_date')
        .on('purchase_returns')
        .columns(['business_id', 'returned_on', 'id'])
        .execute();
      await db.schema
        .createIndex('purchase_returns_purchase')
        .on('purchase_returns')
        .columns(['business_id', 'purchase_id', 'status'])
        .execute();

      await db.schema
        .createTable('purchase_return_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('return_id', 'text', (c) => c.notNull())
        .addColumn('purchase_line_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('cost', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('purchase_return_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint(
          'purchase_return_lines_doc_fk',
          ['business_id', 'return_id'],
          'purchase_returns',
          ['business_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('purchase_return_lines_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('purchase_return_lines_doc')
        .on('purchase_return_lines')
        .columns(['business_id', 'return_id', 'line_no'])
        .execute();
      await db.schema
        .createIndex('purchase_return_lines_line')
        .on('purchase_return_lines')
        .columns(['business_id', 'purchase_line_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('purchase_return_lines').ifExists().execute();
      await db.schema.dropTable('purchase_returns').ifExists().execute();
      await db.schema.dropTable('purchase_payments').ifExists().execute();
      await db.schema.dropTable('purchase_lines').ifExists().execute();
      await db.schema.dropTable('purchases').ifExists().execute();
    },
  };
}
