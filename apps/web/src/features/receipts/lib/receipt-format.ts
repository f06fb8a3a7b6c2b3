import { formatDecimal, parseDecimal } from '@posauto/shared/money/index';

/** Fraction digits a printed amount keeps: dollars to the cent, riel whole (no riel coins are in use). */
const DIGITS: Record<string, number> = { USD: 2, KHR: 0 };

function grouped(text: string): string {
  const [whole = '0', fraction] = text.split('.');
  const body = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? body : `${body}.${fraction}`;
}

/**
 * An amount the server answered as exact decimal text, the way Cambodian receipts print it: "$4.50", "18,500៛".
 * The text goes through the money module's parser, never through a float. Latin digits whatever the language:
 * cashiers and customers check these figures against the till and their phone.
 */
export function receiptMoney(text: string, currency: string): string {
  const digits = DIGITS[currency] ?? 2;
  const value = parseDecimal(text || '0', digits, 'half-up');
  const plain = formatDecimal(Math.abs(value), digits);
  const sign = value < 0 ? '-' : '';
  if (currency === 'USD') return `${sign}$${grouped(plain)}`;
  if (currency === 'KHR') return `${sign}${grouped(plain)}៛`;
  return `${sign}${grouped(plain)} ${currency}`;
}

/** "4100.0000" -> "4,100": riel per dollar as the shop wrote it, without trailing zeros. */
export function receiptRate(rate: string): string {
  const trimmed = rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate;
  return grouped(trimmed || '0');
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
