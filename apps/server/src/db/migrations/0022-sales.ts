import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Selling (issue 12): cash sessions and their cash entries, sales (till sales, back-office sales, invoices and
 * quotations in one table, told apart by `document`), their lines and payments, returns, coupons and held carts.
 *
 * - Money is integer minor units: the sale's own currency for its totals, each payment's tender currency for what
 *   was handed over (USD cents, whole riel). The exchange rate (RATE_SCALE) is frozen on the sale.
 * - A cash session's expected cash per currency is the sum of its entries (opening, cash taken, change given,
 *   refunds, cash in and out), so closing reads one indexed sum, whatever the number of sales.
 * - A sale's Idempotency-Key is unique per shop: the same key sent twice finds the first sale, also when both
 *   arrive together (the second insert waits for the first transaction and then meets the unique index).
 * - One open session per cashier: a partial unique index refuses a second one, also under concurrency.
 */
export function sales(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cash_sessions')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('session_number', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'closed')`))
        .addColumn('opened_at', ts, (c) => c.notNull())
        .addColumn('closed_at', ts)
        .addColumn('closed_by', 'text')
        .addColumn('opening_usd', big, (c) => c.notNull().check(sql`opening_usd >= 0`))
        .addColumn('opening_khr', big, (c) => c.notNull().check(sql`opening_khr >= 0`))
        // Frozen at close: what the entries said, what the cashier counted (and the note-by-note count, JSON).
        .addColumn('expected_usd', big)
        .addColumn('expected_khr', big)
        .addColumn('counted_usd', big)
        .addColumn('counted_khr', big)
        .addColumn('counted_notes', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('close_note', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('cash_sessions_pk', ['business_id', 'id'])
        .addUniqueConstraint('cash_sessions_number_unique', ['business_id', 'session_number'])
        .addForeignKeyConstraint('cash_sessions_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('cash_sessions_user_fk', ['business_id', 'user_id'], 'users', ['business_id', 'id'])
        .execute();
      await sql`CREATE UNIQUE INDEX cash_sessions_one_open ON cash_sessions (business_id, user_id) WHERE status = 'open'`.execute(db);
      await db.schema.createIndex('cash_sessions_list').on('cash_sessions').columns(['business_id', 'opened_at', 'id']).execute();
      await db.schema
        .createIndex('cash_sessions_branch')
        .on('cash_sessions')
        .columns(['business_id', 'branch_id', 'opened_at', 'id'])
        .execute();

      await db.schema
        .createTable('cash_session_entries')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('opening', 'sale', 'change', 'refund', 'cash_in', 'cash_out', 'payment')`),
        )
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('USD', 'KHR')`))
        // Signed: money into the drawer is positive, money out (change, refunds, cash out) negative.
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('sale_id', 'text')
        .addColumn('return_id', 'text')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('cash_session_entries_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('cash_session_entries_session_fk', ['business_id', 'session_id'], 'cash_sessions', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('cash_session_entries_session')
        .on('cash_session_entries')
        .columns(['business_id', 'session_id', 'currency', 'kind'])
        .execute();

      await db.schema
        .createTable('coupons')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        // The code the cashier types (stored upper-case); `name` so that the generic list path searches and sorts it.
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type in ('percent', 'fixed')`))
        // percent: hundredths of a percent (10% -> 1000); fixed: minor units of the shop's currency.
        .addColumn('discount_value', big, (c) => c.notNull().check(sql`discount_value >= 0`))
        .addColumn('starts_on', 'text')
        .addColumn('ends_on', 'text')
        .addColumn('usage_limit', 'integer')
        .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('coupons_pk', ['business_id', 'id'])
        .execute();
      await sql`CREATE UNIQUE INDEX coupons_name_unique ON coupons (business_id, lower(name))`.execute(db);
      await db.schema.createIndex('coupons_list').on('coupons').columns(['business_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('sales')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('invoice_number', 'text', (c) => c.notNull())
        .addColumn('document', 'text', (c) => c.notNull().check(sql`document in ('sale', 'invoice', 'quotation')`))
        .addColumn('sale_type', 'text', (c) => c.notNull().check(sql`sale_type in ('general', 'internal', 'online', 'pos_retail')`))
        // sale / invoice: completed or void; quotation: open, converted (into a sale or invoice) or void.
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('completed', 'void', 'open', 'converted')`))
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('cash_session_id', 'text')
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('sale_date', 'text', (c) => c.notNull())
        .addColumn('sold_at', ts, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('exchange_rate', big, (c) => c.notNull().check(sql`exchange_rate > 0`))
        .addColumn('vat_rate', 'integer', (c) => c.notNull())
        .addColumn('vat_inclusive', 'integer', (c) => c.notNull())
        .addColumn('discount_type', 'text')
        .addColumn('discount_value', big, (c) => c.notNull().defaultTo(0))
        .addColumn('discount_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('coupon_id', 'text')
        .addColumn('coupon_code', 'text')
        .addColumn('coupon_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('service_charge_id', 'text')
        .addColumn('service_type', 'text')
        .addColumn('service_value', big, (c) => c.notNull().defaultTo(0))
        .addColumn('service_charge', big, (c) => c.notNull().defaultTo(0))
        // Sum of the lines' nets (after line discounts), before the order discount.
        .addColumn('subtotal', big, (c) => c.notNull())
        .addColumn('tax', big, (c) => c.notNull())
        .addColumn('shipping', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`shipping >= 0`),
        )
        .addColumn('grand_total', big, (c) => c.notNull())
        // Applied to the total (never above it); what was handed over beyond it went back as change.
        .addColumn('paid_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('tendered_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('change_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('change_usd', big, (c) => c.notNull().defaultTo(0))
        .addColumn('change_khr', big, (c) => c.notNull().defaultTo(0))
        .addColumn('payment_status', 'text', (c) => c.notNull().check(sql`payment_status in ('paid', 'unpaid', 'partial')`))
        // Value of the returns against it; a returned sale's due shrinks by what went back to the customer's balance.
        .addColumn('returned_amount', big, (c) => c.notNull().defaultTo(0))
        .addColumn('cost_total', big, (c) => c.notNull().defaultTo(0))
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('delivered_at', ts)
        .addColumn('converted_from_id', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('request_hash', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('voided_at', ts)
        .addPrimaryKeyConstraint('sales_pk', ['business_id', 'id'])
        .addUniqueConstraint('sales_number_unique', ['business_id', 'branch_id', 'document', 'invoice_number'])
        .addForeignKeyConstraint('sales_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('sales_customer_fk', ['business_id', 'customer_id'], 'customers', ['business_id', 'id'])
        .addForeignKeyConstraint('sales_session_fk', ['business_id', 'cash_session_id'], 'cash_sessions', ['business_id', 'id'])
        .addForeignKeyConstraint('sales_coupon_fk', ['business_id', 'coupon_id'], 'coupons', ['business_id', 'id'])
        .execute();
      await sql`CREATE UNIQUE INDEX sales_idempotency ON sales (business_id, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(
        db,
      );
      await db.schema.createIndex('sales_list').on('sales').columns(['business_id', 'document', 'sold_at', 'id']).execute();
      await db.schema.createIndex('sales_by_date').on('sales').columns(['business_id', 'sale_date', 'id']).execute();
      await db.schema.createIndex('sales_branch').on('sales').columns(['business_id', 'branch_id', 'sold_at', 'id']).execute();
      await db.schema.createIndex('sales_customer').on('sales').columns(['business_id', 'customer_id', 'status']).execute();
      await db.schema.createIndex('sales_session').on('sales').columns(['business_id', 'cash_session_id']).execute();

      await db.schema
        .createTable('sale_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        // Frozen for receipts and reprints: the name as sold, whatever the product is renamed to later.
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price', big, (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('discount_type', 'text')
        .addColumn('discount_value', big, (c) => c.notNull().defaultTo(0))
        .addColumn('gross_amount', big, (c) => c.notNull())
        .addColumn('line_discount', big, (c) => c.notNull().defaultTo(0))
        // The line's share of the order discount and coupon (allocated exactly, so the shares add up).
        .addColumn('order_discount_share', big, (c) => c.notNull().defaultTo(0))
        .addColumn('net_amount', big, (c) => c.notNull())
        .addColumn('tax_amount', big, (c) => c.notNull().defaultTo(0))
        // What the stock that left cost (the ledger's frozen movement costs): profit is price minus this.
        .addColumn('cost_amount', big, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('sale_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('sale_lines_doc_fk', ['business_id', 'sale_id'], 'sales', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('sale_lines_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('sale_lines_doc').on('sale_lines').columns(['business_id', 'sale_id', 'line_no']).execute();
      await db.schema.createIndex('sale_lines_product').on('sale_lines').columns(['business_id', 'product_id']).execute();

      await db.schema
        .createTable('sale_payments')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('payment_method_id', 'text', (c) => c.notNull())
        // Frozen from the method: 'cash' payments go through the drawer.
        .addColumn('method_type', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('USD', 'KHR')`))
        // What was handed over, in its own currency (minor units), and its value in the sale's currency.
        .addColumn('amount', big, (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('amount_in_sale_currency', big, (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('khqr_md5', 'text')
        .addColumn('cash_session_id', 'text')
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('sale_payments_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('sale_payments_doc_fk', ['business_id', 'sale_id'], 'sales', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('sale_payments_method_fk', ['business_id', 'payment_method_id'], 'payment_methods', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('sale_payments_doc').on('sale_payments').columns(['business_id', 'sale_id', 'created_at']).execute();

      await db.schema
        .createTable('sale_returns')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('return_number', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('cash_session_id', 'text')
        .addColumn('returned_on', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('posted', 'void')`))
        .addColumn('currency', 'text', (c) => c.notNull())
        // Value of what came back (the lines' share of what the customer paid for them).
        .addColumn('total', big, (c) => c.notNull().check(sql`total >= 0`))
        // 'cash' from the session's drawer, or 'balance': taken off what the customer owes / credited.
        .addColumn('refund_method', 'text', (c) => c.notNull().check(sql`refund_method in ('cash', 'balance')`))
        .addColumn('refund_currency', 'text', (c) => c.notNull())
        .addColumn('refund_amount', big, (c) => c.notNull().check(sql`refund_amount >= 0`))
        .addColumn('cost_total', big, (c) => c.notNull().defaultTo(0))
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('sale_returns_pk', ['business_id', 'id'])
        .addUniqueConstraint('sale_returns_number_unique', ['business_id', 'return_number'])
        .addForeignKeyConstraint('sale_returns_sale_fk', ['business_id', 'sale_id'], 'sales', ['business_id', 'id'])
        .addForeignKeyConstraint('sale_returns_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('sale_returns_list').on('sale_returns').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('sale_returns_sale').on('sale_returns').columns(['business_id', 'sale_id', 'status']).execute();

      await db.schema
        .createTable('sale_return_lines')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('return_id', 'text', (c) => c.notNull())
        .addColumn('sale_line_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit_id', 'text')
        .addColumn('unit_factor', big, (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('cost_amount', big, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('sale_return_lines_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('sale_return_lines_doc_fk', ['business_id', 'return_id'], 'sale_returns', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('sale_return_lines_product_fk', ['business_id', 'product_id'], 'products', ['business_id', 'id'])
        .execute();
      await db.schema
        .createIndex('sale_return_lines_doc')
        .on('sale_return_lines')
        .columns(['business_id', 'return_id', 'line_no'])
        .execute();
      await db.schema.createIndex('sale_return_lines_line').on('sale_return_lines').columns(['business_id', 'sale_line_id']).execute();

      await db.schema
        .createTable('held_carts')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        // The till's cart as JSON (lines, customer, discounts): prices are checked again when it is paid.
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total', big, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('held_carts_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('held_carts_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('held_carts_branch').on('held_carts').columns(['business_id', 'branch_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'held_carts',
        'sale_return_lines',
        'sale_returns',
        'sale_payments',
        'sale_lines',
        'sales',
        'coupons',
        'cash_session_entries',
        'cash_sessions',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
