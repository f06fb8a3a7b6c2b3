import { CURRENCIES, formatDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoney } from '../../lib/money-format';
import { localeOf } from '../../lib/format';

/**
 * Menu prices: dollars through the app's money format ("$2.50"), riel with the riel sign ("៛10,300") where the
 * app's format would write the code ("KHR 10,300"), which reads poorly on a price tag. Exact decimal text goes to
 * Intl, never a float.
 */
export function menuMoney(minor: number, currency: CurrencyCode, lang: Language): string {
  if (currency !== 'KHR') return formatMoney(minor, currency, lang);
  const digits = CURRENCIES.KHR.minorDigits;
  const nf = new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return nf.format(formatDecimal(minor, digits) as unknown as number);
}

/** The shop's rate ("4100", "4000.5") as riel for one dollar: "៛4,100". */
export function menuRate(rateText: string, lang: Language): string {
  const nf = new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'KHR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 4,
  });
  return nf.format(rateText as unknown as number);
}
