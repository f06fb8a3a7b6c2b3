/**
 * The server stays up when its database stumbles (issue #20, items 12 and 13). PostgreSQL: every connection of the
 * database terminated again and again under a load of till sales (a restart or a failover) never ends the process
 * (an unhandled 'error' event of the pool or of a client would crash this test worker), every failed sale answers
 * 503 with Retry-After, the till's retry with the same key saves it, and every sale is there exactly once; the LISTEN
 * connection of the stock alerts comes back. A database that refuses connections makes /health say degraded within a
 * second and requests answer 503. A table locked for longer than the configured lock or statement timeout answers 503
 * instead of hanging, and /health answers within a second meanwhile. SQLite: a writer held by another process past
 * the busy timeout answers 503 too.
 */
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import type { DatabaseTimeouts } from '../src/db/dialect/index';
import { migrateToLatest } from '../src/db/migrate';
import { translate } from '../src/lib/i18n';
import { publishStockAlert, stockAlertBusOf } from '../src/modules/stock-notifications/index';
import { seedDemoIfEmpty } from '../src/seed/demo';
import { freshDatabase } from './fresh-database';
import { bearer, loginAs, OWNER, TEST_DB, TestClock } from './harness';
import { en, onHand, openCashSession, saleWorld, sell, stockUp, type SaleWorld } from './sale-fixtures';

const UNAVAILABLE = translate('en', 'errors.database_unavailable');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The promise's value, or 'late' when it has not settled within `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function expectUnavailable(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: UNAVAILABLE });
}

