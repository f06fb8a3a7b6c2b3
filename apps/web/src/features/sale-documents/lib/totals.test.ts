import { describe, expect, it } from 'vitest';
import { draftTotals } from './totals';

const shop = { currency: 'USD', exchange_rate: '4100.0000', sale_tax: '10.00', is_exclude_tax: true };

describe('draftTotals', () => {
  it('adds VAT on top, then shipping, and shows the total in riel at the rate', () => {
    const t = draftTotals(shop, [{ quantity: '4', unit_price: '1.75', discount: null }], null, '1');
    expect(t).toEqual({
      subtotal: '7.00',
      discount: '0.00',
      tax: '0.70',
      shipping: '1.00',
      total: '8.70',
      other: { currency: 'KHR', amount: '35670' },
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
