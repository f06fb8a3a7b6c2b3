import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText, formatRate } from '../../../lib/money-format';

/**
 * An amount the server answered as exact decimal text, printed in the app's one money format in the receipt's
 * language: "$4.50", "18,500 ៛" (lib/money-format). The text goes through the money module's parser, never through a
 * float. The receipt writes figures exactly as the till's screen does in the same language, so the cashier and the
 * customer check the paper against the screen digit for digit.
 */
export function receiptMoney(text: string, currency: string, lang: Language): string {
  return formatMoneyText(text, currency, lang);
}

/** "4100.0000" -> "$1 = 4,100 ៛": the rate line, as the app writes it everywhere. */
export function receiptRate(rate: string, lang: Language): string {
  return formatRate(rate, lang);
}

/** "2.000" -> "2", "0.500" -> "0.5": a quantity without the zeros of its fixed scale. */
export function receiptQuantity(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity;
}

/** True for decimal text that is not zero ("0", "0.00", "-0" are zero). */
export function isNonZero(text: string | null | undefined): boolean {
  return Boolean(text) && /[1-9]/.test(text!);
}

/**
 * The sale's date and time as the shop's clock showed them ("21/11/2026 15:04"), whatever the time zone of the
 * computer that prints: a reprint in another city shows the same time as the first print.
 */
export function receiptDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return receiptDateTime(iso, 'UTC');
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A sale day ("2026-11-21") as printed: "21/11/2026". */
export function receiptDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}
