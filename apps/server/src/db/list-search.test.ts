import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor, createShop, type TestShop } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/harness';
import type { RequestContext } from '../http/context';
import { newId } from '../lib/ids';
import { customersService } from '../modules/customers/index';
import { setListSearchStats } from './dialect/list-search';
import { INDEXED_LIST_SEARCH, listSearchValue } from './list-search';

type Customer = { name: string; phone: string | null; member_id: string | null; company_name: string | null; email: string | null };

const CUSTOMERS: Customer[] = [
  { name: 'Sok Dara', phone: '+855 12 345 678', member_id: 'M000123', company_name: null, email: 'dara@example.com' },
  { name: 'Chan Sophea', phone: '+855 17 888 999', member_id: 'M000124', company_name: 'Riverside Café', email: null },
  { name: 'CAFÉ Owner', phone: null, member_id: null, company_name: null, email: 'owner@cafe.example' },
  { name: 'សុខ ដារ៉ា', phone: '012 999 000', member_id: 'KH-7', company_name: 'ហាងកាហ្វេ', email: null },
  { name: '100% arabica buyer', phone: null, member_id: 'M_100', company_name: null, email: null },
  { name: 'Quote "Q" Customer', phone: '099 123 456', member_id: null, company_name: "O'Neil & Sons", email: null },
  ...Array.from({ length: 30 }, (_, i) => ({
    name: `Customer ${String(i).padStart(3, '0')}`,
    phone: `+855 10 ${String(1000 + i * 37)}`,
    member_id: `M${String(200 + i).padStart(6, '0')}`,
    company_name: i % 3 === 0 ? `Company ${i}` : null,
    email: i % 4 === 0 ? `c${i}@example.com` : null,
  })),
];

const COLUMNS = ['name', 'phone', 'member_id', 'company_name', 'email'] as const;

/** What a scan answers: some searchable column contains the term, case-insensitively. */
const scanMatches = (rows: Customer[], term: string) => {
  const t = term.trim().toLowerCase();
  return rows.filter((c) => COLUMNS.some((col) => (c[col] ?? '').toLowerCase().includes(t))).map((c) => c.name);
};

