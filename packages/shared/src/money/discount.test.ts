import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Discount, applyDiscount } from './discount';
import { MoneyRuleError } from './errors';
import { PERCENT_RANGE_MESSAGE, isValidPercent, parsePercent, percentOf } from './percent';
import { serviceCharge } from './service';

describe('percentOf', () => {
  it('takes 12.5% of $10.00 as $1.25', () => {
    expect(parsePercent('12.5')).toBe(1250);
    expect(percentOf(1000, 1250)).toBe(125);
  });

  it('rounds 10% of $2.75 half-up to 28 cents and down to 27', () => {
    expect(percentOf(275, 1000)).toBe(28);
    expect(percentOf(275, 1000, 'down')).toBe(27);
    expect(percentOf(-275, 1000)).toBe(-28);
  });
});

describe('isValidPercent', () => {
  it('accepts 0 to 100 percent inclusive', () => {
    expect(isValidPercent(0)).toBe(true);
    expect(isValidPercent(10_000)).toBe(true);
    expect(isValidPercent(1250)).toBe(true);
  });

  it('rejects negatives, more than 100% and non-integers', () => {
    expect(isValidPercent(-1)).toBe(false);
    expect(isValidPercent(10_001)).toBe(false);
    expect(isValidPercent(12.5)).toBe(false);
    expect(isValidPercent('50')).toBe(false);
  });

  it('keeps the app wording for the range message', () => {
    expect(PERCENT_RANGE_MESSAGE).toBe('Between 0 to 100');
  });
});

describe('applyDiscount', () => {
  it('takes 10% off a $2.75 coffee, leaving $2.47', () => {
    expect(applyDiscount(275, { type: 'percentage', value: 1000 })).toEqual({
      discount: 28,
      net: 247,
    });
  });

  it('takes a fixed 50 cents off', () => {
    expect(applyDiscount(275, { type: 'fixed', value: 50 })).toEqual({ discount: 50, net: 225 });
  });

  it('clamps a fixed discount larger than the amount so net is zero, not negative', () => {
    expect(applyDiscount(275, { type: 'fixed', value: 500 })).toEqual({ discount: 275, net: 0 });
  });

  it('gives no fixed discount on a return line', () => {
    expect(applyDiscount(-275, { type: 'fixed', value: 100 })).toEqual({ discount: 0, net: -275 });
  });

  it('returns the amount unchanged when there is no discount', () => {
    expect(applyDiscount(275, undefined)).toEqual({ discount: 0, net: 275 });
  });

  it.each<[Discount, string]>([
    [{ type: 'percentage', value: 10_001 }, 'discount_percent_range'],
    [{ type: 'percentage', value: -1 }, 'discount_percent_range'],
    [{ type: 'fixed', value: -1 }, 'discount_negative'],
    [{ type: 'fixed', value: 0.5 }, 'discount_not_integer'],
  ])('rejects %j with code %s', (discount, code) => {
    expect(() => applyDiscount(1000, discount)).toThrow(MoneyRuleError);
    expect(() => applyDiscount(1000, discount)).toThrow(expect.objectContaining({ code }));
  });

  it('never makes a non-negative amount negative and always balances', () => {
    const discount = fc.oneof(
      fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
      fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: 1e9 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), discount, (amount, d) => {
        const result = applyDiscount(amount, d);
        expect(result.net + result.discount).toBe(amount);
        expect(result.net).toBeGreaterThanOrEqual(0);
        expect(result.discount).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('serviceCharge', () => {
  it('adds a 5% service charge of 14 cents to $2.75', () => {
    expect(serviceCharge(275, { type: 'percentage', value: 500 })).toBe(14);
  });

  it('adds a fixed fee as is', () => {
    expect(serviceCharge(275, { type: 'fixed', value: 100 })).toBe(100);
  });

  it('is zero when there is no service charge', () => {
    expect(serviceCharge(275, undefined)).toBe(0);
  });

  it('rejects an out-of-range or negative service charge', () => {
    expect(() => serviceCharge(275, { type: 'percentage', value: 20_000 })).toThrow(
      expect.objectContaining({ code: 'service_percent_range' }),
    );
    expect(() => serviceCharge(275, { type: 'fixed', value: -5 })).toThrow(expect.objectContaining({ code: 'service_negative' }));
  });
});
