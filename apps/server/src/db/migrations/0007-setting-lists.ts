import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

const TABLES = ['variations', 'variation_values', 'service_charges', 'adjustment_types'] as const;

/**
 * Variations (Size, Sugar) and their values (Small, Medium, Large), service charges and stock adjustment types.
 * A value belongs to a variation of the same shop (composite foreign key); its name is unique within its variation,
 * the other names are unique per shop, case-insensitively. A service charge's value is hundredths of a percent
 * (PERCENT_SCALE) or an amount in minor units of its currency. List indexes end in id (see 0003).
 */
export function settingLists(kind: DialectKind): Migration {
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

      await stamps(table('variations').addColumn('description', 'text'))
        .addPrimaryKeyConstraint('variations_pk', ['business_id', 'id'])
        .execute();
      await stamps(
        table('variation_values')
          .addColumn('variation_id', 'text', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
      )
        .addPrimaryKeyConstraint('variation_values_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('variation_values_variation_fk', ['business_id', 'variation_id'], 'variations', ['business_id', 'id'])
        .execute();
      await stamps(
        table('service_charges')
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('value', big, (c) => c.notNull())
          .addColumn('currency', 'text')
          .addColumn('applies_to', 'text', (c) => c.notNull()),
      )
        .addPrimaryKeyConstraint('service_charges_pk', ['business_id', 'id'])
        .execute();
      await stamps(
        table('adjustment_types')
          .addColumn('direction', 'text', (c) => c.notNull())
          .addColumn('description', 'text'),
      )
        .addPrimaryKeyConstraint('adjustment_types_pk', ['business_id', 'id'])
        .execute();

      for (const t of TABLES) {
        const unique = t === 'variation_values' ? sql`business_id, variation_id, lower(name)` : sql`business_id, lower(name)`;
        await sql`CREATE UNIQUE INDEX ${sql.raw(`${t}_name_unique`)} ON ${sql.table(t)} (${unique})`.execute(db);
        await db.schema.createIndex(`${t}_business_name_id`).on(t).columns(['business_id', 'name', 'id']).execute();
        await db.schema.createIndex(`${t}_business_created_id`).on(t).columns(['business_id', 'created_at', 'id']).execute();
        await db.schema.createIndex(`${t}_business_status_name`).on(t).columns(['business_id', 'status', 'name', 'id']).execute();
      }
      // A variation's values in order (the filtered list, the product form, the foreign key's lookups).
      await db.schema
        .createIndex('variation_values_business_variation')
        .on('variation_values')
        .columns(['business_id', 'variation_id', 'sort_order', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [...TABLES].reverse()) await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
