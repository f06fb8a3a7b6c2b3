import { type CurrencyCode, type ExchangeRate, formatDecimal, parseRate, rielTotal } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoney } from '../../../lib/money-format';

/** Money as the till shows it: the app's one money format (lib/money-format), "$3.58". */
export function moneyText(minor: number, currency: CurrencyCode, lang: Language): string {
  return formatMoney(minor, currency, lang);
}

/** Riel as cash (whole notes of 100), in the app's one money format: "14,700 ៛". */
export function rielText(riel: number, lang: Language): string {
  return formatMoney(riel, 'KHR', lang);
}

/** The shop's rate, or null when it is not set (the riel lines are then left out). */
export function rateOf(text: string | undefined): ExchangeRate | null {
  try {
    return text ? parseRate(text) : null;
  } catch {
    return null;
  }
}

/** An amount of the shop's currency in riel as cash pays it (the money module's riel total: the nearest 100-riel note). */
export function inRiel(minor: number, currency: CurrencyCode, rate: ExchangeRate | null): number | null {
  if (!rate || currency !== 'USD') return null;
  return rielTotal({ amount: minor, currency }, rate).amount;
}

/** Minor units as the plain decimal text an input shows ("3.50"). */
export function plainAmount(minor: number, currency: CurrencyCode): string {
  return formatDecimal(minor, currency === 'KHR' ? 0 : 2);
}
