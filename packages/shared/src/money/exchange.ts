import { type CurrencyCode, type Money, assertCurrency, minorUnitsPerMajor, money } from './currency';
import { formatDecimal, parseDecimal } from './decimal';
import { MoneyRuleError } from './errors';
import { assertSafeInteger, toSafeInteger } from './integer';
import { type RoundingMode, roundDivBig, roundToMultiple } from './rounding';

/** Rates are ten-thousandths of a riel per dollar: 4,100 KHR/USD -> 41_000_000. */
export const RATE_SCALE = 10_000;
export const RATE_DIGITS = 4;

/** The smallest riel note in everyday use; cash change is rounded to it. */
export const RIEL_CASH_UNIT = 100;

/** A rate frozen at sale time so a receipt can be recomputed identically later. */
export interface ExchangeRate {
  readonly from: 'USD';
  readonly to: 'KHR';
  /** KHR per 1 USD, scaled by RATE_SCALE */
  readonly rate: number;
}

export function assertExchangeRate(rate: ExchangeRate): void {
  if (rate.from !== 'USD' || rate.to !== 'KHR') {
    throw new MoneyRuleError('exchange_rate_invalid', 'only USD -> KHR rates are supported');
  }
  if (!Number.isSafeInteger(rate.rate) || rate.rate <= 0) {
    throw new MoneyRuleError('exchange_rate_invalid', 'exchange rate must be a positive integer');
  }
}

export function exchangeRate(scaledRate: number): ExchangeRate {
  const rate: ExchangeRate = { from: 'USD', to: 'KHR', rate: scaledRate };
  assertExchangeRate(rate);
  return rate;
}

/** Riel per dollar as plain decimal text: "4100" -> 41_000_000, "4100.5" -> 41_005_000. */
export function parseRate(text: string): ExchangeRate {
  return exchangeRate(parseDecimal(text, RATE_DIGITS));
}

export function formatRate(rate: ExchangeRate): string {
  return formatDecimal(rate.rate, RATE_DIGITS);
}

/**
 * Value of one minor unit of `currency` in a common unit of
 * 1 / (RATE_SCALE x USD minor units) of a riel minor unit. Both currencies are
 * whole numbers in it, so mixed-currency sums are exact until the final rounding.
 */
export function commonUnitsPerMinor(currency: CurrencyCode, rate: ExchangeRate): bigint {
  assertCurrency(currency);
  assertExchangeRate(rate);
  return currency === 'USD' ? BigInt(rate.rate) * minorUnitsPerMajor('KHR') : BigInt(RATE_SCALE) * minorUnitsPerMajor('USD');
}

/** Exact value of `m` in common units (see commonUnitsPerMinor). */
export function toCommonUnits(m: Money, rate: ExchangeRate): bigint {
  assertSafeInteger(m.amount, 'amount');
  return BigInt(m.amount) * commonUnitsPerMinor(m.currency, rate);
}

/**
 * Converts between USD and KHR at a frozen rate. 2.75 USD at 4,100 -> 11,275 KHR.
 * Going USD -> KHR -> cash-rounded KHR -> USD (all half-up) stays within
 * 5050 * RATE_SCALE / rate + 0.5 cents of the start: at most 1 cent at 4,100.
 */
export function convert(m: Money, to: CurrencyCode, rate: ExchangeRate, mode: RoundingMode = 'half-up'): Money {
  assertCurrency(to);
  if (m.currency === to) return money(m.amount, to);
  const value = roundDivBig(toCommonUnits(m, rate), commonUnitsPerMinor(to, rate), mode);
  return money(toSafeInteger(value, 'converted amount'), to);
}

/** Rounds riel to the nearest 100 (or down/up when the direction matters for cash). */
export function cashRoundRiel(riel: number, mode: 'half-up' | 'down' | 'up' = 'half-up'): number {
  return roundToMultiple(riel, RIEL_CASH_UNIT, mode);
}

/**
 * The riel figure of an amount as cash is paid: converted at the frozen rate, then to the nearest 100-riel note.
 * One rule for the till's "to pay", the receipt, the invoice and the reports; paying it in riel settles the amount
 * (computeChange writes off the shortfall of under half a note).
 */
export function rielTotal(amount: Money, rate: ExchangeRate): Money {
  // Rounded once, from the exact value: converting to whole riel first could round 26,749.6 up to 26,800.
  const perNote = commonUnitsPerMinor('KHR', rate) * BigInt(RIEL_CASH_UNIT);
  const notes = roundDivBig(toCommonUnits(amount, rate), perNote, 'half-up');
  return money(toSafeInteger(notes * BigInt(RIEL_CASH_UNIT), 'riel total'), 'KHR');
}
