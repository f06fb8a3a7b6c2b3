import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Failed sign-ins are counted in fixed windows kept in the database (so several server instances share them):
 * per email AND client address together, so guesses from one place never lock the account's real user out
 * elsewhere, and per address alone, looser, against one place spraying many accounts. A window always ends.
 */
export const PAIR_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT_ADDRESS = 10;
export const ADDRESS_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS = 200;
/** No throttle counts over a longer window: a row whose window started longer ago than this is of no use. */
export const LONGEST_WINDOW_MS = 60 * 60 * 1000;
/** Expired rows are swept at most this often, by whichever request counts next. */
export const SWEEP_EVERY_MS = 5 * 60 * 1000;

export interface ThrottleKeys {
  account: string;
  address: string | null;
}

const pairKey = (k: ThrottleKeys) => `login:${k.address ?? ''}|${k.account}`;
const addressKey = (address: string) => `addr:${address}`;

function keysOf(k: ThrottleKeys): Array<{ key: string; limit: number; windowMs: number }> {
  const keys = [{ key: pairKey(k), limit: MAX_FAILURES_PER_ACCOUNT_ADDRESS, windowMs: PAIR_WINDOW_MS }];
  if (k.address) keys.push({ key: addressKey(k.address), limit: MAX_FAILURES_PER_ADDRESS, windowMs: ADDRESS_WINDOW_MS });
  return keys;
}

/**
 * Counts this attempt BEFORE the password is checked and answers the milliseconds until the caller may try
 * again (0: go ahead). Counting first, with one atomic update per key, means simultaneous guesses cannot all
 * read "under the limit" and slip past it. A successful sign-in gives its count back (forgetSignInFailures).
 */
export async function reserveAttempt(db: Kysely<Database>, k: ThrottleKeys, now: Date): Promise<number> {
  let wait = 0;
  for (const { key, limit, windowMs } of keysOf(k)) {
    const { count, waitMs } = await countInWindow(db, key, now, windowMs);
    if (count > limit) wait = Math.max(wait, waitMs);
  }
  return wait;
}

/**
 * Adds one to a key's count in a fixed window (a new window starts once the old one is over) and answers the
 * count including this one and the milliseconds until the window ends. One atomic upsert: simultaneous
 * callers, and a concurrent delete of the row, can neither slip past a limit nor make the statement find no
 * row. Shared by sign-in throttling, password changes and the emailed-code send limits.
 */
export async function countInWindow(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; waitMs: number }> {
  if (windowMs > LONGEST_WINDOW_MS) throw new Error(`throttle window of ${windowMs} ms is longer than the sweep keeps`);
  await sweepNowAndThen(db, now);
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

// When each database was last swept by this process (a missed or repeated sweep is harmless: it only tidies).
const lastSweep = new WeakMap<Kysely<Database>, number>();

/** Deletes the rows whose window ended, at most once every SWEEP_EVERY_MS per process and database. */
async function sweepNowAndThen(db: Kysely<Database>, now: Date): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && now.getTime() - last < SWEEP_EVERY_MS && now.getTime() >= last) return;
  lastSweep.set(db, now.getTime());
  await sweepExpiredThrottles(db, now);
}

/** Rows whose window started more than LONGEST_WINDOW_MS ago count nothing any more. */
export async function sweepExpiredThrottles(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString();
  const r = await db.deleteFrom('auth_throttle').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * After a successful sign-in (or a password reset proven by the emailed code) from an address: that email's
 * failures from that address are forgotten, and the attempt is given back to the address's own count.
 */
export async function forgetSignInFailures(db: Kysely<Database>, k: ThrottleKeys, options: { releaseAddress: boolean }): Promise<void> {
  await forgetKey(db, pairKey(k));
  if (!options.releaseAddress || !k.address) return;
  await db
    .updateTable('auth_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', addressKey(k.address))
    .where('failures', '>', 0)
    .execute();
}

export async function forgetKey(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}
