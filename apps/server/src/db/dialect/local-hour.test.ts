import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, insertStockNotification, type TestShop } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { localHourSql } from './index';

describe('hour buckets on this database', () => {
  let t: TestContext;
  let shop: TestShop;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    shop = await createShop(t.deps);
    const at = [
      '2026-11-21T16:59:59.000Z', // 23:59:59 in Phnom Penh
      '2026-11-21T17:00:00.000Z', // midnight there
      '2026-11-22T03:00:00.000Z', // 10:00 there
      '2026-03-08T06:30:00.000Z', // New York: 01:30 EST, just before clocks jump from 02:00 to 03:00
      '2026-03-08T07:30:00.000Z', // New York: 03:30 EDT, one real hour later
    ];
    for (const [i, createdAt] of at.entries()) {
      await insertStockNotification(t.deps, {
        businessId: shop.businessId,
        branchId: shop.branchIds[0]!,
        name: `Row ${i}`,
        stockLevel: 0,
        createdAt,
      });
    }
  });
  afterAll(() => t.close());

  const hoursIn = async (timeZone: string) => {
    const hour = localHourSql(t.deps.kind, sql.ref('created_at'), timeZone);
    const rows = await t.deps.db
      .selectFrom('stock_notifications')
      .select([hour.as('hour'), sql<number>`count(*)`.as('n')])
      .where('business_id', '=', shop.businessId)
      .groupBy(hour)
      .orderBy(hour)
      .execute();
    return rows.map((r) => [r.hour, Number(r.n)]);
  };

  it('gives the hour of the day, as a number, on the wall clock of Phnom Penh', async () => {
    expect(await hoursIn('Asia/Phnom_Penh')).toEqual([
      [0, 1],
      [10, 1],
      [13, 1],
      [14, 1],
      [23, 1],
    ]);
  });

  it('follows daylight saving time: the hour after 01:xx on the night clocks go forward is 03:xx', async () => {
    expect(await hoursIn('America/New_York')).toEqual([
      [1, 1],
      [3, 1],
      [11, 1],
      [12, 1],
      [22, 1],
    ]);
  });

  it('refuses a time zone name that could carry SQL', () => {
    expect(() => localHourSql(t.deps.kind, sql.ref('created_at'), "UTC'; DROP TABLE users; --")).toThrow(RangeError);
  });
});
