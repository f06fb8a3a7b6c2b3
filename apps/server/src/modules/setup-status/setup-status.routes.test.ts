import type { SetupStatus } from '@posauto/shared/schemas/setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopUser } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { hashPassword } from '../../lib/secrets';
import { createBusiness, type CreatedBusiness } from '../businesses/index';

const BASE = '/api/v1/setup-status';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

describe('the setup checklist of a new shop (GET /api/v1/setup-status)', () => {
  let t: TestContext;
  let shop: CreatedBusiness;
  let owner: string;
  let other: CreatedBusiness;
  let otherOwner: string;

  /** A shop as sign-up makes it (Cash, the checklist open), in Khmer, active so that its owner can sign in. */
  const signedUpShop = async (email: string, pkg: 'standard' | 'startup' = 'standard') => {
    const passwordHash = await hashPassword('first-morning-1');
    const created = await t.deps.db.transaction().execute((trx) =>
      createBusiness(
        trx,
        {
          shopName: `Morning ${email}`,
          shopType: 'coffee_shop',
          package: pkg,
          status: 'active',
          branches: ['សាខាធំ'],
          owner: { firstName: 'Srey', lastName: 'Mom', email, passwordHash },
          language: 'km',
          firstMorning: true,
        },
        t.deps.clock.now().toISOString(),
      ),
    );
    return { created, token: await loginAs(t.app, { email, password: 'first-morning-1' }) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ created: shop, token: owner } = await signedUpShop('morning@example.com'));
    ({ created: other, token: otherOwner } = await signedUpShop('rival-morning@example.com'));
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  const status = async (token = owner) => {
    const res = await call('GET', BASE, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SetupStatus;
  };
  const done = (s: SetupStatus) => Object.fromEntries(s.steps.map((x) => [x.key, x.done]));
  const stored = (businessId: string) =>
    t.deps.db.selectFrom('businesses').select('setup_dismissed_at').where('id', '=', businessId).executeTakeFirstOrThrow();

  it('answers 401 without a session, 403 to a cashier and to a branch user whatever its role, and changes nothing', async () => {
    const third = await signedUpShop('branch-morning@example.com');
    const manager = await addShopUser(t.deps, {
      businessId: third.created.businessId,
      roleId: third.created.roleIds.Manager!,
      branchId: third.created.branchIds[0]!,
    });
    for (const [method, url] of [
      ['GET', BASE],
      ['POST', `${BASE}/dismiss`],
    ] as const) {
      expect((await call(method, url, null)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(method, url, await loginAs(t.app, CASHIER));
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have permission to do this' });
      // A manager tied to the branch: the checklist is the shop's, not a branch's.
      expect((await call(method, url, await loginAs(t.app, manager.login))).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await stored(third.created.businessId)).toEqual({ setup_dismissed_at: null });
  });

  it('starts a signed-up shop with its checklist open and Cash ready: the other four steps to do', async () => {
    const s = await status();
    expect(s).toEqual({
      steps: [
        { key: 'settings', done: false },
        { key: 'payment_methods', done: true },
        { key: 'products', done: false },
        { key: 'cashier', done: false },
        { key: 'till', done: false },
      ],
      complete: false,
      dismissed: false,
    });
  });

  it("ticks each step from the shop's own data as it is done, and unticks one undone", async () => {
    // The general settings saved once, unchanged, a while after sign-up: the rate and the VAT are confirmed.
    t.clock.advance(60_000);
    const current = (await call('GET', '/api/v1/general_setting', owner)).json().setting;
    const saved = await call('PUT', '/api/v1/general_setting', owner, {
      shop_name: current.shop_name,
      phone: current.phone,
      address: current.address,
      currency: current.currency,
      local_currency: current.local_currency,
      exchange_rate: current.exchange_rate,
      sale_tax: current.sale_tax,
      is_exclude_tax: current.is_exclude_tax,
      default_stock_alert: current.default_stock_alert,
      out_of_stock_sale: current.out_of_stock_sale,
      edit_date: current.edit_date,
      edit_cost: current.edit_cost,
      inline_discount: current.inline_discount,
      receipt_footer: current.receipt_footer,
      vatin_number: current.vatin_number,
      time_zone: current.time_zone,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(done(await status())).toMatchObject({ settings: true, products: false });

    // Cash switched off: no usable method, the step is to do again.
    const methods = (await call('GET', '/api/v1/payment-methods', owner)).json().data as Array<{ id: string; name: string; type: string }>;
    expect(methods.map((m) => [m.name, m.type])).toEqual([['សាច់ប្រាក់', 'cash']]);
    expect((await call('PATCH', `/api/v1/payment-methods/${methods[0]!.id}/status`, owner, { status: false })).statusCode).toBe(200);
    expect(done(await status()).payment_methods).toBe(false);
    expect((await call('PATCH', `/api/v1/payment-methods/${methods[0]!.id}/status`, owner, { status: true })).statusCode).toBe(200);

    const product = await call('POST', '/api/v1/products', owner, {
      type: 'single',
      product_name: 'Iced latte',
      purchase_cost: '1',
      sale_cost: '2.5',
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(done(await status()).products).toBe(true);

    // A user whose role does not sell is no cashier; one with the preset Cashier role is.
    const roles = (await call('GET', '/api/v1/roles?per_page=all', owner)).json().data as Array<{
      id: string;
      name: string;
      is_owner: boolean;
    }>;
    const roleOf = (name: string) => roles.find((r) => r.name === name)!.id;
    const userBody = (email: string, roleId: string) => ({
      first_name: 'Dara',
      last_name: 'Kim',
      email,
      role_id: roleId,
      password: 'cashier-1234',
      confirm_password: 'cashier-1234',
    });
    const reader = await call('POST', '/api/v1/roles', owner, { name: 'Stock reader', permissions: ['stock-listing'] });
    expect(reader.statusCode, reader.body).toBe(201);
    expect((await call('POST', '/api/v1/users', owner, userBody('reader@example.com', reader.json().data.id))).statusCode).toBe(201);
    expect(done(await status()).cashier).toBe(false);
    // The preset roles are named in Khmer: found by the shop's own list, not by an English name.
    const cashier = await call('POST', '/api/v1/users', owner, userBody('dara-morning@example.com', roleOf('អ្នកគិតលុយ')));
    expect(cashier.statusCode, cashier.body).toBe(201);
    expect(done(await status()).cashier).toBe(true);

    const opened = await call('POST', '/api/v1/cash-sessions/open', owner, {
      branch_id: shop.branchIds[0],
      opening_usd: '20',
      opening_khr: '0',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const s = await status();
    expect(s.steps.every((x) => x.done)).toBe(true);
    expect(s).toMatchObject({ complete: true, dismissed: false });

    // The other shop is where it was.
    expect(await status(otherOwner)).toMatchObject({ complete: false, dismissed: false });
    expect(done(await status(otherOwner))).toEqual({
      settings: false,
      payment_methods: true,
      products: false,
      cashier: false,
      till: false,
    });
  });

  it("hides the checklist for the whole shop when the owner dismisses it, and only that shop's", async () => {
    const hidden = await call('POST', `${BASE}/dismiss`, otherOwner);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ dismissed: true, complete: false });
    const first = (await stored(other.businessId)).setup_dismissed_at;
    expect(first).not.toBeNull();
    // Again: nothing changes.
    t.clock.advance(60_000);
    expect((await call('POST', `${BASE}/dismiss`, otherOwner)).json()).toMatchObject({ dismissed: true });
    expect((await stored(other.businessId)).setup_dismissed_at).toBe(first);
    expect((await status()).dismissed).toBe(false);
  });

  it('asks a Start Up shop (the menu and its QR code, no till) only for its settings and its products', async () => {
    const menuOnly = await signedUpShop('menu-morning@example.com', 'startup');
    expect((await status(menuOnly.token)).steps).toEqual([
      { key: 'settings', done: false },
      { key: 'products', done: false },
    ]);
  });

  it('never opens the checklist of the demo shops, nor of a shop the platform or a test makes', async () => {
    expect(await status(await loginAs(t.app, OWNER))).toMatchObject({ dismissed: true });
  });
});
