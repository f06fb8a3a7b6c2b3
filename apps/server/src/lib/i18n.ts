import { DEFAULT_LANGUAGE, interpolate, lookup, pickLanguage, type Language } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';

/** Translates a message key for the caller's language (Accept-Language), falling back to Khmer. */
export function translate(lang: Language, key: string, vars?: Record<string, string | number>): string {
  const text = lookup(TRANSLATIONS[lang], key) ?? lookup(TRANSLATIONS[DEFAULT_LANGUAGE], key);
  return interpolate(text ?? key, vars);
}

export { pickLanguage };
export type { Language };