describe.runIf(TEST_DB === 'pg')('PostgreSQL connections terminated and tables locked', () => {
  let w: SaleWorld;
  let url: string;
  const body = () => ({
    lines: [{ product_id: w.items[0]!, quantity: '1' }],
    payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '5' }],
  });

  beforeAll(async () => {
    w = await saleWorld();
    const name = (await w.t.deps.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow()).name;
    const u = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    u.pathname = `/${name}`;
    url = u.toString();
    await stockUp(w, w.items[0]!, w.branches[0]!.id, '1000');
    await openCashSession(w, w.cashierId, w.branches[0]!.id);
  });
  afterAll(async () => {
    await w.t.close();
  });

  /** A client of the test database outside the app, which must not end the test on its own termination. */
  async function outsider(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  }

  it('survives every connection terminated under load: 503s only, each retried sale saved exactly once', async () => {
    const app = w.t.app;
    const before = await onHand(w, w.items[0]!, w.branches[0]!.id);
    // The stock alerts' LISTEN connection, open before the storm, must come back and hear alerts again.
    const bus = stockAlertBusOf(w.t.deps)!;
    let resyncs = 0;
    const heard: string[] = [];
    const unsubscribe = await bus.subscribe({
      businessId: w.biz,
      branchId: null,
      alert: (e) => heard.push(e.id),
      resync: () => resyncs++,
    });

    // Twelve rounds of terminating every connection of the database, while the tills keep selling.
    const admin = await outsider();
    let killing = true;
    let killed = 0;
    const killer = (async () => {
      for (let round = 0; round < 12 && killing; round++) {
        const r = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        killed += r.rowCount ?? 0;
        await sleep(150);
      }
    })();

    const keys = Array.from({ length: 80 }, () => randomUUID());
    const first = new Map<string, LightMyRequestResponse>();
    let next = 0;
    try {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < keys.length) {
            const key = keys[next++]!;
            first.set(key, await sell(app, w.cashier, body(), key));
          }
        }),
      );
    } finally {
      killing = false;
      await killer;
      await admin.end();
    }
    expect(killed).toBeGreaterThan(0);

    const failed = [...first].filter(([, res]) => res.statusCode !== 201);
    // Terminations landed on sales in flight (else this test proves nothing), and each was a clean 503.
    expect(failed.length).toBeGreaterThan(0);
    for (const [, res] of failed) expectUnavailable(res);

    // The till sends a failed sale again with its key: saved now, or answered with the sale the first attempt made.
    for (const [key] of failed) {
      let res = await sell(app, w.cashier, body(), key);
      for (let i = 0; i < 40 && res.statusCode === 503; i++) {
        await sleep(50);
        res = await sell(app, w.cashier, body(), key);
      }
      expect([200, 201], res.body).toContain(res.statusCode);
    }
    const saved = await w.t.deps.db
      .selectFrom('sales')
      .select(['idempotency_key'])
      .where('business_id', '=', w.biz)
      .where('idempotency_key', 'in', keys)
      .execute();
    expect(saved.map((s) => s.idempotency_key).sort()).toEqual([...keys].sort());
    expect(await onHand(w, w.items[0]!, w.branches[0]!.id)).toBe(before - keys.length * 1000);

    expect((await app.inject({ url: '/api/v1/health' })).json()).toEqual({ status: 'ok' });

    for (let i = 0; i < 400 && resyncs === 0; i++) await sleep(50);
    expect(resyncs).toBeGreaterThan(0);
    await w.t.deps.db.transaction().execute((trx) =>
      publishStockAlert(trx, 'postgres', {
        business_id: w.biz,
        id: 'after-the-storm',
        branch_id: w.branches[0]!.id,
        product_id: w.items[0]!,
        name: 'after',
        image: null,
        stock_level: 0,
        created_at: w.t.clock.now().toISOString(),
      }),
    );
    for (let i = 0; i < 100 && !heard.includes('after-the-storm'); i++) await sleep(50);
    expect(heard).toContain('after-the-storm');
    unsubscribe();
  }, 120_000);

  it('says degraded within a second, and answers requests 503, while the database cannot be reached', async () => {
    // Nothing listens on port 1: every connection is refused, as when PostgreSQL is down.
    const gone = openDatabase(
      { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/posauto', poolSize: 2 },
      { timeouts: { statementMs: 1000, lockMs: 1000, acquireMs: 1000 } },
    );
    const app = await buildApp({ db: gone.db, kind: gone.kind, clock: w.t.clock, config: w.t.deps.config });
    try {
      await app.ready();
      const health = await within(1000, app.inject({ url: '/api/v1/health', headers: en }));
      expect(health).not.toBe('late');
      const res = health as LightMyRequestResponse;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', reason: 'unreachable', message: UNAVAILABLE });
      expectUnavailable(await sell(app, w.cashier, body()));
    } finally {
      await app.close();
      await gone.close();
    }
  });

  describe.each<[string, DatabaseTimeouts]>([
    ['the lock timeout', { statementMs: 30_000, lockMs: 300, acquireMs: 300 }],
    ['the statement timeout', { statementMs: 300, lockMs: 30_000, acquireMs: 30_000 }],
  ])('a table locked for longer than %s', (_, timeouts) => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    beforeAll(async () => {
      handle = openDatabase({ kind: 'postgres', url, poolSize: 2 }, { timeouts });
      app = await buildApp({ db: handle.db, kind: handle.kind, clock: w.t.clock, config: w.t.deps.config });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await handle.close();
    });

    it('answers 503 with Retry-After while the lock is held, /health answers within a second, the sale goes through after', async () => {
      const keys = Array.from({ length: 4 }, () => randomUUID());
      const locker = await outsider();
      let answers: LightMyRequestResponse[] | 'late';
      let health: LightMyRequestResponse | 'late';
      try {
        await locker.query('begin');
        await locker.query('lock table sales in access exclusive mode');
        // Four sales on a pool of two: two wait on the lock, two for a connection.
        const sales = Promise.all(keys.map((key) => sell(app, w.cashier, body(), key)));
        await sleep(100);
        health = await within(1000, app.inject({ url: '/api/v1/health' }));
        // Answered while the lock is still held: a sale that waited for it would end 201 only once it is released.
        answers = await within(20_000, sales);
      } finally {
        await locker.query('rollback').catch(() => undefined);
        await locker.end();
      }
      expect(health).not.toBe('late');
      expect(health !== 'late' && health.json()).toEqual({ status: 'ok' });
      expect(answers).not.toBe('late');
      for (const res of answers as LightMyRequestResponse[]) expectUnavailable(res);

      const again = await sell(app, w.cashier, body(), keys[0]!);
      expect(again.statusCode, again.body).toBe(201);
      const saved = await w.t.deps.db
        .selectFrom('sales')
        .select('id')
        .where('business_id', '=', w.biz)
        .where('idempotency_key', 'in', keys)
        .execute();
      expect(saved).toHaveLength(1);
    }, 60_000);
  });
});

describe.runIf(TEST_DB === 'sqlite')('SQLite: the writer held by another process past the busy timeout', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let file: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const f = await freshDatabase();
    drop = f.drop;
    file = (f.target as { file: string }).file;
    handle = openDatabase(f.target, { timeouts: { statementMs: 15_000, lockMs: 200, acquireMs: 5_000 } });
    await migrateToLatest(handle.db, handle.kind);
    const deps = {
      db: handle.db,
      kind: handle.kind,
      clock: new TestClock(),
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: f.env.DATA_DIR }),
    };
    await seedDemoIfEmpty(deps);
    app = await buildApp(deps);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await drop();
  });

  it('answers 503 with Retry-After instead of 500, and writes again once the writer is free', async () => {
    const owner = await loginAs(app, OWNER);
    const create = (name: string) =>
      app.inject({ method: 'POST', url: '/api/v1/brands', headers: { ...bearer(owner), ...en }, payload: { name } });
    const other = new SQLite(file);
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      expectUnavailable(await create('Held brand'));
      // Reading still works (WAL): the database is reachable.
      expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      if (other.inTransaction) other.prepare('ROLLBACK').run();
      other.close();
    }
    expect((await create('Held brand')).statusCode).toBe(201);
  });
});
