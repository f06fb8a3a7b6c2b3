import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductInput } from '@posauto/shared/schemas/products';
import { contextFor } from '../../../test/factories';
import { OWNER } from '../../../test/harness';
import { BASE, useProductClient } from '../../../test/product-fixtures';
import { createProduct } from './products.service';

describe('product rules', () => {
  const c = useProductClient();
  const refused = (res: LightMyRequestResponse, errors: Record<string, string>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
  };
  const count = async (table: 'products' | 'product_variants' | 'product_codes' | 'combo_items') =>
    Number(
      (
        await c.t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', c.ownerBusiness)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const snapshot = async () => ({
    products: await count('products'),
    variants: await count('product_variants'),
    codes: await count('product_codes'),
    combos: await count('combo_items'),
  });
  const ids = async () => ({
    size: await c.idOf('variations', 'Size'),
    sugar: await c.idOf('variations', 'Sugar'),
    small: await c.idOf('variation_values', 'Small'),
    medium: await c.idOf('variation_values', 'Medium'),
    large: await c.idOf('variation_values', 'Large'),
    s0: await c.idOf('variation_values', '0%'),
    s50: await c.idOf('variation_values', '50%'),
    s100: await c.idOf('variation_values', '100%'),
  });
  const post = (input: Partial<ProductInput>) =>
    c.call('POST', BASE, c.owner, { type: 'single', purchase_cost: '1', sale_cost: '2', ...input });
  const put = (id: string, input: Partial<ProductInput>) =>
    c.call('PUT', `${BASE}/${id}`, c.owner, { type: 'single', purchase_cost: '1', sale_cost: '2', ...input });

  describe('variants', () => {
    it("generates every combination, named in the variations' order, with SKUs from the product's and its cost and price", async () => {
      const v = await ids();
      // Sugar is given first; Size was created first in the shop, so names read "Large / 50%".
      const p = await c.create({
        type: 'variation',
        product_name: 'Iced latte',
        sku_code: 'LATTE',
        purchase_cost: '1.10',
        sale_cost: '3.00',
        variations: [
          { variation_id: v.sugar, value_ids: [v.s0, v.s50, v.s100] },
          { variation_id: v.size, value_ids: [v.small, v.medium, v.large] },
        ],
      });
      expect(p.variant_count).toBe(9);
      expect(p.variants.map((x) => x.name)).toEqual([
        'Small / 0%',
        'Small / 50%',
        'Small / 100%',
        'Medium / 0%',
        'Medium / 50%',
        'Medium / 100%',
        'Large / 0%',
        'Large / 50%',
        'Large / 100%',
      ]);
      expect(p.variants.map((x) => x.sku_code)).toEqual(Array.from({ length: 9 }, (_, i) => `LATTE-${i + 1}`));
      expect(p.variants.every((x) => x.sale_cost === '3.00' && x.purchase_cost === '1.10' && x.status)).toBe(true);
      expect(p.variants.find((x) => x.name === 'Large / 50%')!.value_ids).toEqual([v.large, v.s50]);
      expect(p.variations).toEqual([
        { variation_id: v.size, variation_name: 'Size', value_ids: [v.small, v.medium, v.large] },
        { variation_id: v.sugar, variation_name: 'Sugar', value_ids: [v.s0, v.s50, v.s100] },
      ]);
    });

    it("gives each variant its own cost and price when is_variation_cost is on, and the product's when it is off", async () => {
      const v = await ids();
      const input = {
        type: 'variation' as const,
        product_name: 'Smoothie',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
        variants: [
          { value_ids: [v.small], sale_cost: '2.00', purchase_cost: '0.90' },
          { value_ids: [v.large], sale_cost: '3.50' },
        ],
        purchase_cost: '1.00',
        sale_cost: '2.50',
      };
      const own = await c.create({ ...input, is_variation_cost: true });
      expect(own.variants.map((x) => [x.name, x.purchase_cost, x.sale_cost])).toEqual([
        ['Small', '0.90', '2.00'],
        ['Large', '1.00', '3.50'],
      ]);
      const same = await c.create({ ...input, product_name: 'Smoothie 2', is_variation_cost: false });
      expect(same.variants.map((x) => [x.name, x.purchase_cost, x.sale_cost])).toEqual([
        ['Small', '1.00', '2.50'],
        ['Large', '1.00', '2.50'],
      ]);
    });

    it('keeps variant ids when editing (matched by id or by values) and deletes the variants no longer wanted', async () => {
      const v = await ids();
      const p = await c.create({
        type: 'variation',
        product_name: 'Mocha',
        sku_code: 'MOCHA',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.medium, v.large] }],
      });
      const [small, medium, large] = p.variants;
      // By values: drop Medium.
      const res = await put(p.id, {
        type: 'variation',
        product_name: 'Mocha',
        sku_code: 'MOCHA',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json().data as ProductDetail;
      expect(after.variants.map((x) => [x.id, x.name, x.sku_code])).toEqual([
        [small!.id, 'Small', 'MOCHA-1'],
        [large!.id, 'Large', 'MOCHA-3'],
      ]);
      expect(await c.t.deps.db.selectFrom('product_variants').select('id').where('id', '=', medium!.id).executeTakeFirst()).toBeUndefined();
      expect(
        await c.t.deps.db.selectFrom('product_codes').select('code').where('variant_id', '=', medium!.id).executeTakeFirst(),
      ).toBeUndefined();
      // By id: the Small variant becomes Medium and keeps its id; Sugar is added to both.
      const res2 = await put(p.id, {
        type: 'variation',
        product_name: 'Mocha',
        sku_code: 'MOCHA',
        variations: [
          { variation_id: v.size, value_ids: [v.medium, v.large] },
          { variation_id: v.sugar, value_ids: [v.s50] },
        ],
        variants: [
          { id: small!.id, value_ids: [v.medium, v.s50], sku_code: 'MOCHA-M' },
          { id: large!.id, value_ids: [v.large, v.s50] },
        ],
      });
      expect(res2.statusCode, res2.body).toBe(200);
      expect((res2.json().data as ProductDetail).variants.map((x) => [x.id, x.name, x.sku_code])).toEqual([
        [small!.id, 'Medium / 50%', 'MOCHA-M'],
        [large!.id, 'Large / 50%', 'MOCHA-3'],
      ]);
      // The freed SKU MOCHA-1 is usable again.
      expect((await c.create({ product_name: 'Takes MOCHA-1', sku_code: 'MOCHA-1' })).sku_code).toBe('MOCHA-1');
    });

    it('refuses a duplicate combination, a value of another variation, a missing value and no variation, changing nothing', async () => {
      const v = await ids();
      const before = await snapshot();
      const base = {
        type: 'variation' as const,
        product_name: 'Bad variants',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
      };
      refused(await post({ ...base, variants: [{ value_ids: [v.small] }, { value_ids: [v.small] }] }), {
        'variants.1.value_ids': 'Two variants have the same values',
      });
      refused(await post({ ...base, variants: [{ value_ids: [v.small] }, { value_ids: [v.s50] }] }), {
        'variants.1.value_ids': 'Choose one value of each variation',
      });
      refused(await post({ ...base, variations: [{ variation_id: v.size, value_ids: [v.small, v.s50] }] }), {
        'variations.0.value_ids': 'Incorrect Data',
      });
      refused(
        await post({
          ...base,
          variations: [...base.variations, { variation_id: v.sugar, value_ids: [v.s0] }],
          variants: [{ value_ids: [v.small] }],
        }),
        { 'variants.0.value_ids': 'Choose one value of each variation' },
      );
      refused(await post({ ...base, variations: [] }), { variations: 'Choose at least one variation' });
      refused(await post({ ...base, variations: [base.variations[0]!, base.variations[0]!] }), {
        'variations.1.variation_id': 'Incorrect Data',
      });
      refused(await post({ type: 'single', product_name: 'Single with variants', variations: base.variations }), {
        variations: 'This product type does not use this',
      });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses another shop's variation and a value the shop switched off", async () => {
      const theirs = (await c.call('POST', '/api/v1/variations', c.other, { name: 'Rival size' })).json().data.id as string;
      const v = await ids();
      refused(
        await post({ type: 'variation', product_name: 'Foreign variation', variations: [{ variation_id: theirs, value_ids: [v.small] }] }),
        {
          'variations.0.variation_id': 'Incorrect Data',
          'variations.0.value_ids': 'Incorrect Data',
        },
      );
      const extra = (
        await c.call('POST', '/api/v1/variation-values', c.owner, { variation_id: v.size, name: 'Jumbo', status: false })
      ).json().data.id as string;
      refused(
        await post({ type: 'variation', product_name: 'Jumbo tea', variations: [{ variation_id: v.size, value_ids: [v.small, extra] }] }),
        {
          'variations.0.value_ids': 'This choice is inactive. Choose an active one.',
        },
      );
    });

    it("refuses changing a product's type", async () => {
      const p = await c.create({ product_name: 'Stays single' });
      refused(await put(p.id, { type: 'combo', product_name: 'Stays single', combo_items: [] }), {
        type: 'The type of a product cannot be changed after it is created',
        combo_items: 'Add at least one product to the combo',
      });
    });
    it('keeps a variation value that variants stand for: deleting it, or its variation, answers 409 and changes nothing', async () => {
      const v = await ids();
      await c.create({
        type: 'variation',
        product_name: 'Value keeper',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
      });
      const del = await c.call('DELETE', `/api/v1/variation-values/${v.large}`, c.owner);
      expect(del.statusCode, del.body).toBe(409);
      expect((await c.call('GET', `/api/v1/variation-values/${v.large}`, c.owner)).statusCode).toBe(200);
      expect((await c.call('DELETE', `/api/v1/variations/${v.size}`, c.owner)).statusCode).toBe(409);
    });
  });

  describe('SKUs and barcodes', () => {
    it('refuses a SKU or barcode another product or variant holds, in any case, and one repeated within the product', async () => {
      const v = await ids();
      const a = await c.create({
        type: 'variation',
        product_name: 'Code holder',
        sku_code: 'HOLD',
        barcode: '4006381333931',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
        variants: [
          { value_ids: [v.small], barcode: 'HOLD-SMALL' },
          { value_ids: [v.large], sku_code: 'HOLD-L' },
        ],
      });
      expect(a.barcode_type).toBe('ean13');
      const before = await snapshot();
      refused(await post({ product_name: 'Same SKU', sku_code: 'hold' }), { sku_code: 'This SKU is already used by another product' });
      refused(await post({ product_name: 'Variant SKU', sku_code: 'hold-l' }), { sku_code: 'This SKU is already used by another product' });
      refused(await post({ product_name: 'Variant barcode', barcode: 'HOLD-SMALL' }), {
        barcode: 'This barcode is already used by another product',
      });
      refused(await post({ product_name: 'Product barcode', barcode: '4006381333931' }), {
        barcode: 'This barcode is already used by another product',
      });
      refused(
        await post({
          type: 'variation',
          product_name: 'Variant takes product barcode',
          variations: [{ variation_id: v.size, value_ids: [v.small] }],
          variants: [{ value_ids: [v.small], barcode: '4006381333931' }],
        }),
        {
          'variants.0.barcode': 'This barcode is already used by another product',
        },
      );
      refused(
        await post({
          type: 'variation',
          product_name: 'Twice inside',
          sku_code: 'TWICE',
          variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
          variants: [
            { value_ids: [v.small], sku_code: 'T-1' },
            { value_ids: [v.large], sku_code: 't-1' },
          ],
        }),
        {
          'variants.1.sku_code': 'This SKU is already used by another product',
        },
      );
      expect(await snapshot()).toEqual(before);
      // The holder itself may save its own codes again.
      const same = await put(a.id, {
        type: 'variation',
        product_name: 'Code holder',
        sku_code: 'HOLD',
        barcode: '4006381333931',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
        variants: [
          { value_ids: [v.small], barcode: 'HOLD-SMALL' },
          { value_ids: [v.large], sku_code: 'HOLD-L' },
        ],
      });
      expect(same.statusCode, same.body).toBe(200);
    });

    it('validates barcodes by kind, guessing the kind when it is not given', async () => {
      refused(await post({ product_name: 'Bad EAN', barcode: '4006381333932' }), {
        barcode: 'An EAN-13 barcode has 13 digits with a correct check digit',
      });
      refused(await post({ product_name: 'Bad EAN kind', barcode: 'ABC', barcode_type: 'ean13' }), {
        barcode: 'An EAN-13 barcode has 13 digits with a correct check digit',
      });
      refused(await post({ product_name: 'Bad Code 128', barcode: 'Café', barcode_type: 'code128' }), {
        barcode: 'A Code 128 barcode has 1 to 48 letters, digits or symbols (no accents)',
      });
      expect((await c.create({ product_name: 'Good Code 128', barcode: 'ABC-123' })).barcode_type).toBe('code128');
      const badSku = await post({ product_name: 'Bad SKU', sku_code: 'has space' });
      expect(badSku.statusCode).toBe(400);
      expect(badSku.json().errors).toEqual({ sku_code: 'A SKU has only letters, digits, dots, dashes and underscores' });
    });

    it('generates SKUs from a per-shop counter, skipping one taken by hand', async () => {
      const first = await c.create({ product_name: 'Counter 1' });
      const n = Number(first.sku_code.slice(1));
      await c.create({ product_name: 'Takes the next', sku_code: `P${String(n + 1).padStart(6, '0')}` });
      expect((await c.create({ product_name: 'Counter 2' })).sku_code).toBe(`P${String(n + 2).padStart(6, '0')}`);
    });
  });

  describe('combos', () => {
    it('builds a combo of a single product and a variant, with quantities', async () => {
      const v = await ids();
      const bun = await c.create({ product_name: 'Combo bun', sale_cost: '1.50' });
      const tea = await c.create({
        type: 'variation',
        product_name: 'Combo tea',
        variations: [{ variation_id: v.size, value_ids: [v.small, v.large] }],
      });
      const combo = await c.create({
        type: 'combo',
        product_name: 'Breakfast set',
        sale_cost: '3.50',
        combo_items: [
          { product_id: bun.id, quantity: '2' },
          { product_id: tea.id, variant_id: tea.variants[1]!.id, quantity: '1' },
        ],
      });
      expect(combo.combo_items).toEqual([
        {
          product_id: bun.id,
          variant_id: null,
          product_name: 'Combo bun',
          variant_name: null,
          sku_code: bun.sku_code,
          quantity: '2',
          sale_cost: '1.50',
        },
        {
          product_id: tea.id,
          variant_id: tea.variants[1]!.id,
          product_name: 'Combo tea',
          variant_name: 'Large',
          sku_code: tea.variants[1]!.sku_code,
          quantity: '1',
          sale_cost: '2.00',
        },
      ]);

      // A product in a combo cannot be deleted, nor can a variant the combo uses be removed.
      const del = await c.call('DELETE', `${BASE}/${bun.id}`, c.owner);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('This product is part of a combo. Remove it from the combo first.');
      refused(
        await put(tea.id, { type: 'variation', product_name: 'Combo tea', variations: [{ variation_id: v.size, value_ids: [v.small] }] }),
        {
          variants: 'A combo contains a variant you removed. Remove it from the combo first.',
        },
      );
      expect((await c.call('GET', `${BASE}/${tea.id}`, c.owner)).json().variant_count).toBe(2);
      // Once the combo is gone, both can go.
      expect((await c.call('DELETE', `${BASE}/${combo.id}`, c.owner)).statusCode).toBe(200);
      expect((await c.call('DELETE', `${BASE}/${bun.id}`, c.owner)).statusCode).toBe(200);
    });

    it("refuses a combo in itself, a combo in a combo, another shop's product, a variation product without its variant, a repeat and a zero quantity", async () => {
      const v = await ids();
      const bun = await c.create({ product_name: 'Rule bun' });
      const tea = await c.create({
        type: 'variation',
        product_name: 'Rule tea',
        variations: [{ variation_id: v.size, value_ids: [v.small] }],
      });
      const combo = await c.create({ type: 'combo', product_name: 'Rule combo', combo_items: [{ product_id: bun.id, quantity: '1' }] });
      const theirs = await c.create({ product_name: 'Rival bun' }, c.other);
      const before = await snapshot();
      refused(await put(combo.id, { type: 'combo', product_name: 'Rule combo', combo_items: [{ product_id: combo.id, quantity: '1' }] }), {
        'combo_items.0.product_id': 'A combo cannot contain itself',
      });
      refused(await post({ type: 'combo', product_name: 'Nested', combo_items: [{ product_id: combo.id, quantity: '1' }] }), {
        'combo_items.0.product_id': 'A combo cannot contain another combo',
      });
      refused(await post({ type: 'combo', product_name: 'Foreign', combo_items: [{ product_id: theirs.id, quantity: '1' }] }), {
        'combo_items.0.product_id': 'Incorrect Data',
      });
      refused(await post({ type: 'combo', product_name: 'No variant', combo_items: [{ product_id: tea.id, quantity: '1' }] }), {
        'combo_items.0.variant_id': 'Choose which variant of this product',
      });
      refused(
        await post({
          type: 'combo',
          product_name: 'Wrong variant',
          combo_items: [{ product_id: bun.id, variant_id: tea.variants[0]!.id, quantity: '1' }],
        }),
        { 'combo_items.0.variant_id': 'Incorrect Data' },
      );
      refused(
        await post({
          type: 'combo',
          product_name: 'Twice',
          combo_items: [
            { product_id: bun.id, quantity: '1' },
            { product_id: bun.id, quantity: '2' },
          ],
        }),
        { 'combo_items.1.product_id': 'This product is already in the combo' },
      );
      refused(await post({ type: 'combo', product_name: 'Empty', combo_items: [] }), {
        combo_items: 'Add at least one product to the combo',
      });
      const zero = await post({ type: 'combo', product_name: 'Zero', combo_items: [{ product_id: bun.id, quantity: '0' }] });
      expect(zero.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("createProduct inside a caller's transaction (the seed)", () => {
    it('creates with the same rules and rolls back with the caller', async () => {
      const ctx = await contextFor(c.t.deps, OWNER.email);
      const id = await c.t.deps.db
        .transaction()
        .execute((trx) =>
          createProduct(trx, c.t.deps, ctx, { type: 'single', product_name: 'Seeded scone', purchase_cost: '0.5', sale_cost: '1.5' }),
        );
      expect((await c.call('GET', `${BASE}/${id}`, c.owner)).json()).toMatchObject({ product_name: 'Seeded scone', sale_cost: '1.50' });
      const before = await snapshot();
      await expect(
        c.t.deps.db.transaction().execute(async (trx) => {
          await createProduct(trx, c.t.deps, ctx, { type: 'single', product_name: 'Rolled back', purchase_cost: '1', sale_cost: '2' });
          throw new Error('caller fails');
        }),
      ).rejects.toThrow('caller fails');
      expect(await snapshot()).toEqual(before);
    });
  });
});
