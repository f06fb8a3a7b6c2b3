import { formatDecimal, isCurrencyCode, minorDigits, parseDecimal } from '@posauto/shared/money/index';
import type { PaymentStatus } from '@posauto/shared/schemas/purchases';
import { unprocessable } from '../../http/errors';

const digitsOf = (currency: string) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);

/** Decimal text (already checked by the schema: not negative, at most 4 decimals) -> minor units of `currency`. */
export function toMinor(text: string, currency: string, field: string): number {
  const [whole, fraction = ''] = text.trim().split('.');
  // Trailing zeros say nothing: "2.500" dollars and "4100.00" riel are exact.
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > digitsOf(currency)) throw unprocessable('validation.money_precision', field);
  return parseDecimal(kept ? `${whole}.${kept}` : whole!, digitsOf(currency));
}

/** Minor units as decimal text in their currency ("12.50", "41000"). */
export const moneyOut = (amount: number, currency: string) => formatDecimal(Number(amount), digitsOf(currency));

/** Paid in full, not at all, or in part; a purchase that costs nothing owes nothing. */
export function paymentStatusOf(paid: number, total: number): PaymentStatus {
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partial' : 'unpaid';
}
