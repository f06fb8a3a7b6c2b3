import { MoneyRuleError } from './errors';
import { assertSafeInteger, safeSubtract } from './integer';
import { isValidPercent, percentOf } from './percent';
import type { RoundingMode } from './rounding';

export type Discount =
  | { readonly type: 'percentage'; /** hundredths of a percent, 0..10000 */ readonly value: number }
  | { readonly type: 'fixed'; /** minor units, >= 0 */ readonly value: number };

export interface DiscountResult {
  readonly discount: number;
  readonly net: number;
}

/** Throws MoneyRuleError for a discount the shop must never accept. */
export function validateDiscount(discount: Discount): void {
  if (!Number.isSafeInteger(discount.value)) {
    throw new MoneyRuleError('discount_not_integer', 'discount value must be an integer');
  }
  if (discount.type === 'percentage') {
    if (!isValidPercent(discount.value)) {
      throw new MoneyRuleError('discount_percent_range', 'discount percentage must be 0..100');
    }
  } else if (discount.value < 0) {
    throw new MoneyRuleError('discount_negative', 'fixed discount cannot be negative');
  }
}

/**
 * Applies a discount to an amount; always net === amount - discount.
 * A fixed discount is clamped to the amount so net never goes below zero, and
 * gives nothing on a zero or negative amount (a refund line is not "discounted"
 * into a bigger refund). A percentage discount scales negative amounts
 * symmetrically, so a 10% discount on a -5.00 return line is -0.50.
 */
export function applyDiscount(amount: number, discount: Discount | undefined, mode: RoundingMode = 'half-up'): DiscountResult {
  assertSafeInteger(amount, 'amount');
  if (discount === undefined) return { discount: 0, net: amount };
  validateDiscount(discount);
  const value = discount.type === 'percentage' ? percentOf(amount, discount.value, mode) : Math.min(discount.value, Math.max(amount, 0));
  return { discount: value, net: safeSubtract(amount, value) };
}
