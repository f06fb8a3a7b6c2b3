import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Deps } from '../deps';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database';
import { TEST_DB, TestClock } from '../../test/harness';
import { seedDemoIfEmpty } from './demo';

/** Issue 9, item 9: instances started together on one empty database seed the demo shop once, and all succeed. */
describe('seeding the demo data', () => {
  let fresh: FreshDatabase | undefined;
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.close();
    await fresh?.drop();
  });

  /** One instance's view of the database: its own connection(s), as a second process would have. */
  function instance(f: FreshDatabase): Deps {
    const handle = openDatabase(f.target);
    handles.push(handle);
    const config = loadConfig({ NODE_ENV: 'test', ...f.env });
    return { db: handle.db, kind: handle.kind, clock: new TestClock(), config };
  }

  const demoCounts = async (deps: Deps) => ({
    shops: (await deps.db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Coffee').execute()).length,
    owners: (await deps.db.selectFrom('users').select('id').where('email', '=', 'owner@posauto.local').execute()).length,
    businesses: (await deps.db.selectFrom('businesses').select('id').execute()).length,
  });

  it('seeds once when asked twice, and the second time changes nothing', async () => {
    fresh = await freshDatabase();
    const a = instance(fresh);
    await migrateToLatest(a.db, a.kind);
    // Without the sixty days of sales (seconds on PostgreSQL): the lock is the same whatever the seed writes.
    expect(await seedDemoIfEmpty(a, { sales: false })).toBe(true);
    const after = await demoCounts(a);
    expect(await seedDemoIfEmpty(instance(fresh), { sales: false })).toBe(false);
    expect(await demoCounts(a)).toEqual(after);
    expect(after).toMatchObject({ shops: 1, owners: 1 });
  });

  // SQLite's driver is synchronous: two writers in one process cannot wait for each other (two processes can; see
  // test/start-up.test.ts). PostgreSQL's pools wait without blocking, so the race is run here.
  it.runIf(TEST_DB === 'pg')('seeds once when two instances seed one empty database at the same time, and both succeed', async () => {
    fresh = await freshDatabase();
    const a = instance(fresh);
    const b = instance(fresh);
    await migrateToLatest(a.db, a.kind);
    const results = await Promise.all([seedDemoIfEmpty(a, { sales: false }), seedDemoIfEmpty(b, { sales: false })]);
    expect(results.sort()).toEqual([false, true]);
    expect(await demoCounts(b)).toMatchObject({ shops: 1, owners: 1, businesses: 3 });
  });
});
