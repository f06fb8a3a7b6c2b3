import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/types';
import { sameShop } from '../../db/same-shop';

/** The signed-in user with their role, branch and shop. */
export function findProfile(db: Kysely<Database>, businessId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .innerJoin('businesses as s', 's.id', 'u.business_id')
    .leftJoin('branches as b', sameShop('b', 'u.branch_id'))
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.gender',
      'r.name as role_name',
      'b.name as branch_name',
      's.shop_name',
      's.package',
    ])
    .where('u.business_id', '=', businessId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function passwordHashOf(db: Kysely<Database>, businessId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('business_id', '=', businessId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function updateSelf(db: Kysely<Database>, businessId: string, userId: string, set: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(set).where('business_id', '=', businessId).where('id', '=', userId).execute();
}
