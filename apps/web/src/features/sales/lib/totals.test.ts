import { describe, expect, it } from 'vitest';
import { draftTotals, unitLinePrice } from './totals';

const shop = { currency: 'USD', exchange_rate: '4100.0000', sale_tax: '10.00', is_exclude_tax: true };

describe('draftTotals', () => {
  it('adds VAT on top, then shipping, and shows the total in riel as the till does (to the nearest 100-riel note)', () => {
    const t = draftTotals(shop, [{ quantity: '4', unit_price: '1.75', discount: null }], null, '1');
    expect(t).toEqual({
      subtotal: '7.00',
      discount: '0.00',
      tax: '0.70',
      shipping: '1.00',
      total: '8.70',
      // 8.70 × 4,100 = 35,670 riel: 35,700 in notes.
      other: { currency: 'KHR', amount: '35700' },
    });
  });

  it('takes the line discount, then the order discount, before VAT; inclusive VAT is extracted', () => {
    const t = draftTotals(
      { ...shop, is_exclude_tax: false },
      [{ quantity: '2', unit_price: '5', discount: { type: 'fixed', value: '1' } }],
      { type: 'percent', value: '10' },
      '',
    );
    // 10.00 - 1.00 = 9.00; 10% off: 8.10; VAT 10% inside 8.10 = 0.74
    expect(t).toMatchObject({ subtotal: '9.00', discount: '0.90', tax: '0.74', total: '8.10' });
  });

  it('answers null while a figure cannot be read', () => {
    expect(draftTotals(shop, [{ quantity: 'abc', unit_price: '1', discount: null }], null, '0')).toBeNull();
  });
});

describe('unitLinePrice', () => {
  it('prices a line unit as the server does: the price per own unit times the factor, half-up to the minor unit', () => {
    expect(unitLinePrice('1.00', '24', 'USD')).toBe('24.00');
    expect(unitLinePrice('1.25', '1', 'USD')).toBe('1.25');
    // 0.333333 of 1.00 is 0.333333 -> 0.33; 0.5 of 0.05 is 0.025 -> 0.03 (half-up)
    expect(unitLinePrice('1.00', '0.333333', 'USD')).toBe('0.33');
    expect(unitLinePrice('0.05', '0.5', 'USD')).toBe('0.03');
    expect(unitLinePrice('4100', '6', 'KHR')).toBe('24600');
  });

  it('answers null for an unreadable price, factor or currency', () => {
    expect(unitLinePrice('abc', '1', 'USD')).toBeNull();
    expect(unitLinePrice('1.00', '0', 'USD')).toBeNull();
    expect(unitLinePrice('1.00', '1', 'XXX')).toBeNull();
  });
});
