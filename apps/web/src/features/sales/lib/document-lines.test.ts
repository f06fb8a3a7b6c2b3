import { describe, expect, it } from 'vitest';
import type { PosLookupProduct } from '@posauto/shared/schemas/pos-lookup';
import { docLineInput, pickedDocLine, withUnit, withVariant } from './document-lines';

const can: PosLookupProduct = {
  id: 'p1',
  name: 'Coca-Cola can 330ml',
  sku: 'COKE',
  barcode: null,
  type: 'single',
  status: true,
  price: '0.75',
  unit_id: 'can',
  sale_unit_id: 'can',
  units: [
    { id: 'can', name: 'Can', short_name: 'can', factor: '1' },
    { id: 'box', name: 'Box of 24', short_name: 'box', factor: '24' },
  ],
  variants: [],
};

const latte: PosLookupProduct = {
  ...can,
  id: 'p2',
  name: 'Iced latte',
  sku: 'LAT',
  type: 'variation',
  price: '2.00',
  units: [],
  unit_id: null,
  sale_unit_id: null,
  variants: [
    { id: 'v1', name: 'Small', sku: 'LAT-S', barcode: null, price: '2.00' },
    { id: 'v2', name: 'Large', sku: 'LAT-L', barcode: null, price: '2.75' },
  ],
};

describe('pickedDocLine', () => {
  it('starts one in the sale unit at the catalogue price', () => {
    const line = pickedDocLine(can, null, 'USD', 'k1');
    expect(line).toMatchObject({ key: 'k1', name: 'Coca-Cola can 330ml', sku: 'COKE', unit_id: 'can', unit_name: 'Can', quantity: '1' });
    expect(line.unit_price).toBe('0.75');
  });

  it('names and prices a variant', () => {
    const line = pickedDocLine(latte, latte.variants[1]!, 'USD', 'k2');
    expect(line).toMatchObject({ name: 'Iced latte (Large)', sku: 'LAT-L', variant_id: 'v2', unit_price: '2.75', list_price: '2.75' });
  });
});

describe('withUnit and withVariant', () => {
  it('prices a box by its factor, even over a typed price', () => {
    const typed = { ...pickedDocLine(can, null, 'USD', 'k1'), unit_price: '0.50' };
    expect(withUnit(typed, 'box', 'USD')).toMatchObject({
      unit_id: 'box',
      unit_name: 'Box of 24',
      unit_price: '18.00',
      list_price: '18.00',
    });
  });

  it('renames and reprices for another variant; an unknown one changes nothing', () => {
    const small = pickedDocLine(latte, latte.variants[0]!, 'USD', 'k2');
    expect(withVariant(small, 'v2', 'USD')).toMatchObject({ name: 'Iced latte (Large)', sku: 'LAT-L', unit_price: '2.75' });
    expect(withVariant(small, 'nope', 'USD')).toBe(small);
  });
});

describe('docLineInput', () => {
  const line = { ...pickedDocLine(can, null, 'USD', 'k1'), unit_price: ' 0.70 ', discount: { type: 'percent' as const, value: ' 10 ' } };

  it('sends a changed price and an inline discount only when the settings allow them', () => {
    expect(docLineInput(line, { edit_cost: true, inline_discount: true })).toEqual({
      product_id: 'p1',
      variant_id: null,
      unit_id: 'can',
      quantity: '1',
      unit_price: '0.70',
      discount: { type: 'percent', value: '10' },
    });
    expect(docLineInput(line, { edit_cost: false, inline_discount: false })).toMatchObject({ unit_price: null, discount: null });
  });

  it('sends no price when it is the catalogue price', () => {
    expect(docLineInput({ ...line, unit_price: '0.75' }, { edit_cost: true, inline_discount: false }).unit_price).toBeNull();
  });
});
