import { describe, expect, it } from 'vitest';
import {
  LIMIT_MESSAGES,
  NUMBER_LIMITS,
  addIfSafe,
  decimalTextWithin,
  documentLimitProblem,
  isLimitMessage,
  linesOverLimit,
  roundDivIfSafe,
} from './limits';
import { FACTOR_SCALE, QTY_SCALE } from './quantity';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** The worst case of a money figure in minor units: dollars, 100 cents each. */
const cents = (major: number) => BigInt(major) * 100n;

describe('the documented limits keep the server’s arithmetic exact', () => {
  it('the largest quantity at the largest price is a safe line, in thousandths times cents', () => {
    const q = BigInt(NUMBER_LIMITS.quantity) * BigInt(QTY_SCALE);
    expect((q * cents(NUMBER_LIMITS.price)) / BigInt(QTY_SCALE)).toBeLessThanOrEqual(10n ** 15n);
  });

  it('the stock ledger’s average (millionths of a cent per unit) of the largest cost is safe', () => {
    expect(cents(NUMBER_LIMITS.price) * 1_000_000n).toBeLessThanOrEqual(SAFE);
  });

  it('a price times the largest unit factor, and the largest quantity in that unit, stay safe', () => {
    const factor = BigInt(NUMBER_LIMITS.unitFactor) * BigInt(FACTOR_SCALE);
    expect((cents(NUMBER_LIMITS.price) * factor) / BigInt(FACTOR_SCALE)).toBeLessThanOrEqual(SAFE);
    expect((BigInt(NUMBER_LIMITS.quantity) * BigInt(QTY_SCALE) * factor) / BigInt(FACTOR_SCALE)).toBeLessThanOrEqual(SAFE);
  });

  it('a document at its limit, with VAT and service at 100 % and the largest shipping, stays far below a safe integer', () => {
    const grand = cents(NUMBER_LIMITS.total) * 3n + cents(NUMBER_LIMITS.amount);
    expect(grand * 1_000n).toBeLessThanOrEqual(SAFE);
  });

  it('nests the tiers: a price under a line, a line under a document', () => {
    expect(NUMBER_LIMITS.price).toBeLessThan(NUMBER_LIMITS.amount);
    expect(NUMBER_LIMITS.amount).toBeLessThan(NUMBER_LIMITS.total);
    expect(NUMBER_LIMITS.cash.USD * 100).toBe(NUMBER_LIMITS.cash.KHR);
  });
});

describe('decimalTextWithin', () => {
  it('takes the limit itself, with or without decimals, and refuses the smallest step above it', () => {
    expect(decimalTextWithin('1000000', 1_000_000)).toBe(true);
    expect(decimalTextWithin('1000000.000', 1_000_000)).toBe(true);
    expect(decimalTextWithin('1000000.001', 1_000_000)).toBe(false);
    expect(decimalTextWithin(' 999999999 ', 1_000_000)).toBe(false);
    expect(decimalTextWithin('9999999999', NUMBER_LIMITS.price)).toBe(false);
    expect(decimalTextWithin('0', 0)).toBe(true);
  });

  it('leaves malformed text to the shape rule', () => {
    for (const text of ['', 'abc', '-5000000000', '1e12', '1,000,000', '.5']) expect(decimalTextWithin(text, 1)).toBe(true);
  });

  it('compares exactly where a double would not', () => {
    expect(decimalTextWithin('9007199254740993', 9_007_199_254_740_992)).toBe(false);
  });
});

describe('linesOverLimit', () => {
  const at = (quantity: string, price: string | null) => ({ quantity, price });

  it('accepts a line at exactly the line limit and refuses one a fraction above', () => {
    expect(linesOverLimit([at('1000000', '1000')])).toEqual({ lines: [], total: false });
    expect(linesOverLimit([at('1000000', '1000.0001')])).toEqual({ lines: [0], total: false });
    expect(linesOverLimit([at('0.001', '10000000'), at('999999999', '9999999999')])).toEqual({ lines: [1], total: true });
  });

  it('adds the lines up exactly against the document limit', () => {
    const line = at('100000', '10000');
    expect(linesOverLimit(Array.from({ length: 10 }, () => line))).toEqual({ lines: [], total: false });
    expect(linesOverLimit([...Array.from({ length: 10 }, () => line), at('0.001', '0.0001')])).toEqual({ lines: [], total: true });
  });

  it('skips lines without a price of their own and lines that are malformed', () => {
    expect(linesOverLimit([at('1000000', null), at('abc', '5'), at('5', '-1')])).toEqual({ lines: [], total: false });
  });
});

describe('documentLimitProblem (the server, once prices are known)', () => {
  const qty = (units: number) => units * QTY_SCALE;

  it('reads the limits in the currency’s own minor units', () => {
    // 1,000,000 x 1,000.00 dollars = the line limit exactly; in riel the same minor figure is 100 times less.
    expect(documentLimitProblem('USD', [{ quantity: qty(1_000_000), unitPrice: 100_000 }])).toBeNull();
    expect(documentLimitProblem('USD', [{ quantity: qty(1_000_000), unitPrice: 100_001 }])).toEqual({
      field: 'lines.0.quantity',
      key: LIMIT_MESSAGES.line,
    });
    expect(documentLimitProblem('KHR', [{ quantity: qty(1_000_000), unitPrice: 1_000 }])).toBeNull();
    expect(documentLimitProblem('KHR', [{ quantity: qty(1_000_000), unitPrice: 1_001 }])?.key).toBe(LIMIT_MESSAGES.line);
  });

  it('names the first line too large, else the lines that add up to too much', () => {
    const line = { quantity: qty(1_000_000), unitPrice: 100_000 };
    expect(documentLimitProblem('USD', [line, { quantity: qty(1), unitPrice: 10 ** 15 }])?.field).toBe('lines.1.quantity');
    expect(
      documentLimitProblem(
        'USD',
        Array.from({ length: 10 }, () => line),
      ),
    ).toBeNull();
    expect(
      documentLimitProblem(
        'USD',
        Array.from({ length: 11 }, () => line),
      ),
    ).toEqual({ field: 'lines', key: LIMIT_MESSAGES.document });
  });
});

describe('the ledger’s guards', () => {
  it('divide and add while the result is a safe integer, and answer null beyond', () => {
    expect(roundDivIfSafe(15n, 10n)).toBe(2);
    expect(roundDivIfSafe(-15n, 10n)).toBe(-2);
    expect(roundDivIfSafe(SAFE * 10n, 10n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(roundDivIfSafe(SAFE * 10n + 10n, 10n)).toBeNull();
    expect(roundDivIfSafe(-(SAFE + 1n), 1n)).toBeNull();
    expect(addIfSafe(Number.MAX_SAFE_INTEGER - 1, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(addIfSafe(Number.MAX_SAFE_INTEGER, 1)).toBeNull();
    expect(addIfSafe(Number.MIN_SAFE_INTEGER, -1)).toBeNull();
  });
});

describe('isLimitMessage', () => {
  it('knows every limit message and nothing else', () => {
    for (const key of Object.values(LIMIT_MESSAGES)) expect(isLimitMessage(key)).toBe(true);
    for (const key of ['validation.money_invalid', 'validation.quantity_invalid', 'validation.stock_too_large', 'x'])
      expect(isLimitMessage(key)).toBe(false);
  });
});
