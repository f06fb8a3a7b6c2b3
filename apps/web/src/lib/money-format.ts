import { CURRENCIES, formatDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { localeOf } from './format';

/**
 * Formats integer minor units for display. The exact decimal string goes to Intl (which accepts strings),
 * so no amount ever passes through binary floating point.
 */
export function formatMoney(minor: number, currency: CurrencyCode, lang: Language): string {
  const digits = CURRENCIES[currency].minorDigits;
  const nf = new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return nf.format(formatDecimal(minor, digits) as unknown as number);
}
