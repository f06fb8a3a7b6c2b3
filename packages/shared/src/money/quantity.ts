import { formatDecimal, parseDecimal } from './decimal';
import { assertSafeInteger, toBigIntOperand, toSafeInteger } from './integer';
import { type RoundingMode, roundDivBig } from './rounding';

/** Quantities are thousandths of the product's base unit (1.5 kg -> 1500). */
export const QTY_SCALE = 1000;
export const QTY_DIGITS = 3;

/** Unit conversion factors are millionths (1 box = 24 cans -> 24_000_000). */
export const FACTOR_SCALE = 1_000_000;
export const FACTOR_DIGITS = 6;

export function parseQuantity(text: string, mode?: RoundingMode): number {
  return parseDecimal(text, QTY_DIGITS, mode);
}

/** Trailing zeros are dropped because "2" reads better than "2.000" on a receipt. */
export function formatQuantity(qty: number): string {
  const fixed = formatDecimal(qty, QTY_DIGITS);
  return fixed.replace(/\.?0+$/, '');
}

export function parseFactor(text: string): number {
  const factor = parseDecimal(text, FACTOR_DIGITS);
  assertFactor(factor);
  return factor;
}

function assertFactor(factor: number): void {
  if (!Number.isSafeInteger(factor) || factor <= 0) {
    throw new RangeError(`conversion factor must be a positive safe integer, got ${String(factor)}`);
  }
}

/**
 * Converts a quantity expressed in a packaging unit into the base unit:
 * 2 boxes (2000) with factor 24_000_000 -> 48 cans (48000). Rounding is
 * explicit because fractional factors (e.g. 0.333 kg per piece) rarely divide evenly.
 */
export function convertQuantity(qty: number, factor: number, mode: RoundingMode): number {
  assertSafeInteger(qty, 'qty');
  assertFactor(factor);
  const base = roundDivBig(BigInt(qty) * BigInt(factor), BigInt(FACTOR_SCALE), mode);
  return toSafeInteger(base, 'converted quantity');
}

/** Inverse of convertQuantity: base-unit quantity expressed in the packaging unit. */
export function convertQuantityFromBase(baseQty: number, factor: number, mode: RoundingMode): number {
  assertSafeInteger(baseQty, 'baseQty');
  assertFactor(factor);
  const qty = roundDivBig(BigInt(baseQty) * BigInt(FACTOR_SCALE), BigInt(factor), mode);
  return toSafeInteger(qty, 'converted quantity');
}

/** Price of a sale line: qty (thousandths) x unit price (minor units), rounded to a minor unit. */
export function lineAmount(qty: number, unitPrice: number, mode: RoundingMode = 'half-up'): number {
  const product = toBigIntOperand(qty, 'qty') * toBigIntOperand(unitPrice, 'unitPrice');
  return toSafeInteger(roundDivBig(product, BigInt(QTY_SCALE), mode), 'line amount');
}
