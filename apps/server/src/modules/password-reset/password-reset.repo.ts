import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select(['id', 'business_id', 'first_name', 'status']).where('email', '=', email).executeTakeFirst();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  businessId: string,
  userId: string,
  passwordHash: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('business_id', '=', businessId)
    .where('id', '=', userId)
    .execute();
}
