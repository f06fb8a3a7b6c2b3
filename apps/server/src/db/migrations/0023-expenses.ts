import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/**
 * Expenses (issue 13): a setting list of expense categories, the expenses themselves, and the receipts attached to
 * them. Every key starts with business_id; composite foreign keys keep rows inside their shop.
 *
 * - An expense keeps what was entered (expend_cost in minor units of `currency`, USD or KHR) and the riel-per-dollar
 *   rate of that moment (RATE_SCALE); `amount` is its value in the shop currency, converted once at that rate. The
 *   reports sum `amount` only, so a later change of the shop's rate never rewrites the books.
 * - expense_date is the shop-local day; the reports read expenses by (business_id, expense_date).
 * - Attachments (a photo, re-encoded, or a PDF) are kept in the database, not in the public media store: a
 *   receipt is the shop's private paper, read only through the API by who may see the expense. An upload waits
 *   unclaimed until an expense takes it (claimed_at), and is swept a day later if none does.
 */
export function expenses(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  const bytes = kind === 'postgres' ? sql`bytea` : sql`blob`;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('expense_categories')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('expense_categories_pk', ['business_id', 'id'])
        .execute();
      // Unique whatever its case, also under concurrent writes (the service's own check answers the usual 409).
      await sql`CREATE UNIQUE INDEX expense_categories_name_unique ON expense_categories (business_id, lower(name))`.execute(db);
      await db.schema
        .createIndex('expense_categories_list')
        .on('expense_categories')
        .columns(['business_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('expense_attachments')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/webp', 'application/pdf')`))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('bytes', bytes, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('claimed_at', ts)
        .addPrimaryKeyConstraint('expense_attachments_pk', ['business_id', 'key'])
        .execute();
      await db.schema
        .createIndex('expense_attachments_unclaimed')
        .on('expense_attachments')
        .columns(['business_id', 'claimed_at', 'created_at'])
        .execute();

      await db.schema
        .createTable('expenses')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull())
        .addColumn('expense_date', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('USD', 'KHR')`))
        .addColumn('expend_cost', big, (c) => c.notNull().check(sql`expend_cost > 0`))
        .addColumn('exchange_rate', big, (c) => c.notNull().check(sql`exchange_rate > 0`))
        .addColumn('amount', big, (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('payment_method_id', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('attachment', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('expenses_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('expenses_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .addForeignKeyConstraint('expenses_category_fk', ['business_id', 'category_id'], 'expense_categories', ['business_id', 'id'])
        .addForeignKeyConstraint('expenses_payment_method_fk', ['business_id', 'payment_method_id'], 'payment_methods', [
          'business_id',
          'id',
        ])
        .addForeignKeyConstraint('expenses_attachment_fk', ['business_id', 'attachment'], 'expense_attachments', ['business_id', 'key'])
        .execute();
      await db.schema.createIndex('expenses_by_date').on('expenses').columns(['business_id', 'expense_date', 'id']).execute();
      await db.schema.createIndex('expenses_list').on('expenses').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('expenses_branch').on('expenses').columns(['business_id', 'branch_id', 'expense_date']).execute();
      await db.schema.createIndex('expenses_category').on('expenses').columns(['business_id', 'category_id', 'expense_date']).execute();
      await db.schema.createIndex('expenses_payment_method').on('expenses').columns(['business_id', 'payment_method_id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['expenses', 'expense_attachments', 'expense_categories']) await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
