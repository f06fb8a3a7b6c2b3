/**
 * One Idempotency-Key sent six times at once, split over two server instances (two apps with their own connection
 * pools on one PostgreSQL database, as behind a load balancer): one sale, one set of movements, one set of cash
 * entries, and every answer names it. The guard is the database's unique index, not anything one process holds.
 * SQLite runs one server process, so there the six go to one instance.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { TEST_DB } from '../../../test/harness';
import { openCashSession, saleCounts, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

let w: SaleWorld;
let second: { app: FastifyInstance; handle: DatabaseHandle } | null = null;

beforeAll(async () => {
  w = await saleWorld();
  if (TEST_DB === 'pg') {
    const name = (await w.t.deps.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${name}`;
    const handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    const app = await buildApp({ db: handle.db, kind: handle.kind, clock: w.t.clock, config: w.t.deps.config });
    await app.ready();
    second = { app, handle };
  }
  await stockUp(w, w.items[0]!, w.branches[0]!.id, '20');
  await openCashSession(w, w.cashierId, w.branches[0]!.id);
});
afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.handle.close();
  }
  await w.t.close();
});

describe('one Idempotency-Key on two instances', () => {
  it('saves one sale whichever instance each copy reaches', async () => {
    const key = randomUUID();
    const body = {
      lines: [{ product_id: w.items[0]!, quantity: '2' }],
      payments: [{ payment_method_id: w.cash, currency: 'KHR', amount: '30000' }],
    };
    const before = await saleCounts(w);
    const apps = [w.t.app, second?.app ?? w.t.app];
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => sell(apps[i % 2]!, w.cashier, body, key)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const after = await saleCounts(w);
    expect(after.sales - before.sales).toBe(1);
    expect(after.stock_movements - before.stock_movements).toBe(1);
    expect(after.sale_payments - before.sale_payments).toBe(1);
    // 30,000 riel in for 5.50 (5.00 and 10% VAT): $1.8171 over, given back as $1 and 3,300 riel.
    expect(after.cash_session_entries - before.cash_session_entries).toBe(3);
    expect(answers[0]!.json().data).toMatchObject({ grand_total: '5.50', change_usd: '1.00', change_khr: '3300' });
    const late = await sell(apps[1]!, w.cashier, body, key);
    expect(late.statusCode).toBe(200);
    expect(await saleCounts(w)).toEqual(after);
  });
});
