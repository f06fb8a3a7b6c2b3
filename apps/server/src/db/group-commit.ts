import type { Kysely } from 'kysely';
import { databaseFailure } from './dialect/failures';
import type { Database } from './types';

/** What one caller wants written: its work inside a transaction, and where its answer goes. */
interface Job<T> {
  run: (trx: Kysely<Database>) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * Lets the event loop turn. better-sqlite3 answers synchronously, so a group's documents written back to back kept
 * the loop for the whole group (50 sales, about 250 ms); Node accepts one new connection a turn, so a till that
 * connected then (its first sale, or its next one after the keep-alive had closed) waited one group per till ahead
 * of it: four to nine seconds at 50 tills, the sale's p99 (issue #22, item 8). One document a turn lets the loop
 * read and accept between them; the group still commits once.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Documents written in one group commit at most (what one fsync answers for). */
const GROUP_MAX = 64;

/**
 * Group commit for SQLite. Its one connection commits one transaction at a time, each with its own fsync (synchronous
 * FULL) that blocks the event loop, and under load that wait was most of a document's time: while it lasted, no other
 * request was even read (the server accepted about one new connection per turn of the loop, so a till that connected
 * while 49 others were selling waited seconds for its first sale). Documents that arrive together (in one turn of the
 * event loop) are written one after the other in one transaction and committed with one fsync; each is still answered
 * only once that commit is durable. If any of them fails, the whole group rolls back (its numbers and its pending
 * notifications with it) and each runs again in a transaction of its own, in the same order: every document gets the
 * outcome it would have had alone, and numbers stay gapless. A failure of the database itself (db/dialect/failures.ts)
 * fails the whole group at once.
 *
 * Answers a writer: `write(run)` resolves with what `run` answered once its transaction has committed.
 */
export function groupCommit(db: Kysely<Database>) {
  const queue: Job<unknown>[] = [];
  /** Whether a group is being written: what arrives meanwhile waits for the next group, not a group of its own. */
  let writing = false;
  const writeGroup = async (jobs: Job<unknown>[]) => {
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const job of jobs) {
          out.push(await job.run(trx));
          // Back to the event loop between documents (see nextTurn).
          await nextTurn();
        }
        return out;
      });
    } catch (e) {
      // A failure of the database itself (disk full, busy past the timeout) is no document's doing: running each
      // again alone would only meet it once more per document, each after its own wait. Each answers it now.
      if (jobs.length === 1 || databaseFailure(e)) return jobs.forEach((job) => job.reject(e));
      for (const job of jobs) await db.transaction().execute(job.run).then(job.resolve, job.reject);
      return;
    }
    jobs.forEach((job, i) => job.resolve(results[i]));
  };
  // One group at a time, each taking what has arrived (GROUP_MAX at most): the documents that come while a group is
  // written (the loop turns between its documents) make the next group, so a busy server still commits in groups
  // instead of one small group per turn, each with its own fsync.
  const flush = async () => {
    try {
      while (queue.length) await writeGroup(queue.splice(0, GROUP_MAX));
    } finally {
      writing = false;
    }
  };
  return <T>(run: (trx: Kysely<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!writing) {
        writing = true;
        setImmediate(() => void flush());
      }
    });
}
