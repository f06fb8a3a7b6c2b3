import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posCatalogueSchema, type HeldCart, type PosCatalogue, type PosCoupon, type PosCustomer } from '@posauto/shared/schemas/pos';
import { bearer, CASHIER, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser } from '../../../test/factories';
import { newId } from '../../lib/ids';

let t: TestContext;
let owner: string;
let cashier: string;
let karaoke: string;
/** Holds product-list but not sale-pos. */
let clerk: string;
let coffee: string;
let branches: { id: string; name: string }[];
let karaokeBranch: string;

const en = { 'accept-language': 'en' };
const call = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...en, ...headers }, ...(payload ? { payload } : {}) });
const getCatalogue = async (token: string, query = '') => {
  const res = await call(token, 'GET', `/api/v1/pos/catalogue${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: res.json() as PosCatalogue };
};

beforeAll(async () => {
  t = await createTestApp();
  [owner, cashier, karaoke] = await Promise.all([loginAs(t.app, OWNER), loginAs(t.app, CASHIER), loginAs(t.app, KARAOKE)]);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', coffee).orderBy('created_at').execute();
  const karaokeShop = (await db.selectFrom('users').select('business_id').where('email', '=', KARAOKE.email).executeTakeFirstOrThrow())
    .business_id;
  karaokeBranch = (await db.selectFrom('branches').select('id').where('business_id', '=', karaokeShop).executeTakeFirstOrThrow()).id;
  const roleId = newId();
  const at = t.deps.clock.now().toISOString();
  await db
    .insertInto('roles')
    .values({
      business_id: coffee,
      id: roleId,
      name: 'Stock clerk',
      permissions: JSON.stringify(['product-list']),
      is_preset: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const user = await addShopUser(t.deps, { businessId: coffee, roleId, branchId: branches[0]!.id });
  clerk = await loginAs(t.app, user.login);
});
afterAll(() => t.close());

describe('GET /api/v1/pos/catalogue', () => {
  it('answers 401 without a session and 403 without sale-pos (product-list is not enough)', async () => {
    expect((await call(null, 'GET', '/api/v1/pos/catalogue')).statusCode).toBe(401);
    expect((await call(clerk, 'GET', '/api/v1/pos/catalogue')).statusCode).toBe(403);
  });

  it("gives a cashier (sale-pos, no product-list) its branch's settings, receipt header and active products", async () => {
    const { body } = await getCatalogue(cashier);
    expect(() => posCatalogueSchema.parse(body)).not.toThrow();
    expect(body.branch).toMatchObject({ id: branches[0]!.id, name: branches[0]!.name });
    expect(body.settings).toMatchObject({
      currency: 'USD',
      exchange_rate: '4100',
      vat_rate: '10',
      vat_inclusive: false,
      inline_discount: true,
      edit_cost: true,
      time_zone: 'Asia/Phnom_Penh',
      khqr_check: false,
    });
    expect(body.shop).toMatchObject({ name: 'Demo Coffee', vatin: 'K001-901234567', receipt_footer: 'Thank you! / អរគុណ!' });
    expect(body.sale_settings.walk_in_customer?.name).toBe('Walk-in customer');
    expect(body.sale_settings.receipt_paper_width).toBe(80);
    const cash = body.payment_methods.find((m) => m.type === 'cash');
    expect(body.sale_settings.default_payment_method_id).toBe(cash?.id);
    expect(body.categories.length).toBeGreaterThan(0);

    const db = t.deps.db;
    const active = await db
      .selectFrom('products')
      .select(['id', 'sku_code'])
      .where('business_id', '=', coffee)
      .where('status', '=', 1)
      // Sold in the cashier's branch: every branch, or this one named (a room type's time product is sold in none).
      .where((eb) =>
        eb.or([
          eb('all_branches', '=', 1),
          eb.exists(
            eb
              .selectFrom('product_branches as pb')
              .select('pb.product_id')
              .whereRef('pb.business_id', '=', 'products.business_id')
              .whereRef('pb.product_id', '=', 'products.id')
              .where('pb.branch_id', '=', branches[0]!.id),
          ),
        ]),
      )
      .execute();
    expect(body.products.map((p) => p.id).sort()).toEqual(active.map((p) => p.id).sort());
    // By name, as the grid shows them.
    const names = body.products.map((p) => p.name);
    expect(names.length).toBeGreaterThan(10);
    for (const p of body.products) expect(p.codes).toContain(p.sku.toLowerCase());
  });

  it('shows prices, units, variants, barcodes and on hand at the branch as the products and the ledger hold them', async () => {
    const { body } = await getCatalogue(cashier);
    const db = t.deps.db;
    const coke = body.products.find((p) => p.name === 'Coca-Cola can 330ml')!;
    const row = await db
      .selectFrom('products')
      .selectAll()
      .where('business_id', '=', coffee)
      .where('id', '=', coke.id)
      .executeTakeFirstOrThrow();
    expect(coke.price).toBe((row.sale_cost / 100).toFixed(2));
    expect(coke.units.map((u) => [u.name, u.factor])).toEqual(
      expect.arrayContaining([
        ['Can', '1'],
        ['Box of 24', '24'],
      ]),
    );
    if (row.barcode) expect(coke.codes).toContain(row.barcode);
    const level = await db
      .selectFrom('stock_levels')
      .select('on_hand')
      .where('business_id', '=', coffee)
      .where('branch_id', '=', branches[0]!.id)
      .where('product_id', '=', coke.id)
      .where('variant_id', '=', '')
      .executeTakeFirst();
    expect(coke.manages_stock).toBe(true);
    expect(Number(coke.on_hand)).toBe((level?.on_hand ?? 0) / 1000);
    expect(Number(coke.on_hand)).toBeGreaterThan(0);

    const withVariants = body.products.find((p) => p.type === 'variation' && p.variants.length > 1)!;
    expect(withVariants).toBeDefined();
    const variants = await db
      .selectFrom('product_variants')
      .select(['id', 'sku_code', 'barcode'])
      .where('business_id', '=', coffee)
      .where('product_id', '=', withVariants.id)
      .where('status', '=', 1)
      .execute();
    expect(withVariants.variants.map((v) => v.id).sort()).toEqual(variants.map((v) => v.id).sort());
    for (const v of variants) {
      const shown = withVariants.variants.find((x) => x.id === v.id)!;
      expect(shown.sku).toBe(v.sku_code);
      if (v.barcode) expect(shown.barcodes).toContain(v.barcode);
      expect(shown.price).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('names the variations a product’s variants are made of, and each variant’s value of every one, for a picker that asks one question per variation', async () => {
    const { res, body } = await getCatalogue(cashier);
    const latte = body.products.find((p) => p.name === 'Iced latte')!;
    expect(latte.variations.map((v) => [v.name, v.values.map((x) => x.name)])).toEqual([
      ['Size', ['Small', 'Medium', 'Large']],
      ['Sugar', ['0%', '50%', '100%']],
    ]);
    const [size, sugar] = latte.variations;
    const valueName = new Map([...size!.values, ...sugar!.values].map((x) => [x.id, x.name]));
    expect(latte.variants).toHaveLength(9);
    // Each variant: one value of each variation, in their order; its name says the same (Small / 0%).
    for (const v of latte.variants) {
      expect(v.value_ids).toHaveLength(2);
      expect(size!.values.map((x) => x.id)).toContain(v.value_ids[0]);
      expect(sugar!.values.map((x) => x.id)).toContain(v.value_ids[1]);
      expect(v.value_ids.map((id) => valueName.get(id)).join(' / ')).toBe(v.name);
    }
    for (const p of body.products.filter((x) => x.type !== 'variation')) expect(p.variations).toEqual([]);

    // A value renamed is a new version of the catalogue, with the new name.
    const etag = res.headers.etag as string;
    t.clock.advance(1000);
    await t.deps.db
      .updateTable('variation_values')
      .set({ name: 'Half sugar', updated_at: t.clock.now().toISOString() })
      .where('business_id', '=', coffee)
      .where('id', '=', sugar!.values[1]!.id)
      .execute();
    const renamed = await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    const again = (renamed.json() as PosCatalogue).products.find((p) => p.id === latte.id)!;
    expect(again.variations[1]!.values.map((x) => x.name)).toEqual(['0%', 'Half sugar', '100%']);
    await t.deps.db
      .updateTable('variation_values')
      .set({ name: '50%' })
      .where('business_id', '=', coffee)
      .where('id', '=', sugar!.values[1]!.id)
      .execute();
  });

  it('forces a branch user onto its own branch; the owner may name any branch of the shop, not another shop’s', async () => {
    const forced = await getCatalogue(cashier, `?branch_id=${branches[1]!.id}`);
    expect(forced.body.branch.id).toBe(branches[0]!.id);
    const other = await getCatalogue(owner, `?branch_id=${branches[1]!.id}`);
    expect(other.body.branch.id).toBe(branches[1]!.id);
    expect((await call(owner, 'GET', `/api/v1/pos/catalogue?branch_id=${karaokeBranch}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/v1/pos/catalogue?branch_id=nope')).statusCode).toBe(400);
  });

  it('leaves out inactive products and products not sold at the branch', async () => {
    const db = t.deps.db;
    const [a, b] = await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', coffee)
      .where('status', '=', 1)
      .orderBy('product_name')
      .limit(2)
      .execute();
    t.clock.advance(1000);
    await db
      .updateTable('products')
      .set({ status: 0, updated_at: t.clock.now().toISOString() })
      .where('business_id', '=', coffee)
      .where('id', '=', a!.id)
      .execute();
    await db
      .updateTable('products')
      .set({ all_branches: 0, updated_at: t.clock.now().toISOString() })
      .where('business_id', '=', coffee)
      .where('id', '=', b!.id)
      .execute();
    await db.insertInto('product_branches').values({ business_id: coffee, product_id: b!.id, branch_id: branches[1]!.id }).execute();
    try {
      const first = (await getCatalogue(cashier)).body.products.map((p) => p.id);
      expect(first).not.toContain(a!.id);
      expect(first).not.toContain(b!.id);
      const second = (await getCatalogue(owner, `?branch_id=${branches[1]!.id}`)).body.products.map((p) => p.id);
      expect(second).toContain(b!.id);
    } finally {
      await db.deleteFrom('product_branches').where('business_id', '=', coffee).where('product_id', '=', b!.id).execute();
      await db
        .updateTable('products')
        .set({ status: 1, all_branches: 1 })
        .where('business_id', '=', coffee)
        .where('id', 'in', [a!.id, b!.id])
        .execute();
    }
  });

  it('answers 304 to the version the till holds, and a new version once a price or the stock changes', async () => {
    const { res, body } = await getCatalogue(cashier);
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${body.version}"`);
    const again = await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    // The other branch has a version of its own.
    const other = await call(owner, 'GET', `/api/v1/pos/catalogue?branch_id=${branches[1]!.id}`, undefined, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);

    const db = t.deps.db;
    const product = body.products.find((p) => p.type === 'single')!;
    t.clock.advance(1000);
    await db
      .updateTable('products')
      .set({ sale_cost: 12345, updated_at: t.clock.now().toISOString() })
      .where('business_id', '=', coffee)
      .where('id', '=', product.id)
      .execute();
    const changed = await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as PosCatalogue).products.find((p) => p.id === product.id)!.price).toBe('123.45');

    // Stock moving at the branch leaves the version alone (on hand is a snapshot; the sale checks stock itself).
    const etag2 = changed.headers.etag as string;
    const stocked = body.products.find((p) => p.manages_stock && p.type === 'single')!.id;
    const move = (delta: number) =>
      db
        .updateTable('stock_levels')
        .set((eb) => ({ on_hand: eb('on_hand', '+', delta) }))
        .where('business_id', '=', coffee)
        .where('branch_id', '=', branches[0]!.id)
        .where('product_id', '=', stocked)
        .where('variant_id', '=', '')
        .execute();
    await move(1000);
    expect((await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'if-none-match': etag2 })).statusCode).toBe(304);
    await move(-1000);
    // A new barcode (a code added) is a new version.
    t.clock.advance(1000);
    await db
      .updateTable('products')
      .set({ barcode: '8850000000017', updated_at: t.clock.now().toISOString() })
      .where('business_id', '=', coffee)
      .where('id', '=', product.id)
      .execute();
    const coded = await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'if-none-match': etag2 });
    expect(coded.statusCode).toBe(200);
    expect((coded.json() as PosCatalogue).products.find((p) => p.id === product.id)!.codes).toContain('8850000000017');
  });

  it('compresses the stream for a till that accepts gzip', async () => {
    const plain = (await getCatalogue(cashier)).body;
    const res = await call(cashier, 'GET', '/api/v1/pos/catalogue', undefined, { 'accept-encoding': 'gzip, deflate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as PosCatalogue;
    expect({ ...body, generated_at: '' }).toEqual({ ...plain, generated_at: '' });
  });
});

