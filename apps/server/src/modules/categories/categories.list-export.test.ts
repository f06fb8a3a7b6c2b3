import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@posauto/shared/schemas/categories';
import { bumpCounter } from '../../db/list';
import { newId } from '../../lib/ids';
import { countRows, createShop } from '../../../test/factories';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { CATEGORY_COUNTER } from './index';

const BASE = '/api/v1/categories';
const FOREIGN = 'Rival secret blend';

describe('category list pages and exports', () => {
  let t: TestContext;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    const other = await createShop(t.deps, { shopName: 'Rival Tea House' });
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: bearer(await loginAs(t.app, other.login)),
      payload: { name: FOREIGN },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  /** Every category of the demo shop, as its owner sees them. */
  const snapshot = async () => (await call('GET', `${BASE}?per_page=all&sort=name`, owner)).json().data as Category[];

  describe('export', () => {
    beforeAll(async () => {
      for (const name of ['=HYPERLINK("http://evil.example")', '+SUM(1,2)', '@cmd', 'Tea, "green"']) {
        expect((await call('POST', BASE, owner, { name })).statusCode).toBe(201);
      }
    });

    it('exports CSV with every name and formula cells made inert', async () => {
      const res = await call('GET', `${BASE}/export?format=csv`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="category-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Category name,Parent category,Icon,Status,Created');
      for (const c of await snapshot()) expect(res.body).toContain(c.name.includes('"') ? c.name.replace(/"/g, '""') : c.name);
      expect(lines).toContain('Hot coffee,Coffee,cup,Active,2026-11-21');
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(res.body).toContain("'+SUM(1,2)");
      expect(res.body).toContain("'@cmd");
      expect(lines.some((l) => /(^|,)"?[=+@-]/.test(l))).toBe(false);
    });

    it("exports none of another shop's categories, in either format", async () => {
      expect((await call('GET', `${BASE}/export?format=csv`, owner)).body).not.toContain(FOREIGN);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await call('GET', `${BASE}/export?format=xlsx`, owner)).rawPayload as unknown as ArrayBuffer);
      wb.worksheets[0]!.eachRow((row) => expect(row.getCell(1).value).not.toBe(FOREIGN));
    });

    it('exports only the rows matching the search', async () => {
      const res = await call('GET', `${BASE}/export?format=csv&search=coffee`, owner);
      const names = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]);
      expect(names.sort()).toEqual(['Coffee', 'Hot coffee', 'Iced coffee']);
    });

    it('exports an XLSX workbook with the same rows and no live formulas', async () => {
      const res = await call('GET', `${BASE}/export?format=xlsx`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="category-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const names: unknown[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) names.push(row.getCell(1).value);
      });
      expect(names).toHaveLength((await snapshot()).length);
      expect(names).toContain('\'=HYPERLINK("http://evil.example")');
      expect(names.every((v) => typeof v === 'string')).toBe(true);
    });
  });

  describe('page sizes', () => {
    beforeAll(async () => {
      const at = t.clock.now().toISOString();
      const businessId = (
        await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()
      ).business_id;
      const rows = Array.from({ length: 120 }, (_, i) => ({
        business_id: businessId,
        id: newId(),
        name: `Bulk ${String(i).padStart(3, '0')}`,
        parent_id: null,
        icon: null,
        status: 1,
        created_at: at,
        updated_at: at,
      }));
      await t.deps.db.transaction().execute(async (trx) => {
        await trx.insertInto('categories').values(rows).execute();
        await bumpCounter(trx, t.deps.kind, businessId, CATEGORY_COUNTER, rows.length);
      });
      expect(await countRows(t.deps, 'categories', businessId)).toBeGreaterThan(120);
    });

    it('answers 10, 25, 50 or 100 rows per page, or all of them', async () => {
      const total = (await snapshot()).length;
      for (const size of [10, 25, 50, 100]) {
        const first = (await call('GET', `${BASE}?per_page=${size}`, owner)).json();
        const lastPage = Math.ceil(total / size);
        expect(first.data).toHaveLength(size);
        expect(first.meta).toEqual({ page: 1, per_page: String(size), total, last_page: lastPage });
        const last = (await call('GET', `${BASE}?per_page=${size}&page=${lastPage}`, owner)).json();
        expect(last.data).toHaveLength(total - (lastPage - 1) * size);
      }
      const all = (await call('GET', `${BASE}?per_page=all`, owner)).json();
      expect(all.data).toHaveLength(total);
      expect(all.meta).toEqual({ page: 1, per_page: 'all', total, last_page: 1 });
    });

    it('defaults to ten rows on the first page', async () => {
      const res = (await call('GET', BASE, owner)).json();
      expect(res.data).toHaveLength(10);
      expect(res.meta).toMatchObject({ page: 1, per_page: '10' });
    });
  });
});
