import { describe, expect, it } from 'vitest';
import type { PosProduct } from '@posauto/shared/schemas/pos';
import { addItem, EMPTY_CART, lineFor, setQuantity, setUnit } from './cart';
import { shortLines } from './stock-check';

const can: PosProduct = {
  id: 'p1',
  name: 'Energy drink',
  sku: 'ED',
  type: 'single',
  category_id: null,
  brand_id: null,
  image_url: null,
  price: '0.45',
  unit_id: 'can',
  sale_unit_id: 'can',
  sale_unit_name: 'Can',
  sale_unit_factor: '1',
  codes: ['ed'],
  manages_stock: true,
  on_hand: '30',
  variations: [],
  variants: [],
  units: [
    { id: 'can', name: 'Can', short_name: 'can', factor: '1' },
    { id: 'box', name: 'Box of 24', short_name: 'box', factor: '24' },
  ],
};
const tea: PosProduct = {
  ...can,
  id: 'p2',
  name: 'Tea',
  type: 'variation',
  on_hand: '1',
  variants: [
    { id: 'v1', name: 'Small', sku: 'T-S', barcodes: [], price: '1.00', on_hand: '0', value_ids: [] },
    { id: 'v2', name: 'Large', sku: 'T-L', barcodes: [], price: '1.50', on_hand: '1', value_ids: [] },
  ],
};
const made: PosProduct = { ...can, id: 'p3', name: 'Espresso', manages_stock: false, on_hand: null };
const products = new Map([can, tea, made].map((p) => [p.id, p]));

describe('lines short of stock', () => {
  it('counts one item in several units together, in its own unit', () => {
    // A box of 24 and 6 cans: 30, all the branch holds.
    let c = addItem(EMPTY_CART, lineFor(can, null, 'USD'));
    c = setUnit(c, c.selected!, can.units[1]!);
    c = addItem(c, lineFor(can, null, 'USD'));
    const cans = c.selected!;
    c = setQuantity(c, cans, 6000);
    expect(c.lines.map((l) => [l.unitId, l.quantity])).toEqual([
      ['box', 1000],
      ['can', 6000],
    ]);
    expect(shortLines(c, products).size).toBe(0);
    // One can more than held: both lines of the item are short.
    c = setQuantity(c, cans, 7000);
    expect(shortLines(c, products)).toEqual(new Set(c.lines.map((l) => l.key)));
  });

  it('reads a variant’s own stock, and never marks what does not manage stock', () => {
    let c = addItem(EMPTY_CART, lineFor(tea, tea.variants[0]!, 'USD'));
    c = addItem(c, lineFor(tea, tea.variants[1]!, 'USD'));
    c = addItem(c, lineFor(made, null, 'USD'));
    expect(shortLines(c, products)).toEqual(new Set([c.lines[0]!.key]));
  });

  it('takes a product missing from the catalogue, or an unreadable on hand, as nothing to check or nothing held', () => {
    const odd = new Map([[can.id, { ...can, on_hand: 'n/a' }]]);
    const c = addItem(addItem(EMPTY_CART, lineFor(can, null, 'USD')), lineFor(made, null, 'USD'));
    expect(shortLines(c, odd)).toEqual(new Set([c.lines[0]!.key]));
  });
});
