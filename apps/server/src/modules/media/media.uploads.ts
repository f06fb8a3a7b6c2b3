import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { MediaPurpose } from '../../db/tables/media';
import { MEDIA_KEY, mediaStore } from './media.store';

export type { MediaPurpose } from '../../db/tables/media';

/** An upload never saved on a record is swept this long after it was made. */
export const UNCLAIMED_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the app sweeps (real time; what is old enough is decided by the injected clock). */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

type Log = { warn: (o: object, m: string) => void };
type UploadDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/** Records an image POST /api/v1/media/images stored, with what it was uploaded for; not yet on any record. */
export async function recordUpload(
  db: Kysely<Database>,
  businessId: string,
  key: string,
  purpose: MediaPurpose,
  at: string,
): Promise<void> {
  await db.insertInto('media_uploads').values({ business_id: businessId, key, purpose, created_at: at, claimed_at: null }).execute();
}

/**
 * Takes an upload of this shop for a record, inside the record's transaction: true when `key` is an upload made
 * for `purpose` that no record has taken yet (then no other record can take it). A key of another shop, of
 * another purpose (a product pointing at the logo), already used, swept or never uploaded answers false.
 */
export async function claimUpload(
  trx: Kysely<Database>,
  businessId: string,
  key: string,
  purpose: MediaPurpose,
  at: string,
): Promise<boolean> {
  if (!MEDIA_KEY.test(key) || MEDIA_KEY.exec(key)![1] !== businessId) return false;
  const r = await trx
    .updateTable('media_uploads')
    .set({ claimed_at: at })
    .where('business_id', '=', businessId)
    .where('key', '=', key)
    .where('purpose', '=', purpose)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** True while a product, the shop's logo or a stock alert still shows this image. */
async function isReferenced(db: Kysely<Database>, businessId: string, key: string): Promise<boolean> {
  const [product, logo, alert, purchase] = await Promise.all([
    db.selectFrom('products').select('id').where('business_id', '=', businessId).where('image', '=', key).limit(1).executeTakeFirst(),
    db.selectFrom('businesses').select('id').where('id', '=', businessId).where('logo', '=', key).executeTakeFirst(),
    db
      .selectFrom('stock_notifications')
      .select('id')
      .where('business_id', '=', businessId)
      .where('image', '=', key)
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('purchases').select('id').where('business_id', '=', businessId).where('attachment', '=', key).limit(1).executeTakeFirst(),
  ]);
  return Boolean(product || logo || alert || purchase);
}

/**
 * An image a record no longer shows (replaced, removed, or its record deleted), once that change is committed:
 * its file is removed only when nothing refers to it any more. Best effort (a leftover file costs only disk),
 * never throws.
 */
export async function releaseImage(deps: UploadDeps, businessId: string, key: string | null | undefined, log?: Log): Promise<void> {
  if (!key || !MEDIA_KEY.test(key) || MEDIA_KEY.exec(key)![1] !== businessId) return;
  try {
    if (await isReferenced(deps.db, businessId, key)) return;
    await deps.db.deleteFrom('media_uploads').where('business_id', '=', businessId).where('key', '=', key).execute();
    await mediaStore(deps.config).remove(key);
  } catch (err) {
    log?.warn({ err, key }, 'could not delete an image');
  }
}

/**
 * Removes uploads no record took within a day (by the injected clock): their record first (so nothing can take
 * them any more), then the file unless something refers to it. Answers how many were swept.
 */
export async function sweepUploads(deps: UploadDeps, log?: Log): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNCLAIMED_TTL_MS).toISOString();
  const stale = await deps.db
    .selectFrom('media_uploads')
    .select(['business_id', 'key'])
    .where('claimed_at', 'is', null)
    .where('created_at', '<', cutoff)
    .limit(SWEEP_BATCH)
    .execute();
  let swept = 0;
  for (const u of stale) {
    try {
      const r = await deps.db
        .deleteFrom('media_uploads')
        .where('business_id', '=', u.business_id)
        .where('key', '=', u.key)
        .where('claimed_at', 'is', null)
        .executeTakeFirst();
      // Taken by a record since the select: keep it.
      if (Number(r.numDeletedRows) !== 1) continue;
      if (!(await isReferenced(deps.db, u.business_id, u.key))) await mediaStore(deps.config).remove(u.key);
      swept++;
    } catch (err) {
      log?.warn({ err, key: u.key }, 'could not sweep an upload');
    }
  }
  return swept;
}

/** Sweeps now and then every SWEEP_INTERVAL_MS until stopped (on app close); never keeps the process alive. */
export function startUploadSweep(deps: UploadDeps, log?: Log): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = sweepUploads(deps, log).catch((err: unknown) => log?.warn({ err }, 'upload sweep failed'));
  };
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
