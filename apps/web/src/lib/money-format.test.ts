import { describe, expect, it } from 'vitest';
import type { Language } from '@posauto/shared/i18n/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import { formatMoney, formatMoneyText, formatRate, formatRateParts, negated } from './money-format';
import { receiptMoney, receiptRate } from '../features/receipts/lib/receipt-format';
import { showMoney, showRiel } from '../components/report/report-money';
import { moneyText, rielText } from '../features/pos/lib/money-text';
import { menuMoney, menuRate } from '../features/qr-menu/menu-money';
import { saleMoney } from '../features/sales/lib/sale-money';
import { formatCash } from '../features/cash-sessions/lib/cash-money';
import { formatPrice } from '../features/products/lib/display';

const NBSP = '\u00a0';
const LRI = '\u2066';
const PDI = '\u2069';
/** The Arabic form: the same amount, kept whole as a left-to-right isolate. */
const ar = (text: string) => `${LRI}${text}${PDI}`;
/** French groups with a narrow no-break space (what Intl writes). */
const NNBSP = '\u202f';

describe('formatMoney: one format for each currency', () => {
  it('writes dollars as $1,234.50, the sign before the $, two decimals', () => {
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(175, 'USD', 'en')).toBe('$1.75');
    expect(formatMoney(-200, 'USD', 'en')).toBe('-$2.00');
    expect(formatMoney(-1, 'USD', 'en')).toBe('-$0.01');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
    expect(formatMoney(-0, 'USD', 'en')).toBe('$0.00');
    // The largest amount the app takes (10,000,000) and far beyond, exact to the cent.
    expect(formatMoney(1_000_000_000, 'USD', 'en')).toBe('$10,000,000.00');
    expect(formatMoney(99_999_999_999_99, 'USD', 'en')).toBe('$99,999,999,999.99');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD', 'en')).toBe('$90,071,992,547,409.91');
  });

  it('writes riel whole, grouped, then a no-break space and ៛', () => {
    expect(formatMoney(26_700, 'KHR', 'en')).toBe(`26,700${NBSP}៛`);
    expect(formatMoney(6_588_331, 'KHR', 'en')).toBe(`6,588,331${NBSP}៛`);
    expect(formatMoney(-500, 'KHR', 'en')).toBe(`-500${NBSP}៛`);
    expect(formatMoney(0, 'KHR', 'en')).toBe(`0${NBSP}៛`);
    expect(formatMoney(41_000_000_000, 'KHR', 'en')).toBe(`41,000,000,000${NBSP}៛`);
  });

  it("uses the language's digits and separators, the same symbol places in every language", () => {
    const usd = (lang: Language) => formatMoney(-123456789, 'USD', lang);
    const khr = (lang: Language) => formatMoney(1127500, 'KHR', lang);
    const intl = (locale: string, text: string, digits: number) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(text as unknown as number);
    expect(usd('km')).toBe(`-$${intl('km-KH', '1234567.89', 2)}`);
    expect(khr('km')).toBe(`${intl('km-KH', '1127500', 0)}${NBSP}៛`);
    expect(usd('zh')).toBe('-$1,234,567.89');
    expect(khr('zh')).toBe(`1,127,500${NBSP}៛`);
    expect(usd('fr')).toBe(`-$1${NNBSP}234${NNBSP}567,89`);
    expect(khr('fr')).toBe(`1${NNBSP}127${NNBSP}500${NBSP}៛`);
    const arDigits = intl('ar', '1234567.89', 2).replace(/[\u200e\u200f\u061c]/g, '');
    expect(usd('ar')).toBe(ar(`-$${arDigits}`));
    expect(khr('ar')).toBe(ar(`${intl('ar', '1127500', 0).replace(/[\u200e\u200f\u061c]/g, '')}${NBSP}៛`));
    expect(formatMoney(0, 'KHR', 'ar')).toBe(ar(`${intl('ar', '0', 0)}${NBSP}៛`));
  });

  it('never prints a currency code, US$ or a stray bidi mark', () => {
    for (const lang of ['en', 'km', 'ar', 'zh', 'fr'] as const) {
      for (const text of [formatMoney(-658833100, 'USD', lang), formatMoney(-6588331, 'KHR', lang)]) {
        expect(text).not.toMatch(/USD|KHR|US\$|[\u200e\u200f\u061c]/);
        if (lang !== 'ar') expect(text).not.toMatch(/[\u2066-\u2069]/);
      }
    }
  });
});

