import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUNDING_MODES, type RoundingMode, roundDiv, roundToMultiple } from './rounding';

/** Independent reference: derive every mode from floor division and a 2n vs (2q+1)d comparison. */
function reference(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let floor = n / d;
  if (n % d !== 0n && n < 0n) floor -= 1n;
  const exact = floor * d === n;
  const ceil = exact ? floor : floor + 1n;
  if (exact) return floor;
  const towardZero = n >= 0n ? floor : ceil;
  const awayFromZero = n >= 0n ? ceil : floor;
  const twice = 2n * n;
  const mid = (2n * floor + 1n) * d;
  switch (mode) {
    case 'floor':
      return floor;
    case 'ceil':
      return ceil;
    case 'down':
      return towardZero;
    case 'up':
      return awayFromZero;
    case 'half-up':
      return twice === mid ? awayFromZero : twice > mid ? ceil : floor;
    case 'half-even':
      return twice === mid ? (floor % 2n === 0n ? floor : ceil) : twice > mid ? ceil : floor;
  }
}

const mode = fc.constantFrom(...ROUNDING_MODES);
const smallInt = fc.integer({ min: -1_000_000, max: 1_000_000 });
const nonZero = fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0);

describe('roundDiv', () => {
  const table: Array<[number, number, RoundingMode, number]> = [
    [5, 2, 'half-up', 3],
    [-5, 2, 'half-up', -3],
    [5, 2, 'half-even', 2],
    [7, 2, 'half-even', 4],
    [-5, 2, 'half-even', -2],
    [-7, 2, 'half-even', -4],
    [7, 3, 'down', 2],
    [-7, 3, 'down', -2],
    [7, 3, 'up', 3],
    [-7, 3, 'up', -3],
    [-7, 3, 'floor', -3],
    [7, 3, 'floor', 2],
    [-7, 3, 'ceil', -2],
    [7, 3, 'ceil', 3],
    [14, 10, 'half-up', 1],
    [15, 10, 'half-up', 2],
    [-15, 10, 'half-up', -2],
    [-14, 10, 'half-up', -1],
  ];

  it.each(table)('rounds %i / %i with %s to %i', (n, d, m, expected) => {
    expect(roundDiv(n, d, m)).toBe(expected);
  });

  it('rounds half away from zero for negative amounts', () => {
    expect(roundDiv(-25, 10, 'half-up')).toBe(-3);
    expect(roundDiv(-24, 10, 'half-up')).toBe(-2);
  });

  it('treats a negative denominator like a negative numerator', () => {
    expect(roundDiv(5, -2, 'half-up')).toBe(-3);
    expect(roundDiv(-5, -2, 'floor')).toBe(2);
    expect(roundDiv(7, -3, 'ceil')).toBe(-2);
  });

  it('returns exact quotients unchanged in every mode', () => {
    for (const m of ROUNDING_MODES) expect(roundDiv(-12, 4, m)).toBe(-3);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundDiv(-1, 10, 'half-up'), 0)).toBe(true);
    expect(Object.is(roundDiv(-1, 10, 'ceil'), 0)).toBe(true);
  });

  it('accepts bigint operands whose product exceeds the safe integer range', () => {
    const big = BigInt(Number.MAX_SAFE_INTEGER) * 1000n;
    expect(roundDiv(big, 1000n, 'down')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('throws a RangeError when the result is not a safe integer', () => {
    expect(() => roundDiv(BigInt(Number.MAX_SAFE_INTEGER) * 10n, 1, 'down')).toThrow(RangeError);
  });

  it('throws a RangeError for division by zero and for non-integer operands', () => {
    expect(() => roundDiv(1, 0, 'half-up')).toThrow(RangeError);
    expect(() => roundDiv(1.5, 1, 'half-up')).toThrow(RangeError);
    expect(() => roundDiv(Number.MAX_SAFE_INTEGER + 1, 1, 'half-up')).toThrow(RangeError);
  });

  it('agrees with an exact bigint reference for every mode', () => {
    fc.assert(
      fc.property(smallInt, nonZero, mode, (n, d, m) => {
        expect(roundDiv(n, d, m)).toBe(Number(reference(BigInt(n), BigInt(d), m)));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the reference over the whole number fast path (non-negative numerators up to 2^52)', () => {
    const big = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 2 ** 52 - 1_000_000, max: 2 ** 52 }),
      fc.double({ min: 0, max: 2 ** 52, noNaN: true }).map(Math.floor),
    );
    const divisor = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 2 ** 52 }), fc.constant(2 ** 52));
    fc.assert(
      fc.property(big, divisor, mode, (n, d, m) => {
        expect(roundDiv(n, d, m)).toBe(Number(reference(BigInt(n), BigInt(d), m)));
      }),
      { numRuns: 5000 },
    );
    for (const m of ROUNDING_MODES) {
      expect(roundDiv(2 ** 52, 3, m)).toBe(Number(reference(2n ** 52n, 3n, m)));
      expect(roundDiv(2 ** 52 - 1, 2, m)).toBe(Number(reference(2n ** 52n - 1n, 2n, m)));
      expect(roundDiv(5, 10, m)).toBe(Number(reference(5n, 10n, m)));
      expect(roundDiv(15, 10, m)).toBe(Number(reference(15n, 10n, m)));
    }
  });

  it('agrees with the reference for huge bigint numerators', () => {
    const huge = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
    const divisor = fc.bigInt({ min: 10n ** 15n, max: 10n ** 16n });
    fc.assert(
      fc.property(huge, divisor, mode, (n, d, m) => {
        expect(roundDiv(n, d, m)).toBe(Number(reference(n, d, m)));
      }),
    );
  });

  it('is stable: rounding an already-rounded value changes nothing', () => {
    fc.assert(
      fc.property(smallInt, nonZero, mode, mode, (n, d, first, second) => {
        const once = roundDiv(n, d, first);
        expect(roundDiv(once * d, d, second)).toBe(once);
      }),
    );
  });

  it('never moves more than one unit from the exact quotient', () => {
    fc.assert(
      fc.property(smallInt, nonZero, mode, (n, d, m) => {
        const q = BigInt(roundDiv(n, d, m));
        const error = q * BigInt(d) - BigInt(n);
        expect(error < 0n ? -error : error).toBeLessThan(BigInt(Math.abs(d)));
      }),
    );
  });
});

describe('roundToMultiple', () => {
  it('rounds 4,450 riel to 4,500 half-up and to 4,400 down', () => {
    expect(roundToMultiple(4450, 100, 'half-up')).toBe(4500);
    expect(roundToMultiple(4450, 100, 'down')).toBe(4400);
    expect(roundToMultiple(-4450, 100, 'half-up')).toBe(-4500);
  });

  it('rejects a step that is not a positive integer', () => {
    expect(() => roundToMultiple(10, 0, 'half-up')).toThrow(RangeError);
    expect(() => roundToMultiple(10, -100, 'half-up')).toThrow(RangeError);
  });

  it('is idempotent for every mode', () => {
    fc.assert(
      fc.property(smallInt, fc.integer({ min: 1, max: 1000 }), mode, mode, (v, step, a, b) => {
        const once = roundToMultiple(v, step, a);
        expect(once % step === 0).toBe(true);
        expect(roundToMultiple(once, step, b)).toBe(once);
      }),
    );
  });
});
