import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_MAX_PRODUCTS, type PublicMenu, type PublicMenuProduct } from '@posauto/shared/schemas/public-menu';
import type { Deps } from '../../deps';
import { newId } from '../../lib/ids';
import { createShop, type TestShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const MENU = '/api/v1/public/menu';
const NOT_FOUND = { message: 'This menu does not exist or is not open yet' };

interface ProductSeed {
  name: string;
  category?: string | null;
  type?: 'single' | 'variation' | 'combo';
  currency?: string;
  sale?: number;
  discount?: number;
  status?: number;
  image?: string | null;
  description?: string | null;
  variationCost?: boolean;
  variants?: Array<{ name: string; sale: number; status?: number }>;
  branches?: string[];
}

/** Writes products straight to the tables, as the products module stores them; answers their ids by name. */
async function seedProducts(deps: Deps, businessId: string, categoryIds: Record<string, string>, seeds: ProductSeed[]) {
  const at = deps.clock.now().toISOString();
  const ids: Record<string, string> = {};
  let n = 0;
  for (const s of seeds) {
    const id = newId();
    ids[s.name] = id;
    n++;
    await deps.db
      .insertInto('products')
      .values({
        business_id: businessId,
        id,
        type: s.type ?? 'single',
        product_name: s.name,
        sku_code: `SKU-${n}-${id.slice(-6)}`,
        barcode: null,
        barcode_type: null,
        image: s.image ?? null,
        description: s.description ?? null,
        category_id: s.category ? categoryIds[s.category]! : null,
        brand_id: null,
        unit_id: null,
        purchase_unit_id: null,
        sale_unit_id: null,
        currency: s.currency ?? 'USD',
        purchase_cost: 100,
        sale_cost: s.sale ?? 0,
        discount_cost: s.discount ?? 0,
        stock_alert: null,
        is_stock_manage: 1,
        has_expiry: 0,
        is_variation_cost: s.variationCost ? 1 : 0,
        all_branches: s.branches ? 0 : 1,
        status: s.status ?? 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const [i, v] of (s.variants ?? []).entries()) {
      await deps.db
        .insertInto('product_variants')
        .values({
          business_id: businessId,
          id: newId(),
          product_id: id,
          name: v.name,
          sku_code: `SKU-${n}-${i}-${id.slice(-6)}`,
          barcode: null,
          barcode_type: null,
          purchase_cost: 50,
          sale_cost: v.sale,
          sort_order: i,
          status: v.status ?? 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    for (const branchId of s.branches ?? []) {
      await deps.db.insertInto('product_branches').values({ business_id: businessId, product_id: id, branch_id: branchId }).execute();
    }
  }
  return ids;
}

async function seedCategories(deps: Deps, businessId: string, rows: Array<{ name: string; parent?: string; status?: number }>) {
  const at = deps.clock.now().toISOString();
  const ids: Record<string, string> = {};
  for (const r of rows) {
    ids[r.name] = newId();
    await deps.db
      .insertInto('categories')
      .values({
        business_id: businessId,
        id: ids[r.name]!,
        name: r.name,
        parent_id: r.parent ? ids[r.parent]! : null,
        icon: null,
        status: r.status ?? 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return ids;
}

const slugOf = async (deps: Deps, businessId: string) =>
  (await deps.db.selectFrom('businesses').select('slug').where('id', '=', businessId).executeTakeFirstOrThrow()).slug;

describe('public menu', () => {
  let t: TestContext;
  let shop: TestShop;
  let slug: string;
  let imageKey: string;
  let demoBusinessId: string;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.deps, { shopName: 'Menu Test Café' });
    slug = await slugOf(t.deps, shop.businessId);
    imageKey = `${shop.businessId}/${'ab'.repeat(16)}.webp`;
    const cats = await seedCategories(t.deps, shop.businessId, [
      { name: 'Drinks' },
      { name: 'Hot', parent: 'Drinks' },
      { name: 'Cold', parent: 'Drinks', status: 0 },
      { name: 'Food', status: 0 },
      { name: 'Pastry', parent: 'Food' },
      { name: 'Empty' },
      { name: 'Snacks' },
    ]);
    await seedProducts(t.deps, shop.businessId, cats, [
      { name: 'Latte', category: 'Hot', sale: 275, image: imageKey, description: 'Double shot, steamed milk' },
      { name: 'Espresso', category: 'Hot', sale: 250, discount: 50, image: 'logos/not-a-media-key.png' },
      { name: 'Old latte', category: 'Hot', sale: 200, status: 0 },
      { name: 'Iced tea', category: 'Cold', sale: 150 },
      { name: 'Croissant', category: 'Pastry', sale: 180 },
      {
        name: 'Smoothie',
        category: 'Drinks',
        type: 'variation',
        sale: 300,
        variationCost: true,
        variants: [
          { name: 'Small', sale: 300 },
          { name: 'Large', sale: 450 },
          { name: 'Jumbo', sale: 600, status: 0 },
        ],
      },
      {
        name: 'Shake',
        category: 'Drinks',
        type: 'variation',
        sale: 350,
        variants: [
          { name: 'Regular', sale: 999 },
          { name: 'Big', sale: 999 },
        ],
      },
      {
        name: 'Ghost blend',
        category: 'Drinks',
        type: 'variation',
        sale: 300,
        variationCost: true,
        variants: [{ name: 'Only', sale: 300, status: 0 }],
      },
      { name: 'Breakfast set', category: 'Snacks', type: 'combo', sale: 500, discount: 600 },
      { name: 'Num pang', category: 'Snacks', currency: 'KHR', sale: 5_000 },
      { name: 'Branch special', category: 'Snacks', sale: 120, branches: [shop.branchIds[1]!] },
      { name: 'Water', sale: 100 },
    ]);
    demoBusinessId = (await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow())
      .business_id;
    const demoCats = await seedCategories(t.deps, demoBusinessId, [{ name: 'Rival corner' }]);
    await seedProducts(t.deps, demoBusinessId, demoCats, [{ name: 'Rival secret latte', category: 'Rival corner', sale: 999 }]);
  });
  afterAll(() => t.close());

  const get = (s: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${MENU}/${encodeURIComponent(s)}`, headers: { 'accept-language': 'en', ...headers } });
  const menu = async () => {
    const res = await get(slug);
    expect(res.statusCode).toBe(200);
    return res.json() as PublicMenu;
  };
  const product = (m: PublicMenu, name: string): PublicMenuProduct | undefined =>
    [...m.categories.flatMap((c) => c.products), ...m.others].find((p) => p.name === name);

  it('answers without a sign-in, and ignores a token it does not need', async () => {
    expect((await get(slug)).statusCode).toBe(200);
    expect((await get(slug, bearer('garbage-token'))).statusCode).toBe(200);
  });

  it('shows the shop, its currencies and its rate', async () => {
    const m = await menu();
    expect(m).toMatchObject({
      shop_name: 'Menu Test Café',
      logo_url: null,
      currency: 'USD',
      local_currency: 'KHR',
      exchange_rate: '4100',
      truncated: false,
    });
  });

  it('lists active categories in tree order, each parent before its children, only those with products', async () => {
    const m = await menu();
    expect(m.categories.map((c) => [c.name, c.parent_name, c.products.map((p) => p.name)])).toEqual([
      ['Drinks', null, ['Shake', 'Smoothie']],
      ['Hot', 'Drinks', ['Espresso', 'Latte']],
      ['Snacks', null, ['Branch special', 'Breakfast set', 'Num pang']],
    ]);
    expect(m.others.map((p) => p.name)).toEqual(['Water']);
  });

  it('hides inactive products, products of inactive categories (or of their sub-categories) and variation products with nothing to sell', async () => {
    const m = await menu();
    for (const name of ['Old latte', 'Iced tea', 'Croissant', 'Ghost blend']) expect(product(m, name), name).toBeUndefined();
  });

  it('prices in dollars and in riel at the shop rate, rounded to 100 riel, exactly', async () => {
    const m = await menu();
    // 2.75 USD x 4,100 = 11,275 riel -> 11,300 (half up to the 100-riel note).
    expect(product(m, 'Latte')).toMatchObject({
      currency: 'USD',
      price: 275,
      price_riel: 11_300,
      max_price: 275,
      max_price_riel: 11_300,
      regular_price: null,
      discount: 0,
    });
    // 2.50 less 0.50 = 2.00 -> 8,200 riel exactly.
    expect(product(m, 'Espresso')).toMatchObject({ price: 200, price_riel: 8_200, regular_price: 250, discount: 50 });
    // A discount bigger than the price never makes it negative.
    expect(product(m, 'Breakfast set')).toMatchObject({ type: 'combo', price: 0, price_riel: 0, regular_price: 500 });
    // A product priced in riel keeps its exact riel price.
    expect(product(m, 'Num pang')).toMatchObject({ currency: 'KHR', price: 5_000, price_riel: 5_000 });
    expect(product(m, 'Water')).toMatchObject({ price: 100, price_riel: 4_100 });
  });

  it('gives a variation product its active variants and its price range', async () => {
    const m = await menu();
    const smoothie = product(m, 'Smoothie')!;
    // 4.50 x 4,100 = 18,450 riel -> 18,500.
    expect(smoothie).toMatchObject({ type: 'variation', price: 300, price_riel: 12_300, max_price: 450, max_price_riel: 18_500 });
    expect(smoothie.variants.map((v) => [v.name, v.price, v.price_riel, v.regular_price])).toEqual([
      ['Small', 300, 12_300, null],
      ['Large', 450, 18_500, null],
    ]);
    // Without variant prices every variant sells at the product's price.
    const shake = product(m, 'Shake')!;
    expect(shake.variants.map((v) => v.price)).toEqual([350, 350]);
    expect(shake).toMatchObject({ price: 350, max_price: 350, price_riel: 14_400 });
  });

  it('still shows a product sold in only some branches: the menu is the whole shop', async () => {
    expect(product(await menu(), 'Branch special')).toMatchObject({ price: 120, price_riel: 4_900 });
  });

  it('serves images of the media store and no other path', async () => {
    const m = await menu();
    expect(product(m, 'Latte')!.image_url).toBe(`/media/${imageKey}`);
    expect(product(m, 'Latte')!.description).toBe('Double shot, steamed milk');
    expect(product(m, 'Espresso')!.image_url).toBeNull();
  });

  it("keeps the payload lean: no costs, SKUs or other tables' ids", async () => {
    const res = await get(slug);
    const p = product(res.json() as PublicMenu, 'Latte')!;
    expect(Object.keys(p).sort()).toEqual([
      'currency',
      'description',
      'discount',
      'id',
      'image_url',
      'max_price',
      'max_price_riel',
      'name',
      'price',
      'price_riel',
      'regular_price',
      'type',
      'variants',
    ]);
    for (const leak of ['purchase_cost', 'sale_cost', 'sku', 'SKU-', 'category_id', 'business_id', 'is_platform']) {
      expect(res.body, leak).not.toContain(leak);
    }
  });

  it("never shows another shop's products", async () => {
    const m = await menu();
    expect(JSON.stringify(m)).not.toContain('Rival');
    const demo = await get(await slugOf(t.deps, demoBusinessId));
    expect(demo.statusCode).toBe(200);
    const demoMenu = demo.json() as PublicMenu;
    expect(product(demoMenu, 'Rival secret latte')).toMatchObject({ price: 999 });
    // The demo shop has a Latte of its own: compare by id, not by name.
    const all = (x: PublicMenu) => [...x.categories.flatMap((c) => c.products), ...x.others];
    const ours = new Set(all(m).map((p) => p.id));
    expect(ours.size).toBeGreaterThan(0);
    expect(all(demoMenu).filter((p) => ours.has(p.id))).toEqual([]);
  });

  it('follows a change of the exchange rate at once (no document keeps it)', async () => {
    const other = await createShop(t.deps, { shopName: 'Rate Shop' });
    await t.deps.db
      .updateTable('general_settings')
      .set({ exchange_rate: 40_005_000 })
      .where('business_id', '=', other.businessId)
      .execute();
    await seedProducts(t.deps, other.businessId, {}, [{ name: 'Tea', sale: 199 }]);
    const m = (await get(await slugOf(t.deps, other.businessId))).json() as PublicMenu;
    // 1.99 x 4,000.5 = 7,960.995 riel -> 8,000.
    expect(m.exchange_rate).toBe('4000.5');
    expect(m.others[0]).toMatchObject({ price: 199, price_riel: 8_000 });
  });

  describe('menus that do not exist', () => {
    it('answers 404 for an unknown address, in the visitor language', async () => {
      const res = await get('no-such-shop-123456');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(String(res.headers['cache-control'] ?? '')).not.toContain('max-age=60');
      const km = await get('no-such-shop-123456', { 'accept-language': 'km' });
      expect(km.json().message).not.toBe(NOT_FOUND.message);
      expect(km.json().message).toMatch(/[\u1780-\u17FF]/);
    });

    it('answers 404 for a shop waiting for activation or suspended, and for the platform', async () => {
      for (const status of ['pending', 'suspended'] as const) {
        const s = await createShop(t.deps, { shopName: `Closed ${status}`, status });
        await seedProducts(t.deps, s.businessId, {}, [{ name: 'Hidden', sale: 100 }]);
        const res = await get(await slugOf(t.deps, s.businessId));
        expect(res.statusCode, status).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      const platform = await t.deps.db.selectFrom('businesses').select('slug').where('is_platform', '=', 1).executeTakeFirstOrThrow();
      expect((await get(platform.slug)).statusCode).toBe(404);
    });

    it('refuses an address too long to be one, and finds nothing at the longest one', async () => {
      expect([400, 414]).toContain((await get('x'.repeat(101))).statusCode);
      expect((await get('x'.repeat(100))).statusCode).toBe(404);
    });
  });

  describe('caching', () => {
    it('may be cached a minute and carries a weak ETag', async () => {
      const res = await get(slug);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect((await get(slug)).headers.etag).toBe(res.headers.etag);
    });

    it('answers 304 with no body when the visitor already has this menu', async () => {
      const etag = (await get(slug)).headers.etag as string;
      for (const given of [etag, etag.replace(/^W\//, ''), `W/"other", ${etag}`, '*']) {
        const res = await get(slug, { 'if-none-match': given });
        expect(res.statusCode, given).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers.etag).toBe(etag);
      }
      expect((await get(slug, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
    });

    it('changes its ETag when the menu changes', async () => {
      const before = (await get(slug)).headers.etag as string;
      await t.deps.db
        .updateTable('products')
        .set({ sale_cost: 285 })
        .where('business_id', '=', shop.businessId)
        .where('product_name', '=', 'Latte')
        .execute();
      const res = await get(slug, { 'if-none-match': before });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(before);
      expect(product(res.json() as PublicMenu, 'Latte')).toMatchObject({ price: 285, price_riel: 11_700 });
    });
  });

  it(`stops at ${MENU_MAX_PRODUCTS} products and says so`, async () => {
    const big = await createShop(t.deps, { shopName: 'Huge Catalogue' });
    const at = t.deps.clock.now().toISOString();
    const rows = Array.from({ length: MENU_MAX_PRODUCTS + 1 }, (_, i) => ({
      business_id: big.businessId,
      id: newId(),
      type: 'single' as const,
      product_name: `Item ${String(i).padStart(4, '0')}`,
      sku_code: `BIG-${i}`,
      barcode: null,
      barcode_type: null,
      image: null,
      description: null,
      category_id: null,
      brand_id: null,
      unit_id: null,
      purchase_unit_id: null,
      sale_unit_id: null,
      currency: 'USD',
      purchase_cost: 0,
      sale_cost: 100,
      discount_cost: 0,
      stock_alert: null,
      is_stock_manage: 1,
      has_expiry: 0,
      is_variation_cost: 0,
      all_branches: 1,
      status: 1,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.deps.db
        .insertInto('products')
        .values(rows.slice(i, i + 200))
        .execute();
    const m = (await get(await slugOf(t.deps, big.businessId))).json() as PublicMenu;
    expect(m.truncated).toBe(true);
    expect(m.others).toHaveLength(MENU_MAX_PRODUCTS);
  });
});

describe('the owner QR card', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers the shop's menu address, name and logo", async () => {
    const res = await t.app.inject({ url: '/api/v1/qr-menu', headers: bearer(await loginAs(t.app, OWNER)) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      slug: expect.stringMatching(/^demo-coffee-[a-z0-9]{6}$/),
      path: `/menu/${body.slug}`,
      shop_name: 'Demo Coffee',
      logo_url: null,
    });
    expect((await t.app.inject({ url: `${MENU}/${body.slug}` })).statusCode).toBe(200);
  });

  it('answers 401 without a sign-in and 403 without product-list', async () => {
    expect((await t.app.inject({ url: '/api/v1/qr-menu' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/qr-menu', headers: bearer(await loginAs(t.app, CASHIER)) })).statusCode).toBe(403);
  });

  it('answers each shop its own address', async () => {
    const other = await createShop(t.deps, { shopName: 'Other Noodle Bar' });
    const res = await t.app.inject({ url: '/api/v1/qr-menu', headers: bearer(await loginAs(t.app, other.login)) });
    expect(res.json()).toMatchObject({ shop_name: 'Other Noodle Bar', slug: await slugOf(t.deps, other.businessId) });
  });
});
