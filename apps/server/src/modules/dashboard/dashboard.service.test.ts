import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../http/context';
import { contextFor, createShop } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { getDashboard, summarise } from './index';
import { firstDayNeeded } from './dashboard.service';

const day = (d: string, sales: number, profit: number) => ({ day: d, sales, profit });

describe('dashboard figures', () => {
  describe('adding days up into periods', () => {
    const today = '2026-11-21';
    const buckets = [
      day('2025-12-29', 1, 1), // ISO week 1 of 2026, but last year's December
      day('2026-01-01', 10, 2),
      day('2026-10-22', 100, 20), // 30 days ago: outside the last 30 days
      day('2026-10-23', 1000, 200), // 29 days ago: inside
      day('2026-11-16', 5000, 900), // Monday of this week
      day('2026-11-21', 20000, 4000), // today
      day('2026-11-22', 999999, 999999), // tomorrow: ignored
    ];
    const result = summarise(buckets, today, 'USD');

    it("counts today's sales and profit", () => {
      expect(result.today).toEqual({ sales: 20000, profit: 4000 });
    });

    it('counts the 30 days ending today, today included', () => {
      expect(result.last_30_days).toEqual({ sales: 26000, profit: 5100 });
    });

    it("adds this year's days into their months, and leaves last year's out", () => {
      expect(result.monthly.map((m) => m.sales)).toEqual([10, 0, 0, 0, 0, 0, 0, 0, 0, 1100, 25000, 0]);
      expect(result.monthly[10]).toEqual({ month: 11, sales: 25000, profit: 4900 });
    });

    it('adds days into ISO weeks, including the days of week 1 that fall in the year before', () => {
      expect(result.weekly).toHaveLength(47);
      expect(result.weekly[0]).toEqual({ week: 1, sales: 11, profit: 3 });
      expect(result.weekly[42]).toEqual({ week: 43, sales: 1100, profit: 220 });
      expect(result.weekly[46]).toEqual({ week: 47, sales: 25000, profit: 4900 });
      expect(result.weekly.reduce((s, w) => s + w.sales, 0)).toBe(26111);
    });

    it('reads from whichever comes first of 1 January, 30 days ago and the Monday of ISO week 1', () => {
      expect(firstDayNeeded('2026-11-21')).toBe('2025-12-29');
      expect(firstDayNeeded('2027-01-10')).toBe('2026-12-12');
      expect(firstDayNeeded('2027-03-15')).toBe('2027-01-01');
    });
  });

  describe('for a shop', () => {
    let t: TestContext;
    let ctx: RequestContext;

    beforeAll(async () => {
      t = await createTestApp({ seed: false });
      const shop = await createShop(t.deps);
      ctx = await contextFor(t.deps, shop.login.email);
      await t.deps.db.updateTable('general_settings').set({ time_zone: 'Not/A_Zone' }).where('business_id', '=', shop.businessId).execute();
    });
    afterAll(() => t.close());

    it("keeps a branch user to their own branch whatever they ask, and finds no other shop's branch for the owner", async () => {
      const shop = await createShop(t.deps);
      const other = await createShop(t.deps);
      const own = shop.branchIds[0]!;
      const branchCtx = { ...(await contextFor(t.deps, shop.login.email)), branchId: own };
      const body = await getDashboard(t.deps, branchCtx, { branch_id: other.branchIds[0] });
      expect(body.branch_id).toBe(own);
      expect(body.hourly).toHaveLength(24);
      expect(body.low_stock).toEqual({ count: 0, items: [] });
      const ownerCtx = await contextFor(t.deps, shop.login.email);
      await expect(getDashboard(t.deps, ownerCtx, { branch_id: other.branchIds[0] })).rejects.toMatchObject({ statusCode: 404 });
    });

    it('falls back to Phnom Penh time when the stored time zone is not a real one', async () => {
      // 2026-12-31 18:00 UTC is already 1 January 2027 in Phnom Penh, a Friday in ISO week 53 of 2026.
      t.clock.advance(Date.parse('2026-12-31T18:00:00Z') - t.clock.now().getTime());
      const body = await getDashboard(t.deps, ctx);
      expect(body.weekly).toHaveLength(53);
      expect(body.monthly.every((m) => m.sales === 0 && m.profit === 0)).toBe(true);
    });
  });
});
