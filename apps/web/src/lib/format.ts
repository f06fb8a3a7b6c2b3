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

export function khmerDate(d: Date, withTime: boolean): string {
  const date = `${d.getDate()} ${KM_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
  const time = withTime ? ` ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}` : '';
  return khmerDigits(date + time);
}

export function formatDate(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (lang === 'km' && !intlHasKhmer()) return khmerDate(d, false);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(d);
}

export function formatDateTime(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (lang === 'km' && !intlHasKhmer()) return khmerDate(d, true);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Short month name for charts. */
export function formatMonth(monthIndex: number, lang: Language): string {
  if (lang === 'km' && !intlHasKhmer()) return KM_MONTHS[monthIndex]!;
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, monthIndex, 1)));
}

export function formatInteger(n: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(n);
}
