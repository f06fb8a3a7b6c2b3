import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import { addShopUser, contextFor, createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { newId } from '../../lib/ids';

const PATH = '/api/v1/receipt-profile';

describe('receipt profile route', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;
  let other: string;
  let businessId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    other = await loginAs(t.app, (await createShop(t.deps, { shopName: 'Rival Tea House', branches: ['Tea Main'] })).login);
    businessId = (await contextFor(t.deps, OWNER.email)).businessId;
  });
  afterAll(() => t.close());

  const get = (token: string | null) => t.app.inject({ url: PATH, headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' } });
  const profile = async (token: string) => {
    const res = await get(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReceiptProfile;
  };

  it('answers the shop, its receipt options and every branch to the owner', async () => {
    const p = await profile(owner);
    expect(p).toMatchObject({
      shop_name: 'Demo Coffee',
      show_logo: true,
      show_address: true,
      show_vatin: true,
      paper_width: 80,
      auto_print: false,
      time_zone: 'Asia/Phnom_Penh',
    });
    expect(p.branches.map((b) => b.name).sort()).toEqual(['BKK1 (Phnom Penh)', 'Riverside (Phnom Penh)']);
    expect(Object.keys(p).sort()).toEqual(
      [
        'shop_name',
        'address',
        'phone',
        'vatin',
        'logo_url',
        'footer',
        'show_logo',
        'show_address',
        'show_vatin',
        'paper_width',
        'auto_print',
        'time_zone',
        'branches',
      ].sort(),
    );
  });

  it('follows the general and sale settings: VATIN, footer, address and the 58 mm paper', async () => {
    await t.deps.db
      .updateTable('general_settings')
      .set({ vatin_number: 'K001-901234567', receipt_footer: 'អរគុណ! Thank you, see you again' })
      .where('business_id', '=', businessId)
      .execute();
    await t.deps.db
      .updateTable('sale_settings')
      .set({ receipt_paper_width: 58, receipt_show_vatin: 0, receipt_auto_print: 1 })
      .where('business_id', '=', businessId)
      .execute();
    await t.deps.db
      .updateTable('branches')
      .set({ address: '#12 Sisowath Quay, Phnom Penh', phone: '+855 23 456 789' })
      .where('business_id', '=', businessId)
      .where('name', '=', 'Riverside (Phnom Penh)')
      .execute();
    const p = await profile(owner);
    expect(p).toMatchObject({
      vatin: 'K001-901234567',
      footer: 'អរគុណ! Thank you, see you again',
      paper_width: 58,
      show_vatin: false,
      auto_print: true,
    });
    expect(p.branches.find((b) => b.name === 'Riverside (Phnom Penh)')).toMatchObject({
      address: '#12 Sisowath Quay, Phnom Penh',
      phone: '+855 23 456 789',
    });
  });

  it('answers the logo where the general settings serve it, and none for a key that is not an image of the store', async () => {
    const key = `${businessId}/${'a1'.repeat(16)}.webp`;
    await t.deps.db.updateTable('businesses').set({ logo: key }).where('id', '=', businessId).execute();
    const setting = (await t.app.inject({ url: '/api/v1/general_setting', headers: bearer(owner) })).json().setting;
    expect(setting.logo_url).toBeTruthy();
    expect((await profile(owner)).logo_url).toBe(setting.logo_url);
    expect((await profile(cashier)).logo_url).toBe(setting.logo_url);
    await t.deps.db.updateTable('businesses').set({ logo: 'logos/old.png' }).where('id', '=', businessId).execute();
    expect((await profile(owner)).logo_url).toBeNull();
    await t.deps.db.updateTable('businesses').set({ logo: null }).where('id', '=', businessId).execute();
  });

  it('gives the branch cashier (sale-pos only) its own branch only', async () => {
    const ctx = await contextFor(t.deps, CASHIER.email);
    const p = await profile(cashier);
    expect(p.shop_name).toBe('Demo Coffee');
    expect(p.branches.map((b) => b.id)).toEqual([ctx.branchId]);
  });

  it("never shows another shop's details or branches", async () => {
    const theirs = await profile(other);
    expect(theirs.shop_name).toBe('Rival Tea House');
    expect(theirs.branches.map((b) => b.name)).toEqual(['Tea Main']);
    expect(theirs.vatin).toBeNull();
    expect(theirs.footer).toBeNull();
    const mine = await profile(owner);
    expect(mine.branches.map((b) => b.id)).not.toEqual(expect.arrayContaining(theirs.branches.map((b) => b.id)));
  });

  it('offers the sale screens their branches, the staff who recorded sales and the active payment methods', async () => {
    const cashierCtx = await contextFor(t.deps, CASHIER.email);
    const product = await t.deps.db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', businessId)
      .where('type', '=', 'single')
      .where('is_stock_manage', '=', 0)
      .where('status', '=', 1)
      .orderBy('product_name')
      .executeTakeFirstOrThrow();
    const cash = await t.deps.db
      .selectFrom('payment_methods')
      .select(['id', 'name'])
      .where('business_id', '=', businessId)
      .where('type', '=', 'cash')
      .executeTakeFirstOrThrow();
    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'en', ...headers } });
    const opened = await call('POST', '/api/v1/cash-sessions/open', cashier, { opening_usd: '20', opening_khr: '40000' });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const sold = await call(
      'POST',
      '/api/v1/sales',
      cashier,
      { lines: [{ product_id: product.id, quantity: '1' }], payments: [{ payment_method_id: cash.id, currency: 'USD', amount: '100' }] },
      { 'idempotency-key': '0190f5a2-3c4d-7e8f-9a0b-1c2d3e4f5a6b' },
    );
    expect(sold.statusCode, sold.body).toBe(201);

    const options = async (token: string) => {
      const res = await call('GET', '/api/v1/sale-screen-options', token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        branches: Array<{ id: string }>;
        cashiers: Array<{ id: string; name: string }>;
        payment_methods: Array<{ id: string }>;
      };
    };
    const mine = await options(owner);
    expect(mine.branches).toHaveLength(2);
    expect(mine.cashiers).toEqual([{ id: cashierCtx.userId, name: 'Dara Kim' }]);
    expect(mine.payment_methods.map((m) => m.id)).toContain(cash.id);
    const atTheTill = await options(cashier);
    expect(atTheTill.branches.map((b) => b.id)).toEqual([cashierCtx.branchId]);
    const theirs = await options(other);
    expect(theirs.cashiers).toEqual([]);
    expect(theirs.payment_methods.map((m) => m.id)).not.toContain(cash.id);
  });

  it('answers 401 without a token and 403 to a user who may not sell or print', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/sale-screen-options' })).statusCode).toBe(401);
    const roleId = newId();
    const at = t.deps.clock.now().toISOString();
    await t.deps.db
      .insertInto('roles')
      .values({
        business_id: businessId,
        id: roleId,
        name: 'Stock keeper',
        permissions: JSON.stringify(['stock-list', 'product-list']),
        is_preset: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const keeper = await addShopUser(t.deps, { businessId, roleId, branchId: null });
    const token = await loginAs(t.app, keeper.login);
    for (const url of [PATH, '/api/v1/sale-screen-options']) {
      const res = await t.app.inject({ url, headers: { ...bearer(token), 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
    }
  });
});
