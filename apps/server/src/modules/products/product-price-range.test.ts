import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

let t: TestContext;
let owner: string;

type Row = {
  id: string;
  product_name: string;
  sale_cost: string;
  is_stock_manage: boolean;
  price_range: { min: string; max: string } | null;
};
const list = async (search: string) =>
  (await t.app.inject({ url: `/api/v1/products?search=${encodeURIComponent(search)}`, headers: bearer(owner) })).json().data as Row[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
});
afterAll(() => t.close());

describe('the product list', () => {
  it('gives a product whose variants sell at their own prices its price range; others none', async () => {
    // Iced latte: sizes add 0.50 and 1.00 to 2.50 (nine variants with the sugar levels).
    const [latte] = await list('Iced latte');
    expect(latte).toMatchObject({ sale_cost: '2.50', price_range: { min: '2.50', max: '3.50' } });
    // Khmer coffee: sugar levels only, every variant at the product's price.
    const [khmer] = await list('Khmer coffee');
    expect(khmer!.price_range).toBeNull();
    const [mocha] = await list('Mocha');
    expect(mocha!.price_range).toBeNull();
    // Only active variants count: without the large cups the range ends at 3.00.
    const db = t.deps.db;
    await db
      .updateTable('product_variants')
      .set({ status: 0 })
      .where('product_id', '=', latte!.id)
      .where('name', 'like', 'Large%')
      .execute();
    expect((await list('Iced latte'))[0]!.price_range).toEqual({ min: '2.50', max: '3.00' });
  });

  it('says which products keep stock, on the list and on the stock list', async () => {
    expect((await list('Mocha'))[0]!.is_stock_manage).toBe(false);
    const stock = (await t.app.inject({ url: '/api/v1/stock?per_page=100', headers: bearer(owner) })).json().data as Array<{
      product_id: string;
      is_stock_manage: boolean;
    }>;
    expect(stock.length).toBeGreaterThan(0);
    expect(stock.every((s) => s.is_stock_manage)).toBe(true);
    // A product that stops keeping stock keeps its level as history, marked so (the screens show "—").
    const first = stock[0]!.product_id;
    await t.deps.db.updateTable('products').set({ is_stock_manage: 0 }).where('id', '=', first).execute();
    const again = (await t.app.inject({ url: `/api/v1/stock?product_id=${first}`, headers: bearer(owner) })).json().data;
    expect(again.map((s: { is_stock_manage: boolean }) => s.is_stock_manage)).toEqual(again.map(() => false));
  });
});
