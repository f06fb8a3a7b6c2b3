import { CURRENCIES, isCurrencyCode, money, parseDecimal, parseRate, rielTotal, type CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import { formatMoney } from '../../lib/money-format';
import { localeOf } from '../../lib/format';

/** The shop's currency of a report answer (USD when it names something else). */
export const reportCurrency = (period: ReportPeriodInfo | undefined): CurrencyCode =>
  isCurrencyCode(period?.currency) ? period.currency : 'USD';

/** A money decimal string of the answer as integer minor units (exact: no float on the way). */
export const toMinor = (value: string, currency: CurrencyCode) => parseDecimal(value, CURRENCIES[currency].minorDigits);

/** An answer's amount written in the shop's currency, e.g. $1,234.50. */
export function showMoney(value: string | null | undefined, currency: CurrencyCode, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  return formatMoney(toMinor(value, currency), currency, lang);
}

/**
 * The same amount in riel at the period's rate, as the till, the receipt and the invoice say it (the money module's
 * riel total: the nearest 100-riel note), or null when the books are kept in riel already. Riel is a view here: the
 * books stay in the shop's currency.
 */
export function showRiel(value: string | null | undefined, period: ReportPeriodInfo | undefined, lang: Language): string | null {
  const currency = reportCurrency(period);
  if (!period || currency === 'KHR' || value === null || value === undefined || value === '') return null;
  try {
    const riel = rielTotal(money(toMinor(value, currency), currency), parseRate(period.exchange_rate));
    return formatMoney(riel.amount, 'KHR', lang);
  } catch {
    return null;
  }
}

/** The rate as people read it: 4,100 (riel per unit of the shop's currency). */
export function showRate(period: ReportPeriodInfo, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 4 }).format(period.exchange_rate as unknown as number);
}

/** A decimal string (quantity or count) written with the language's digit grouping, still exact. */
export function showNumber(value: string | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  return new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 4 }).format(String(value) as unknown as number);
}

/** An amount for a chart, as integer minor units of the shop's currency (exact, like the dashboard's charts). */
export const chartMinor = (value: string | null | undefined, currency: CurrencyCode) => (value ? toMinor(value, currency) : 0);

/** A chart's axis or tooltip value in minor units, written as money (an axis tick may fall between two cents). */
export const chartMoney = (minor: number, currency: CurrencyCode, lang: Language) => formatMoney(Math.round(minor), currency, lang);

/** A number for a chart's bar (display only: charts plot floats, the table shows the exact figures). */
export const chartNumber = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
