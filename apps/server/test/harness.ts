/**
 * Test harness: a fresh database per test file (SQLite in memory, or a throwaway PostgreSQL database),
 * the real app on top of it, and helpers to sign in. TEST_DB=sqlite|pg picks the database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Deps } from '../src/deps';
import type { Clock } from '../src/lib/clock';
import { seedDemoIfEmpty } from '../src/seed/demo';
import { assertLedgerBalanced } from '../src/modules/stock/index';

export type TestDbKind = 'sqlite' | 'pg';
export const TEST_DB: TestDbKind = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite';
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private t = Date.parse('2026-11-21T08:00:00Z')) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'sqlite') {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    return { handle, drop: () => handle.close() };
  }
  const name = `posauto_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    handle,
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // The pool's connections say goodbye after close() resolves: wait for them to leave, so FORCE does not
      // terminate one mid-goodbye (an unhandled "terminating connection due to administrator command").
      for (let i = 0; i < 100; i++) {
        const left = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (left.rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  deps: Deps;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated database with the demo data. */
export async function createTestApp(
  options: { seed?: boolean; env?: NodeJS.ProcessEnv; /** also the demo's sixty days of sales */ demoSales?: boolean } = {},
): Promise<TestContext> {
  const tdb = await createTestDatabase();
  const { handle } = tdb;
  await migrateToLatest(handle.db, handle.kind);
  const clock = new TestClock();
  // A data directory of its own (uploads, outbox), removed on close, unless the test names one.
  const ownDir = options.env?.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'posauto-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ownDir ?? undefined, ...options.env });
  const deps: Deps = { db: handle.db, kind: handle.kind, clock, config };
  if (options.seed !== false) await seedDemoIfEmpty(deps, { sales: options.demoSales ?? false });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    clock,
    async close() {
      // Whatever a test did, every stock balance must still equal the sum of its movements.
      await assertLedgerBalanced(handle.db);
      await app.close();
      await tdb.drop();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

export const OWNER = { email: 'owner@posauto.local', password: 'owner1234' };
export const CASHIER = { email: 'cashier@posauto.local', password: 'cashier1234' };
export const ADMIN = { email: 'admin@posauto.local', password: 'admin1234' };
export const KARAOKE = { email: 'karaoke@posauto.local', password: 'karaoke1234' };

export async function loginAs(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: who });
  if (res.statusCode !== 200) throw new Error(`login as ${who.email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
