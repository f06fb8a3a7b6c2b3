import type { Kysely, Migration } from 'kysely';
import type { DialectKind } from '../dialect/index';

/**
 * Issue 9. A pending sign-up no longer holds a password: the owner chooses it at the shop-info step, after the
 * email is proven, so nobody can plant one in another person's sign-up. Expired throttle counters are swept by
 * their window start, hence its index.
 */
export function accountsSecurity(kind: DialectKind): Migration {
  void kind;
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('registrations').dropColumn('password_hash').execute();
      await db.schema.createIndex('auth_throttle_window_start').on('auth_throttle').column('window_start').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('auth_throttle_window_start').execute();
      await db.schema.alterTable('registrations').addColumn('password_hash', 'text').execute();
    },
  };
}
