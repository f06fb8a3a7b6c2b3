import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from './currency';
import { MoneyRuleError } from './errors';
import { RATE_SCALE, cashRoundRiel, convert, exchangeRate, formatRate, parseRate } from './exchange';

const rate4100 = parseRate('4100');

describe('parseRate', () => {
  it('reads 4,100 riel per dollar as 41,000,000', () => {
    expect(rate4100).toEqual({ from: 'USD', to: 'KHR', rate: 41_000_000 });
    expect(formatRate(rate4100)).toBe('4100.0000');
  });

  it('accepts fractional rates up to four decimals', () => {
    expect(parseRate('4100.25').rate).toBe(41_002_500);
  });

  it('rejects zero and negative rates', () => {
    expect(() => parseRate('0')).toThrow(MoneyRuleError);
    expect(() => parseRate('-4100')).toThrow(expect.objectContaining({ code: 'exchange_rate_invalid' }));
    expect(() => exchangeRate(0)).toThrow(MoneyRuleError);
  });
});

describe('convert', () => {
  it('prices a $2.75 coffee at 11,275 riel', () => {
    expect(convert(money(275, 'USD'), 'KHR', rate4100)).toEqual(money(11_275, 'KHR'));
  });

  it('values 20,000 riel at $4.88 half-up and $4.87 rounding down', () => {
    expect(convert(money(20_000, 'KHR'), 'USD', rate4100)).toEqual(money(488, 'USD'));
    expect(convert(money(20_000, 'KHR'), 'USD', rate4100, 'down')).toEqual(money(487, 'USD'));
  });

  it('rounds half a riel away from zero', () => {
    const rate = parseRate('4050'); // 1 cent = 40.5 riel
    expect(convert(money(1, 'USD'), 'KHR', rate)).toEqual(money(41, 'KHR'));
    expect(convert(money(-1, 'USD'), 'KHR', rate)).toEqual(money(-41, 'KHR'));
    expect(convert(money(1, 'USD'), 'KHR', rate, 'half-even')).toEqual(money(40, 'KHR'));
  });

  it('returns the same amount when the currency does not change', () => {
    expect(convert(money(275, 'USD'), 'USD', rate4100)).toEqual(money(275, 'USD'));
  });

  it('throws a RangeError instead of overflowing', () => {
    expect(() => convert(money(Number.MAX_SAFE_INTEGER, 'USD'), 'KHR', rate4100)).toThrow(RangeError);
  });

  // USD -> KHR (±0.5 riel) -> cash rounding (±50 riel) -> USD (±0.5 cent) stays within
  // 5050 * RATE_SCALE / rate + 0.5 cents, i.e. at most 1 cent at 4,100 riel per dollar.
  const roundTrip = (cents: number, scaledRate: number): number => {
    const rate = exchangeRate(scaledRate);
    const riel = convert(money(cents, 'USD'), 'KHR', rate).amount;
    return convert(money(cashRoundRiel(riel), 'KHR'), 'USD', rate).amount;
  };

  it('loses at most one cent on a cash round trip at 4,100 riel per dollar', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(Math.abs(roundTrip(cents, rate4100.rate) - cents)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('stays within the documented bound for any rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 100_000 * RATE_SCALE }), (cents, scaledRate) => {
        const diff = BigInt(Math.abs(roundTrip(cents, scaledRate) - cents));
        // |diff| <= 5050 * RATE_SCALE / rate + 1/2, multiplied through by 2 * rate
        expect(2n * diff * BigInt(scaledRate)).toBeLessThanOrEqual(10_100n * BigInt(RATE_SCALE) + BigInt(scaledRate));
      }),
      { numRuns: 1000 },
    );
  });

  it('converts dollars to riel and back without loss when a cent is worth at least one riel', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 100 * RATE_SCALE, max: 20_000 * RATE_SCALE }),
        (cents, scaledRate) => {
          const rate = exchangeRate(scaledRate);
          const khr = convert(money(cents, 'USD'), 'KHR', rate);
          expect(convert(khr, 'USD', rate)).toEqual(money(cents, 'USD'));
        },
      ),
    );
  });
});

describe('cashRoundRiel', () => {
  it('rounds to the nearest 100 riel note', () => {
    expect(cashRoundRiel(11_275)).toBe(11_300);
    expect(cashRoundRiel(11_249)).toBe(11_200);
    expect(cashRoundRiel(4_450)).toBe(4_500);
  });

  it('rounds down or up when asked', () => {
    expect(cashRoundRiel(4_420, 'down')).toBe(4_400);
    expect(cashRoundRiel(4_401, 'up')).toBe(4_500);
    expect(cashRoundRiel(-4_450, 'half-up')).toBe(-4_500);
  });

  it('is stable: rounding an already-rounded amount changes nothing', () => {
    const mode = fc.constantFrom('half-up' as const, 'down' as const, 'up' as const);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), mode, mode, (riel, a, b) => {
        const once = cashRoundRiel(riel, a);
        expect(cashRoundRiel(once, b)).toBe(once);
        expect(Math.abs(once - riel)).toBeLessThan(100);
      }),
    );
  });
});