describe('the indexed list search', () => {
  let t: TestContext;
  let shop: TestShop;
  let ctx: RequestContext;
  let svc: ReturnType<typeof customersService>;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    shop = await createShop(t.deps);
    // A second shop holding the same names: its rows must never appear.
    const rival = await createShop(t.deps, { shopName: 'Rival' });
    ctx = await contextFor(t.deps, shop.login.email);
    svc = customersService(t.deps);
    const at = t.deps.clock.now().toISOString();
    for (const businessId of [shop.businessId, rival.businessId]) {
      for (const c of CUSTOMERS) {
        const id = newId();
        if (businessId === shop.businessId) ids.set(c.name, id);
        await t.deps.db
          .insertInto('customers')
          .values({
            business_id: businessId,
            id,
            ...c,
            customer_type: 'retail',
            address: null,
            note: null,
            is_walk_in: 0,
            status: 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    }
  });
  afterAll(() => t.close());

  const search = async (term: string) => {
    const { rows } = await svc.list(ctx, { page: 1, per_page: 'all', order: 'asc', sort: 'name', search: term });
    return rows.map((r) => r.name).filter((n) => n !== 'Walk-in customer');
  };
  const expected = (term: string) => [...new Set(scanMatches(CUSTOMERS, term))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  it.each(['Customer 01', 'cafÉ', '855 10 1', 'M000', 'example.com', 'ដារ៉ា', 'កាហ្វេ', '"Q"', "O'Neil", '% arab', 'M_1', 'nobody at all'])(
    'answers %j exactly as a scan of every searchable column would',
    async (term) => {
      const found = await search(term);
      expect([...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(expected(term));
      expect(new Set(found).size).toBe(found.length); // a record matching in two columns is listed once
    },
  );

  it.each(['a', '12', '%', '_', 'é', 'ស', '"'])('answers the short or odd term %j as a scan would too', async (term) => {
    const found = await search(term);
    expect([...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(expected(term));
  });

  describe('planned by term frequency', () => {
    // A sample in which every value is a "customer …" with a "+855 10" phone: those trigrams are common, numbers rare.
    beforeAll(() => setListSearchStats(Array.from({ length: 1000 }, (_, i) => `customer ${String(i).padStart(3, '0')} +855 10 ${i}`)));
    afterAll(() => setListSearchStats([]));

    it('asks the index only for the rarest plain trigrams of the term', () => {
      expect(listSearchValue('Customer 017')).toMatchObject({ mode: 'trigram', value: '"017"', fragments: ['%017%', '%017%'] });
      expect(listSearchValue('M000201')).toMatchObject({ value: '"m00" AND "000"', fragments: ['%m00%', '%000%'] });
      // Nothing rare in it (or no plain trigram at all): the whole term, as without statistics.
      expect(listSearchValue('customer')).toMatchObject({ value: '"customer"', fragments: ['%customer%', '%customer%'] });
      expect(listSearchValue('ដារ៉ា')).toMatchObject({ value: '"ដារ៉ា"' });
    });

    it.each(['Customer 01', 'Customer 017', 'customer', '855 10 1', 'M000', 'M000201', 'example.com', 'ដារ៉ា', '"Q"', '% arab', 'M_1'])(
      'answers %j exactly as a scan would',
      async (term) => {
        const found = await search(term);
        expect([...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(expected(term));
      },
    );
    it('counts a rare term with its page in one query, and still counts a page past the end', async () => {
      expect(listSearchValue('M000')).toMatchObject({ rare: true });
      const all = expected('M000');
      expect(all.length).toBeGreaterThan(20);
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 10) + 1; page++) {
        const { rows, meta } = await svc.list(ctx, { page, per_page: '10', order: 'asc', sort: 'name', search: 'M000' });
        expect(meta.total).toBe(all.length);
        expect(rows.length).toBe(Math.max(0, Math.min(10, all.length - (page - 1) * 10)));
        for (const r of rows) expect(Object.keys(r)).not.toContain('posauto_list_total');
        pages.push(...rows.map((r) => r.name));
      }
      expect(pages).toEqual(all);
      const none = await svc.list(ctx, { page: 1, per_page: '10', order: 'asc', sort: 'name', search: 'M000999' });
      expect(none.meta.total).toBe(0);
    });

    it('answers random fragments of the records exactly as a scan would', async () => {
      const values = CUSTOMERS.flatMap((c) => COLUMNS.map((col) => c[col]).filter((v): v is string => !!v));
      const fragment = fc
        .tuple(fc.constantFrom(...values), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.boolean())
        .map(([v, start, length, upper]) => {
          const chars = [...v];
          const f = chars.slice(start % chars.length, (start % chars.length) + length).join('');
          return upper ? f.toUpperCase() : f;
        });
      await fc.assert(
        fc.asyncProperty(fc.oneof(fragment, fc.string({ minLength: 1, maxLength: 4 })), async (term) => {
          if (term.trim() === '') return;
          const found = await search(term);
          expect(
            [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
            term,
          ).toEqual(expected(term));
        }),
        { numRuns: 120, seed: 1010 },
      );
    });
  });

  it('follows renames and deletions in the same transaction as the write', async () => {
    const id = ids.get('Sok Dara')!;
    await t.deps.db
      .updateTable('customers')
      .set({ name: 'Keo Bopha', phone: '+855 11 222 333' })
      .where('business_id', '=', shop.businessId)
      .where('id', '=', id)
      .execute();
    expect(await search('Sok Da')).toEqual([]);
    expect(await search('345 678')).toEqual([]);
    expect(await search('keo bop')).toEqual(['Keo Bopha']);
    expect(await search('dara@exam')).toEqual(['Keo Bopha']); // the untouched e-mail is still found
    await t.deps.db.deleteFrom('customers').where('business_id', '=', shop.businessId).where('id', '=', id).execute();
    expect(await search('Keo Bop')).toEqual([]);
    expect(await search('dara@exam')).toEqual([]);
  });

  it('takes the trigram path from three characters on, and the short path below or for a NUL', () => {
    setListSearchStats([]);
    expect(listSearchValue('Ab"c')).toMatchObject({ mode: 'trigram', value: '"ab""c"', fragments: ['%ab"c%', '%ab"c%'] });
    expect(listSearchValue('ab')).toMatchObject({ mode: 'short', value: 'ab' });
    expect(listSearchValue('ស្រ')).toMatchObject({ mode: 'trigram' });
    expect(listSearchValue('a\u0000bc')).toMatchObject({ mode: 'short', value: 'a\u0000bc' });
  });

  it('has an index for every searchable column it names', async () => {
    if (t.deps.kind === 'postgres') {
      const rows = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_trgm'`.execute(t.deps.db);
      const names = new Set(rows.rows.map((r) => r.indexname));
      for (const [table, cols] of Object.entries(INDEXED_LIST_SEARCH)) for (const c of cols) expect(names).toContain(`${table}_${c}_trgm`);
      // Written into the index at once: no pending list for every search to read (0020).
      const pending = await sql<{ relname: string }>`SELECT relname FROM pg_class
        WHERE relnamespace = current_schema()::regnamespace AND relname LIKE '%_trgm' AND relkind = 'i' AND NOT ('fastupdate=off' = ANY (coalesce(reloptions, '{}')))`.execute(
        t.deps.db,
      );
      expect(pending.rows).toEqual([]);
      return;
    }
    const rows = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_list_search_%'`.execute(
      t.deps.db,
    );
    const names = new Set(rows.rows.map((r) => r.name));
    for (const table of Object.keys(INDEXED_LIST_SEARCH)) {
      for (const s of ['ai', 'au', 'ad']) expect(names).toContain(`${table}_list_search_${s}`);
    }
    // The customers' indexed values: one per non-empty column, lower-cased.
    const indexed = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM list_search_rows WHERE tbl = 'customers' AND business_id = ${shop.businessId}`.execute(t.deps.db);
    const live = CUSTOMERS.filter((c) => c.name !== 'Sok Dara');
    const nonEmpty = live.reduce((n, c) => n + COLUMNS.filter((col) => c[col]).length, 0) + 1; // + the Walk-in customer's name
    expect(Number(indexed.rows[0]!.n)).toBe(nonEmpty);
  });
});
