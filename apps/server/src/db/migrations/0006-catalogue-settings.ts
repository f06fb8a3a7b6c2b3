import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

const TABLES = ['brands', 'units', 'suppliers', 'payment_methods'] as const;

/**
 * Brands, product units, suppliers and payment methods. Names are unique per shop, case-insensitively; list
 * indexes end in id (see 0003). A unit's base is another unit of the same shop (composite foreign key) and its
 * operation_value is how many base units it is, at FACTOR_SCALE (1 box = 24 cans -> 24_000_000).
 */
export function catalogueSettings(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      const table = (name: (typeof TABLES)[number]) =>
        db.schema
          .createTable(name)
          .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
          .addColumn('id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull());
      const stamps = (t: CreateTableBuilder<any, any>) =>
        t
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('updated_at', ts, (c) => c.notNull());

      await stamps(table('brands').addColumn('description', 'text')).addPrimaryKeyConstraint('brands_pk', ['business_id', 'id']).execute();
      await stamps(
        table('units')
          .addColumn('short_name', 'text', (c) => c.notNull())
          .addColumn('base_unit_id', 'text')
          .addColumn('operation_value', big, (c) => c.notNull()),
      )
        .addPrimaryKeyConstraint('units_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('units_base_fk', ['business_id', 'base_unit_id'], 'units', ['business_id', 'id'])
        .execute();
      await stamps(
        table('suppliers')
          .addColumn('company', 'text')
          .addColumn('phone', 'text')
          .addColumn('email', 'text')
          .addColumn('address', 'text')
          .addColumn('note', 'text'),
      )
        .addPrimaryKeyConstraint('suppliers_pk', ['business_id', 'id'])
        .execute();
      await stamps(
        table('payment_methods')
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('account_details', 'text'),
      )
        .addPrimaryKeyConstraint('payment_methods_pk', ['business_id', 'id'])
        .execute();

      for (const t of TABLES) {
        await sql`CREATE UNIQUE INDEX ${sql.raw(`${t}_name_unique`)} ON ${sql.table(t)} (business_id, lower(name))`.execute(db);
        await db.schema.createIndex(`${t}_business_name_id`).on(t).columns(['business_id', 'name', 'id']).execute();
        await db.schema.createIndex(`${t}_business_created_id`).on(t).columns(['business_id', 'created_at', 'id']).execute();
        await db.schema.createIndex(`${t}_business_status_name`).on(t).columns(['business_id', 'status', 'name', 'id']).execute();
      }
      await db.schema.createIndex('units_business_base').on('units').columns(['business_id', 'base_unit_id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [...TABLES].reverse()) await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
