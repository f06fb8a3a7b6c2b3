import { describe, expect, it } from 'vitest';
import { money } from './currency';
import { parseRate } from './exchange';
import { paymentWorth } from './settle';

const rate = parseRate('4100');

describe('paymentWorth', () => {
  it('counts a payment in the due currency as it is', () => {
    expect(paymentWorth(money(1250, 'USD'), money(5000, 'USD'), rate)).toEqual(money(1250, 'USD'));
  });

  it('converts riel at the rate, half-up: 20,000 riel is $4.88', () => {
    expect(paymentWorth(money(20_000, 'KHR'), money(5000, 'USD'), rate)).toEqual(money(488, 'USD'));
  });

  it('settles a bill paid with its riel figure to the 100-riel note: $10.01 is 41,000 riel and leaves nothing owed', () => {
    expect(paymentWorth(money(41_000, 'KHR'), money(1001, 'USD'), rate)).toEqual(money(1001, 'USD'));
    // Anything else is what it converts to: a note more is worth more than the bill (a payment that refuses it).
    expect(paymentWorth(money(41_100, 'KHR'), money(1001, 'USD'), rate)).toEqual(money(1002, 'USD'));
    expect(paymentWorth(money(40_900, 'KHR'), money(1001, 'USD'), rate)).toEqual(money(998, 'USD'));
  });

  it('converts dollars into a riel bill', () => {
    expect(paymentWorth(money(500, 'USD'), money(100_000, 'KHR'), rate)).toEqual(money(20_500, 'KHR'));
  });
});
