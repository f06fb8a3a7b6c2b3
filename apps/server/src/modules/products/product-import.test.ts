import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Product } from '@posauto/shared/schemas/products';
import { bearer } from '../../../test/harness';
import { BASE, multipart, useProductClient } from '../../../test/product-fixtures';

const HEADER =
  'product_name,sku_code,barcode,category,brand,unit,purchase_cost,sale_cost,discount_cost,stock_alert,is_stock_manage,description,status';

describe('product import', () => {
  const c = useProductClient();
  const send = (bytes: Buffer, filename = 'products.csv', lang = 'en', token = c.owner) => {
    const body = multipart(
      bytes,
      filename,
      filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
    );
    return c.t.app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token), 'accept-language': lang },
    });
  };
  const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');
  const productCount = async () =>
    Number(
      (
        await c.t.deps.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', c.ownerBusiness)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const find = async (name: string) =>
    ((await c.call('GET', `${BASE}?per_page=all&search=${encodeURIComponent(name)}`, c.owner)).json().data as Product[]).find(
      (p) => p.product_name === name,
    );

  it('offers the template in XLSX and CSV with the machine column names', async () => {
    const res = await c.call('GET', `${BASE}/import/template?format=csv`, c.owner, undefined, 'km');
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/^\uFEFF/, '').trim()).toBe(HEADER);
    const x = await c.call('GET', `${BASE}/import/template`, c.owner, undefined, 'ar');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).join(',')).toBe(HEADER);
  });

  it('imports nothing when one row among good ones is wrong, and reports each row and column', async () => {
    const before = await productCount();
    const res = await send(
      csv(
        'Import croissant,IMP-1,,Bakery,,Piece,0.40,1.20,,3,1,Butter,1',
        'Import bagel,IMP-2,,Bakery,,Piece,0.30,-1,,,,,',
        'Import donut,IMP-3,,No such category,,Piece,0.20,abc,,,maybe,,',
        'Import muffin,IMP-1,,,,,,1,,,,,',
      ),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: 'Nothing was imported: correct the rows below and import the file again',
      rows: [
        { row: 3, column: 'sale_cost', message: 'The amount cannot be negative' },
        { row: 4, column: 'category', message: 'No category has this name' },
        { row: 4, column: 'sale_cost', message: 'Enter an amount such as 2.50' },
        { row: 4, column: 'is_stock_manage', message: 'Write 1 or 0 (yes or no)' },
        { row: 5, column: 'sku_code', message: 'Row 2 of the file already has this value' },
      ],
    });
    expect(await productCount()).toBe(before);
    expect(await find('Import croissant')).toBeUndefined();

    const fr = await send(csv('Import bagel,IMP-2,,Bakery,,Piece,0.30,-1,,,,,'), 'products.csv', 'fr');
    expect(fr.json().rows[0].message).toBe('Le montant ne peut pas être négatif');
  });

  it('imports every row of a good file in one go, names matched without regard to case', async () => {
    const before = await productCount();
    const res = await send(
      csv(
        'Import croissant,IMP-1,,bakery,,piece,0.40,1.20,0.20,3,1,Butter,1',
        'Import bagel,,4006381333931,BAKERY,,,0.30,1,,,no,,inactive',
        '"Import ""special"", with comma",,,,,,,"2.5",,,,"Two lines\r\nof text",',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '3 products imported', imported: 3 });
    expect(await productCount()).toBe(before + 3);
    expect(await find('Import croissant')).toMatchObject({
      sku_code: 'IMP-1',
      category_name: 'Bakery',
      unit_name: 'Piece',
      purchase_cost: '0.40',
      sale_cost: '1.20',
      discount_cost: '0.20',
      stock_alert: '3',
      is_stock_manage: true,
      status: true,
      type: 'single',
    });
    expect(await find('Import bagel')).toMatchObject({
      barcode: '4006381333931',
      barcode_type: 'ean13',
      is_stock_manage: false,
      status: false,
    });
    const special = await find('Import "special", with comma');
    expect(special).toMatchObject({ sale_cost: '2.50', description: 'Two lines\r\nof text', purchase_cost: '0.00' });
    expect(special!.sku_code).toMatch(/^P\d{6}$/);
    // The list total (a counter) follows the import.
    expect((await c.call('GET', BASE, c.owner)).json().meta.total).toBe(await productCount());

    // Imported again: every SKU and barcode is now taken.
    const again = await send(csv('Import croissant,IMP-1,,,,,,1,,,,,', 'Import bagel 2,,4006381333931,,,,,1,,,,,'));
    expect(again.json().rows).toEqual([
      { row: 2, column: 'sku_code', message: 'This SKU is already used by another product' },
      { row: 3, column: 'barcode', message: 'This barcode is already used by another product' },
    ]);
  });

  it('reads an XLSX file, numbers and all', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('products');
    ws.addRow(HEADER.split(','));
    ws.addRow(['XLSX latte', 'XL-1', null, 'Coffee', 'Nescafé', 'Cup', 0.75, 2.5, 0, 4, 1, null, 1]);
    ws.addRow([]);
    ws.addRow(['XLSX ភេសជ្ជៈ', null, null, null, null, null, 0.1, 0.2, null, null, 'yes', 'Khmer name', 'active']);
    const res = await send(Buffer.from(await wb.xlsx.writeBuffer()), 'products.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toBe(2);
    expect(await find('XLSX latte')).toMatchObject({
      sku_code: 'XL-1',
      brand_name: 'Nescafé',
      category_name: 'Coffee',
      purchase_cost: '0.75',
      sale_cost: '2.50',
      stock_alert: '4',
    });
    expect(await find('XLSX ភេសជ្ជៈ')).toMatchObject({ sale_cost: '0.20' });
  });

  it('reads a semicolon CSV with decimal commas, as Excel writes it in French', async () => {
    const res = await send(Buffer.from(`${HEADER.replaceAll(',', ';')}\r\nCafé crème;;;;;;0,80;2,75;;;;;\r\n`, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await find('Café crème')).toMatchObject({ purchase_cost: '0.80', sale_cost: '2.75' });
  });

  it('refuses unknown columns, a file without product_name, a broken quote, an empty file and a file that is neither CSV nor XLSX', async () => {
    const before = await productCount();
    expect((await send(Buffer.from('product_name,sale_price\r\nA,1\r\n'))).json().rows).toEqual([
      { row: 1, column: 'sale_price', message: 'Unknown column: use the column names of the template' },
    ]);
    expect((await send(Buffer.from('sku_code\r\nA\r\n'))).json().rows).toEqual([
      { row: 1, column: 'product_name', message: 'This column is required' },
    ]);
    expect((await send(Buffer.from('product_name\r\n"Open quote\r\n'))).json().rows).toEqual([
      { row: 2, column: 'file', message: 'A quoted value that starts on this row is never closed' },
    ]);
    expect((await send(Buffer.from(`${HEADER}\r\n`))).json().rows).toEqual([
      { row: 0, column: 'file', message: 'The file has no products' },
    ]);
    expect((await send(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10]), 'photo.jpg')).json().rows).toEqual([
      { row: 0, column: 'file', message: 'The file is not an XLSX or CSV file' },
    ]);
    expect((await send(Buffer.from('PK\u0003\u0004 not really a zip'), 'x.xlsx')).json().rows).toEqual([
      { row: 0, column: 'file', message: 'The file is not an XLSX or CSV file' },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('refuses more than 5,000 rows and files over 5 MB', async () => {
    const many = csv(...Array.from({ length: 5001 }, (_, i) => `Bulk ${i},,,,,,,1,,,,,`));
    expect((await send(many)).json().rows).toEqual([{ row: 0, column: 'file', message: 'A file holds at most 5000 products' }]);
    const big = Buffer.concat([csv('Big,,,,,,,1,,,,,'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const res = await send(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 5 MB');
  });

  it('imports 5,000 rows in one transaction', async () => {
    const before = await productCount();
    const res = await send(csv(...Array.from({ length: 5000 }, (_, i) => `Bulk item ${i},,,,,,0.5,1,,,,,`)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toBe(5000);
    expect(await productCount()).toBe(before + 5000);
    const skus = await c.t.deps.db
      .selectFrom('products')
      .select('sku_code')
      .where('business_id', '=', c.ownerBusiness)
      .where('product_name', 'like', 'Bulk item %')
      .execute();
    expect(new Set(skus.map((s) => s.sku_code)).size).toBe(5000);
  }, 60_000);

  it('answers 403 without product-create', async () => {
    const reader = await c.userWith(['product-list']);
    expect((await send(csv('X,,,,,,,1,,,,,'), 'p.csv', 'en', reader)).statusCode).toBe(403);
  });
});
