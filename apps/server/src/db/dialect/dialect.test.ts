import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, insertStockNotification, type TestShop } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { localDaySql } from './index';

describe('date buckets on this database', () => {
  let t: TestContext;
  let shop: TestShop;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    shop = await createShop(t.deps);
    const at = ['2026-11-21T16:59:59.000Z', '2026-11-21T17:00:00.000Z', '2026-11-22T03:00:00.000Z', '2026-03-08T04:30:00.000Z'];
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

  const daysIn = async (timeZone: string) => {
    const day = localDaySql(t.deps.kind, sql.ref('created_at'), timeZone);
    const rows = await t.deps.db
      .selectFrom('stock_notifications')
      .select([day.as('day'), sql<number>`count(*)`.as('n')])
      .where('business_id', '=', shop.businessId)
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((r) => [r.day, Number(r.n)]);
  };

  it('buckets instants by the calendar day in Phnom Penh, where a day starts at 17:00 UTC', async () => {
    expect(await daysIn('Asia/Phnom_Penh')).toEqual([
      ['2026-03-08', 1],
      ['2026-11-21', 1],
      ['2026-11-22', 2],
    ]);
  });

  it('refuses a time zone name that could carry SQL', () => {
    expect(() => localDaySql(t.deps.kind, sql.ref('created_at'), "UTC'; DROP TABLE users; --")).toThrow(RangeError);
  });

  it('follows daylight saving time in zones that have it', async () => {
    expect(await daysIn('America/New_York')).toEqual([
      ['2026-03-07', 1],
      ['2026-11-21', 3],
    ]);
  });
});
