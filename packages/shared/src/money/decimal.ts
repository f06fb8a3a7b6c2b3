import { type CurrencyCode, type Money, minorDigits, money } from './currency';
import { DecimalFormatError } from './errors';
import { assertSafeInteger, toSafeInteger } from './integer';
import { type RoundingMode, roundDivBig } from './rounding';

// Deliberately strict: no exponents, grouping separators or locale decimal
// commas. Locale-aware input is normalised by the web app before it gets here.
const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Largest scale we accept; beyond this the scale itself is a programming error. */
const MAX_SCALE = 18;

function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be an integer 0..${MAX_SCALE}, got ${String(scale)}`);
  }
}

/**
 * Parses decimal text into an integer with `scale` fractional digits:
 * parseDecimal('12.34', 2) === 1234. Extra fractional digits are an error
 * unless a rounding mode says how to drop them. Values beyond the safe
 * integer range throw RangeError.
 */
export function parseDecimal(text: string, scale: number, mode?: RoundingMode): number {
  assertScale(scale);
  if (typeof text !== 'string') {
    throw new DecimalFormatError('expected a string', String(text));
  }
  const trimmed = text.trim();
  const match = DECIMAL_PATTERN.exec(trimmed);
  if (!match) throw new DecimalFormatError(`not a decimal number: "${text}"`, text);
  const sign = match[1] ?? '';
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole.length === 0 && fraction.length === 0) {
    throw new DecimalFormatError(`not a decimal number: "${text}"`, text);
  }
  const extraDigits = Math.max(0, fraction.length - scale);
  if (extraDigits > 0 && mode === undefined) {
    throw new DecimalFormatError(`at most ${scale} digit(s) allowed after the decimal point: "${text}"`, text);
  }
  const digits = `${whole}${fraction.padEnd(scale, '0')}`;
  let value = BigInt(digits.length > 0 ? digits : '0');
  if (sign === '-') value = -value;
  if (extraDigits > 0 && mode !== undefined) {
    value = roundDivBig(value, 10n ** BigInt(extraDigits), mode);
  }
  return toSafeInteger(value, `parsed "${text}"`);
}

/** Formats a scaled integer with exactly `scale` fractional digits: (-5, 2) -> "-0.05". */
export function formatDecimal(value: number, scale: number): string {
  assertScale(scale);
  assertSafeInteger(value, 'value');
  const negative = value < 0;
  // A safe integer's own decimal text is exact (no exponent below 1e21): no need to go through BigInt.
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const body = scale === 0 ? whole : `${whole}.${fraction}`;
  return negative ? `-${body}` : body;
}

export function parseMoney(text: string, currency: CurrencyCode, mode?: RoundingMode): Money {
  return money(parseDecimal(text, minorDigits(currency), mode), currency);
}

/** Locale-free, round-trippable form such as "12.34 USD" or "15600 KHR" (for logs, CSV, APIs). */
export function formatMoneyPlain(m: Money): string {
  return `${formatDecimal(m.amount, minorDigits(m.currency))} ${m.currency}`;
}
