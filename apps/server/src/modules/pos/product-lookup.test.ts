import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@posauto/shared/permissions';
import { type PosCustomer } from '@posauto/shared/schemas/pos';
import { posProductLookupSchema, type PosProductLookup } from '@posauto/shared/schemas/pos-lookup';
import { bearer, CASHIER, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { addShopUser } from '../../../test/factories';
import { newId } from '../../lib/ids';

/**
 * The sale documents' look-ups (GET /api/v1/pos/products and /api/v1/pos/customers): open to every selling
 * permission that creates a document, closed to product-list alone, and never showing another shop's rows.
 */

let t: TestContext;
let coffee: string;
let karaokeShop: string;
let branches: { id: string; name: string }[];
let karaokeBranch: string;
/** Holds sale-invoice and nothing else. */
let invoiceClerk: string;
/** Holds product-list and nothing else. */
let stockClerk: string;
let cashier: string;
let karaoke: string;
let owner: string;

const en = { 'accept-language': 'en' };
const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...en } });
const lookup = async (token: string, query: Record<string, string> = {}) => {
  const res = await get(token, `/api/v1/pos/products?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as PosProductLookup;
  expect(() => posProductLookupSchema.parse(body)).not.toThrow();
  return body;
};

async function userWith(permissions: Permission[], branchId: string | null): Promise<string> {
  const roleId = newId();
  const at = t.deps.clock.now().toISOString();
  await t.deps.db
    .insertInto('roles')
    .values({
      business_id: coffee,
      id: roleId,
      name: `Only ${permissions.join(' ')} ${roleId.slice(-6)}`,
      permissions: JSON.stringify(permissions),
      is_preset: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const user = await addShopUser(t.deps, { businessId: coffee, roleId, branchId });
  return loginAs(t.app, user.login);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const shopOf = async (email: string) =>
    (await db.selectFrom('users').select('business_id').where('email', '=', email).executeTakeFirstOrThrow()).business_id;
  coffee = await shopOf(OWNER.email);
  karaokeShop = await shopOf(KARAOKE.email);
  branches = await db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', coffee).orderBy('created_at').execute();
  karaokeBranch = (await db.selectFrom('branches').select('id').where('business_id', '=', karaokeShop).executeTakeFirstOrThrow()).id;
  [owner, cashier, karaoke, invoiceClerk, stockClerk] = await Promise.all([
    loginAs(t.app, OWNER),
    loginAs(t.app, CASHIER),
    loginAs(t.app, KARAOKE),
    userWith(['sale-invoice'], null),
    userWith(['product-list'], null),
  ]);
});
afterAll(() => t.close());

describe('GET /api/v1/pos/products', () => {
  it('answers 401 without a session and 403 to product-list alone; every selling permission that creates a document may look up', async () => {
    expect((await get(null, '/api/v1/pos/products')).statusCode).toBe(401);
    expect((await get(stockClerk, '/api/v1/pos/products?q=latte')).statusCode).toBe(403);
    for (const p of ['sale-invoice', 'sale-quotation', 'sale-management', 'sale-list', 'sale-pos'] as const) {
      const token = p === 'sale-invoice' ? invoiceClerk : await userWith([p], null);
      expect((await lookup(token, { q: 'latte' })).data.length, p).toBeGreaterThan(0);
    }
    // The till's cashier (sale-pos, a branch user) too.
    expect((await lookup(cashier, { q: 'latte' })).data.length).toBeGreaterThan(0);
  });

  it('finds every word in any order, and an exact SKU or barcode, with prices, variants and sale units but no cost', async () => {
    const found = await lookup(invoiceClerk, { q: 'latte ice' });
    expect(found.data.map((p) => p.name)).toContain('Iced latte');
    expect(found.data.every((p) => /latte/i.test(p.name) && /ice/i.test(p.name))).toBe(true);

    const db = t.deps.db;
    const iced = found.data.find((p) => p.name === 'Iced latte')!;
    expect(iced.type).toBe('variation');
    expect(iced.status).toBe(true);
    const variants = await db
      .selectFrom('product_variants')
      .select(['id', 'sku_code', 'barcode', 'sale_cost'])
      .where('business_id', '=', coffee)
      .where('product_id', '=', iced.id)
      .where('status', '=', 1)
      .execute();
    expect(iced.variants.map((v) => v.id).sort()).toEqual(variants.map((v) => v.id).sort());
    for (const v of iced.variants) expect(v.price).toMatch(/^\d+\.\d{2}$/);
    // What a sale line needs, nothing about cost or stock.
    const keys = JSON.stringify(found).toLowerCase();
    expect(keys).not.toMatch(/cost|on_hand|purchase/);

    // A variant's SKU finds its product.
    const bySku = await lookup(invoiceClerk, { q: variants[0]!.sku_code.toUpperCase() });
    expect(bySku.data.map((p) => p.id)).toContain(iced.id);

    const coke = (await lookup(invoiceClerk, { q: 'coca 330' })).data.find((p) => p.name === 'Coca-Cola can 330ml')!;
    const row = await db
      .selectFrom('products')
      .select(['sale_cost', 'barcode', 'sku_code'])
      .where('business_id', '=', coffee)
      .where('id', '=', coke.id)
      .executeTakeFirstOrThrow();
    expect(coke.price).toBe((row.sale_cost / 100).toFixed(2));
    expect(coke.sku).toBe(row.sku_code);
    expect(coke.units.map((u) => [u.name, u.factor])).toEqual(
      expect.arrayContaining([
        ['Can', '1'],
        ['Box of 24', '24'],
      ]),
    );
    expect(coke.units.map((u) => u.id)).toContain(coke.sale_unit_id);
    if (row.barcode) expect((await lookup(invoiceClerk, { q: row.barcode })).data.map((p) => p.id)).toEqual([coke.id]);
  });

  it('pages small, by name, and says whether more follow', async () => {
    const first = await lookup(invoiceClerk, { per_page: '5' });
    expect(first.data).toHaveLength(5);
    expect(first).toMatchObject({ page: 1, has_more: true });
    const names = first.data.map((p) => p.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const second = await lookup(invoiceClerk, { per_page: '5', page: '2' });
    expect(second.data.map((p) => p.id).some((id) => first.data.some((p) => p.id === id))).toBe(false);
    expect((await lookup(invoiceClerk)).data).toHaveLength(10);
    expect((await get(invoiceClerk, '/api/v1/pos/products?per_page=500')).statusCode).toBe(400);
    expect((await get(invoiceClerk, '/api/v1/pos/products?page=0')).statusCode).toBe(400);
  });

  it("never shows another shop's products, and answers 404 for another shop's branch", async () => {
    const karaokeIds = new Set(
      (await t.deps.db.selectFrom('products').select('id').where('business_id', '=', karaokeShop).execute()).map((r) => r.id),
    );
    expect(karaokeIds.size).toBeGreaterThan(0);
    for (const q of ['beer', 'coca', 'angkor', '884300010013', '']) {
      const found = await lookup(invoiceClerk, { q, per_page: '25' });
      expect(
        found.data.filter((p) => karaokeIds.has(p.id)),
        q,
      ).toEqual([]);
    }
    expect((await lookup(invoiceClerk, { q: 'angkor beer' })).data).toEqual([]);
    // And the other way round.
    expect((await lookup(karaoke, { q: 'latte' })).data).toEqual([]);
    expect((await lookup(karaoke, { q: 'angkor' })).data.map((p) => p.name)).toEqual(['Angkor beer can']);
    expect((await get(invoiceClerk, `/api/v1/pos/products?branch_id=${karaokeBranch}`)).statusCode).toBe(404);
  });

  it('leaves out inactive products, and products not sold at the branch asked for (a branch user: its own)', async () => {
    const db = t.deps.db;
    const [a, b] = await db
      .selectFrom('products')
      .select(['id', 'product_name'])
      .where('business_id', '=', coffee)
      .where('status', '=', 1)
      .orderBy('product_name')
      .limit(2)
      .execute();
    await db.updateTable('products').set({ status: 0 }).where('business_id', '=', coffee).where('id', '=', a!.id).execute();
    await db.updateTable('products').set({ all_branches: 0 }).where('business_id', '=', coffee).where('id', '=', b!.id).execute();
    await db.insertInto('product_branches').values({ business_id: coffee, product_id: b!.id, branch_id: branches[1]!.id }).execute();
    try {
      const ids = async (token: string, query: Record<string, string>) => (await lookup(token, query)).data.map((p) => p.id);
      expect(await ids(invoiceClerk, { q: a!.product_name })).not.toContain(a!.id);
      // No branch named: every active product of the shop.
      expect(await ids(invoiceClerk, { q: b!.product_name })).toContain(b!.id);
      expect(await ids(invoiceClerk, { q: b!.product_name, branch_id: branches[0]!.id })).not.toContain(b!.id);
      expect(await ids(owner, { q: b!.product_name, branch_id: branches[1]!.id })).toContain(b!.id);
      // The cashier works at the first branch, whatever it names.
      expect(await ids(cashier, { q: b!.product_name, branch_id: branches[1]!.id })).not.toContain(b!.id);
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
});

describe('GET /api/v1/pos/customers for the sale documents', () => {
  const find = async (token: string, q: string) => {
    const res = await get(token, `/api/v1/pos/customers?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: PosCustomer[] }).data;
  };

  it('lets a clerk with sale-invoice alone find customers, as the till does; product-list alone is refused', async () => {
    expect((await find(invoiceClerk, 'sok da')).map((c) => c.name)).toEqual(['Sok Dara']);
    expect((await find(cashier, 'sok da')).map((c) => c.name)).toEqual(['Sok Dara']);
    expect((await find(invoiceClerk, ''))[0]).toMatchObject({ is_walk_in: true });
    expect((await get(stockClerk, '/api/v1/pos/customers')).statusCode).toBe(403);
    // Adding a customer stays the till's (sale-pos).
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pos/customers',
      headers: { ...bearer(invoiceClerk), ...en },
      payload: { name: 'Not allowed' },
    });
    expect(add.statusCode).toBe(403);
  });

  it("never finds another shop's customers", async () => {
    const theirs = await t.deps.db.selectFrom('customers').select(['name']).where('business_id', '=', karaokeShop).execute();
    const ours = new Set((await find(invoiceClerk, '')).map((c) => c.name));
    for (const c of theirs.filter((x) => !ours.has(x.name)).slice(0, 3)) expect(await find(invoiceClerk, c.name)).toEqual([]);
  });
});
