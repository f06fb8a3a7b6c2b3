import { describe, expect, it } from 'vitest';
import type { PublicMenu, PublicMenuProduct } from '@posauto/shared/schemas/public-menu';
import { menuSections, normalise, OTHERS } from './menu-sections';

const product = (name: string, extra: Partial<PublicMenuProduct> = {}): PublicMenuProduct => ({
  id: name,
  name,
  description: null,
  image_url: null,
  type: 'single',
  currency: 'USD',
  price: 100,
  price_riel: 4100,
  max_price: 100,
  max_price_riel: 4100,
  regular_price: null,
  discount: 0,
  variants: [],
  ...extra,
});

const menu: PublicMenu = {
  shop_name: 'Demo',
  logo_url: null,
  currency: 'USD',
  local_currency: 'KHR',
  exchange_rate: '4100',
  truncated: false,
  categories: [
    { id: 'c1', name: 'Coffee', parent_name: null, products: [product('Latte', { description: 'Steamed milk' }), product('Café crème')] },
    {
      id: 'c2',
      name: 'Tea',
      parent_name: null,
      products: [
        product('Green tea'),
        product('Smoothie', { variants: [{ id: 'v', name: 'Mango', price: 1, price_riel: 1, regular_price: null }] }),
      ],
    },
    { id: 'c3', name: 'ភេសជ្ជៈ', parent_name: null, products: [product('កាហ្វេទឹកដោះគោ')] },
  ],
  others: [product('Water')],
};

const view = (term: string) => menuSections(menu, term).map((s) => [s.id, s.products.map((p) => p.name)]);

describe('menu sections and search', () => {
  it('shows every section, the products without a category last, when nothing is searched', () => {
    expect(view('  ')).toEqual([
      ['c1', ['Latte', 'Café crème']],
      ['c2', ['Green tea', 'Smoothie']],
      ['c3', ['កាហ្វេទឹកដោះគោ']],
      [OTHERS, ['Water']],
    ]);
  });

  it('finds by name, description or variant, whatever the case and accents', () => {
    expect(view('CAFE')).toEqual([['c1', ['Café crème']]]);
    expect(view('milk')).toEqual([['c1', ['Latte']]]);
    expect(view('mango')).toEqual([['c2', ['Smoothie']]]);
    expect(view('កាហ្វេ')).toEqual([['c3', ['កាហ្វេទឹកដោះគោ']]]);
  });

  it('keeps a whole section whose name matches', () => {
    expect(view('coffee')).toEqual([['c1', ['Latte', 'Café crème']]]);
  });

  it('answers no section when nothing matches', () => {
    expect(view('pizza')).toEqual([]);
    expect(normalise(' Crème ')).toBe('creme');
  });
});
