import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidEan13 } from '@posauto/shared/barcode';
import type { Product, ProductDetail } from '@posauto/shared/schemas/products';
import { bearer } from '../../../test/harness';
import { BASE, MISSING_ID, multipart, useProductClient, type Method } from '../../../test/product-fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'posauto-products-'));

describe('product routes', () => {
  const c = useProductClient({ env: { DATA_DIR: dataDir } });
  const list = async (query = '', token = c.owner) => {
    const res = await c.call('GET', `${BASE}?per_page=all${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Product[]; meta: { total: number } };
  };

  describe('who may call', () => {
    it('answers 401 without a token on every product route', async () => {
      const routes: Array<[Method, string]> = [
        ['GET', BASE],
        ['GET', `${BASE}/export`],
        ['GET', `${BASE}/${MISSING_ID}`],
        ['POST', BASE],
        ['PUT', `${BASE}/${MISSING_ID}`],
        ['PATCH', `${BASE}/${MISSING_ID}/status`],
        ['DELETE', `${BASE}/${MISSING_ID}`],
        ['POST', `${BASE}/barcode`],
        ['GET', `${BASE}/lookup?code=x`],
        ['GET', `${BASE}/import/template`],
        ['POST', `${BASE}/import`],
      ];
      for (const [method, url] of routes) {
        const res = await c.call(method, url, null, method === 'POST' || method === 'PUT' ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to the cashier, who holds no product permission, and changes nothing', async () => {
      const p = await c.create({ product_name: 'Cashier cannot touch' });
      const before = await list();
      const attempts: Array<[Method, string, unknown?]> = [
        ['GET', BASE],
        ['GET', `${BASE}/${p.id}`],
        ['GET', `${BASE}/export?format=csv`],
        ['POST', BASE, { type: 'single', product_name: 'X', purchase_cost: '1', sale_cost: '1' }],
        ['PUT', `${BASE}/${p.id}`, { type: 'single', product_name: 'X', purchase_cost: '1', sale_cost: '1' }],
        ['PATCH', `${BASE}/${p.id}/status`, { status: false }],
        ['DELETE', `${BASE}/${p.id}`],
        ['POST', `${BASE}/barcode`],
        ['GET', `${BASE}/lookup?code=${p.sku_code}`],
        ['GET', `${BASE}/import/template`],
      ];
      for (const [method, url, body] of attempts) {
        const res = await c.call(method, url, c.cashier, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      expect(await list()).toEqual(before);
    });

    it('checks each permission: product-list reads, product-create creates, product-edit edits, product-delete deletes', async () => {
      const p = await c.create({ product_name: 'Permission probe' });
      const body = { type: 'single', product_name: 'Permission probe 2', purchase_cost: '1', sale_cost: '3' };
      const reader = await c.userWith(['product-list']);
      expect((await c.call('GET', BASE, reader)).statusCode).toBe(200);
      expect((await c.call('GET', `${BASE}/${p.id}`, reader)).statusCode).toBe(200);
      expect((await c.call('GET', `${BASE}/export?format=csv`, reader)).statusCode).toBe(200);
      for (const [method, url, payload] of [
        ['POST', BASE, body],
        ['PUT', `${BASE}/${p.id}`, body],
        ['PATCH', `${BASE}/${p.id}/status`, { status: false }],
        ['DELETE', `${BASE}/${p.id}`],
        ['POST', `${BASE}/barcode`],
      ] as const) {
        expect((await c.call(method, url, reader, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      const creator = await c.userWith(['product-create']);
      expect((await c.call('POST', BASE, creator, body)).statusCode).toBe(201);
      expect((await c.call('POST', `${BASE}/barcode`, creator)).statusCode).toBe(200);
      expect((await c.call('PUT', `${BASE}/${p.id}`, creator, body)).statusCode).toBe(403);
      expect((await c.call('GET', BASE, creator)).statusCode).toBe(403);
      const editor = await c.userWith(['product-edit']);
      expect((await c.call('PUT', `${BASE}/${p.id}`, editor, { ...body, product_name: 'Edited probe' })).statusCode).toBe(200);
      expect((await c.call('PATCH', `${BASE}/${p.id}/status`, editor, { status: false })).statusCode).toBe(200);
      expect((await c.call('DELETE', `${BASE}/${p.id}`, editor)).statusCode).toBe(403);
      const deleter = await c.userWith(['product-delete']);
      expect((await c.call('DELETE', `${BASE}/${p.id}`, deleter)).statusCode).toBe(200);
    });
  });

  describe("another shop's products", () => {
    it("answers 404 for another shop's id on every :id route and changes nothing", async () => {
      const theirs = await c.create({ product_name: 'Rival secret blend', sku_code: 'RIVAL-1', barcode: 'RIVAL-BC' }, c.other);
      const body = { type: 'single', product_name: 'Hijacked', purchase_cost: '1', sale_cost: '1' };
      for (const [method, url, payload] of [
        ['GET', `${BASE}/${theirs.id}`],
        ['PUT', `${BASE}/${theirs.id}`, body],
        ['PATCH', `${BASE}/${theirs.id}/status`, { status: false }],
        ['DELETE', `${BASE}/${theirs.id}`],
      ] as const) {
        const res = await c.call(method, url, c.owner, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await c.call('GET', `${BASE}/${theirs.id}`, c.other)).json()).toMatchObject({
        product_name: 'Rival secret blend',
        status: true,
      });
    });

    it("never finds another shop's products by name, SKU or barcode, in the list, the lookup or the global search", async () => {
      for (const q of ['secret blend', 'RIVAL-1', 'rival-bc', 'RIVAL-BC'])
        expect((await list(`&search=${encodeURIComponent(q)}`)).data, q).toEqual([]);
      expect((await c.call('GET', `${BASE}/lookup?code=RIVAL-1`, c.owner)).statusCode).toBe(404);
      expect((await c.call('GET', `${BASE}/lookup?code=RIVAL-BC`, c.owner)).statusCode).toBe(404);
      const found = (await c.call('GET', `/api/v1/global-search?q=secret`, c.owner)).json() as Array<{ title: string }>;
      expect(found.map((r) => r.title)).not.toContain('Rival secret blend');
      // The same SKU is free in this shop: codes are unique per shop, not across shops.
      expect((await c.create({ product_name: 'Our own', sku_code: 'RIVAL-1' })).sku_code).toBe('RIVAL-1');
    });
  });

  describe('the round trip', () => {
    it('creates a single product with a generated SKU and the shop currency, reads, lists, edits, switches and deletes it', async () => {
      const cup = await c.idOf('units', 'Cup');
      const coffee = await c.idOf('categories', 'Hot coffee');
      const res = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Americano',
        category_id: coffee,
        unit_id: cup,
        purchase_cost: '0.8',
        sale_cost: '2.5',
        discount_cost: '0.25',
        stock_alert: '5',
        description: 'Double shot, hot water',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('You have created successfully');
      const p = res.json().data as ProductDetail;
      expect(p).toMatchObject({
        type: 'single',
        product_name: 'Americano',
        category_name: 'Hot coffee',
        unit_name: 'Cup',
        purchase_unit_id: cup,
        sale_unit_id: cup,
        currency: 'USD',
        purchase_cost: '0.80',
        sale_cost: '2.50',
        discount_cost: '0.25',
        stock_alert: '5',
        is_stock_manage: true,
        all_branches: true,
        status: true,
        variant_count: 0,
        variants: [],
        combo_items: [],
        branch_ids: [],
        image: null,
        image_url: null,
      });
      expect(p.sku_code).toMatch(/^P\d{6}$/);
      const row = await c.t.deps.db
        .selectFrom('products')
        .select(['sale_cost', 'purchase_cost', 'stock_alert'])
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ sale_cost: 250, purchase_cost: 80, stock_alert: 5000 });
      expect(p.stock.map((s) => s.quantity)).toEqual(p.stock.map(() => '0'));
      expect(p.stock.length).toBe(2);

      expect((await c.call('GET', `${BASE}/${p.id}`, c.owner)).json()).toEqual(p);
      const found = await list('&search=meric');
      expect(found.data.map((x) => x.id)).toEqual([p.id]);
      expect(found.data[0]).toEqual(
        Object.fromEntries(Object.entries(p).filter(([k]) => !['branch_ids', 'variations', 'variants', 'combo_items'].includes(k))),
      );

      const edited = await c.call('PUT', `${BASE}/${p.id}`, c.owner, {
        type: 'single',
        product_name: 'Americano large',
        sku_code: p.sku_code,
        purchase_cost: '1',
        sale_cost: '3',
        branch_ids: [
          await c.idOf(
            'branches',
            (
              await c.t.deps.db
                .selectFrom('branches')
                .select('name')
                .where('business_id', '=', c.ownerBusiness)
                .orderBy('created_at')
                .executeTakeFirstOrThrow()
            ).name,
          ),
        ],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({
        product_name: 'Americano large',
        sale_cost: '3.00',
        category_id: null,
        all_branches: false,
      });
      expect((edited.json().data as ProductDetail).stock).toHaveLength(1);
      expect((edited.json().data as ProductDetail).branch_ids).toHaveLength(1);
      expect((await list('&search=meric')).data.map((x) => x.product_name)).toEqual(['Americano large']);

      const off = await c.call('PATCH', `${BASE}/${p.id}/status`, c.owner, { status: false });
      expect(off.json()).toMatchObject({ message: 'The status has been updated', data: { status: false } });
      expect((await list('&status=inactive&search=americano')).data.map((x) => x.id)).toEqual([p.id]);
      expect((await list('&status=active&search=americano')).data).toEqual([]);

      const total = (await c.call('GET', BASE, c.owner)).json().meta.total as number;
      const del = await c.call('DELETE', `${BASE}/${p.id}`, c.owner);
      expect(del.json()).toEqual({ message: 'You have successfully deleted' });
      expect((await c.call('GET', `${BASE}/${p.id}`, c.owner)).statusCode).toBe(404);
      expect((await c.call('GET', BASE, c.owner)).json().meta.total).toBe(total - 1);
      // Its SKU is free again.
      expect((await c.create({ product_name: 'Reuses the SKU', sku_code: p.sku_code })).sku_code).toBe(p.sku_code);
    });

    it('pages, sorts and filters by category, brand, type and status', async () => {
      const snacks = await c.idOf('categories', 'Snacks');
      const vital = await c.idOf('brands', 'Vital');
      for (const [name, price] of [
        ['Zz chips', '1.5'],
        ['Zz nuts', '0.5'],
        ['Zz crackers', '2'],
      ] as const)
        await c.create({ product_name: name, sale_cost: price, category_id: snacks });
      await c.create({ product_name: 'Zz water', brand_id: vital });
      const byPrice = await list(`&category_id=${snacks}&sort=sale_cost&order=desc`);
      expect(byPrice.data.map((p) => p.product_name)).toEqual(['Zz crackers', 'Zz chips', 'Zz nuts']);
      expect(byPrice.meta.total).toBe(3);
      expect((await list(`&brand_id=${vital}`)).data.map((p) => p.product_name)).toEqual(['Zz water']);
      const page = (await c.call('GET', `${BASE}?per_page=10&page=1&search=zz&sort=product_name`, c.owner)).json();
      expect(page.meta).toEqual({ page: 1, per_page: '10', total: 4, last_page: 1 });
      expect((await list('&type=combo')).data.every((p) => p.type === 'combo')).toBe(true);
      expect((await c.call('GET', `${BASE}?type=bundle`, c.owner)).statusCode).toBe(400);
    });
  });

  describe('bad input', () => {
    it('refuses a negative price with a translated message, and too many decimals for the currency', async () => {
      const neg = await c.call('POST', BASE, c.owner, { type: 'single', product_name: 'Negative', purchase_cost: '1', sale_cost: '-2' });
      expect(neg.statusCode).toBe(400);
      expect(neg.json().errors).toEqual({ sale_cost: 'The amount cannot be negative' });
      const km = await c.call(
        'POST',
        BASE,
        c.owner,
        { type: 'single', product_name: 'Negative', purchase_cost: '1', sale_cost: '-2' },
        'km',
      );
      expect(km.json().errors.sale_cost).not.toBe('The amount cannot be negative');
      const cents = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Too precise',
        purchase_cost: '1',
        sale_cost: '2.555',
      });
      expect(cents.statusCode).toBe(422);
      expect(cents.json()).toEqual({
        message: 'Too many decimals for this currency',
        errors: { sale_cost: 'Too many decimals for this currency' },
      });
      const discount = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Big discount',
        purchase_cost: '1',
        sale_cost: '2',
        discount_cost: '3',
      });
      expect(discount.json()).toEqual({
        message: 'The discount cannot be more than the sale price',
        errors: { discount_cost: 'The discount cannot be more than the sale price' },
      });
      expect((await list('&search=too precise')).data).toEqual([]);
    });

    it("prices a product in the shop's currency at its precision: whole riel in a KHR shop", async () => {
      await c.t.deps.db
        .updateTable('general_settings')
        .set({ currency: 'KHR' })
        .where('business_id', '=', c.otherShop.businessId)
        .execute();
      const riel = await c.create({ product_name: 'Num pang', purchase_cost: '2500', sale_cost: '4100.00' }, c.other);
      expect(riel).toMatchObject({ currency: 'KHR', purchase_cost: '2500', sale_cost: '4100' });
      const res = await c.call('POST', BASE, c.other, {
        type: 'single',
        product_name: 'Half riel',
        purchase_cost: '1',
        sale_cost: '4100.5',
      });
      expect(res.json().errors).toEqual({ sale_cost: 'Too many decimals for this currency' });
      // The product keeps its currency when the shop changes its own.
      await c.t.deps.db
        .updateTable('general_settings')
        .set({ currency: 'USD' })
        .where('business_id', '=', c.otherShop.businessId)
        .execute();
      const edited = await c.call('PUT', `${BASE}/${riel.id}`, c.other, {
        type: 'single',
        product_name: 'Num pang',
        purchase_cost: '2500',
        sale_cost: '4500',
      });
      expect(edited.json().data).toMatchObject({ currency: 'KHR', sale_cost: '4500' });
      expect(await c.create({ product_name: 'Dollar bun', sale_cost: '2.500' }, c.other)).toMatchObject({
        currency: 'USD',
        sale_cost: '2.50',
      });
    });

    it("refuses another shop's category, brand or unit as 'Incorrect Data' and inactive ones for new choices", async () => {
      const theirCategory = await c
        .idOf(
          'categories',
          (await c.t.deps.db.selectFrom('categories').select('name').where('business_id', '=', c.otherShop.businessId).executeTakeFirst())
            ?.name ?? 'none',
          c.otherShop.businessId,
        )
        .catch(async () => {
          const res = await c.call('POST', '/api/v1/categories', c.other, { name: 'Rival category' });
          return res.json().data.id as string;
        });
      const res = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Foreign',
        purchase_cost: '1',
        sale_cost: '1',
        category_id: theirCategory,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Incorrect Data', errors: { category_id: 'Incorrect Data' } });

      const brand = (await c.call('POST', '/api/v1/brands', c.owner, { name: 'Retired brand', status: false })).json().data.id as string;
      const inactive = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Old brand',
        purchase_cost: '1',
        sale_cost: '1',
        brand_id: brand,
      });
      expect(inactive.json().errors).toEqual({ brand_id: 'This choice is inactive. Choose an active one.' });
    });

    it('refuses purchase and sale units of another base, and accepts a packaging of the same base', async () => {
      const can = await c.idOf('units', 'Can');
      const box = await c.idOf('units', 'Box of 24');
      const bottle = await c.idOf('units', 'Bottle');
      const bad = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Cola can',
        unit_id: can,
        purchase_unit_id: bottle,
        sale_unit_id: can,
        purchase_cost: '0.3',
        sale_cost: '1',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ purchase_unit_id: "This unit does not share a base unit with the product's unit" });
      const good = await c.create({ product_name: 'Cola can', unit_id: can, purchase_unit_id: box, sale_unit_id: can });
      expect(good).toMatchObject({ unit_id: can, purchase_unit_id: box, sale_unit_id: can });
      // The box is based on the can, so the product is sold by the box too.
      expect((await c.create({ product_name: 'Cola case', unit_id: box, sale_unit_id: can })).sale_unit_id).toBe(can);
    });

    it('answers every problem of a request at once', async () => {
      const res = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Many problems',
        purchase_cost: '1.234',
        sale_cost: '1',
        barcode: '1234567890123',
        unit_id: MISSING_ID,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: {
          purchase_cost: 'Too many decimals for this currency',
          unit_id: 'Incorrect Data',
          barcode: 'An EAN-13 barcode has 13 digits with a correct check digit',
        },
      });
    });
  });

  describe('barcodes and look-up', () => {
    it('generates fresh in-store EAN-13 barcodes', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await c.call('POST', `${BASE}/barcode`, c.owner);
        expect(res.statusCode).toBe(200);
        const { barcode } = res.json() as { barcode: string };
        expect(isValidEan13(barcode)).toBe(true);
        expect(barcode.startsWith('2')).toBe(true);
        codes.add(barcode);
      }
      expect(codes.size).toBe(5);
      const [first] = [...codes];
      const p = await c.create({ product_name: 'Scanned bun', barcode: first });
      expect(p).toMatchObject({ barcode: first, barcode_type: 'ean13' });
    });

    it('looks a product up by its exact SKU (any case) or barcode, and a variant by its own codes', async () => {
      const p = await c.create({ product_name: 'Lookup muffin', sku_code: 'MUF-01', barcode: 'MUF BC 01' });
      for (const code of ['MUF-01', 'muf-01', 'MUF BC 01']) {
        const res = await c.call('GET', `${BASE}/lookup?code=${encodeURIComponent(code)}`, c.owner);
        expect(res.statusCode, code).toBe(200);
        expect(res.json()).toMatchObject({ product: { id: p.id, product_name: 'Lookup muffin', barcode_type: 'code128' }, variant: null });
      }
      expect((await c.call('GET', `${BASE}/lookup?code=MUF`, c.owner)).statusCode).toBe(404);
      expect((await c.call('GET', `${BASE}/lookup?code=`, c.owner)).statusCode).toBe(400);

      const size = await c.idOf('variations', 'Size');
      const [small, large] = [await c.idOf('variation_values', 'Small'), await c.idOf('variation_values', 'Large')];
      const tea = await c.create({
        type: 'variation',
        product_name: 'Lookup tea',
        sku_code: 'TEA',
        variations: [{ variation_id: size, value_ids: [small, large] }],
        variants: [
          { value_ids: [small], barcode: 'TEA-S' },
          { value_ids: [large], sku_code: 'TEA-BIG' },
        ],
      });
      const bySku = (await c.call('GET', `${BASE}/lookup?code=tea-big`, c.owner)).json();
      expect(bySku).toMatchObject({
        product: { id: tea.id, variant_count: 2 },
        variant: { name: 'Large', sku_code: 'TEA-BIG', value_ids: [large] },
      });
      const byBarcode = (await c.call('GET', `${BASE}/lookup?code=TEA-S`, c.owner)).json();
      expect(byBarcode.variant).toMatchObject({ name: 'Small', sku_code: 'TEA-1', barcode: 'TEA-S' });
    });
  });

  describe('images', () => {
    it("keeps an uploaded image of the shop, refuses another shop's, and deletes the old file when replaced", async () => {
      const upload = async (token: string) => {
        const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#884422' } })
          .png()
          .toBuffer();
        const body = multipart(png, 'p.png', 'image/png');
        const res = await c.t.app.inject({
          method: 'POST',
          url: '/api/v1/media/images',
          payload: body.payload,
          headers: { ...body.headers, ...bearer(token) },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { key: string; url: string };
      };
      const mine = await upload(c.owner);
      const theirs = await upload(c.other);
      const refused = await c.call('POST', BASE, c.owner, {
        type: 'single',
        product_name: 'Stolen picture',
        purchase_cost: '1',
        sale_cost: '1',
        image: theirs.key,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ image: 'Incorrect Data' });
      const p = await c.create({ product_name: 'Pictured cake', image: mine.key });
      expect(p).toMatchObject({ image: mine.key, image_url: mine.url });
      expect((await c.t.app.inject({ url: p.image_url! })).statusCode).toBe(200);
      const file = join(dataDir, 'media', mine.key);
      expect(existsSync(file)).toBe(true);
      const next = await upload(c.owner);
      const res = await c.call('PUT', `${BASE}/${p.id}`, c.owner, {
        type: 'single',
        product_name: 'Pictured cake',
        purchase_cost: '1',
        sale_cost: '2',
        image: next.key,
      });
      expect(res.json().data.image_url).toBe(next.url);
      expect(existsSync(file)).toBe(false);
    });
  });

  describe('export', () => {
    it('exports the filtered list as CSV with translated headers and as XLSX', async () => {
      const snacks = await c.idOf('categories', 'Snacks');
      await c.create({ product_name: 'Export, "quoted" snack', category_id: snacks, sale_cost: '1.25' });
      const csv = await c.call('GET', `${BASE}/export?format=csv&category_id=${snacks}&search=export`, c.owner);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''Products-/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Product name,SKU,Barcode,Type,Category,Brand,Unit,Currency,Purchase cost,Sale price,Discount,Variants,Status,Created',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('"Export, ""quoted"" snack"');
      expect(lines[1]).toContain(',Single,Snacks,,,USD,1.00,1.25,0.00,0,Active,');

      const xlsx = await c.call('GET', `${BASE}/export?format=xlsx&search=export`, c.owner, undefined, 'fr');
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(1).value).toBe('Nom du produit');
      expect(ws.getRow(2).getCell(1).value).toBe('Export, "quoted" snack');
      expect(ws.rowCount).toBe(2);
    });
  });

  describe('settings in use', () => {
    it('refuses to delete a category, brand or unit that products use, with 409 and a translated message', async () => {
      const category = (await c.call('POST', '/api/v1/categories', c.owner, { name: 'Used category' })).json().data.id as string;
      const brand = (await c.call('POST', '/api/v1/brands', c.owner, { name: 'Used brand' })).json().data.id as string;
      const unit = (await c.call('POST', '/api/v1/units', c.owner, { name: 'Used unit', short_name: 'uu' })).json().data.id as string;
      const p = await c.create({ product_name: 'Uses everything', category_id: category, brand_id: brand, unit_id: unit });
      for (const [url, message] of [
        [`/api/v1/categories/${category}`, 'Products use this category. Move them to another category first.'],
        [`/api/v1/brands/${brand}`, 'Products use this brand. Change their brand first.'],
        [`/api/v1/units/${unit}`, 'Products use this unit. Change their unit first.'],
      ] as const) {
        const res = await c.call('DELETE', url, c.owner);
        expect(res.statusCode, url).toBe(409);
        expect(res.json().message).toBe(message);
      }
      expect((await c.call('DELETE', `${BASE}/${p.id}`, c.owner)).statusCode).toBe(200);
      for (const url of [`/api/v1/categories/${category}`, `/api/v1/brands/${brand}`, `/api/v1/units/${unit}`])
        expect((await c.call('DELETE', url, c.owner)).statusCode, url).toBe(200);
    });
  });
});
