import { sql, type Kysely, type Migration } from 'kysely';
import { bigintType, timestampType, type DialectKind } from '../dialect/index';

/** Tenants, branches, roles, users, sessions, audit log, throttling, counters, settings, categories. */
export function foundation(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  const big = bigintType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('businesses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('shop_name', 'text', (c) => c.notNull())
        .addColumn('shop_type', 'text', (c) => c.notNull())
        .addColumn('package', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('address', 'text')
        .addColumn('logo', 'text')
        .addColumn('company_name', 'text')
        .addColumn('contact_name', 'text')
        .addColumn('note', 'text')
        .addColumn('is_platform', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('businesses_status_created').on('businesses').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('branches')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('phone', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('branches_pk', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('roles')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('is_preset', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('roles_pk', ['business_id', 'id'])
        .addUniqueConstraint('roles_name_unique', ['business_id', 'name'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'text')
        .addColumn('role_id', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('gender', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('users_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('users_role_fk', ['business_id', 'role_id'], 'roles', ['business_id', 'id'])
        .addForeignKeyConstraint('users_branch_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
        .execute();
      // Sign-in is by email across all shops, so an email belongs to one person only.
      await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
      await db.schema.createIndex('users_business_role').on('users').columns(['business_id', 'role_id']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_seen_at', ts, (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addForeignKeyConstraint('sessions_user_fk', ['business_id', 'user_id'], 'users', ['business_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['business_id', 'user_id']).execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('audit_log_pk', ['business_id', 'id'])
        .execute();
      await db.schema.createIndex('audit_log_business_created').on('audit_log').columns(['business_id', 'created_at']).execute();

      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', ts, (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tenant_counters')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('tenant_counters_pk', ['business_id', 'name'])
        .execute();

      await db.schema
        .createTable('general_settings')
        .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('local_currency', 'text', (c) => c.notNull())
        .addColumn('exchange_rate', big, (c) => c.notNull())
        .addColumn('sale_tax', 'integer', (c) => c.notNull())
        .addColumn('is_exclude_tax', 'integer', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('default_branch_id', 'text')
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('icon', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('categories_pk', ['business_id', 'id'])
        .addForeignKeyConstraint('categories_parent_fk', ['business_id', 'parent_id'], 'categories', ['business_id', 'id'])
        .execute();
      await sql`CREATE UNIQUE INDEX categories_name_unique ON categories (business_id, lower(name))`.execute(db);
      await db.schema.createIndex('categories_business_name').on('categories').columns(['business_id', 'name']).execute();
      await db.schema.createIndex('categories_business_created').on('categories').columns(['business_id', 'created_at']).execute();
      await db.schema.createIndex('categories_business_parent').on('categories').columns(['business_id', 'parent_id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'categories',
        'general_settings',
        'tenant_counters',
        'auth_throttle',
        'audit_log',
        'sessions',
        'users',
        'roles',
        'branches',
        'businesses',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
