import { describe, expect, it } from 'vitest';
import { purchaseDraftTotals } from './purchase-draft';

describe('purchaseDraftTotals', () => {
  it('adds the lines at their unit cost, then the shipping', () => {
    expect(
      purchaseDraftTotals(
        [
          { quantity: '2', unit_cost: '9.60' },
          { quantity: '0.5', unit_cost: '3' },
        ],
        '0.80',
        'USD',
      ),
    ).toEqual({ subtotal: '20.70', grand: '21.50' });
  });

  it('counts blank fields as zero and writes riel without cents', () => {
    expect(purchaseDraftTotals([{ quantity: ' ', unit_cost: '' }], '', 'USD')).toEqual({ subtotal: '0.00', grand: '0.00' });
    expect(purchaseDraftTotals([{ quantity: '3', unit_cost: '2500' }], '1000', 'KHR')).toEqual({ subtotal: '7500', grand: '8500' });
  });

  it('has no total while a number is half typed', () => {
    expect(purchaseDraftTotals([{ quantity: '2x', unit_cost: '1' }], '0', 'USD')).toBeNull();
    expect(purchaseDraftTotals([{ quantity: '2', unit_cost: '1' }], 'abc', 'USD')).toBeNull();
  });
});
