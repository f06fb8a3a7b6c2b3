import { describe, expect, it } from 'vitest';
import { comboComponentsTotal, currencyOf, toMinor, toQuantity, totalStock } from './amounts';

describe('product amounts', () => {
  it('reads decimal text as integer minor units of the currency', () => {
    expect(toMinor('2.50', 'USD')).toBe(250);
    expect(toMinor('4100', 'KHR')).toBe(4100);
    expect(toMinor('0.1', 'KHR')).toBeNull();
    expect(toMinor('abc', 'USD')).toBeNull();
    expect(toMinor('', 'USD')).toBeNull();
  });

  it('falls back to dollars for an unknown currency code', () => {
    expect(currencyOf('KHR')).toBe('KHR');
    expect(currencyOf('EUR')).toBe('USD');
  });

  it('adds stock over branches exactly', () => {
    expect(totalStock([{ quantity: '1.1' }, { quantity: '2.2' }])).toBe(3300);
    expect(toQuantity('0.001')).toBe(1);
  });

  it('totals a combo as quantity times price per component, rounded per line', () => {
    expect(
      comboComponentsTotal(
        [
          { quantity: '2', sale_cost: '1.25' },
          { quantity: '1.5', sale_cost: '0.99' },
        ],
        'USD',
      ),
    ).toBe(250 + 149);
    expect(comboComponentsTotal([{ quantity: '', sale_cost: '1' }], 'USD')).toBeNull();
  });
});
