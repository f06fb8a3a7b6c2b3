import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Failed sign-ins are counted per account and per address in fixed one-hour windows kept in the database
 * (so several server instances share them). A window always ends, so a real user is never locked out for good.
 */
export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 100;
export const MAX_FAILURES_PER_ADDRESS = 200;

export interface ThrottleKeys {
  account: string;
  address: string | null;
}

function keysOf(k: ThrottleKeys): Array<{ key: string; limit: number }> {
  const keys = [{ key: `acct:${k.account}`, limit: MAX_FAILURES_PER_ACCOUNT }];
  if (k.address) keys.push({ key: `addr:${k.address}`, limit: MAX_FAILURES_PER_ADDRESS });
  return keys;
}

/**
 * Counts this attempt BEFORE the password is checked and answers the milliseconds until the caller may try
 * again (0: go ahead). Counting first, with one atomic update per key, means simultaneous guesses cannot all
 * read "under the limit" and slip past it. A successful sign-in gives its count back (clearAccountFailures,
 * releaseAddress).
 */
export async function reserveAttempt(db: Kysely<Database>, k: ThrottleKeys, now: Date): Promise<number> {
  let wait = 0;
  for (const { key, limit } of keysOf(k)) {
    const { count, waitMs } = await countInWindow(db, key, now, THROTTLE_WINDOW_MS);
    if (count > limit) wait = Math.max(wait, waitMs);
  }
  return wait;
}

/**
 * Adds one to a key's count in a fixed window (a new window starts once the old one is over) and answers the
 * count including this one and the milliseconds until the window ends. One atomic upsert: simultaneous
 * callers, and a concurrent delete of the row, can neither slip past a limit nor make the statement find no
 * row. Shared by sign-in throttling and the emailed-code send limits.
 */
export async function countInWindow(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; waitMs: number }> {
  const at = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, window_start: at, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('auth_throttle.window_start', '<=', windowOpenedAfter)
          .then(1)
          .else(eb('auth_throttle.failures', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('auth_throttle.window_start', '<=', windowOpenedAfter)
          .then(at)
          .else(eb.ref('auth_throttle.window_start'))
          .end(),
      })),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.failures, waitMs: new Date(row.window_start).getTime() + windowMs - now.getTime() };
}

/** Gives back the address's count for an attempt that turned out to be a successful sign-in. */
export async function releaseAddress(db: Kysely<Database>, address: string | null): Promise<void> {
  if (!address) return;
  await db
    .updateTable('auth_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', `addr:${address}`)
    .where('failures', '>', 0)
    .execute();
}

export async function clearAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', `acct:${account}`).execute();
}
