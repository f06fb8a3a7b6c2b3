import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from './currency';
import { formatDecimal, formatMoneyPlain, parseDecimal, parseMoney } from './decimal';
import { DecimalFormatError } from './errors';

describe('parseDecimal', () => {
  it('reads "12.34" at scale 2 as 1234', () => {
    expect(parseDecimal('12.34', 2)).toBe(1234);
  });

  it('reads "-0.5" at scale 2 as -50', () => {
    expect(parseDecimal('-0.5', 2)).toBe(-50);
  });

  it('pads missing fractional digits and accepts whole numbers', () => {
    expect(parseDecimal('2.7', 2)).toBe(270);
    expect(parseDecimal('4100', 0)).toBe(4100);
    expect(parseDecimal('3', 3)).toBe(3000);
  });

  it('accepts a leading plus, a bare fraction, a trailing point and surrounding spaces', () => {
    expect(parseDecimal('+1.25', 2)).toBe(125);
    expect(parseDecimal('.5', 2)).toBe(50);
    expect(parseDecimal('5.', 2)).toBe(500);
    expect(parseDecimal('  2.75 ', 2)).toBe(275);
  });

  it('reads negative zero as plain zero', () => {
    expect(Object.is(parseDecimal('-0.00', 2), 0)).toBe(true);
  });

  it('rejects more fractional digits than the scale allows', () => {
    expect(() => parseDecimal('2.755', 2)).toThrow(DecimalFormatError);
  });

  it('rounds extra fractional digits when a rounding mode is given', () => {
    expect(parseDecimal('2.755', 2, 'half-up')).toBe(276);
    expect(parseDecimal('-2.755', 2, 'half-up')).toBe(-276);
    expect(parseDecimal('2.745', 2, 'half-even')).toBe(274);
    expect(parseDecimal('2.759', 2, 'down')).toBe(275);
  });

  it.each(['', ' ', '.', '-', '1,000', '1e3', 'abc', '1.2.3', '12a', '--1', '$5', 'NaN', 'Infinity'])(
    'rejects %j with a DecimalFormatError',
    (text) => {
      expect(() => parseDecimal(text, 2)).toThrow(DecimalFormatError);
    },
  );

  it('throws a RangeError for values beyond the safe integer range', () => {
    expect(() => parseDecimal('90071992547409.92', 2)).toThrow(RangeError);
    expect(parseDecimal('90071992547409.91', 2)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('rejects an invalid scale', () => {
    expect(() => parseDecimal('1', -1)).toThrow(RangeError);
    expect(() => parseDecimal('1', 1.5)).toThrow(RangeError);
  });
});

describe('formatDecimal', () => {
  it('formats 1234 at scale 2 as "12.34" and -5 as "-0.05"', () => {
    expect(formatDecimal(1234, 2)).toBe('12.34');
    expect(formatDecimal(-5, 2)).toBe('-0.05');
  });

  it('keeps trailing zeros and has no point at scale 0', () => {
    expect(formatDecimal(1200, 2)).toBe('12.00');
    expect(formatDecimal(0, 2)).toBe('0.00');
    expect(formatDecimal(15580, 0)).toBe('15580');
  });

  it('formats the extreme safe integers exactly', () => {
    expect(formatDecimal(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
    expect(formatDecimal(Number.MIN_SAFE_INTEGER, 2)).toBe('-90071992547409.91');
  });

  it('refuses non-integer values', () => {
    expect(() => formatDecimal(1.5, 2)).toThrow(RangeError);
  });

  it('round-trips through parseDecimal for every safe integer and scale', () => {
    const value = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 8 }), (x, scale) => {
        expect(parseDecimal(formatDecimal(x, scale), scale)).toBe(x);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseMoney and formatMoneyPlain', () => {
  it('reads a $2.75 coffee as 275 cents', () => {
    expect(parseMoney('2.75', 'USD')).toEqual({ amount: 275, currency: 'USD' });
  });

  it('reads riel as whole riel and rejects riel fractions', () => {
    expect(parseMoney('20000', 'KHR')).toEqual({ amount: 20000, currency: 'KHR' });
    expect(() => parseMoney('100.5', 'KHR')).toThrow(DecimalFormatError);
  });

  it('formats without locale grouping and names the currency', () => {
    expect(formatMoneyPlain(money(380, 'USD'))).toBe('3.80 USD');
    expect(formatMoneyPlain(money(-15580, 'KHR'))).toBe('-15580 KHR');
  });
});