describe('formatMoneyText: the exact decimal text of the server', () => {
  it('reads the text exactly (no float) and writes it like formatMoney', () => {
    expect(formatMoneyText('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoneyText('0.1', 'USD', 'en')).toBe('$0.10');
    expect(formatMoneyText('-0.25', 'USD', 'en')).toBe('-$0.25');
    expect(formatMoneyText('1234567.891', 'USD', 'en')).toBe('$1,234,567.89');
    expect(formatMoneyText('9007199254740.99', 'USD', 'en')).toBe('$9,007,199,254,740.99');
    expect(formatMoneyText('18500', 'KHR', 'en')).toBe(`18,500${NBSP}៛`);
    expect(formatMoneyText('18500.00', 'KHR', 'km')).toBe(formatMoney(18500, 'KHR', 'km'));
    expect(formatMoneyText('', 'USD', 'en')).toBe('$0.00');
    expect(formatMoneyText(null, 'KHR', 'en')).toBe(`0${NBSP}៛`);
  });

  it('shows what it cannot read as it came', () => {
    expect(formatMoneyText('12', 'EUR', 'en')).toBe('12 EUR');
    expect(formatMoneyText('abc', 'USD', 'en')).toBe('abc USD');
  });

  it('negates decimal text for deductions', () => {
    expect(formatMoneyText(negated('1.50'), 'USD', 'en')).toBe('-$1.50');
    expect(negated('-2')).toBe('2');
  });
});

describe('the rate line', () => {
  it('reads one way: $1 = 4,100 ៛', () => {
    expect(formatRate('4100.0000', 'en')).toBe(`$1 = 4,100${NBSP}៛`);
    expect(formatRate('4012.5000', 'en')).toBe(`$1 = 4,012.5${NBSP}៛`);
    expect(formatRate('4100', 'fr')).toBe(`$1 = 4${NNBSP}100${NBSP}៛`);
    expect(formatRate('4100', 'ar')).toBe(ar(`$1 = 4,100${NBSP}៛`));
    expect(formatRateParts('4100.0000', 'en')).toEqual({ usd: '$1', riel: `4,100${NBSP}៛` });
  });
});

describe('every helper writes the same text as formatMoney', () => {
  const period: ReportPeriodInfo = {
    period: 'this_month',
    from: '2026-11-01',
    to: '2026-11-21',
    time_zone: 'Asia/Phnom_Penh',
    branch_id: null,
    currency: 'USD',
    exchange_rate: '4100.0000',
  };
  for (const lang of ['en', 'km', 'ar', 'zh', 'fr'] as const) {
    it(`in ${lang}`, () => {
      const usd = formatMoney(-123450, 'USD', lang);
      const khr = formatMoney(18_500, 'KHR', lang);
      // Receipts and the A4 invoice
      expect(receiptMoney('-1234.50', 'USD', lang)).toBe(usd);
      expect(receiptMoney('18500', 'KHR', lang)).toBe(khr);
      expect(receiptRate('4100.0000', lang)).toBe(formatRate('4100', lang));
      // Reports
      expect(showMoney('-1234.5', 'USD', lang)).toBe(usd);
      expect(showRiel('4.50', period, lang)).toBe(khr);
      // The till
      expect(moneyText(-123450, 'USD', lang)).toBe(usd);
      expect(rielText(18_500, lang)).toBe(khr);
      // The QR menu
      expect(menuMoney(-123450, 'USD', lang)).toBe(usd);
      expect(menuMoney(18_500, 'KHR', lang)).toBe(khr);
      expect(menuRate('4100', lang)).toEqual(formatRateParts('4100', lang));
      // Sales, cash sessions, products
      expect(saleMoney('-1234.50', 'USD', lang)).toBe(usd);
      expect(formatCash('USD', '-1234.50', lang)).toBe(usd);
      expect(formatCash('KHR', '18500', lang)).toBe(khr);
      expect(formatPrice('18500', 'KHR', lang)).toBe(khr);
    });
  }
});
