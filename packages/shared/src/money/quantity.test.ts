import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalFormatError } from './errors';
import {
  FACTOR_SCALE,
  QTY_SCALE,
  convertQuantity,
  convertQuantityFromBase,
  formatQuantity,
  lineAmount,
  parseFactor,
  parseQuantity,
} from './quantity';

describe('parseQuantity and formatQuantity', () => {
  it('stores quantities in thousandths of the base unit', () => {
    expect(QTY_SCALE).toBe(1000);
    expect(parseQuantity('1.5')).toBe(1500);
    expect(parseQuantity('2')).toBe(2000);
    expect(parseQuantity('0.125')).toBe(125);
  });

  it('rejects a fourth decimal unless told how to round', () => {
    expect(() => parseQuantity('0.1234')).toThrow(DecimalFormatError);
    expect(parseQuantity('0.1235', 'half-up')).toBe(124);
  });

  it('drops trailing zeros when formatting', () => {
    expect(formatQuantity(2000)).toBe('2');
    expect(formatQuantity(1500)).toBe('1.5');
    expect(formatQuantity(125)).toBe('0.125');
    expect(formatQuantity(-250)).toBe('-0.25');
    expect(formatQuantity(0)).toBe('0');
  });

  it('round-trips every quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (q) => {
        expect(parseQuantity(formatQuantity(q))).toBe(q);
      }),
    );
  });
});

describe('convertQuantity', () => {
  const boxOf24 = parseFactor('24');

  it('turns 2 boxes of 24 cans into 48 cans', () => {
    expect(boxOf24).toBe(24 * FACTOR_SCALE);
    expect(convertQuantity(2000, boxOf24, 'half-up')).toBe(48_000);
  });

  it('turns 30 cans back into 1.25 boxes', () => {
    expect(convertQuantityFromBase(30_000, boxOf24, 'half-up')).toBe(1250);
  });

  it('rounds as instructed when the factor does not divide evenly', () => {
    const thirdOfKg = parseFactor('0.333333');
    expect(convertQuantity(1000, thirdOfKg, 'half-up')).toBe(333);
    expect(convertQuantity(1000, thirdOfKg, 'up')).toBe(334);
    expect(convertQuantityFromBase(1000, thirdOfKg, 'down')).toBe(3000);
  });

  it('rejects a zero or negative factor', () => {
    expect(() => convertQuantity(1000, 0, 'half-up')).toThrow(RangeError);
    expect(() => parseFactor('-1')).toThrow(RangeError);
  });

  it('survives a round trip through an integer factor without loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (qty, units) => {
        const factor = units * FACTOR_SCALE;
        const base = convertQuantity(qty, factor, 'half-up');
        expect(convertQuantityFromBase(base, factor, 'half-up')).toBe(qty);
      }),
    );
  });
});

describe('lineAmount', () => {
  it('prices two $2.75 coffees at $5.50', () => {
    expect(lineAmount(2000, 275)).toBe(550);
  });

  it('rounds 1.5 kg at $3.99/kg half-up to $5.99', () => {
    expect(lineAmount(1500, 399)).toBe(599);
    expect(lineAmount(1500, 399, 'down')).toBe(598);
  });

  it('prices riel lines in whole riel', () => {
    expect(lineAmount(333, 1500)).toBe(500);
  });

  it('handles return lines with negative quantities symmetrically', () => {
    expect(lineAmount(-1500, 399)).toBe(-599);
  });

  it('throws a RangeError when the line total is too large to represent', () => {
    expect(() => lineAmount(Number.MAX_SAFE_INTEGER, 1_000_000)).toThrow(RangeError);
  });
});
