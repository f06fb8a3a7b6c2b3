import type { Language } from '@posauto/shared/i18n/index';

const LOCALES: Record<Language, string> = { km: 'km-KH', en: 'en-US', zh: 'zh-CN', fr: 'fr-FR', ar: 'ar' };

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

/** Some browsers' Intl data has no Khmer; dates are then written the Khmer way by hand. */
const KM_MONTHS = ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'];
const KM_DIGITS = '០១២៣៤៥៦៧៨៩';
const khmerDigits = (s: string) => s.replace(/[0-9]/g, (d) => KM_DIGITS[Number(d)]!);
const intlHasKhmer = () => Intl.DateTimeFormat.supportedLocalesOf(['km']).length > 0;

const TIME_ZONE_KEY = 'posauto.shop-time-zone';

/**
 * Times are shown on the shop's clock, not the browser's: an owner abroad reads a 7:30 sale in Phnom Penh as 7:30,
 * on the day the reports count it in. The shell sets it from the general settings and keeps the last one, so the
 * next visit starts right. Without one (sign-in, the public pages) the browser's zone is used.
 */
let shopTimeZone: string | undefined = readStoredTimeZone();

function readStoredTimeZone(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(TIME_ZONE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Returns whether the zone changed (the caller then draws the page again). */
export function setShopTimeZone(timeZone: string): boolean {
  if (timeZone === shopTimeZone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    return false;
  }
  shopTimeZone = timeZone;
  try {
    globalThis.localStorage?.setItem(TIME_ZONE_KEY, timeZone);
  } catch {
    // Private mode: the zone still holds for this visit.
  }
  return true;
}

export function getShopTimeZone(): string | undefined {
  return shopTimeZone;
}

/** The wall clock of an instant in the shop's zone (the browser's without one). */
function wallClock(d: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: shopTimeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month') - 1, d: get('day'), h: get('hour'), min: get('minute') };
}

export function khmerDate(d: Date, withTime: boolean): string {
  const w = wallClock(d);
  const date = `${w.d} ${KM_MONTHS[w.m]} ${w.y}`;
  const time = withTime ? ` ${String(w.h).padStart(2, '0')}:${String(w.min).padStart(2, '0')}` : '';
  return khmerDigits(date + time);
}

export function formatDate(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (lang === 'km' && !intlHasKhmer()) return khmerDate(d, false);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: shopTimeZone }).format(d);
}

export function formatDateTime(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (lang === 'km' && !intlHasKhmer()) return khmerDate(d, true);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: shopTimeZone }).format(d);
}

/** Short month name for charts. */
export function formatMonth(monthIndex: number, lang: Language): string {
  if (lang === 'km' && !intlHasKhmer()) return KM_MONTHS[monthIndex]!;
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, monthIndex, 1)));
}

export function formatInteger(n: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(n);
}
