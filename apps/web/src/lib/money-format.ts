import { CURRENCIES, formatDecimal, isCurrencyCode, parseDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { localeOf } from './format';

/**
 * The one way the web app writes money, in every language:
 *
 * - dollars: the sign, then "$", then the amount to the cent: "$1,234.50", "-$2.00";
 * - riel: whole riel, then a no-break space, then "៛": "26,700 ៛", "-500 ៛".
 *
 * Digits, group and decimal separators come from the UI language through Intl (a French screen writes "1 234,50");
 * the symbol's place is ours, not Intl's `style: 'currency'` (which writes "KHR 6,588,331" in English and "US$" in
 * some locales). The exact decimal text goes to Intl, which accepts strings: no amount passes through a float.
 *
 * In Arabic the whole amount is a left-to-right isolate (U+2066 ... U+2069), so the sign, the digits and the symbol
 * stay together and in this order inside a right-to-left sentence.
 */

/** Between a riel amount and its sign: a no-break space, so "៛" never wraps onto a line of its own. */
export const RIEL_SPACE = '\u00a0';

const SYMBOLS: Record<CurrencyCode, string> = { USD: '$', KHR: '៛' };
const LTR_ISOLATE = '\u2066';
const POP_ISOLATE = '\u2069';
/** The marks some Intl data puts around numbers (LRM, RLM, ALM): the isolate does their work. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Language, minFraction: number, maxFraction: number): Intl.NumberFormat {
  const key = `${lang}:${minFraction}:${maxFraction}`;
  let nf = formats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(localeOf(lang), {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      useGrouping: true,
    });
    formats.set(key, nf);
  }
  return nf;
}

/** The language's minus sign ("-" in the app's languages), without bidi marks. */
function minusSign(lang: Language): string {
  const part = numberFormat(lang, 0, 0)
    .formatToParts(-1)
    .find((p) => p.type === 'minusSign');
  return part ? part.value.replace(BIDI_MARKS, '') || '-' : '-';
}

/** Unsigned exact decimal text ("1234.50") grouped in the language's digits ("1,234.50"). */
function digitsOf(unsigned: string, lang: Language, minFraction: number, maxFraction: number): string {
  return numberFormat(lang, minFraction, maxFraction)
    .format(unsigned as unknown as number)
    .replace(BIDI_MARKS, '');
}

/** Keeps an amount (or a rate line) in one piece inside Arabic text. */
function isolate(text: string, lang: Language): string {
  return lang === 'ar' ? `${LTR_ISOLATE}${text}${POP_ISOLATE}` : text;
}

function place(negative: boolean, number: string, currency: CurrencyCode, lang: Language): string {
  const sign = negative ? minusSign(lang) : '';
  return currency === 'USD' ? `${sign}${SYMBOLS.USD}${number}` : `${sign}${number}${RIEL_SPACE}${SYMBOLS.KHR}`;
}

/** Integer minor units (cents, riel) as the app writes money: "$1,234.50", "-$2.00", "26,700 ៛". */
export function formatMoney(minor: number, currency: CurrencyCode, lang: Language): string {
  const digits = CURRENCIES[currency].minorDigits;
  const number = digitsOf(formatDecimal(Math.abs(minor), digits), lang, digits, digits);
  return isolate(place(minor < 0, number, currency, lang), lang);
}

/**
 * The server's exact decimal text ("1234.5", "-0.25", "18500") written like `formatMoney`, rounded half-up to the
 * currency's digits (dollars to the cent, riel whole). Empty text is zero. Text that is not an amount, or a currency
 * the app does not know, is shown as it came ("12 EUR") rather than hidden.
 */
export function formatMoneyText(text: string | null | undefined, currency: string, lang: Language): string {
  const raw = (text ?? '').trim();
  if (!isCurrencyCode(currency)) return `${raw} ${currency}`.trim();
  try {
    return formatMoney(parseDecimal(raw || '0', CURRENCIES[currency].minorDigits, 'half-up'), currency, lang);
  } catch {
    return `${raw} ${currency}`;
  }
}

function rateTexts(rateText: string, lang: Language): { usd: string; riel: string } | null {
  const raw = rateText.trim();
  if (!/^\d+(\.\d+)?$/.test(raw)) return null;
  const trimmed = raw.includes('.') ? raw.replace(/\.?0+$/, '') : raw;
  return {
    usd: place(false, digitsOf('1', lang, 0, 0), 'USD', lang),
    riel: place(false, digitsOf(trimmed || '0', lang, 0, 4), 'KHR', lang),
  };
}

/**
 * The shop's rate as one line everywhere: "$1 = 4,100 ៛" (riel for one dollar; a rate with decimals keeps them,
 * up to four: "$1 = 4,012.5 ៛"). Text that is not a rate is shown as it came.
 */
export function formatRate(rateText: string, lang: Language): string {
  const parts = rateTexts(rateText, lang);
  return parts ? isolate(`${parts.usd} = ${parts.riel}`, lang) : rateText.trim();
}

/** The two sides of `formatRate` ("$1", "4,100 ៛"), each kept whole, for a sentence that places them itself. */
export function formatRateParts(rateText: string, lang: Language): { usd: string; riel: string } {
  const parts = rateTexts(rateText, lang);
  return parts ? { usd: isolate(parts.usd, lang), riel: isolate(parts.riel, lang) } : { usd: '', riel: rateText.trim() };
}

/** Decimal text with the opposite sign ("1.50" -> "-1.50"), for a deduction written as a negative amount. */
export function negated(text: string): string {
  const t = text.trim();
  return t.startsWith('-') ? t.slice(1) : `-${t}`;
}
