import {
  applyDiscount,
  cashRoundRiel,
  convert,
  exchangeRate,
  formatDecimal,
  money,
  RATE_DIGITS,
  type CurrencyCode,
  type ExchangeRate,
} from '@posauto/shared/money/index';
import { DEFAULT_RATE } from '../settings/index';

/** A price as the menu shows it: what the customer pays, in the product's currency and in riel. */
export interface MenuPrice {
  price: number;
  price_riel: number;
  /** Before the discount, or null when the discount takes nothing off. */
  regular_price: number | null;
}

/** The shop's rate, or the default 4,100 riel per dollar when the shop has no usable one. */
export function menuRate(scaled: number | null | undefined): ExchangeRate {
  return exchangeRate(scaled && Number.isSafeInteger(scaled) && scaled > 0 ? scaled : DEFAULT_RATE);
}

/** "4100.0000" -> "4100", "4100.5000" -> "4100.5". */
export function rateText(rate: ExchangeRate): string {
  return formatDecimal(rate.rate, RATE_DIGITS).replace(/\.?0+$/, '');
}

/**
 * A dollar amount in riel at the shop's rate, rounded half-up to 100 riel (the smallest note, what a customer
 * would actually hand over); a riel amount is already the shop's own price and stays exact.
 */
export function toRiel(amount: number, currency: CurrencyCode, rate: ExchangeRate): number {
  if (currency === 'KHR') return amount;
  return cashRoundRiel(convert(money(amount, currency), 'KHR', rate).amount);
}

/** The sale price less the product's fixed discount (never below zero), in both currencies. */
export function menuPrice(saleCost: number, discount: number, currency: CurrencyCode, rate: ExchangeRate): MenuPrice {
  const { net } = applyDiscount(saleCost, discount > 0 ? { type: 'fixed', value: discount } : undefined);
  return { price: net, price_riel: toRiel(net, currency, rate), regular_price: net === saleCost ? null : saleCost };
}
