import type { Kysely, Migration } from 'kysely';
import { timestampType, type DialectKind } from '../dialect/index';

/**
 * Sign-up before a shop exists (so no business_id): one pending registration per email, and the one live
 * emailed code per email and purpose (a new code replaces the old one, which invalidates it).
 */
export function signUp(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('registrations')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('package', 'text', (c) => c.notNull())
        .addColumn('verified_at', ts)
        // SHA-256 of the registration token handed out once the email is verified.
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('token_expires_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('email_codes')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .addPrimaryKeyConstraint('email_codes_pk', ['email', 'purpose'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('email_codes').ifExists().execute();
      await db.schema.dropTable('registrations').ifExists().execute();
    },
  };
}
