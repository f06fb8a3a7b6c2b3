/**
 * Branch users act only inside their branch (issue #9): shop-wide routes answer them 403 whatever their role
 * holds, and branch-owned rows (branches, branch users, stock notifications) are limited to their own branch.
 * The branch user here holds the shop's Owner role, so only its branch_id stands between it and everything.
 */
import type { Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodInputSchema, type PaymentMethod } from '@posauto/shared/schemas/catalogue-settings';
import { saleSettingsInputSchema, type Warehouse } from '@posauto/shared/schemas/shop-settings';
import type { GeneralSetting } from '@posauto/shared/schemas/settings';
import type { StaffUser } from '@posauto/shared/schemas/accounts';
import type { StockNotification, StockNotificationListItem } from '@posauto/shared/schemas/shell';
import { SHOP_LEVEL_PERMISSIONS } from '../src/http/access';
import { addShopUser, insertStockNotification } from './factories';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const PASSWORD = 'branch-user-1234';
const FORBIDDEN = { message: 'You do not have permission to do this' };
const NOT_FOUND = { message: 'We could not find what you asked for' };

describe('branch users act only inside their branch', () => {
  let t: TestContext;
  let owner: string;
  /** Holds the Owner role but works at the first branch. */
  let branchBoss: string;
  let businessId: string;
  let ownBranch: string;
  let otherBranch: string;
  let roleIds: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    const me = await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow();
    businessId = me.business_id;
    const branches = await t.deps.db
      .selectFrom('branches')
      .select(['id', 'name'])
      .where('business_id', '=', businessId)
      .orderBy('name')
      .execute();
    [ownBranch, otherBranch] = [branches[0]!.id, branches[1]!.id];
    const roles = await t.deps.db.selectFrom('roles').select(['id', 'name']).where('business_id', '=', businessId).execute();
    roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
    branchBoss = await loginAs(t.app, (await addShopUser(t.deps, { businessId, roleId: roleIds.Owner!, branchId: ownBranch })).login);
  });
  afterAll(() => t.close());

  function call(method: Method, url: string, token: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** Every row of every table (sessions aside): what "nothing changed" compares. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const tables = (await t.deps.db.introspection.getTables())
      .map((x) => x.name)
      .filter((n) => n !== 'sessions' && !n.startsWith('kysely_'))
      .sort();
    const out: Record<string, string[]> = {};
    for (const name of tables) {
      const rows = await (t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(name).selectAll().execute();
      out[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  }

  const staff = (over: Record<string, unknown> = {}) => ({
    first_name: 'Vanna',
    last_name: 'Chan',
    email: `staff-${Math.random().toString(36).slice(2, 10)}@example.com`,
    phone: '',
    gender: null,
    role_id: roleIds.Cashier,
    branch_id: null,
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...over,
  });

  describe('shop-wide routes', () => {
    it('answers 403 to a branch user on every shop-level route, whatever its role holds, and changes nothing', async () => {
      // Rows the owner made, so that a refused change or delete would succeed if it went through.
      const setting = (await call('GET', '/api/v1/general_setting', owner)).json().setting as GeneralSetting;
      const sale = (await call('GET', '/api/v1/sale-settings', owner)).json();
      const method = (await call('POST', '/api/v1/payment-methods', owner, { name: 'Wing wallet', type: 'cash' })).json()
        .data as PaymentMethod;
      const role = (await call('POST', '/api/v1/roles', owner, { name: 'Spare role', permissions: ['sale-pos'] })).json().data as {
        id: string;
      };
      const shopUser = (await call('POST', '/api/v1/users', owner, staff())).json().data as StaffUser;
      const branch = (await call('POST', '/api/v1/warehouses', owner, { name: 'Spare branch' })).json().data as Warehouse;
      expect([method.id, role.id, shopUser.id, branch.id].every(Boolean)).toBe(true);

      const before = await snapshot();
      const attempts: Array<[Method, string, unknown?]> = [
        ['PUT', '/api/v1/general_setting', { ...setting, exchange_rate: '1', default_branch_id: otherBranch }],
        ['PUT', '/api/v1/general_setting/logo', { key: null }],
        ['GET', '/api/v1/sale-settings'],
        ['PUT', '/api/v1/sale-settings', { ...saleSettingsInputSchema.parse(sale), invoice_prefix: 'HIJ' }],
        ['GET', '/api/v1/sale-settings/customer-options'],
        ['GET', '/api/v1/payment-methods'],
        ['POST', '/api/v1/payment-methods', { name: 'Branch wallet', type: 'cash' }],
        ['PUT', `/api/v1/payment-methods/${method.id}`, { ...paymentMethodInputSchema.parse(method), name: 'Renamed' }],
        ['PATCH', `/api/v1/payment-methods/${method.id}/status`, { status: false }],
        ['DELETE', `/api/v1/payment-methods/${method.id}`],
        ['GET', '/api/v1/permissions'],
        ['POST', '/api/v1/roles', { name: 'Branch-made role', permissions: ['sale-pos'] }],
        ['PUT', `/api/v1/roles/${role.id}`, { name: 'Renamed role', permissions: ['sale-pos', 'sale-list'] }],
        ['DELETE', `/api/v1/roles/${role.id}`],
        ['GET', '/api/v1/users'],
        ['GET', `/api/v1/users/${shopUser.id}`],
        ['POST', '/api/v1/users', staff()],
        ['PUT', `/api/v1/users/${shopUser.id}`, { ...staff(), email: shopUser.email, first_name: 'Renamed' }],
        ['PATCH', `/api/v1/users/${shopUser.id}/status`, { status: false }],
        ['POST', `/api/v1/users/${shopUser.id}/reset-password`, { password: 'hijacked1', confirm_password: 'hijacked1' }],
        ['DELETE', `/api/v1/users/${shopUser.id}`],
        ['POST', '/api/v1/warehouses', { name: 'Branch-made branch' }],
        ['DELETE', `/api/v1/warehouses/${branch.id}`],
        ['DELETE', `/api/v1/warehouses/${ownBranch}`],
      ];
      for (const [m, url, payload] of attempts) {
        const res = await call(m, url, branchBoss, payload);
        expect(res.statusCode, `${m} ${url} ${res.body}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('keeps the general settings readable, with the caller branch', async () => {
      const res = await call('GET', '/api/v1/general_setting', branchBoss);
      expect(res.statusCode).toBe(200);
      expect(res.json().setting.branch_id).toBe(ownBranch);
    });

    it('drops the shop-level permissions from what a branch user is told it holds, so its menu follows', async () => {
      const mine = (await call('GET', '/api/v1/me', branchBoss)).json().permissions as string[];
      const owners = (await call('GET', '/api/v1/me', owner)).json().permissions as string[];
      expect(owners).toEqual(expect.arrayContaining(['general-setting', 'sale-setting', 'user-management', 'role-create']));
      expect(mine.filter((p) => SHOP_LEVEL_PERMISSIONS.has(p as never))).toEqual([]);
      expect(mine).toEqual(owners.filter((p) => !SHOP_LEVEL_PERMISSIONS.has(p as never)));
      expect(mine).toEqual(expect.arrayContaining(['branch-management', 'branch-user-management', 'role-list', 'stock-management']));
      const login = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: OWNER.email, password: OWNER.password } });
      expect(login.json().permissions).toEqual(owners);
    });
  });

  describe('the branches list', () => {
    const BASE = '/api/v1/warehouses';

    it('lists, exports and shows a branch user only its own branch', async () => {
      const list = (await call('GET', `${BASE}?per_page=all`, branchBoss)).json();
      expect(list.data.map((b: Warehouse) => b.id)).toEqual([ownBranch]);
      expect(list.meta.total).toBe(1);
      const csv = (await call('GET', `${BASE}/export?format=csv`, branchBoss)).body.trim().split('\n');
      expect(csv).toHaveLength(2);
      expect((await call('GET', `${BASE}/${ownBranch}`, branchBoss)).statusCode).toBe(200);
      expect((await call('GET', `${BASE}?per_page=all`, owner)).json().meta.total).toBeGreaterThan(1);
    });

    it('answers 404 to a branch user reading or changing another branch, and changes nothing', async () => {
      const before = await snapshot();
      for (const [m, url, payload] of [
        ['GET', `${BASE}/${otherBranch}`],
        ['PUT', `${BASE}/${otherBranch}`, { name: 'Taken over', phone: '012 345 678' }],
        ['PATCH', `${BASE}/${otherBranch}/status`, { status: false }],
      ] as Array<[Method, string, unknown?]>) {
        const res = await call(m, url, branchBoss, payload);
        expect(res.statusCode, `${m} ${url}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('lets a branch user edit its own branch', async () => {
      const mine = (await call('GET', `${BASE}/${ownBranch}`, branchBoss)).json() as Warehouse;
      const res = await call('PUT', `${BASE}/${ownBranch}`, branchBoss, { name: mine.name, phone: '023 999 888' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.phone).toBe('023 999 888');
    });
  });

  describe('branch users', () => {
    const BASE = '/api/v1/branch-users';

    it('lists only the users of its branch, answers 404 for the others, and creates users only in its branch', async () => {
      const elsewhere = (await call('POST', BASE, owner, staff({ branch_id: otherBranch }))).json().data as StaffUser;
      const listed = (await call('GET', `${BASE}?per_page=all`, branchBoss)).json().data as StaffUser[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((u) => u.branch_id === ownBranch)).toBe(true);
      expect((await call('GET', `${BASE}/${elsewhere.id}`, branchBoss)).statusCode).toBe(404);

      const before = await snapshot();
      const refused = await call('POST', BASE, branchBoss, staff({ branch_id: otherBranch }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ branch_id: 'This branch does not exist' });
      expect((await call('DELETE', `${BASE}/${elsewhere.id}`, branchBoss)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);

      const made = await call('POST', BASE, branchBoss, staff({ branch_id: ownBranch }));
      expect(made.statusCode).toBe(201);
      expect(made.json().data.branch_id).toBe(ownBranch);
    });
  });

  describe('stock notifications', () => {
    const BELL = '/api/v1/get_stock_notification';
    const unreadOf = async (branchId: string) =>
      (
        await t.deps.db
          .selectFrom('stock_notifications')
          .select('name')
          .where('branch_id', '=', branchId)
          .where('read_at', 'is', null)
          .orderBy('name')
          .execute()
      ).map((r) => r.name);

    it("answers a branch user its own branch's notifications whatever branch it asks for", async () => {
      await insertStockNotification(t.deps, { businessId, branchId: ownBranch, name: 'Own branch milk', stockLevel: 1000 });
      await insertStockNotification(t.deps, { businessId, branchId: otherBranch, name: 'Other branch beans', stockLevel: 0 });

      const res = await call('GET', `${BELL}?branch_id=${otherBranch}`, branchBoss);
      expect(res.statusCode).toBe(200);
      const names = (res.json().data as StockNotification[]).map((n) => n.name);
      expect(names).toContain('Own branch milk');
      expect(names).not.toContain('Other branch beans');

      const listed = (await call('GET', `/api/v1/stock_notifications?per_page=all&branch_id=${otherBranch}`, branchBoss)).json()
        .data as StockNotificationListItem[];
      expect(listed.map((n) => n.name)).toContain('Own branch milk');
      expect(listed.every((n) => n.branch_id === ownBranch)).toBe(true);

      const otherUnread = await unreadOf(otherBranch);
      expect(otherUnread).toContain('Other branch beans');
      const marked = await call('POST', '/api/v1/mark_all_read_stock_notification', branchBoss, { branch_id: otherBranch });
      expect(marked.statusCode).toBe(200);
      expect(await unreadOf(otherBranch)).toEqual(otherUnread);
      expect(await unreadOf(ownBranch)).toEqual([]);
    });
  });
});
