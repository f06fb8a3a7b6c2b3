import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The user who already has this email, if any (their first name greets them in the notice). */
export function accountWithEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select(['id', 'first_name']).where('email', '=', email).executeTakeFirst();
}

export async function emailInUse(db: Kysely<Database>, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
}

/**
 * Starts the sign-up of an email, unless one is already pending: a pending sign-up is never changed by step 1
 * (anyone may call it), so a repeat only re-sends the code. Answers whether this call started it.
 */
export async function startRegistration(
  db: Kysely<Database>,
  r: { email: string; firstName: string; lastName: string; package: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('registrations')
    .values({
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      package: r.package,
      verified_at: null,
      token_hash: null,
      token_expires_at: null,
      created_at: r.at,
      updated_at: r.at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findRegistration(db: Kysely<Database>, email: string) {
  return db.selectFrom('registrations').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findRegistrationByToken(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('registrations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function setToken(
  db: Kysely<Database>,
  email: string,
  t: { tokenHash: string; expiresAt: string; at: string },
): Promise<void> {
  await db
    .updateTable('registrations')
    .set({ verified_at: t.at, token_hash: t.tokenHash, token_expires_at: t.expiresAt, updated_at: t.at })
    .where('email', '=', email)
    .execute();
}

/** Takes the registration out as its shop is created: only one request can use a token. */
export async function takeRegistration(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const r = await db.deleteFrom('registrations').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Sign-ups abandoned for a week are dropped. */
export async function deleteStaleRegistrations(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('registrations').where('updated_at', '<', before).execute();
}

export async function setLogo(db: Kysely<Database>, businessId: string, logo: string): Promise<void> {
  await db.updateTable('businesses').set({ logo }).where('id', '=', businessId).execute();
}
