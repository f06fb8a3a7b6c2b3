import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBusiness } from '@posauto/shared/schemas/accounts';
import { countRows, createShop, type TestShop } from '../../../test/factories';
import { ADMIN, bearer, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../../test/harness';

const BASE = '/api/v1/admin/businesses';
const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';
type Method = 'GET' | 'POST' | 'PUT';

describe('platform administration routes', () => {
  let t: TestContext;
  let admin: string;
  let adminUserId: string;
  let platformId: string;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, ADMIN);
    owner = await loginAs(t.app, OWNER);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['id', 'business_id'])
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    adminUserId = row.id;
    platformId = row.business_id;
  });
  afterAll(() => t.close());

  function call(method: Method, url: string, token: string | null, payload?: object) {
    const headers: Record<string, string> = { 'accept-language': 'en', ...(token ? bearer(token) : {}) };
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }
  const list = async (query = '') =>
    (await call('GET', `${BASE}?per_page=all${query}`, admin)).json() as { data: AdminBusiness[]; meta: { total: number } };
  const statusOf = async (id: string) =>
    (await t.deps.db.selectFrom('businesses').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const auditOf = (businessId: string, entityId: string) =>
    t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'entity', 'entity_id', 'detail'])
      .where('business_id', '=', businessId)
      .where('entity_id', '=', entityId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  describe('who may call', () => {
    const routes = (id: string): Array<[Method, string, object?]> => [
      ['GET', BASE],
      ['GET', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/activate`],
      ['POST', `${BASE}/${id}/suspend`],
      ['POST', `${BASE}/${id}/reactivate`],
      ['PUT', `${BASE}/${id}/package`, { package: 'premium' }],
    ];

    it('answers 401 without a token', async () => {
      for (const [method, url, body] of routes(MISSING_ID)) {
        const res = await call(method, url, null, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue' });
      }
    });

    it("answers 403 to a shop owner, who holds every shop permission but not the platform's, and changes nothing", async () => {
      const pending = await createShop(t.deps, { status: 'pending', shopName: 'Owner Cannot Touch' });
      for (const [method, url, body] of routes(pending.businessId)) {
        const res = await call(method, url, owner, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      expect(await statusOf(pending.businessId)).toBe('pending');
    });
  });

  describe('the list of shops', () => {
    it('shows every shop with its package, status, owner and branches, never the platform itself', async () => {
      const { data, meta } = await list();
      expect(data.map((b) => b.id)).not.toContain(platformId);
      expect(meta.total).toBe(data.length);
      const coffee = data.find((b) => b.shop_name === 'Demo Coffee');
      expect(coffee).toEqual({
        id: expect.any(String),
        shop_name: 'Demo Coffee',
        shop_type: 'coffee_shop',
        package: 'premium',
        status: 'active',
        owner_name: 'Sophea Chan',
        owner_email: 'owner@posauto.local',
        phone: '+855 12 345 678',
        branches: 2,
        created_at: expect.any(String),
      });
      expect(data.find((b) => b.shop_name === 'Demo Karaoke')).toMatchObject({
        package: 'standard',
        shop_type: 'restaurant_karaoke',
        owner_email: KARAOKE.email,
        branches: 1,
        status: 'active',
      });
    });

    it('filters by status, searches shop names and owner emails, sorts and pages', async () => {
      const waiting = await createShop(t.deps, { status: 'pending', shopName: 'Waiting Noodles', email: 'waiting-owner@example.com' });
      t.clock.advance(1000);
      const later = await createShop(t.deps, { status: 'pending', shopName: 'Waiting Bakery' });
      const pending = await list('&business_status=pending');
      expect(pending.data.every((b) => b.status === 'pending')).toBe(true);
      expect(pending.data.map((b) => b.id)).toEqual(expect.arrayContaining([waiting.businessId, later.businessId]));
      expect(pending.data.map((b) => b.shop_name)).not.toContain('Demo Coffee');
      // Newest first by default.
      expect(pending.data.findIndex((b) => b.id === later.businessId)).toBeLessThan(
        pending.data.findIndex((b) => b.id === waiting.businessId),
      );

      expect((await list('&search=noodLES')).data.map((b) => b.id)).toEqual([waiting.businessId]);
      expect((await list('&search=WAITING-OWNER@')).data.map((b) => b.id)).toEqual([waiting.businessId]);
      expect((await list('&search=waiting&business_status=active')).data).toEqual([]);

      const byName = (await list('&sort=shop_name&order=asc')).data.map((b) => b.shop_name);
      expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const page = (await call('GET', `${BASE}?per_page=10&page=1&business_status=pending`, admin)).json();
      expect(page.meta).toMatchObject({ page: 1, per_page: '10', total: pending.data.length });
    });

    it('answers 400 for a status or sort it does not know', async () => {
      for (const q of ['business_status=gone', 'sort=owner', 'per_page=7']) {
        const res = await call('GET', `${BASE}?${q}`, admin);
        expect(res.statusCode, q).toBe(400);
        expect(Object.keys(res.json().errors), q).toHaveLength(1);
      }
    });

    it('shows one shop, and answers 404 for an unknown id or the platform, 400 for a malformed one', async () => {
      const shop = await createShop(t.deps, { shopName: 'One Shop' });
      const one = await call('GET', `${BASE}/${shop.businessId}`, admin);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: shop.businessId, shop_name: 'One Shop', branches: 2 });
      for (const id of [MISSING_ID, platformId]) {
        const res = await call('GET', `${BASE}/${id}`, admin);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'We could not find what you asked for' });
      }
      expect((await call('GET', `${BASE}/not-an-id`, admin)).json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: { id: 'Incorrect Data' },
      });
    });
  });

  describe('activation, suspension and reactivation', () => {
    it('activates a waiting shop, with an audit line in the shop and in the platform', async () => {
      const shop = await createShop(t.deps, { status: 'pending', shopName: 'To Activate' });
      expect((await call('POST', '/api/v1/login', null, shop.login)).statusCode).toBe(403);
      const res = await call('POST', `${BASE}/${shop.businessId}/activate`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'The shop has been activated',
        data: expect.objectContaining({ id: shop.businessId, status: 'active' }),
      });
      expect((await call('POST', '/api/v1/login', null, shop.login)).statusCode).toBe(200);
      const expected = [
        {
          action: 'business.activate',
          user_id: adminUserId,
          entity: 'business',
          entity_id: shop.businessId,
          detail: JSON.stringify({ shop_name: 'To Activate', from: 'pending', to: 'active' }),
        },
      ];
      expect(await auditOf(shop.businessId, shop.businessId)).toEqual(expected);
      expect(await auditOf(platformId, shop.businessId)).toEqual(expected);

      const again = await call('POST', `${BASE}/${shop.businessId}/activate`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This shop is already active' });
      expect(await auditOf(platformId, shop.businessId)).toHaveLength(1);
    });

    it('suspends a shop: every session of it ends at once and its users cannot sign in', async () => {
      const shop: TestShop = await createShop(t.deps, { shopName: 'To Suspend' });
      const tokens = [await loginAs(t.app, shop.login), await loginAs(t.app, shop.login)];
      const res = await call('POST', `${BASE}/${shop.businessId}/suspend`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'The shop has been suspended. Its users have been signed out.',
        data: expect.objectContaining({ status: 'suspended' }),
      });
      expect(await countRows(t.deps, 'sessions', shop.businessId)).toBe(0);
      for (const token of tokens) expect((await call('GET', '/api/v1/me', token)).statusCode).toBe(401);
      const refused = await call('POST', '/api/v1/login', null, shop.login);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Your shop has been suspended. Please contact the POSAUTO team.' });
      // Other shops keep their sessions.
      expect((await call('GET', '/api/v1/me', owner)).statusCode).toBe(200);

      expect((await call('POST', `${BASE}/${shop.businessId}/suspend`, admin)).json()).toEqual({
        message: 'This shop is already suspended',
      });
      expect((await call('POST', `${BASE}/${shop.businessId}/activate`, admin)).json()).toEqual({
        message: 'This shop is suspended. Reactivate it instead.',
      });
      expect((await auditOf(shop.businessId, shop.businessId)).map((a) => a.detail)).toEqual([
        JSON.stringify({ shop_name: 'To Suspend', from: 'active', to: 'suspended' }),
      ]);
    });

    it('may refuse a waiting shop by suspending it', async () => {
      const shop = await createShop(t.deps, { status: 'pending' });
      expect((await call('POST', `${BASE}/${shop.businessId}/suspend`, admin)).statusCode).toBe(200);
      expect(await statusOf(shop.businessId)).toBe('suspended');
    });

    it('reactivates a suspended shop and only a suspended one', async () => {
      const shop = await createShop(t.deps, { status: 'suspended', shopName: 'To Reactivate' });
      const res = await call('POST', `${BASE}/${shop.businessId}/reactivate`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'The shop has been reactivated', data: expect.objectContaining({ status: 'active' }) });
      expect((await call('POST', '/api/v1/login', null, shop.login)).statusCode).toBe(200);
      const again = await call('POST', `${BASE}/${shop.businessId}/reactivate`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Only a suspended shop can be reactivated' });
      const waiting = await createShop(t.deps, { status: 'pending' });
      expect((await call('POST', `${BASE}/${waiting.businessId}/reactivate`, admin)).statusCode).toBe(409);
      expect(await statusOf(waiting.businessId)).toBe('pending');
    });

    it('answers 404 for an unknown shop and for the platform itself, and leaves the platform as it is', async () => {
      for (const action of ['activate', 'suspend', 'reactivate']) {
        for (const id of [MISSING_ID, platformId]) {
          const res = await call('POST', `${BASE}/${id}/${action}`, admin);
          expect(res.statusCode, `${action} ${id}`).toBe(404);
        }
      }
      expect((await call('PUT', `${BASE}/${platformId}/package`, admin, { package: 'premium' })).statusCode).toBe(404);
      expect(await statusOf(platformId)).toBe('active');
      expect((await call('GET', '/api/v1/me', admin)).statusCode).toBe(200);
    });
  });

  describe('changing the package', () => {
    it('changes it, with an audit line old -> new in the shop and in the platform', async () => {
      const shop = await createShop(t.deps, { package: 'startup', branches: ['Only'], shopName: 'Growing Cafe' });
      const res = await call('PUT', `${BASE}/${shop.businessId}/package`, admin, { package: 'premium' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'The package has been changed',
        data: expect.objectContaining({ id: shop.businessId, package: 'premium' }),
      });
      const expected = [
        {
          action: 'business.package',
          user_id: adminUserId,
          entity: 'business',
          entity_id: shop.businessId,
          detail: JSON.stringify({ shop_name: 'Growing Cafe', from: 'startup', to: 'premium' }),
        },
      ];
      expect(await auditOf(shop.businessId, shop.businessId)).toEqual(expected);
      expect(await auditOf(platformId, shop.businessId)).toEqual(expected);
    });

    it('refuses the package it already has, and a package with fewer branches than the shop has', async () => {
      const shop = await createShop(t.deps, { shopName: 'Two Branches' });
      const same = await call('PUT', `${BASE}/${shop.businessId}/package`, admin, { package: 'premium' });
      expect(same.statusCode).toBe(409);
      expect(same.json()).toEqual({
        message: 'The shop already has this package',
        errors: { package: 'The shop already has this package' },
      });
      const down = await call('PUT', `${BASE}/${shop.businessId}/package`, admin, { package: 'standard' });
      expect(down.statusCode).toBe(409);
      expect(down.json().message).toBe('This shop has 2 branches, but the Standard package includes one. Remove branches first.');
      const kept = await t.deps.db.selectFrom('businesses').select('package').where('id', '=', shop.businessId).executeTakeFirstOrThrow();
      expect(kept.package).toBe('premium');
      expect(await auditOf(shop.businessId, shop.businessId)).toEqual([]);
    });

    it("answers 400 with the spec's message for a missing or unknown package, 404 for an unknown shop", async () => {
      const shop = await createShop(t.deps);
      for (const body of [{}, { package: 'gold' }]) {
        const res = await call('PUT', `${BASE}/${shop.businessId}/package`, admin, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Please check the highlighted fields', errors: { package: 'Please select package' } });
      }
      expect((await call('PUT', `${BASE}/${MISSING_ID}/package`, admin, { package: 'standard' })).statusCode).toBe(404);
    });
  });
});
