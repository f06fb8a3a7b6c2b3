import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockNotification, StockNotificationListItem } from '@posauto/shared/schemas/shell';
import { addShopUser, createShop, insertStockNotification, type TestShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const BELL = '/api/v1/get_stock_notification';
const MARK = '/api/v1/mark_all_read_stock_notification';
const LIST = '/api/v1/stock_notifications';
const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const MINUTE = 60_000;

describe('stock notification routes', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;
  let businessId: string;
  /** Demo Coffee's first branch (seeded with three alerts, the cashier's branch) and its second one. */
  let firstBranch: string;
  let secondBranch: string;
  /** A manager tied to the second branch: holds stock-management, but is a branch user. */
  let branchManager: string;
  let otherShop: TestShop;
  let otherOwner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    const me = await t.deps.db
      .selectFrom('users')
      .select(['business_id', 'branch_id'])
      .where('email', '=', CASHIER.email)
      .executeTakeFirstOrThrow();
    businessId = me.business_id;
    firstBranch = me.branch_id!;
    const branches = await t.deps.db.selectFrom('branches').select('id').where('business_id', '=', businessId).execute();
    secondBranch = branches.map((b) => b.id).find((id) => id !== firstBranch)!;
    const manager = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', businessId)
      .where('name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    branchManager = await loginAs(t.app, (await addShopUser(t.deps, { businessId, roleId: manager.id, branchId: secondBranch })).login);
    otherShop = await createShop(t.deps, { shopName: 'Rival Tea House' });
    otherOwner = await loginAs(t.app, otherShop.login);
    await insertStockNotification(t.deps, {
      businessId: otherShop.businessId,
      branchId: otherShop.branchIds[0]!,
      name: 'Rival matcha',
      stockLevel: 0,
    });
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
    const headers: Record<string, string> = { 'accept-language': 'en', ...(token === null ? {} : bearer(token)) };
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }
  const bell = async (branchId: string, token = owner) =>
    (await call('GET', `${BELL}?branch_id=${branchId}`, token)).json().data as StockNotification[];
  /** Unread notifications per branch, counted by the database: what a refused call must leave as it was. */
  const unread = async () => {
    const rows = await t.deps.db.selectFrom('stock_notifications').select(['branch_id', 'read_at']).execute();
    return rows
      .filter((r) => r.read_at === null)
      .reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.branch_id]: (acc[r.branch_id] ?? 0) + 1 }), {});
  };

  describe('who may call', () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', `${BELL}?branch_id=${firstBranch}`],
        ['POST', MARK],
        ['GET', LIST],
      ] as const) {
        const res = await call(method, url, null, method === 'POST' ? { branch_id: firstBranch } : undefined);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue' });
      }
    });

    it('answers 403 to the demo cashier, who lacks stock-management, and marks nothing read', async () => {
      const before = await unread();
      for (const [method, url] of [
        ['GET', `${BELL}?branch_id=${firstBranch}`],
        ['POST', MARK],
        ['GET', LIST],
      ] as const) {
        const res = await call(method, url, cashier, method === 'POST' ? { branch_id: firstBranch } : undefined);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      expect(await unread()).toEqual(before);
    });
  });

  describe('invalid input', () => {
    it('answers 400 with "Please select branch" when the branch is missing or blank', async () => {
      for (const res of [
        await call('GET', BELL, owner),
        await call('GET', `${BELL}?branch_id=`, owner),
        await call('POST', MARK, owner, {}),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Please check the highlighted fields', errors: { branch_id: 'Please select branch' } });
      }
    });

    it('answers 400 for a branch id that is not an id', async () => {
      for (const res of [await call('GET', `${BELL}?branch_id=1%20OR%201=1`, owner), await call('POST', MARK, owner, { branch_id: 42 })]) {
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual(['branch_id']);
      }
      expect((await call('POST', MARK, owner, { branch_id: 'nope' })).json().errors).toEqual({ branch_id: 'Incorrect Data' });
    });

    it('answers 400 for a list filter, sort or page size it does not know', async () => {
      for (const q of ['read=maybe', 'sort=business_id', 'per_page=7', 'branch_id=abc', 'order=up']) {
        const res = await call('GET', `${LIST}?${q}`, owner);
        expect(res.statusCode, q).toBe(400);
        expect(Object.keys(res.json().errors), q).toHaveLength(1);
      }
    });
  });

  describe('branches out of reach', () => {
    it("answers 404 for another shop's branch, and leaves its notifications unread", async () => {
      const before = await unread();
      const theirs = otherShop.branchIds[0]!;
      for (const res of [
        await call('GET', `${BELL}?branch_id=${theirs}`, owner),
        await call('POST', MARK, owner, { branch_id: theirs }),
        await call('GET', `${LIST}?branch_id=${theirs}`, owner),
        await call('GET', `${BELL}?branch_id=${MISSING_ID}`, owner),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'We could not find what you asked for' });
      }
      expect(await unread()).toEqual(before);
      expect((await bell(theirs, otherOwner)).map((n) => [n.name, n.isRead])).toEqual([['Rival matcha', false]]);
    });

    it('answers a branch user asking for another branch of their own shop with their own branch, never the other', async () => {
      await insertStockNotification(t.deps, { businessId, branchId: secondBranch, name: 'Soy milk 1L', stockLevel: 1000 });
      const before = await unread();
      expect(before[firstBranch]).toBeGreaterThan(0);

      // What the owner sees of the second branch is exactly what its branch user gets, whichever branch it names.
      const rung = await call('GET', `${BELL}?branch_id=${firstBranch}`, branchManager);
      expect(rung.statusCode).toBe(200);
      expect(rung.json().data).toEqual(await bell(secondBranch));
      expect((rung.json().data as StockNotification[]).map((n) => n.name)).toContain('Soy milk 1L');
      const listed = await call('GET', `${LIST}?branch_id=${firstBranch}&per_page=all`, branchManager);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toEqual((await call('GET', `${LIST}?branch_id=${secondBranch}&per_page=all`, owner)).json().data);
      expect((listed.json().data as StockNotificationListItem[]).every((n) => n.branch_id === secondBranch)).toBe(true);

      const marked = await call('POST', MARK, branchManager, { branch_id: firstBranch });
      expect(marked.json().updated).toBe(before[secondBranch]);
      expect(await unread()).toEqual(Object.fromEntries(Object.entries(before).filter(([branch]) => branch !== secondBranch)));
    });

    it('lets a branch user read their own branch, and lists only that branch to them', async () => {
      await insertStockNotification(t.deps, { businessId, branchId: secondBranch, name: 'Oat milk 1L', stockLevel: 3000 });
      expect((await call('GET', `${BELL}?branch_id=${secondBranch}`, branchManager)).statusCode).toBe(200);
      expect((await bell(secondBranch, branchManager)).map((n) => n.name)).toContain('Oat milk 1L');
      const listed = (await call('GET', `${LIST}?per_page=all`, branchManager)).json().data as StockNotificationListItem[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((n) => n.branch_id === secondBranch)).toBe(true);
    });
  });

  describe('the bell', () => {
    it("answers the demo branch's notifications newest first, spelled as the spec spells them", async () => {
      const res = await call('GET', `${BELL}?branch_id=${firstBranch}`, owner);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as StockNotification[];
      // Raised by the ledger when yesterday's demo stocktake took these under the shop's alert level of 5.
      expect(data.map((n) => [n.name, n.stock_level, n.isRead])).toEqual([
        ['Baked cheesecake', 3, true],
        ['Chocolate muffin', 2, false],
        ['Butter croissant', 4, false],
      ]);
      expect(Object.keys(data[0]!).sort()).toEqual(['createt_at', 'id', 'image', 'isRead', 'name', 'stock_level']);
      // The product's picture (a media key), and the time the ledger raised it: when the demo was seeded.
      expect(data[0]!.image).toMatch(/\.webp$/);
      expect(Date.parse(data[0]!.createt_at)).toBeLessThanOrEqual(t.clock.now().getTime());
    });

    it('gives a whole stock level as a number and a fraction as exact decimal text', async () => {
      const shop = await createShop(t.deps);
      const token = await loginAs(t.app, shop.login);
      const branchId = shop.branchIds[0]!;
      const at = (m: number) => new Date(t.clock.now().getTime() - m * MINUTE).toISOString();
      await insertStockNotification(t.deps, {
        businessId: shop.businessId,
        branchId,
        name: 'Sugar 1kg',
        stockLevel: 1500,
        createdAt: at(3),
      });
      await insertStockNotification(t.deps, { businessId: shop.businessId, branchId, name: 'Syrup', stockLevel: 250, createdAt: at(2) });
      await insertStockNotification(t.deps, {
        businessId: shop.businessId,
        branchId,
        name: 'Lids',
        stockLevel: 12000,
        createdAt: at(1),
        image: 'products/lids.png',
      });
      expect((await bell(branchId, token)).map((n) => [n.name, n.stock_level, n.image])).toEqual([
        ['Lids', 12, 'products/lids.png'],
        ['Syrup', '0.25', null],
        ['Sugar 1kg', '1.5', null],
      ]);
    });

    it('answers at most the 50 newest, and an empty list for a quiet branch', async () => {
      const shop = await createShop(t.deps);
      const token = await loginAs(t.app, shop.login);
      for (let i = 0; i < 55; i++) {
        const createdAt = new Date(t.clock.now().getTime() - (55 - i) * MINUTE).toISOString();
        await insertStockNotification(t.deps, {
          businessId: shop.businessId,
          branchId: shop.branchIds[0]!,
          name: `Item ${String(i).padStart(2, '0')}`,
          stockLevel: 0,
          createdAt,
        });
      }
      const data = await bell(shop.branchIds[0]!, token);
      expect(data).toHaveLength(50);
      expect(data[0]!.name).toBe('Item 54');
      expect(data[49]!.name).toBe('Item 05');
      expect((await call('GET', `${BELL}?branch_id=${shop.branchIds[1]}`, token)).json()).toEqual({ data: [] });
    });
  });

  describe('mark all as read', () => {
    it('marks every unread notification of that branch read, and no other branch or shop', async () => {
      await insertStockNotification(t.deps, { businessId, branchId: secondBranch, name: 'Cocoa powder', stockLevel: 500 });
      const before = await unread();
      expect(before[firstBranch]).toBe(2);
      expect(before[secondBranch]).toBeGreaterThan(0);

      const res = await call('POST', MARK, owner, { branch_id: firstBranch });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'All stock notifications have been marked as read', updated: 2 });
      expect((await bell(firstBranch)).map((n) => n.isRead)).toEqual([true, true, true]);

      const after = await unread();
      expect(after[firstBranch]).toBeUndefined();
      expect(after).toEqual(Object.fromEntries(Object.entries(before).filter(([branch]) => branch !== firstBranch)));
      expect((await bell(otherShop.branchIds[0]!, otherOwner)).map((n) => n.isRead)).toEqual([false]);
    });

    it('answers 0 when nothing is left unread, and keeps the first read time', async () => {
      const readAt = await t.deps.db
        .selectFrom('stock_notifications')
        .select(['id', 'read_at'])
        .where('branch_id', '=', firstBranch)
        .orderBy('id')
        .execute();
      t.clock.advance(60 * MINUTE);
      const res = await call('POST', MARK, owner, { branch_id: firstBranch });
      expect(res.json()).toMatchObject({ updated: 0 });
      expect(
        await t.deps.db
          .selectFrom('stock_notifications')
          .select(['id', 'read_at'])
          .where('branch_id', '=', firstBranch)
          .orderBy('id')
          .execute(),
      ).toEqual(readAt);
    });

    it('answers in the caller language', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: MARK,
        headers: { ...bearer(owner), 'accept-language': 'fr' },
        payload: { branch_id: firstBranch },
      });
      expect(res.json().message).toBe('Toutes les notifications de stock ont été marquées comme lues');
    });
  });

  describe('the see-all list', () => {
    it("pages through the owner's notifications of every branch, never another shop's", async () => {
      const res = await call('GET', `${LIST}?per_page=10`, owner);
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json() as { data: StockNotificationListItem[]; meta: { total: number } };
      const all = await t.deps.db.selectFrom('stock_notifications').select('id').where('business_id', '=', businessId).execute();
      expect(meta).toEqual({ page: 1, per_page: '10', total: all.length, last_page: Math.ceil(all.length / 10) });
      expect(data.map((n) => n.name)).not.toContain('Rival matcha');
      expect(new Set(data.map((n) => n.branch_id))).toEqual(new Set([firstBranch, secondBranch]));
      expect(Object.keys(data[0]!).sort()).toEqual([
        'branch_id',
        'branch_name',
        'created_at',
        'id',
        'image',
        'name',
        'product_id',
        'read_at',
        'stock_level',
      ]);
    });

    it('filters by branch, by read state and by search text', async () => {
      const first = (await call('GET', `${LIST}?branch_id=${firstBranch}&per_page=all`, owner)).json().data as StockNotificationListItem[];
      expect(first.map((n) => n.name)).toEqual(['Baked cheesecake', 'Chocolate muffin', 'Butter croissant']);
      expect(first.every((n) => n.branch_name === 'Riverside (Phnom Penh)')).toBe(true);
      const unreadOnly = (await call('GET', `${LIST}?read=unread&per_page=all`, owner)).json().data as StockNotificationListItem[];
      expect(unreadOnly.length).toBeGreaterThan(0);
      expect(unreadOnly.every((n) => n.read_at === null && n.branch_id === secondBranch)).toBe(true);
      const found = (await call('GET', `${LIST}?search=MUFFIN`, owner)).json().data as StockNotificationListItem[];
      expect(found.map((n) => n.name)).toEqual(['Chocolate muffin']);
    });
  });
});
