import { sql, type Kysely, type Migration } from 'kysely';
import { newId } from '../../lib/ids';
import { bigintType, timestampType, upsertCounterSql, type DialectKind } from '../dialect/index';

const WALK_IN_CUSTOMER_NAME = 'Walk-in customer';

const GENERAL_SETTING_COLUMNS = [
  'default_stock_alert',
  'out_of_stock_sale',
  'edit_date',
  'edit_cost',
  'inline_discount',
  'receipt_footer',
  'vatin_number',
];

/**
 * Warehouses, customers, general and sale settings (issue 5). Branch names become unique per shop whatever their
 * case (earlier duplicates are renamed "Name (2)"), with list indexes ending in id (see 0003). Customers carry an
 * optional Member ID unique per shop, and one Walk-in customer per shop. sale_settings is one row per shop whose
 * default customer and payment method are rows of the same shop (composite foreign keys). Every existing shop gets
 * its Walk-in customer, its sale settings and its list counters.
 */
export function shopSettings(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('general_settings')
        .addColumn('default_stock_alert', big, (c) => c.notNull().defaultTo(0))
        .execute();
      for (const flag of ['out_of_stock_sale', 'edit_date', 'edit_cost', 'inline_discount']) {
        await db.schema
          .alterTable('general_settings')
          .addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('general_settings').addColumn('receipt_footer', 'text').execute();
      await db.schema.alterTable('general_settings').addColumn('vatin_number', 'text').execute();

      await renameDuplicateBranches(db);
      await sql`CREATE UNIQUE INDEX branches_name_unique ON branches (business_id, lower(name))`.execute(db);
      await db.schema.createIndex('branches_business_name_id').on('branches').columns(['business_id', 'name', 'id']).execute();
      await db.schema.createIndex('branches_business_created_id').on('branches').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('branches_business_status_name')
        .on('branches')
        .columns(['business_id', 'status', 'name', 'id'])
        .execute();

      await db.schema
        .createTable('customers')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('customer_type', 'text', (c) => c.notNull())
        .addColumn('company_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('address', 'text')
        .addColumn('member_id', 'text')
        .addColumn('note', 'text')
        .addColumn('is_walk_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('customers_pk', ['business_id', 'id'])
        .execute();
      await sql`CREATE UNIQUE INDEX customers_member_id_unique ON customers (business_id, lower(member_id)) WHERE member_id IS NOT NULL`.execute(
        db,
      );
      await sql`CREATE UNIQUE INDEX customers_one_walk_in ON customers (business_id) WHERE is_walk_in = 1`.execute(db);
      await db.schema.createIndex('customers_business_name_id').on('customers').columns(['business_id', 'name', 'id']).execute();
      await db.schema.createIndex('customers_business_created_id').on('customers').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('customers_business_status_name')
        .on('customers')
        .columns(['business_id', 'status', 'name', 'id'])
        .execute();
      await db.schema.createIndex('customers_business_member_id').on('customers').columns(['business_id', 'member_id', 'id']).execute();
      await db.schema.createIndex('customers_business_phone').on('customers').columns(['business_id', 'phone']).execute();

      await db.schema
        .createTable('sale_settings')
        .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
        .addColumn('default_customer_id', 'text')
        .addColumn('default_payment_method_id', 'text')
        .addColumn('receipt_show_logo', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('receipt_show_address', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('receipt_show_vatin', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('receipt_paper_width', 'integer', (c) => c.notNull().defaultTo(80))
        .addColumn('receipt_auto_print', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invoice_prefix', 'text', (c) => c.notNull().defaultTo('INV-'))
        .addColumn('quotation_prefix', 'text', (c) => c.notNull().defaultTo('QUO-'))
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addForeignKeyConstraint('sale_settings_customer_fk', ['business_id', 'default_customer_id'], 'customers', ['business_id', 'id'])
        .addForeignKeyConstraint('sale_settings_payment_method_fk', ['business_id', 'default_payment_method_id'], 'payment_methods', [
          'business_id',
          'id',
        ])
        .execute();

      await backfillShops(db, kind);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('sale_settings').ifExists().execute();
      await db.schema.dropTable('customers').ifExists().execute();
      for (const i of [
        'branches_business_status_name',
        'branches_business_created_id',
        'branches_business_name_id',
        'branches_name_unique',
      ]) {
        await db.schema.dropIndex(i).ifExists().execute();
      }
      for (const c of GENERAL_SETTING_COLUMNS) await db.schema.alterTable('general_settings').dropColumn(c).execute();
      await db.deleteFrom('tenant_counters').where('name', 'in', ['branches', 'customers']).execute();
    },
  };
}

/** Branch names were not unique before: a later duplicate (same shop, same name whatever its case) becomes "Name (2)". */
async function renameDuplicateBranches(db: Kysely<any>) {
  const rows = await db
    .selectFrom('branches')
    .select(['business_id', 'id', 'name'])
    .orderBy('business_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set(rows.map((r) => `${r.business_id}|${String(r.name).toLowerCase()}`));
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.business_id}|${String(r.name).toLowerCase()}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(`${r.business_id}|${`${r.name} (${n})`.toLowerCase()}`)) n++;
    const name = `${r.name} (${n})`;
    taken.add(`${r.business_id}|${name.toLowerCase()}`);
    await db.updateTable('branches').set({ name }).where('business_id', '=', r.business_id).where('id', '=', r.id).execute();
  }
}

/** Every shop (not the platform) gets its Walk-in customer, its sale settings and correct list counters. */
async function backfillShops(db: Kysely<any>, kind: DialectKind) {
  const at = new Date().toISOString();
  const shops = await db.selectFrom('businesses').select('id').where('is_platform', '=', 0).execute();
  for (const { id: businessId } of shops) {
    const walkIn = newId();
    await db
      .insertInto('customers')
      .values({
        business_id: businessId,
        id: walkIn,
        name: WALK_IN_CUSTOMER_NAME,
        customer_type: 'retail',
        company_name: null,
        phone: null,
        email: null,
        address: null,
        member_id: null,
        note: null,
        is_walk_in: 1,
        status: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const cash = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('business_id', '=', businessId)
      .where('type', '=', 'cash')
      .where('status', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .executeTakeFirst();
    await db
      .insertInto('sale_settings')
      .values({
        business_id: businessId,
        default_customer_id: walkIn,
        default_payment_method_id: cash?.id ?? null,
        updated_at: at,
      })
      .execute();
    await upsertCounterSql(kind, businessId, 'customers', 1).execute(db);
  }
  const branchCounts = await db
    .selectFrom('branches')
    .select(['business_id', sql<number>`count(*)`.as('n')])
    .groupBy('business_id')
    .execute();
  for (const { business_id: businessId, n } of branchCounts) await upsertCounterSql(kind, businessId, 'branches', Number(n)).execute(db);
}
