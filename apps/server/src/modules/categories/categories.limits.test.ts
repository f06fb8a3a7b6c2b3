import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ALL_LIMIT } from '@posauto/shared/schemas/common';
import { bumpCounter } from '../../db/list';
import { newId } from '../../lib/ids';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { CATEGORY_COUNTER } from './index';

const BASE = '/api/v1/categories';
const BULK = LIST_ALL_LIMIT + 234;

describe('"All" is capped on list screens; exports stream every row', () => {
  let t: TestContext;
  let owner: string;
  let names: string[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    const businessId = (
      await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()
    ).business_id;
    const at = t.clock.now().toISOString();
    const rows = Array.from({ length: BULK }, (_, i) => ({
      business_id: businessId,
      id: newId(),
      name: `Bulk ${String(i).padStart(4, '0')}${i % 7 === 0 ? ', "quoted"' : ''}`,
      parent_id: null,
      icon: null,
      status: i % 3 === 0 ? 0 : 1,
      created_at: at,
      updated_at: at,
    }));
    await t.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('categories')
          .values(rows.slice(i, i + 200))
          .execute();
      await bumpCounter(trx, t.deps.kind, businessId, CATEGORY_COUNTER, rows.length);
    });
    names = (
      await t.deps.db.selectFrom('categories').select('name').where('business_id', '=', businessId).orderBy('name').orderBy('id').execute()
    ).map((r) => r.name);
    expect(names.length).toBeGreaterThan(BULK);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...bearer(owner), 'accept-language': 'en' } });

  it('answers the first 1,000 rows for "All" and says the list was capped', async () => {
    const res = await get(`${BASE}?per_page=all&sort=name`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(LIST_ALL_LIMIT);
    expect(body.meta).toEqual({ page: 1, per_page: 'all', total: names.length, last_page: 1, capped: true, limit: LIST_ALL_LIMIT });
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(names.slice(0, LIST_ALL_LIMIT));
  });

  it('says nothing of a cap when "All" fits, nor on a page of a size', async () => {
    const active = await get(`${BASE}?per_page=all&search=${encodeURIComponent('Bulk 000')}`);
    expect(active.json().meta).toEqual({ page: 1, per_page: 'all', total: 10, last_page: 1 });
    const page = await get(`${BASE}?per_page=100&page=2`);
    expect(page.json().meta).toEqual({ page: 2, per_page: '100', total: names.length, last_page: Math.ceil(names.length / 100) });
  });

  it('exports every row as CSV, beyond the cap, in list order', async () => {
    const res = await get(`${BASE}/export?format=csv&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Category name,Parent category,Icon,Status,Created');
    const exported = lines.slice(1).map((l) => (l.startsWith('"') ? l.slice(1, l.indexOf('",')).replace(/""/g, '"') : l.split(',')[0]));
    expect(exported).toEqual(names);
  });

  it('exports only the filtered rows, all of them', async () => {
    const res = await get(`${BASE}/export?format=csv&status=inactive&search=Bulk`);
    const count =
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n').length - 1;
    expect(count).toBe(Math.ceil(BULK / 3));
  });

  it('exports every row as XLSX through the streaming writer', async () => {
    const res = await get(`${BASE}/export?format=xlsx&sort=name&order=desc`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const cells: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) cells.push(row.getCell(1).value);
    });
    expect(sheet.getRow(1).getCell(1).value).toBe('Category name');
    expect(cells).toEqual([...names].reverse());
  });
});
