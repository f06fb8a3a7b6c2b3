import { describe, expect, it } from 'vitest';
import { CURRENCIES, addMoney, money, subtractMoney, sumMoney } from './currency';
import { MoneyRuleError } from './errors';

describe('currencies', () => {
  it('uses cents for dollars and whole riel for KHR', () => {
    expect(CURRENCIES.USD.minorDigits).toBe(2);
    expect(CURRENCIES.KHR.minorDigits).toBe(0);
  });
});

describe('money', () => {
  it('builds a value from integer minor units', () => {
    expect(money(275, 'USD')).toEqual({ amount: 275, currency: 'USD' });
  });

  it('refuses fractional or unsafe amounts', () => {
    expect(() => money(2.75, 'USD')).toThrow(RangeError);
    expect(() => money(Number.MAX_SAFE_INTEGER + 1, 'USD')).toThrow(RangeError);
  });

  it('refuses an unknown currency', () => {
    expect(() => money(1, 'EUR' as never)).toThrow(MoneyRuleError);
  });
});

describe('addMoney, subtractMoney and sumMoney', () => {
  it('adds and subtracts in the same currency', () => {
    expect(addMoney(money(275, 'USD'), money(105, 'USD'))).toEqual(money(380, 'USD'));
    expect(subtractMoney(money(275, 'USD'), money(300, 'USD'))).toEqual(money(-25, 'USD'));
  });

  it('throws a currency_mismatch error when mixing dollars and riel', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'KHR'))).toThrow(expect.objectContaining({ code: 'currency_mismatch' }));
    expect(() => subtractMoney(money(1, 'KHR'), money(1, 'USD'))).toThrow(MoneyRuleError);
  });

  it('sums a list, including an empty one', () => {
    expect(sumMoney([money(275, 'USD'), money(275, 'USD'), money(50, 'USD')], 'USD')).toEqual(money(600, 'USD'));
    expect(sumMoney([], 'KHR')).toEqual(money(0, 'KHR'));
  });

  it('refuses a list containing another currency', () => {
    expect(() => sumMoney([money(1, 'USD'), money(100, 'KHR')], 'USD')).toThrow(MoneyRuleError);
  });

  it('throws a RangeError instead of silently overflowing', () => {
    const big = money(Number.MAX_SAFE_INTEGER, 'USD');
    expect(() => addMoney(big, money(1, 'USD'))).toThrow(RangeError);
    expect(() => sumMoney([big, big], 'USD')).toThrow(RangeError);
  });
});
