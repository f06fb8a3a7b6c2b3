import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GlobalSearchResult } from '@posauto/shared/schemas/shell';
import type { Product, ProductDetail } from '@posauto/shared/schemas/products';
import { BASE, useProductClient } from '../../../test/product-fixtures';
import { nameSearchValue, searchWords } from '../../db/dialect/product-search';

/** Words of the generated names: Latin in both cases, digits, punctuation, LIKE's wildcards, Khmer and an accent. */
const VOCABULARY = [
  'Iced',
  'latte',
  'ICE',
  'mocha',
  'Coca-Cola',
  'can',
  'of',
  '4999',
  '100%',
  'snack_bar',
  'Café',
  'កាហ្វេ',
  'ទឹកដោះគោ',
  'តែ',
];

/**
 * What a scan answers (the rule of dialect/product-search): the lower-cased name contains every word of the term; one
 * word shorter than three characters is the start of the name instead; or the term is the product's SKU (any case)
 * or barcode.
 */
function scan(products: readonly ProductDetail[], term: string): string[] {
  const trimmed = term.trim();
  const words = searchWords(trimmed.toLowerCase());
  const byName = (name: string) => {
    const lowered = name.toLowerCase();
    if (words.length === 1 && [...words[0]!].length < 3) return lowered.startsWith(words[0]!);
    return words.every((w) => lowered.includes(w));
  };
  return products
    .filter((p) => byName(p.product_name) || p.sku_code.toLowerCase() === trimmed.toLowerCase() || p.barcode === trimmed)
    .map((p) => p.product_name)
    .sort();
}

