import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQuantity, parseDecimal } from '@posauto/shared/money/index';
import type { ProfitLossResponse } from '@posauto/shared/schemas/profit-loss';
import type { DashboardResponse } from '@posauto/shared/schemas/shell';
import { createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { call, onHand, openCashSession, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

const DASHBOARD = '/api/v1/dashboard';
const zeros = { sales: 0, profit: 0 };
const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...zeros }));
const weeks = (n: number) => Array.from({ length: n }, (_, i) => ({ week: i + 1, ...zeros }));

describe('dashboard route', () => {
  let t: TestContext;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
  });
  afterAll(() => t.close());

  const dashboard = async (token: string) => {
    const res = await t.app.inject({ url: DASHBOARD, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as DashboardResponse;
  };
  /** Moves the test clock to an instant (it only moves forward, as time does). */
  const setClock = (iso: string) => {
    const ms = Date.parse(iso) - t.clock.now().getTime();
    expect(ms).toBeGreaterThanOrEqual(0);
    t.clock.advance(ms);
  };

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: DASHBOARD, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('answers zeros for every period until there are sales, with 12 months and the weeks so far', async () => {
    // The test clock starts at 2026-11-21 15:00 in Phnom Penh: a Saturday in ISO week 47.
    const body = await dashboard(owner);
    expect(body).toMatchObject({
      currency: 'USD',
      today: zeros,
      last_30_days: zeros,
      monthly: months,
      weekly: weeks(47),
      branch_id: null,
      top_products: [],
    });
    expect(body.hourly).toEqual(Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0, sales: 0 })));
  });

  it('opens to the demo cashier too: the dashboard needs no permission', async () => {
    const body = await dashboard(await loginAs(t.app, CASHIER));
    expect(body.monthly).toHaveLength(12);
    expect(body.weekly).toHaveLength(47);
  });

  it("answers in the shop's currency", async () => {
    const shop = await createShop(t.deps);
    await t.deps.db.updateTable('general_settings').set({ currency: 'KHR' }).where('business_id', '=', shop.businessId).execute();
    expect((await dashboard(await loginAs(t.app, shop.login))).currency).toBe('KHR');
  });

  it("cuts weeks at midnight in the shop's time zone, not the server's", async () => {
    const shop = await createShop(t.deps);
    await t.deps.db
      .updateTable('general_settings')
      .set({ time_zone: 'America/New_York' })
      .where('business_id', '=', shop.businessId)
      .execute();
    // Monday 4 January 2027, 03:00 in Phnom Penh (ISO week 1 of 2027); still Sunday 3 January, 15:00 in New York
    // (the last day of ISO week 53 of 2026). Sign in again: six weeks idle ended the earlier sessions.
    setClock('2027-01-03T20:00:00Z');
    expect(await dashboard(await loginAs(t.app, OWNER))).toMatchObject({ monthly: months, weekly: weeks(1) });
    expect(await dashboard(await loginAs(t.app, shop.login))).toMatchObject({ monthly: months, weekly: weeks(53) });
  });
});

