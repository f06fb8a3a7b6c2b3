import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookup } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import { createShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const SEARCH = '/api/v1/global-search';
const CATEGORIES_PAGE = { title: 'Categories', subtitle: 'Page', icon: 'file', to: '/category-listing' };

describe('global search route', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    const rival = await createShop(t.deps, { shopName: 'Rival Tea House' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: bearer(await loginAs(t.app, rival.login)),
      payload: { name: 'Coffee secret blend' },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const search = (q: string, token: string | null = owner, lang = 'en') =>
    t.app.inject({
      url: `${SEARCH}?q=${encodeURIComponent(q)}`,
      headers: { 'accept-language': lang, ...(token === null ? {} : bearer(token)) },
    });
  const results = async (q: string, token = owner, lang = 'en') => (await search(q, token, lang)).json() as GlobalSearchResult[];

  it('answers 401 without a token', async () => {
    const res = await search('coffee', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue' });
  });

  it('answers 400 with a message for q when it is too long or given twice', async () => {
    const long = await search('x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Please check the highlighted fields', errors: { q: 'This text is too long' } });
    const twice = await t.app.inject({ url: `${SEARCH}?q=a&q=b`, headers: { 'accept-language': 'en', ...bearer(owner) } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ q: 'Incorrect Data' });
  });

  it('answers an empty list for an empty or blank query', async () => {
    for (const url of [SEARCH, `${SEARCH}?q=`, `${SEARCH}?q=%20%20%20`]) {
      const res = await t.app.inject({ url, headers: bearer(owner) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
    }
  });

  it('accepts a query of exactly 100 characters', async () => {
    expect((await search('x'.repeat(100))).statusCode).toBe(200);
  });

  describe('pages', () => {
    it('finds the Categories page for the owner, the best match first', async () => {
      const found = await results('categor');
      expect(found[0]).toEqual(CATEGORIES_PAGE);
      expect(found.every((r) => r.subtitle === 'Page' && r.icon === 'file')).toBe(true);
    });

    it('never offers the cashier the Categories page nor category records', async () => {
      expect(await results('categor', cashier)).toEqual([]);
      expect(await results('coffee', cashier)).toEqual([]);
    });

    it('finds pages that need no permission for everyone', async () => {
      for (const token of [owner, cashier]) {
        expect(await results('dashboard', token)).toEqual([{ title: 'Dashboard', subtitle: 'Page', icon: 'file', to: '/' }]);
      }
    });

    it('finds a page by its English title for a Khmer-language request, and answers in Khmer', async () => {
      const found = await results('Categories', owner, 'km');
      const page = found.find((r) => r.to === '/category-listing');
      const kmTitle = lookup(TRANSLATIONS.km, 'pages.category-listing');
      expect(page).toEqual({
        title: kmTitle ?? 'Categories',
        subtitle: lookup(TRANSLATIONS.km, 'search.page_subtitle'),
        icon: 'file',
        to: '/category-listing',
      });
      expect(page!.subtitle).not.toBe('Page');
    });

    it('lists no screen that needs an id, nor a public one', async () => {
      const paths = (await results('edit')).map((r) => r.to).concat((await results('sign')).map((r) => r.to));
      expect(paths.some((p) => p.includes(':'))).toBe(false);
      expect(paths).not.toContain('/login');
    });
  });

  describe('records', () => {
    it("finds the shop's categories by part of their name, in any case, after the pages", async () => {
      expect((await results('COFFEE')).filter((r) => r.icon === 'category')).toEqual([
        { title: 'Coffee', subtitle: 'Category', icon: 'category', to: '/category-listing?search=Coffee' },
        { title: 'Hot coffee', subtitle: 'Category', icon: 'category', to: '/category-listing?search=Hot%20coffee' },
        { title: 'Iced coffee', subtitle: 'Category', icon: 'category', to: '/category-listing?search=Iced%20coffee' },
      ]);
    });

    it("never shows another shop's categories", async () => {
      expect((await results('secret')).map((r) => r.title)).not.toContain('Coffee secret blend');
      expect((await results('coffee')).map((r) => r.title)).not.toContain('Coffee secret blend');
    });

    it('labels records in the caller language', async () => {
      const tea = (await results('tea', owner, 'fr')).find((r) => r.title === 'Tea');
      expect(tea).toEqual({ title: 'Tea', subtitle: 'Catégorie', icon: 'category', to: '/category-listing?search=Tea' });
    });

    it('answers at most 8 records of one kind', async () => {
      for (let i = 1; i <= 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/categories',
          headers: bearer(owner),
          payload: { name: `Zebra ${i}` },
        });
        expect(res.statusCode).toBe(201);
      }
      const found = await results('zebra');
      expect(found).toHaveLength(8);
      expect(found.every((r) => r.subtitle === 'Category')).toBe(true);
    });

    it('answers at most 20 results, pages first', async () => {
      const found = await results('e');
      expect(found).toHaveLength(20);
      expect(found.every((r) => r.subtitle === 'Page')).toBe(true);
    });
  });
});
