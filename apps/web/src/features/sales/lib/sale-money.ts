import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';

/** An amount the server answered as decimal text, in the app's one money format ("$4.50", "18,500 ៛"). */
export function saleMoney(text: string, currency: string, lang: Language): string {
  return formatMoneyText(text, currency, lang);
}

/** "2.000" -> "2": a quantity without the zeros of its fixed scale. */
export function plainQuantity(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity;
}

export const isNonZero = (text: string | null | undefined) => Boolean(text) && /[1-9]/.test(text!);
