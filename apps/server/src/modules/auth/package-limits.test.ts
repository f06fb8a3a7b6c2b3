import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_RULES } from '@posauto/shared/packages';
import { BUSINESS_PERMISSIONS } from '@posauto/shared/permissions';
import { createShop, type TestShop } from '../../../test/factories';
import { ADMIN, bearer, createTestApp, KARAOKE, loginAs, type TestContext } from '../../../test/harness';

describe("a shop's package limits what its users may do", () => {
  let t: TestContext;
  let startup: TestShop;

  beforeAll(async () => {
    t = await createTestApp();
    startup = await createShop(t.deps, { package: 'startup', branches: ['Only branch'], shopName: 'Menu Only Cafe' });
  });
  afterAll(() => t.close());

  const login = async (who: { email: string; password: string }) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: who })).json() as { access_token: string; permissions: string[] };
  const get = (url: string, token: string) => t.app.inject({ url, headers: { ...bearer(token), 'accept-language': 'en' } });

  it('gives a Start Up owner the menu and its settings, but no POS, stock, purchases or reports, at sign-in and in /me', async () => {
    const body = await login(startup.login);
    expect(body.permissions).toEqual(
      expect.arrayContaining(['product-list', 'product-create', 'category-management', 'user-management', 'general-setting']),
    );
    for (const p of [
      'sale-pos',
      'sale-list',
      'stock-management',
      'stock-listing',
      'purchase-listing',
      'report-management',
      'sale-report',
      'customer-management',
      'expend-management',
      'branch-user-management',
    ]) {
      expect(body.permissions, p).not.toContain(p);
    }
    expect([...body.permissions].sort()).toEqual([...PACKAGE_RULES.startup.permissions].sort());
    expect((await get('/api/v1/me', body.access_token)).json().permissions).toEqual(body.permissions);
  });

  it('answers 403 on a stock route to a Start Up owner, although the Owner role lists every permission', async () => {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('permissions')
      .where('business_id', '=', startup.businessId)
      .where('id', '=', startup.roleIds.Owner!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(role.permissions)).toContain('stock-management');
    const { access_token: token } = await login(startup.login);
    const res = await get(`/api/v1/get_stock_notification?branch_id=${startup.branchIds[0]}`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
    expect((await get('/api/v1/categories', token)).statusCode).toBe(200);
  });

  it('opens the stock routes to the same session as soon as the platform moves the shop to Standard', async () => {
    const { access_token: token } = await login(startup.login);
    const admin = await loginAs(t.app, ADMIN);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/businesses/${startup.businessId}/package`,
      headers: bearer(admin),
      payload: { package: 'standard' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await get(`/api/v1/get_stock_notification?branch_id=${startup.branchIds[0]}`, token)).statusCode).toBe(200);
    expect((await get('/api/v1/me', token)).json().permissions).toContain('sale-pos');
  });

  it('gives a Standard owner every shop permission but what needs two branches: warehouses, branch users, transfers', async () => {
    const body = await login(KARAOKE);
    const multiBranch = ['branch-management', 'branch-user-management', 'stock-transfer-list', 'stock-transfer'];
    expect([...body.permissions].sort()).toEqual(BUSINESS_PERMISSIONS.filter((p) => !multiBranch.includes(p)).sort());
    expect([...body.permissions].sort()).toEqual([...PACKAGE_RULES.standard.permissions].sort());
    // The server refuses what the menu hides, although the Owner role lists every permission.
    for (const url of ['/api/v1/warehouses', '/api/v1/branch-users', '/api/v1/stock-transfers']) {
      expect((await get(url, body.access_token)).statusCode, url).toBe(403);
    }
    expect((await get('/api/v1/stock', body.access_token)).statusCode).toBe(200);
    // A Premium owner keeps them.
    const coffee = await login({ email: 'owner@posauto.local', password: 'owner1234' });
    for (const url of ['/api/v1/warehouses', '/api/v1/branch-users', '/api/v1/stock-transfers']) {
      expect((await get(url, coffee.access_token)).statusCode, url).toBe(200);
    }
  });

  it('keeps the platform administrator to the platform permission, whatever the platform business is called', async () => {
    expect((await login(ADMIN)).permissions).toEqual(['user-admin-management']);
  });
});
