import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/**
 * Roles and users inside a shop (issue 4): the Owner role is marked (its permissions always stay complete,
 * whatever it is renamed to), role names are unique per shop whatever their case, and the users lists get
 * indexes that end in id for stable paging.
 */
export function rolesAndUsers(kind: DialectKind): Migration {
  void kind;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('roles')
        .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.updateTable('roles').set({ is_owner: 1 }).where('is_preset', '=', 1).where('name', '=', 'Owner').execute();
      await sql`CREATE UNIQUE INDEX roles_name_lower_unique ON roles (business_id, lower(name))`.execute(db);
      await db.schema.createIndex('users_business_first_name_id').on('users').columns(['business_id', 'first_name', 'id']).execute();
      await db.schema.createIndex('users_business_created_id').on('users').columns(['business_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('users_business_branch').on('users').columns(['business_id', 'branch_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('users_business_branch').execute();
      await db.schema.dropIndex('users_business_created_id').execute();
      await db.schema.dropIndex('users_business_first_name_id').execute();
      await db.schema.dropIndex('roles_name_lower_unique').execute();
      await db.schema.alterTable('roles').dropColumn('is_owner').execute();
    },
  };
}