describe('product search by every word', () => {
  const c = useProductClient();
  const products: ProductDetail[] = [];
  const names = async (q: string, extra = '') =>
    (
      (await c.call('GET', `${BASE}?per_page=all&sort=product_name&search=${encodeURIComponent(q)}${extra}`, c.owner)).json()
        .data as Product[]
    ).map((p) => p.product_name);
  const create = async (product_name: string) => products.push(await c.create({ product_name }));

  it('finds every word in any order, as fragments, in any case', async () => {
    for (const name of ['Iced latte', 'Iced latte 4999', 'Can of Coca-Cola', 'Hot latte', 'Iced tea', 'Coke zero']) await create(name);
    expect(await names('latte ice')).toEqual(['Iced latte', 'Iced latte 4999']);
    expect(await names('coke can')).toEqual([]); // "coke" is not in "Coca-Cola"...
    expect(await names('cola can')).toEqual(['Can of Coca-Cola']); // ...but its fragments are
    expect(await names('can coca')).toEqual(['Can of Coca-Cola']);
    expect(await names('4999 Iced')).toEqual(['Iced latte 4999']);
    expect(await names('latte 4999')).toEqual(['Iced latte 4999']);
    expect(await names('999 ATT ced')).toEqual(['Iced latte 4999']);
    expect(await names('  LATTE   iced  ')).toEqual(['Iced latte', 'Iced latte 4999']);
    expect(await names('latte\ticed')).toEqual(['Iced latte', 'Iced latte 4999']);
  });

  it('needs every word: words found in different products find nothing', async () => {
    expect(await names('hot')).toEqual(['Hot latte']);
    expect(await names('tea')).toEqual(['Iced tea']);
    expect(await names('hot tea')).toEqual([]);
    expect(await names('zero latte')).toEqual([]);
    expect(await names('latte 4998')).toEqual([]);
  });

  it('checks words shorter than a trigram on what the other words find, anywhere in the name', async () => {
    expect(await names('latte 49')).toEqual(['Iced latte 4999']);
    expect(await names('of coca')).toEqual(['Can of Coca-Cola']);
    expect(await names('la ho')).toEqual(['Hot latte']);
    expect(await names('ce d')).toEqual(['Iced latte', 'Iced latte 4999', 'Iced tea']);
    expect(await names('x latte')).toEqual([]);
    // One short word alone is still the start of the name.
    expect(await names('ho')).toEqual(['Hot latte']);
    expect(await names('la')).toEqual([]);
  });

  it('finds Khmer fragments (written without spaces: one word) and mixes them with Latin words', async () => {
    await create('កាហ្វេទឹកដោះគោ');
    await create('កាហ្វេខ្មៅ 2 shots');
    await create('តែទឹកដោះគោ');
    expect(await names('ទឹកដោះ')).toEqual(['កាហ្វេទឹកដោះគោ', 'តែទឹកដោះគោ']);
    expect(await names('ទឹកដោះ កាហ្វេ')).toEqual(['កាហ្វេទឹកដោះគោ']);
    expect(await names('កាហ្វេ\u200bទឹកដោះ')).toEqual(['កាហ្វេទឹកដោះគោ']); // a zero-width space separates words too
    expect(await names('shots កាហ្វេ')).toEqual(['កាហ្វេខ្មៅ 2 shots']);
    expect(await names('កាហ្វេ 2')).toEqual(['កាហ្វេខ្មៅ 2 shots']);
    expect(await names('តែ')).toEqual(['តែទឹកដោះគោ']); // two code points: the start of the name
  });

  it('keeps the exact SKU and barcode look-up, and the filters and counts', async () => {
    const coded = await c.create({ product_name: 'Coded latte', sku_code: 'LAT-7', barcode: '5901234123457' });
    products.push(coded);
    expect(await names('lat-7')).toEqual(['Coded latte']);
    expect(await names('5901234123457')).toEqual(['Coded latte']);
    expect(await names('latte coded')).toEqual(['Coded latte']);
    await c.call('PATCH', `${BASE}/${coded.id}/status`, c.owner, { status: false });
    expect(await names('latte coded', '&status=active')).toEqual([]);
    expect(await names('latte coded', '&status=inactive')).toEqual(['Coded latte']);
    await c.call('PATCH', `${BASE}/${coded.id}/status`, c.owner, { status: true });
    const page = (await c.call('GET', `${BASE}?per_page=10&search=${encodeURIComponent('latte ice')}`, c.owner)).json();
    expect(page.meta.total).toBe(2);
    expect(page.data).toHaveLength(2);
  });

  it('offers every-word matches in the global search', async () => {
    const found = (
      await c.call('GET', `/api/v1/global-search?q=${encodeURIComponent('latte 4999')}`, c.owner)
    ).json() as GlobalSearchResult[];
    expect(found.map((r) => r.title)).toContain('Iced latte 4999');
    expect(found.map((r) => r.title)).not.toContain('Iced latte');
  });

  it('leads PostgreSQL with the longest words and checks the rest on the hits', () => {
    expect(nameSearchValue('postgres', 'ab latte iced 4999 x caramel')).toMatchObject({
      mode: 'words',
      indexed: 4,
      likes: ['%caramel%', '%latte%', '%iced%', '%4999%'],
      restWords: ['ab', 'x'],
    });
    expect(nameSearchValue('sqlite', 'Latte "x" ab')).toMatchObject({ mode: 'words', name: '"latte" AND """x"""', restWords: '["ab"]' });
    expect(nameSearchValue('sqlite', 'ab cd')).toMatchObject({ mode: 'scan', restWords: '["ab","cd"]' });
    expect(nameSearchValue('postgres', 'Ab')).toMatchObject({ mode: 'prefix', name: 'ab%' });
  });

  it('answers random terms exactly as a scan of the names would', async () => {
    const name = fc
      .array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 })
      .chain((words) =>
        fc
          .array(fc.constantFrom(' ', ''), { minLength: words.length, maxLength: words.length })
          .map((gaps) => words.map((w, i) => (i ? gaps[i] : '') + w).join('')),
      );
    for (const n of fc.sample(name, { numRuns: 40, seed: 12 })) await create(n);
    const all = products.map((p) => p.product_name);
    // A fragment of an existing name (so that most terms find something), in any case.
    const fragment = fc
      .tuple(fc.constantFrom(...all), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean())
      .map(([n, start, length, upper]) => {
        const chars = [...n];
        const from = start % chars.length;
        const f = chars.slice(from, from + length).join('');
        return upper ? f.toUpperCase() : f;
      });
    const term = fc
      .array(fc.oneof(fragment, fc.constantFrom(...VOCABULARY), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 4 })
      .map((ws) => ws.join(' '));
    await fc.assert(
      fc.asyncProperty(term, async (t) => {
        if (t.trim() === '') return;
        expect((await names(t)).sort(), t).toEqual(scan(products, t));
      }),
      { numRuns: 150, seed: 1212 },
    );
  });
});
