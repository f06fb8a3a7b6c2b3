import { describe, expect, it } from 'vitest';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import type { Product } from '@posauto/shared/schemas/products';
import { BASE, useProductClient } from '../../../test/product-fixtures';

describe('product search', () => {
  const c = useProductClient();
  const names = async (q: string, extra = '') =>
    (
      (await c.call('GET', `${BASE}?per_page=all&sort=product_name&search=${encodeURIComponent(q)}${extra}`, c.owner)).json()
        .data as Product[]
    ).map((p) => p.product_name);

  it('finds a name by any fragment of 3 characters or more, in any case and script', async () => {
    for (const name of [
      'Iced caramel latte',
      'Hot latte',
      'Mocha ice blend',
      'កាហ្វេទឹកដោះគោ',
      '珍珠奶茶',
      'Café crème',
      '100% orange juice',
      'Snack_bar (big)',
    ])
      await c.create({ product_name: name });
    expect(await names('latte')).toEqual(['Hot latte', 'Iced caramel latte']);
    expect(await names('LATTE')).toEqual(['Hot latte', 'Iced caramel latte']);
    expect(await names('aramel lat')).toEqual(['Iced caramel latte']);
    expect(await names('ice')).toEqual(['100% orange juice', 'Iced caramel latte', 'Mocha ice blend']);
    expect(await names('ទឹកដោះ')).toEqual(['កាហ្វេទឹកដោះគោ']);
    expect(await names('珍珠奶')).toEqual(['珍珠奶茶']);
    expect(await names('CAFÉ')).toEqual(['Café crème']);
    expect(await names('0% o')).toEqual(['100% orange juice']);
    expect(await names('k_b')).toEqual(['Snack_bar (big)']);
    expect(await names('xyz')).toEqual([]);
  });

  it('matches the start of the name for 1 or 2 characters, % and _ taken literally', async () => {
    expect(await names('ic')).toEqual(['Iced caramel latte']);
    expect(await names('Ho')).toEqual(['Hot latte']);
    expect(await names('珍珠')).toEqual(['珍珠奶茶']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('10')).toEqual(['100% orange juice']);
  });

  it('takes search syntax as plain text', async () => {
    for (const q of ['"', 'latte"', 'NOT latte', 'lat*', 'a OR b', "l'a", '(big)', 'NEAR(a b)']) {
      const res = await c.call('GET', `${BASE}?search=${encodeURIComponent(q)}`, c.owner);
      expect(res.statusCode, q).toBe(200);
    }
    expect(await names('(big)')).toEqual(['Snack_bar (big)']);
  });

  it("finds a product by its exact SKU in any case or its exact barcode, including its variants' codes", async () => {
    const size = await c.idOf('variations', 'Size');
    const small = await c.idOf('variation_values', 'Small');
    const large = await c.idOf('variation_values', 'Large');
    await c.create({ product_name: 'Code search tea', sku_code: 'CST-9', barcode: '5901234123457' });
    await c.create({
      type: 'variation',
      product_name: 'Code search juice',
      sku_code: 'JUICE',
      variations: [{ variation_id: size, value_ids: [small, large] }],
      variants: [{ value_ids: [small], barcode: 'JUICE-S-BC' }, { value_ids: [large] }],
    });
    expect(await names('cst-9')).toEqual(['Code search tea']);
    expect(await names('5901234123457')).toEqual(['Code search tea']);
    expect(await names('JUICE-2')).toEqual(['Code search juice']);
    expect(await names('JUICE-S-BC')).toEqual(['Code search juice']);
    // A fragment of a code is not a code match (and matches no name here).
    expect(await names('CST-')).toEqual([]);
    expect(await names('59012341')).toEqual([]);
  });

  it('follows renames and deletes, combines with filters and counts what it finds', async () => {
    const p = await c.create({ product_name: 'Rename me please' });
    expect(await names('me ple')).toEqual(['Rename me please']);
    await c.call('PUT', `${BASE}/${p.id}`, c.owner, { type: 'single', product_name: 'Renamed scone', purchase_cost: '1', sale_cost: '2' });
    expect(await names('me ple')).toEqual([]);
    expect(await names('med sco')).toEqual(['Renamed scone']);
    await c.call('PATCH', `${BASE}/${p.id}/status`, c.owner, { status: false });
    expect(await names('scone', '&status=active')).toEqual([]);
    expect(await names('scone', '&status=inactive')).toEqual(['Renamed scone']);
    const page = (await c.call('GET', `${BASE}?per_page=10&search=latte`, c.owner)).json();
    expect(page.meta.total).toBe(2);
    await c.call('DELETE', `${BASE}/${p.id}`, c.owner);
    expect(await names('scone')).toEqual([]);
  });

  it("never finds another shop's products", async () => {
    await c.create({ product_name: 'Rival latte special', sku_code: 'RLS' }, c.other);
    expect(await names('special')).toEqual([]);
    expect(await names('RLS')).toEqual([]);
    expect(await names('latte')).toEqual(['Hot latte', 'Iced caramel latte']);
  });

  it('offers products in the global search by name, SKU or barcode, linking to their form', async () => {
    const found = (await c.call('GET', '/api/v1/global-search?q=caramel', c.owner)).json() as GlobalSearchResult[];
    const hit = found.find((r) => r.title === 'Iced caramel latte')!;
    expect(hit).toMatchObject({
      icon: 'package',
      subtitle: expect.stringMatching(/^Product · P\d{6}$/),
      to: expect.stringMatching(/^\/product-listing\/edit-product\/[0-9a-f-]{36}$/),
    });
    const bySku = (await c.call('GET', '/api/v1/global-search?q=cst-9', c.owner)).json() as GlobalSearchResult[];
    expect(bySku.map((r) => r.title)).toContain('Code search tea');
    expect((await c.call('GET', '/api/v1/global-search?q=caramel', c.cashier)).json()).toEqual([]);
  });
});
