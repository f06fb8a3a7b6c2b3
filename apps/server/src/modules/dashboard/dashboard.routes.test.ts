import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@posauto/shared/schemas/shell';
import { createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

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
    expect(await dashboard(owner)).toEqual({
      currency: 'USD',
      today: zeros,
      last_30_days: zeros,
      monthly: months,
      weekly: weeks(47),
    });
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
