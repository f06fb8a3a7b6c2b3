import type { Kysely, Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/**
 * List pages sort by a column and then by id (stable paging): indexes that end in id let the database walk
 * the index in order instead of sorting the whole shop's rows for every page.
 */
export function listIndexes(kind: DialectKind): Migration {
  void kind;
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('categories_business_name').execute();
      await db.schema.dropIndex('categories_business_created').execute();
      await db.schema.createIndex('categories_business_name_id').on('categories').columns(['business_id', 'name', 'id']).execute();
      await db.schema.createIndex('categories_business_created_id').on('categories').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('categories_business_status_name')
        .on('categories')
        .columns(['business_id', 'status', 'name', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('categories_business_status_name').execute();
      await db.schema.dropIndex('categories_business_created_id').execute();
      await db.schema.dropIndex('categories_business_name_id').execute();
      await db.schema.createIndex('categories_business_name').on('categories').columns(['business_id', 'name']).execute();
      await db.schema.createIndex('categories_business_created').on('categories').columns(['business_id', 'created_at']).execute();
    },
  };
}
