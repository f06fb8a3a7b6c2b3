import { createHash } from 'node:crypto';
import {
  formatDecimal,
  isCurrencyCode,
  minorDigits,
  money,
  parseDecimal,
  rielTotal,
  type CurrencyCode,
  type ExchangeRate,
} from '@posauto/shared/money/index';
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

/** Paid in full, not at all, or in part; a sale that costs nothing owes nothing. */
export function paymentStatusOf(paid: number, total: number): PaymentStatus {
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partial' : 'unpaid';
}

/** A sale's figure in riel as cash pays it (rielTotal: the nearest 100-riel note); a riel sale's own figure as it is. */
export function rielOf(amount: number, currency: string, rate: ExchangeRate): number {
  if (currency === 'KHR' || !isCurrencyCode(currency)) return Number(amount);
  return rielTotal(money(Number(amount), currency as CurrencyCode), rate).amount;
}

/**
 * The fingerprint of a request sent with an Idempotency-Key: SHA-256 of its parsed body as JSON with its keys
 * sorted (and absent and null fields alike), so the same sale resent by the till matches whatever the key order.
 */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== null && x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => [k, canonical(x)]),
      );
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}
