import { MoneyRuleError } from './errors';
import { assertSafeInteger, safeAdd, safeSubtract, toSafeInteger } from './integer';

export type CurrencyCode = 'USD' | 'KHR';

export interface CurrencyInfo {
  readonly code: CurrencyCode;
  /** Digits after the decimal point in the minor unit (USD cents: 2). */
  readonly minorDigits: number;
}

export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = {
  USD: { code: 'USD', minorDigits: 2 },
  // Riel coins/sub-units are not used in practice, so riel amounts are whole riel.
  KHR: { code: 'KHR', minorDigits: 0 },
};

export interface Money {
  /** Integer amount in the currency's minor unit (cents for USD, riel for KHR). */
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return value === 'USD' || value === 'KHR';
}

export function assertCurrency(value: unknown): asserts value is CurrencyCode {
  if (!isCurrencyCode(value)) {
    throw new MoneyRuleError('currency_unknown', `unknown currency: ${String(value)}`);
  }
}

export function minorDigits(currency: CurrencyCode): number {
  assertCurrency(currency);
  return CURRENCIES[currency].minorDigits;
}

/** 10^minorDigits: how many minor units make one major unit. */
export function minorUnitsPerMajor(currency: CurrencyCode): bigint {
  return 10n ** BigInt(minorDigits(currency));
}

export function money(amount: number, currency: CurrencyCode): Money {
  assertCurrency(currency);
  assertSafeInteger(amount, 'amount');
  return { amount, currency };
}

function assertSameCurrency(a: CurrencyCode, b: CurrencyCode): void {
  if (a !== b) {
    throw new MoneyRuleError('currency_mismatch', `cannot combine ${a} with ${b} without an exchange rate`);
  }
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a.currency, b.currency);
  return money(safeAdd(a.amount, b.amount), a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a.currency, b.currency);
  return money(safeSubtract(a.amount, b.amount), a.currency);
}

/** Sums a list; the currency is explicit so an empty list still has one. */
export function sumMoney(list: readonly Money[], currency: CurrencyCode): Money {
  assertCurrency(currency);
  let total = 0n;
  for (const m of list) {
    assertSameCurrency(currency, m.currency);
    assertSafeInteger(m.amount, 'amount');
    total += BigInt(m.amount);
  }
  return money(toSafeInteger(total, 'sum'), currency);
}
