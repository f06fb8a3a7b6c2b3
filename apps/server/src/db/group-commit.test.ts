import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';
import type { Database } from './types';

/**
 * The SQLite group commit (group-commit.ts) on its own database: documents that arrive together share a transaction;
 * those that arrive while a group is written make the next group (not one group each); the loop turns between a
 * group's documents; and a failing document leaves the others their own outcome.
 */
describe('group commit', () => {
  let db: Kysely<Database>;
  let commits = 0;

  beforeEach(async () => {
    const raw = new SQLite(':memory:');
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: raw }),
      log: (e) => {
        if (e.level === 'query' && /^commit/i.test(e.query.sql)) commits++;
      },
    });
    commits = 0;
    await sql`create table docs (n integer primary key)`.execute(db);
  });
  afterEach(async () => db.destroy());

  const insert = (n: number) => async (trx: Kysely<Database>) => {
    await sql`insert into docs (n) values (${n})`.execute(trx);
    return { n, trx };
  };
  const count = async () => Number((await sql<{ c: number }>`select count(*) as c from docs`.execute(db)).rows[0]!.c);

  it('writes documents that arrive together in one transaction, each answered with its own result', async () => {
    const write = groupCommit(db);
    const done = await Promise.all([1, 2, 3].map((n) => write(insert(n))));
    expect(done.map((d) => d.n)).toEqual([1, 2, 3]);
    expect(new Set(done.map((d) => d.trx)).size).toBe(1);
    expect(commits).toBe(1);
    expect(await count()).toBe(3);
  });

  it('gathers what arrives while a group is written into the next group, and lets the loop turn between documents', async () => {
    const write = groupCommit(db);
    const later: Array<Promise<{ n: number; trx: Kysely<Database> }>> = [];
    // Counts the event loop's turns (one a check phase).
    let turns = 0;
    let stop = false;
    const tick = () => {
      turns++;
      if (!stop) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    // Each document of the first group brings another while it is written (a till whose request was read meanwhile).
    const first = await Promise.all(
      [1, 2, 3].map((n) =>
        write(async (trx) => {
          seen.push(turns);
          later.push(write(insert(10 + n)));
          return insert(n)(trx);
        }),
      ),
    );
    const second = await Promise.all(later);
    stop = true;
    expect(new Set(first.map((d) => d.trx)).size).toBe(1);
    // The loop turned between the group's documents (it accepts connections and reads requests then).
    expect(seen[1]).toBeGreaterThan(seen[0]!);
    expect(seen[2]).toBeGreaterThan(seen[1]!);
    // ...and what arrived in those turns waited for one next group, not one group (one fsync) each.
    expect(new Set(second.map((d) => d.trx)).size).toBe(1);
    expect(commits).toBe(2);
    expect(await count()).toBe(6);
  });

  it('a document that fails is refused alone: the others of its group are written', async () => {
    const write = groupCommit(db);
    const outcomes = await Promise.allSettled([write(insert(1)), write(insert(1)), write(insert(2))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await count()).toBe(2);
  });
});
