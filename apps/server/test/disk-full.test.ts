/**
 * A full disk is visible (issue #20, item 14). SQLite's `max_page_count` caps the database like a full disk would:
 * every sale then answers 507 with a translated message (not a 500 whose log says "cannot rollback"), /health says
 * degraded, and once there is room again the till's retries with the same keys save each sale exactly once and
 * /health is back to ok, without a restart.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/lib/i18n';
import { TEST_DB } from './harness';
import { call, onHand, openCashSession, saleWorld, sell, stockUp, type SaleWorld } from './sale-fixtures';

describe.runIf(TEST_DB === 'sqlite')('SQLite with its disk full', () => {
  let w: SaleWorld;
  const body = () => ({
    lines: [{ product_id: w.items[0]!, quantity: '1' }],
    payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '5' }],
  });
  const capAt = async (pages: number) => sql.raw(`pragma max_page_count = ${pages}`).execute(w.t.deps.db);

  beforeAll(async () => {
    w = await saleWorld();
    await stockUp(w, w.items[0]!, w.branches[0]!.id, '1000');
    await openCashSession(w, w.cashierId, w.branches[0]!.id);
  });
  afterAll(async () => {
    await capAt(1_073_741_823);
    await w.t.close();
  });

  it('answers 507 and says degraded while full, and saves each retried sale once after room is made', async () => {
    const before = await onHand(w, w.items[0]!, w.branches[0]!.id);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(w.t.deps.db);
    await capAt(rows[0]!.page_count);

    // Sales fit in the free room of the last pages until one needs a new page.
    const saved: string[] = [];
    let full: { key: string; res: LightMyRequestResponse } | null = null;
    for (let i = 0; i < 500 && !full; i++) {
      const key = randomUUID();
      const res = await sell(w.t.app, w.cashier, body(), key);
      if (res.statusCode === 201) saved.push(key);
      else full = { key, res };
    }
    expect(full).not.toBeNull();
    const failed = [full!.key];
    expect(full!.res.statusCode, full!.res.body).toBe(507);
    expect(full!.res.json()).toEqual({ message: translate('en', 'errors.disk_full') });
    expect(Number(full!.res.headers['retry-after'])).toBeGreaterThan(0);

    // Sales arriving together (one group commit) each get the same clean answer.
    const together = Array.from({ length: 5 }, () => randomUUID());
    const answers = await Promise.all(together.map((key) => sell(w.t.app, w.cashier, body(), key)));
    expect(answers.map((r) => r.statusCode)).toEqual([507, 507, 507, 507, 507]);
    failed.push(...together);

    // Reading still works, and says nothing about writing: /health remembers the failed write.
    expect((await call(w.t.app, w.cashier, 'GET', '/api/v1/sales')).statusCode).toBe(200);
    const health = await w.t.app.inject({ url: '/api/v1/health', headers: { 'accept-language': 'km' } });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', reason: 'disk_full', message: translate('km', 'errors.disk_full') });

    // Room again: nothing restarts, the till's next tries go through.
    await capAt(1_073_741_823);
    for (const key of failed) {
      const res = await sell(w.t.app, w.cashier, body(), key);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await w.t.app.inject({ url: '/api/v1/health' })).json()).toEqual({ status: 'ok' });

    const keys = [...saved, ...failed];
    const rowsByKey = await w.t.deps.db
      .selectFrom('sales')
      .select('idempotency_key')
      .where('business_id', '=', w.biz)
      .where('idempotency_key', 'in', keys)
      .execute();
    expect(rowsByKey.map((r) => r.idempotency_key).sort()).toEqual([...keys].sort());
    expect(await onHand(w, w.items[0]!, w.branches[0]!.id)).toBe(before - keys.length * 1000);
  });
});
