import { CURRENCIES, isCurrencyCode, parseDecimal } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoney } from '../../../lib/money-format';

/** An amount the server answered as decimal text, shown in the user's language ("$4.50", "៛18,500"). */
export function saleMoney(text: string, currency: string, lang: Language): string {
  if (!isCurrencyCode(currency)) return `${text} ${currency}`;
  return formatMoney(parseDecimal(text || '0', CURRENCIES[currency].minorDigits, 'half-up'), currency, lang);
}

/** "2.000" -> "2": a quantity without the zeros of its fixed scale. */
export function plainQuantity(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity;
}

export const isNonZero = (text: string | null | undefined) => Boolean(text) && /[1-9]/.test(text!);