describe('dashboard figures from real sales', () => {
  let w: SaleWorld;
  let main: string;
  let second: string;
  const line = (i: number, quantity: string) => ({ product_id: w.items[i]!, quantity });
  const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
  const get = async (token: string, query = '') => {
    const res = await call(w.t.app, token, 'GET', `${DASHBOARD}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as DashboardResponse;
  };
  const pl = async (token: string, query: string) => {
    const res = await call(w.t.app, token, 'GET', `/api/v1/reports/profit-loss?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ProfitLossResponse;
  };
  const minor = (text: string) => parseDecimal(text, 2);

  beforeAll(async () => {
    w = await saleWorld();
    main = w.branches[0]!.id;
    second = w.branches[1]!.id;
    for (const item of w.items) {
      await stockUp(w, item, main, '20');
      await stockUp(w, item, second, '20');
    }
    await openCashSession(w, w.cashierId, main);
    await openCashSession(w, w.ownerId, second);
  });
  afterAll(() => w.t.close());

  it('counts sales net of returns, profit without VAT and at cost, by hour, per product, and low stock', async () => {
    // Main: 2 x 2.50 + 1.75, VAT 10% on top: 7.43. Second: 3 x 4.00 + VAT: 13.20. A quotation counts for nothing.
    const a = await sell(w.t.app, w.cashier, { lines: [line(0, '2'), line(1, '1')], payments: [cashUsd('10')] });
    const b = await sell(w.t.app, w.owner, { lines: [line(2, '3')], payments: [cashUsd('20')] });
    const q = await sell(w.t.app, w.owner, { document: 'quotation', sale_type: 'general', branch_id: main, lines: [line(2, '9')] });
    expect([a.statusCode, b.statusCode, q.statusCode]).toEqual([201, 201, 201]);
    expect([a.json().data.grand_total, b.json().data.grand_total]).toEqual(['7.43', '13.20']);
    // One of the three from the second branch comes back: 4.40 with 0.40 VAT in it.
    const ret = await call(w.t.app, w.owner, 'POST', '/api/v1/sale-returns', {
      sale_id: b.json().data.id,
      refund_method: 'cash',
      refund_currency: 'USD',
      lines: [{ sale_line_id: b.json().data.lines[0].id, quantity: '1' }],
    });
    expect(ret.statusCode).toBe(201);
    expect(ret.json().data.total).toBe('4.40');

    const cost = async (saleId: string) =>
      Number((await w.t.deps.db.selectFrom('sales').select('cost_total').where('id', '=', saleId).executeTakeFirstOrThrow()).cost_total);
    const returnCost = Number(
      (await w.t.deps.db.selectFrom('sale_returns').select('cost_total').where('id', '=', ret.json().data.id).executeTakeFirstOrThrow())
        .cost_total,
    );
    const costA = await cost(a.json().data.id);
    const costB = await cost(b.json().data.id);
    expect(costA).toBeGreaterThan(0);

    // The first item alerts at what main has left of it now.
    const left = await onHand(w, w.items[0]!, main);
    await w.t.deps.db.updateTable('products').set({ stock_alert: left }).where('id', '=', w.items[0]!).execute();

    const body = await get(w.owner);
    const sales = 743 + 1320 - 440;
    // Profit: 6.75 + 12.00 without VAT, less 4.00 returned without VAT, less the cost of goods net of what came back.
    const profit = 675 + 1200 - 400 - (costA + costB - returnCost);
    expect(body.today).toEqual({ sales, profit });
    expect(body.last_30_days).toEqual({ sales, profit });
    expect(body.monthly[10]).toEqual({ month: 11, sales, profit });
    expect(body.weekly[46]).toEqual({ week: 47, sales, profit });
    // The test clock reads 15:00 in Phnom Penh; the return is not in the hours (sales taken, before returns).
    expect(body.hourly[15]).toEqual({ hour: 15, count: 2, sales: 743 + 1320 });
    expect(body.hourly.reduce((s, h) => s + h.sales, 0)).toBe(743 + 1320);
    expect(body.top_products.map((p) => [p.product_id, p.amount])).toEqual([
      [w.items[2], 800],
      [w.items[0], 500],
      [w.items[1], 175],
    ]);
    expect(body.top_products[0]!.product_name).not.toBe('');
    // Same rule as the stock listing's low filter; the first five, lowest first.
    const listed = await call(w.t.app, w.owner, 'GET', '/api/v1/stock?low=1&per_page=100');
    expect(body.low_stock.count).toBe(listed.json().meta.total);
    const lows = listed.json().data as { product_id: string; branch_id: string; on_hand: string }[];
    expect(lows.find((l) => l.product_id === w.items[0] && l.branch_id === main)).toMatchObject({ on_hand: formatQuantity(left) });
    expect(body.low_stock.items).toHaveLength(Math.min(5, body.low_stock.count));
    const shown = body.low_stock.items.map((i) => Number(i.on_hand));
    expect(shown).toEqual([...shown].sort((x, y) => x - y));
    expect(shown[0]).toBe(Math.min(...lows.map((l) => Number(l.on_hand))));
  });

  it("lets the owner pick a branch, keeps a branch user to theirs, and finds no other shop's branch", async () => {
    const picked = await get(w.owner, `?branch_id=${second}`);
    expect(picked.branch_id).toBe(second);
    expect(picked.today.sales).toBe(1320 - 440);
    expect(picked.top_products.map((p) => p.product_id)).toEqual([w.items[2]]);
    expect(picked.low_stock.items.every((i) => i.branch_id === second)).toBe(true);
    const cashierView = await get(w.cashier, `?branch_id=${second}`);
    const cashierBranch = (
      await w.t.deps.db.selectFrom('users').select('branch_id').where('id', '=', w.cashierId).executeTakeFirstOrThrow()
    ).branch_id;
    expect(cashierView.branch_id).toBe(cashierBranch);
    const other = await createShop(w.t.deps);
    const foreign = await call(w.t.app, w.owner, 'GET', `${DASHBOARD}?branch_id=${other.branchIds[0]}`);
    expect(foreign.statusCode).toBe(404);
  });

  it("agrees with the profit and loss report's sales and gross profit for today and the last 30 days, per branch too", async () => {
    for (const branch of ['', main, second]) {
      const b = branch ? `&branch_id=${branch}` : '';
      const d = await get(w.owner, branch ? `?branch_id=${branch}` : '');
      const today = await pl(w.owner, `period=today${b}`);
      expect(d.today).toEqual({ sales: minor(today.statement.sales), profit: minor(today.statement.gross_profit) });
      const last30 = await pl(w.owner, `period=custom&from=2026-10-23&to=2026-11-21${b}`);
      expect(d.last_30_days).toEqual({ sales: minor(last30.statement.sales), profit: minor(last30.statement.gross_profit) });
    }
  });
});
