import type { Language } from '@posauto/shared/i18n/index';

const LOCALES: Record<Language, string> = { km: 'km-KH', en: 'en-US', zh: 'zh-CN', fr: 'fr-FR', ar: 'ar' };

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

export function formatDate(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(d);
}

export function formatDateTime(iso: string, lang: Language): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatInteger(n: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(n);
}
