import type { Language } from '@posauto/shared/i18n/index';
import { cashMinor, isCashAmount, type CashCurrency } from '@posauto/shared/schemas/cash-sessions';
import { formatMoney } from '../../../lib/money-format';

/** Decimal text of the API ("20.50", "-500") as the shop reads money in the user's language. */
export function formatCash(currency: CashCurrency, text: string | null | undefined, lang: Language): string {
  if (text === null || text === undefined || text === '') return '—';
  const negative = text.startsWith('-');
  const minor = cashMinor(currency, negative ? text.slice(1) : text);
  return formatMoney(negative ? -minor : minor, currency, lang);
}

/** Minor units (cents, riel) as the shop reads money. */
export const formatCashMinor = (currency: CashCurrency, minor: number, lang: Language) => formatMoney(minor, currency, lang);

/** Minor units of what a user typed, or null when it is not an amount of that currency yet. */
export function typedMinor(currency: CashCurrency, text: string): number | null {
  return isCashAmount(currency, text) ? cashMinor(currency, text) : null;
}

/** Minor units of an API amount, which may be negative (a difference). */
export function apiMinor(currency: CashCurrency, text: string): number {
  return text.startsWith('-') ? -cashMinor(currency, text.slice(1)) : cashMinor(currency, text);
}

/** Minor units as the decimal text the API takes ("20.50", "40000"). */
export function minorText(currency: CashCurrency, minor: number): string {
  if (currency === 'KHR') return String(minor);
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
