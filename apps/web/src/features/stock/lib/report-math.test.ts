import { describe, expect, it } from 'vitest';
import { MOVEMENT_TYPES } from '@posauto/shared/schemas/stock';
import { decimalUnits, expiryStatus, movedBy } from './report-math';

describe('stock report arithmetic', () => {
  it('reads signed decimal text exactly', () => {
    expect(decimalUnits('-1.5', 3)).toBe(-1500);
    expect(decimalUnits('0.001', 3)).toBe(1);
    expect(decimalUnits('12.50', 2)).toBe(1250);
  });

  it('adds movement types exactly, signs included', () => {
    const movements = Object.fromEntries(MOVEMENT_TYPES.map((t) => [t, '0'])) as Record<(typeof MOVEMENT_TYPES)[number], string>;
    movements.purchase_return = '-0.1';
    movements.sale_return = '0.3';
    movements.transfer_in = '4';
    movements.transfer_out = '-4';
    expect(movedBy({ movements }, ['purchase_return', 'sale_return'])).toBe('0.2');
    expect(movedBy({ movements }, ['transfer_in', 'transfer_out'])).toBe('0');
  });
});

describe('expiry status', () => {
  it('says expired, today, this week or later in words', () => {
    expect(expiryStatus(-3)).toMatchObject({ key: 'stock.expiry.expired_ago', days: 3 });
    expect(expiryStatus(0).key).toBe('stock.expiry.today');
    expect(expiryStatus(6).key).toBe('stock.expiry.this_week');
    expect(expiryStatus(7).key).toBe('stock.expiry.later');
  });
});
