import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

export interface CodeKey {
  email: string;
  purpose: string;
}

/** Stores the one live code of an email and purpose; a new code replaces the old one, which stops working. */
export async function putCode(
  db: Kysely<Database>,
  k: CodeKey,
  c: { codeHash: string; salt: string; createdAt: string; expiresAt: string },
): Promise<void> {
  const values = { code_hash: c.codeHash, salt: c.salt, attempts: 0, created_at: c.createdAt, expires_at: c.expiresAt, used_at: null };
  await db
    .insertInto('email_codes')
    .values({ email: k.email, purpose: k.purpose, ...values })
    .onConflict((oc) => oc.columns(['email', 'purpose']).doUpdateSet(values))
    .execute();
}

/** Counts one try against the code and answers it: one atomic update, so simultaneous tries all count. */
export function countTry(db: Kysely<Database>, k: CodeKey) {
  return db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', k.email)
    .where('purpose', '=', k.purpose)
    .returning(['code_hash', 'salt', 'attempts', 'expires_at', 'used_at'])
    .executeTakeFirst();
}

/** Marks the code used, unless a simultaneous try already did or a resend replaced it. */
export async function markUsed(db: Kysely<Database>, k: CodeKey, codeHash: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('email_codes')
    .set({ used_at: at })
    .where('email', '=', k.email)
    .where('purpose', '=', k.purpose)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Codes that ended more than a day ago are of no use to anyone. */
export async function deleteStaleCodes(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('email_codes').where('expires_at', '<', before).execute();
}