describe('customers at the till', () => {
  const find = async (token: string, q: string) => {
    const res = await call(token, 'GET', `/api/v1/pos/customers?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: PosCustomer[] }).data;
  };

  it('finds active customers by name, phone fragment or Member ID, only of the own shop', async () => {
    expect((await find(cashier, 'sok da')).map((c) => c.name)).toEqual(['Sok Dara']);
    expect((await find(cashier, '555 101')).map((c) => c.name)).toEqual(['Sok Dara']);
    expect((await find(cashier, 'm-0003')).map((c) => c.name)).toEqual(['Lim Vuthy']);
    expect(await find(cashier, 'K-0002')).toEqual([]);
    const all = await find(cashier, '');
    expect(all[0]).toMatchObject({ name: 'Walk-in customer', is_walk_in: true, balance_due: '0.00' });
    expect(all.length).toBeLessThanOrEqual(20);
    expect((await call(null, 'GET', '/api/v1/pos/customers')).statusCode).toBe(401);
    expect((await call(clerk, 'GET', '/api/v1/pos/customers')).statusCode).toBe(403);
  });

  it('shows what a customer owes on completed sales and invoices, less payments and returns', async () => {
    const db = t.deps.db;
    const dara = (await find(cashier, 'M-0001'))[0]!;
    const at = t.deps.clock.now().toISOString();
    const sale = (
      n: string,
      document: 'sale' | 'invoice' | 'quotation',
      status: string,
      total: number,
      paid: number,
      returned: number,
    ) => ({
      business_id: coffee,
      id: newId(),
      invoice_number: n,
      document,
      sale_type: 'general' as const,
      status: status as 'completed',
      branch_id: branches[0]!.id,
      customer_id: dara.id,
      sale_date: '2026-11-21',
      sold_at: at,
      currency: 'USD',
      exchange_rate: 41_000_000,
      vat_rate: 0,
      vat_inclusive: 0,
      subtotal: total,
      tax: 0,
      grand_total: total,
      paid_amount: paid,
      returned_amount: returned,
      payment_status: 'partial' as const,
      line_count: 1,
      cash_session_id: null,
      discount_type: null,
      discount_value: 0,
      discount_amount: 0,
      coupon_id: null,
      coupon_code: null,
      coupon_amount: 0,
      service_charge_id: null,
      service_type: null,
      service_value: 0,
      service_charge: 0,
      shipping: 0,
      tendered_amount: paid,
      change_amount: 0,
      change_usd: 0,
      change_khr: 0,
      cost_total: 0,
      note: '',
      delivered_at: null,
      converted_from_id: null,
      idempotency_key: null,
      request_hash: null,
      created_by: null,
      voided_at: null,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('sales')
      .values([
        sale('T-1', 'invoice', 'completed', 2000, 500, 0), // owes 15.00
        sale('T-2', 'sale', 'completed', 1000, 400, 100), // owes 5.00
        sale('T-3', 'sale', 'completed', 1000, 1000, 300), // paid (a return never makes it negative)
        sale('T-4', 'sale', 'void', 5000, 0, 0),
        sale('T-5', 'quotation', 'open', 5000, 0, 0),
      ])
      .execute();
    expect((await find(cashier, 'M-0001'))[0]!.balance_due).toBe('20.00');
  });

  it('adds a customer from the till with the customer screen’s rules', async () => {
    const res = await call(cashier, 'POST', '/api/v1/pos/customers', { name: 'Keo Bopha', phone: '+855 10 777 888', member_id: 'M-9001' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Keo Bopha', member_id: 'M-9001', is_walk_in: false, balance_due: '0.00' });
    expect((await find(cashier, '777 888')).map((c) => c.name)).toEqual(['Keo Bopha']);
    const row = await t.deps.db
      .selectFrom('customers')
      .select(['customer_type', 'status'])
      .where('id', '=', (res.json() as PosCustomer).id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_type: 'retail', status: 1 });

    const taken = await call(cashier, 'POST', '/api/v1/pos/customers', { name: 'Someone', member_id: 'm-9001' });
    expect(taken.statusCode).toBe(409);
    const bad = await call(cashier, 'POST', '/api/v1/pos/customers', { name: '', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual(['name', 'phone']);
    expect((await call(clerk, 'POST', '/api/v1/pos/customers', { name: 'X' })).statusCode).toBe(403);
  });
});

describe('held carts', () => {
  const cart = (extra: object = {}) => ({
    label: 'Table 4',
    payload: { lines: [{ product_id: 'x', quantity: '2' }] },
    item_count: 2,
    total: '7.50',
    ...extra,
  });

  it('holds a cart at the branch; any user of the branch lists and resumes it once', async () => {
    const held = await call(cashier, 'POST', '/api/v1/pos/held-carts', cart());
    expect(held.statusCode, held.body).toBe(201);
    const h = held.json() as HeldCart;
    expect(h).toMatchObject({ label: 'Table 4', item_count: 2, total: '7.50', currency: 'USD', user_name: 'Dara Kim' });
    expect(h.payload).toEqual({ lines: [{ product_id: 'x', quantity: '2' }] });

    const list = await call(cashier, 'GET', '/api/v1/pos/held-carts');
    expect(list.statusCode).toBe(200);
    const rows = (list.json() as { data: object[] }).data;
    expect(rows).toEqual([expect.objectContaining({ id: h.id, label: 'Table 4' })]);
    expect(rows[0]).not.toHaveProperty('payload');
    // The owner, asking for the cashier's branch, sees it too.
    const ownerList = await call(owner, 'GET', `/api/v1/pos/held-carts?branch_id=${branches[0]!.id}`);
    expect((ownerList.json() as { data: { id: string }[] }).data.map((c) => c.id)).toEqual([h.id]);

    expect((await call(karaoke, 'DELETE', `/api/v1/pos/held-carts/${h.id}`)).statusCode).toBe(404);
    expect((await call(karaoke, 'GET', `/api/v1/pos/held-carts/${h.id}`)).statusCode).toBe(404);
    // A look leaves it on hold.
    const peek = await call(owner, 'GET', `/api/v1/pos/held-carts/${h.id}`);
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toEqual(h);
    const taken = await call(cashier, 'DELETE', `/api/v1/pos/held-carts/${h.id}`);
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as HeldCart).payload).toEqual(h.payload);
    expect((await call(cashier, 'DELETE', `/api/v1/pos/held-carts/${h.id}`)).statusCode).toBe(404);
    expect(((await call(cashier, 'GET', '/api/v1/pos/held-carts')).json() as { data: object[] }).data).toEqual([]);
  });

  it("keeps a branch user out of another branch's carts, whatever branch it names", async () => {
    const other = await call(owner, 'POST', '/api/v1/pos/held-carts', cart({ branch_id: branches[1]!.id }));
    expect(other.statusCode).toBe(201);
    const id = (other.json() as HeldCart).id;
    expect(((await call(cashier, 'GET', `/api/v1/pos/held-carts?branch_id=${branches[1]!.id}`)).json() as { data: object[] }).data).toEqual(
      [],
    );
    expect((await call(cashier, 'DELETE', `/api/v1/pos/held-carts/${id}`)).statusCode).toBe(404);
    expect((await call(cashier, 'GET', `/api/v1/pos/held-carts/${id}`)).statusCode).toBe(404);
    const mine = await call(cashier, 'POST', '/api/v1/pos/held-carts', cart({ branch_id: branches[1]!.id }));
    const row = await t.deps.db
      .selectFrom('held_carts')
      .select('branch_id')
      .where('id', '=', (mine.json() as HeldCart).id)
      .executeTakeFirstOrThrow();
    expect(row.branch_id).toBe(branches[0]!.id);
    expect((await call(owner, 'DELETE', `/api/v1/pos/held-carts/${id}`)).statusCode).toBe(200);
    await call(cashier, 'DELETE', `/api/v1/pos/held-carts/${(mine.json() as HeldCart).id}`);
  });

  it('refuses a bad or oversized cart and saves nothing', async () => {
    const count = async () => (await t.deps.db.selectFrom('held_carts').select('id').where('business_id', '=', coffee).execute()).length;
    const before = await count();
    const big = await call(cashier, 'POST', '/api/v1/pos/held-carts', cart({ payload: { note: 'x'.repeat(70_000) } }));
    expect(big.statusCode).toBe(400);
    expect((big.json() as { errors: Record<string, string> }).errors.payload).toBe('This cart is too large to hold: pay it or split it');
    expect((await call(cashier, 'POST', '/api/v1/pos/held-carts', cart({ payload: [1, 2] }))).statusCode).toBe(400);
    expect((await call(cashier, 'POST', '/api/v1/pos/held-carts', cart({ item_count: -1 }))).statusCode).toBe(400);
    expect((await call(cashier, 'POST', '/api/v1/pos/held-carts', cart({ total: '-1' }))).statusCode).toBe(400);
    expect((await call(cashier, 'POST', '/api/v1/pos/held-carts', cart({ total: '1.005' }))).statusCode).toBe(422);
    expect((await call(clerk, 'POST', '/api/v1/pos/held-carts', cart())).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('GET /api/v1/pos/coupons/:code', () => {
  beforeAll(async () => {
    const at = t.deps.clock.now().toISOString();
    const coupon = (name: string, extra: object) => ({
      business_id: coffee,
      id: newId(),
      name,
      discount_type: 'percent' as const,
      discount_value: 1000,
      starts_on: null,
      ends_on: null,
      usage_limit: null,
      used_count: 0,
      status: 1,
      created_at: at,
      updated_at: at,
      ...extra,
    });
    // The test clock reads 2026-11-21 08:00 UTC: 15:00 on the 21st in Phnom Penh.
    await t.deps.db
      .insertInto('coupons')
      .values([
        coupon('SAVE10', { starts_on: '2026-11-21', ends_on: '2026-11-21', usage_limit: 5, used_count: 4 }),
        coupon('TWODOLLARS', { discount_type: 'fixed', discount_value: 200 }),
        coupon('OLD', { ends_on: '2026-11-20' }),
        coupon('LATER', { starts_on: '2026-11-22' }),
        coupon('GONE', { usage_limit: 3, used_count: 3 }),
        coupon('OFF', { status: 0 }),
      ])
      .execute();
  });

  const check = (token: string, code: string) => call(token, 'GET', `/api/v1/pos/coupons/${encodeURIComponent(code)}`);

  it('answers a usable coupon, whatever the case typed', async () => {
    const res = await check(cashier, 'save10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject<Partial<PosCoupon>>({
      code: 'SAVE10',
      discount_type: 'percent',
      discount_value: '10',
      uses_left: 1,
      ends_on: '2026-11-21',
    });
    expect((await check(cashier, 'TWODOLLARS')).json()).toMatchObject({ discount_type: 'fixed', discount_value: '2.00', uses_left: null });
  });

  it('refuses an unknown, inactive, out-of-date or used-up coupon with a clear message', async () => {
    const refused = async (code: string) => {
      const res = await check(cashier, code);
      expect(res.statusCode, code).toBe(422);
      return (res.json() as { message: string }).message;
    };
    expect(await refused('NOPE')).toBe('This coupon code is not valid');
    expect(await refused('OFF')).toBe('This coupon code is not valid');
    // The sale's own rule and messages: a coupon that has not started is not "expired".
    expect(await refused('OLD')).toBe('This coupon has expired');
    expect(await refused('LATER')).toBe('This coupon cannot be used yet');
    expect(await refused('GONE')).toBe('This coupon has been used the maximum number of times');
    // Another shop's coupon is simply not there.
    expect((await check(karaoke, 'SAVE10')).statusCode).toBe(422);
    expect((await check(clerk, 'SAVE10')).statusCode).toBe(403);
  });
});
