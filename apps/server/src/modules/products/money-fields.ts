import { formatDecimal, formatQuantity, minorDigits, parseDecimal, parseQuantity, type CurrencyCode } from '@posauto/shared/money/index';
import type { FieldErrors } from './field-errors';

/** Decimal text in the product's currency -> integer minor units; a negative, malformed or too precise amount: a field error. */
export function parseAmount(errors: FieldErrors, field: string, text: string | undefined, currency: CurrencyCode, fallback = 0): number {
  const v = text?.trim() ?? '';
  if (v === '') return fallback;
  if (v.startsWith('-')) {
    errors.add(field, 'validation.money_negative');
    return 0;
  }
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(v);
  if (!m) {
    errors.add(field, 'validation.money_invalid');
    return 0;
  }
  // Trailing zeros say nothing: "2.500" dollars and "4100.00" riel are exact.
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > minorDigits(currency)) {
    errors.add(field, 'validation.money_precision');
    return 0;
  }
  return parseDecimal(fraction ? `${m[1]}.${fraction}` : m[1]!, minorDigits(currency));
}

export function parseQty(errors: FieldErrors, field: string, text: string | null | undefined, mustBePositive: boolean): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    const q = parseQuantity(text);
    if (q < 0 || (mustBePositive && q === 0)) errors.add(field, 'validation.quantity_invalid');
    return q;
  } catch {
    errors.add(field, 'validation.quantity_invalid');
    return null;
  }
}

export const formatAmount = (amount: number, currency: string) => formatDecimal(Number(amount), minorDigits(currency as CurrencyCode));
export const formatQty = (qty: number) => formatQuantity(Number(qty));
