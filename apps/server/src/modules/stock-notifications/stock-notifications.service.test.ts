import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockNotificationListQuery } from '@posauto/shared/schemas/shell';
import type { RequestContext } from '../../http/context';
import { contextFor, createShop, insertStockNotification, type TestShop } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { stockLevelOf, stockNotificationsService } from './index';

const MINUTE = 60_000;
const query = (q: Partial<StockNotificationListQuery> = {}): StockNotificationListQuery => ({
  page: 1,
  per_page: '10',
  order: 'desc',
  ...q,
});

describe('stock notifications service', () => {
  let t: TestContext;
  let svc: ReturnType<typeof stockNotificationsService>;
  let shop: TestShop;
  let owner: RequestContext;
  /** Seven notifications: four in Main (one read), three in Second; oldest first. */
  const rows = [
    { name: 'Milk', stock: 2000, branch: 0, read: false },
    { name: 'Beans', stock: 1000, branch: 0, read: true },
    { name: 'Cups', stock: 0, branch: 0, read: false },
    { name: 'Sugar', stock: 1500, branch: 0, read: false },
    { name: 'Lids', stock: 5000, branch: 1, read: false },
    { name: 'Straws', stock: 250, branch: 1, read: false },
    { name: 'Napkins', stock: 3000, branch: 1, read: true },
  ];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    svc = stockNotificationsService(t.deps);
    shop = await createShop(t.deps);
    owner = await contextFor(t.deps, shop.login.email);
    for (const [i, r] of rows.entries()) {
      const createdAt = new Date(t.clock.now().getTime() - (rows.length - i) * MINUTE).toISOString();
      await insertStockNotification(t.deps, {
        businessId: shop.businessId,
        branchId: shop.branchIds[r.branch]!,
        name: r.name,
        stockLevel: r.stock,
        createdAt,
        readAt: r.read ? createdAt : null,
      });
    }
  });
  afterAll(() => t.close());

  const names = async (q: Partial<StockNotificationListQuery>) => (await svc.list(owner, query(q))).rows.map((r) => r.name);

  it('writes a stock level as whole units when it can, and as exact decimal text when it cannot', () => {
    expect([0, 1000, 12_000, -2000].map(stockLevelOf)).toEqual([0, 1, 12, -2]);
    expect([1500, 250, 1, -500].map(stockLevelOf)).toEqual(['1.5', '0.25', '0.001', '-0.5']);
  });

  it('lists newest first by default, with a true total and last page', async () => {
    const { rows: page1, meta } = await svc.list(owner, query({ per_page: '10' }));
    expect(page1.map((r) => r.name)).toEqual(['Napkins', 'Straws', 'Lids', 'Sugar', 'Cups', 'Beans', 'Milk']);
    expect(meta).toEqual({ page: 1, per_page: '10', total: 7, last_page: 1 });
    const beyond = await svc.list(owner, query({ page: 2 }));
    expect(beyond).toEqual({ rows: [], meta: { page: 2, per_page: '10', total: 7, last_page: 1 } });
  });

  it('sorts by stock level and by name, both ways', async () => {
    expect(await names({ sort: 'stock_level', order: 'asc' })).toEqual(['Cups', 'Straws', 'Beans', 'Sugar', 'Milk', 'Napkins', 'Lids']);
    expect(await names({ sort: 'name', order: 'asc' })).toEqual(['Beans', 'Cups', 'Lids', 'Milk', 'Napkins', 'Straws', 'Sugar']);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual(['Sugar', 'Straws', 'Napkins', 'Milk', 'Lids', 'Cups', 'Beans']);
  });

  it('searches the product name and the branch name', async () => {
    expect(await names({ search: 'STRAW' })).toEqual(['Straws']);
    expect(await names({ search: 'second' })).toEqual(['Napkins', 'Straws', 'Lids']);
  });

  it('combines the branch and read filters and counts only the matches', async () => {
    const { rows: found, meta } = await svc.list(owner, query({ branch_id: shop.branchIds[0]!, read: 'unread' }));
    expect(found.map((r) => r.name)).toEqual(['Sugar', 'Cups', 'Milk']);
    expect(meta.total).toBe(3);
    expect(await names({ read: 'read' })).toEqual(['Napkins', 'Beans']);
  });
});
