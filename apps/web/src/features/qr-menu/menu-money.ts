import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoney, formatRateParts } from '../../lib/money-format';

/** Menu prices in the app's one money format (lib/money-format): "$2.50", "10,300 ៛". */
export function menuMoney(minor: number, currency: CurrencyCode, lang: Language): string {
  return formatMoney(minor, currency, lang);
}

/** The shop's rate ("4100", "4000.5") as the two sides of the app's rate line: "$1" and "4,100 ៛". */
export function menuRate(rateText: string, lang: Language): { usd: string; riel: string } {
  return formatRateParts(rateText, lang);
}
