import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, RTL_LANGUAGES, type Language } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';

/** localStorage key named by the spec; the code is stored in lower case. */
export const LOCALE_KEY = 'app-locale';

export function storedLanguage(): Language {
  const v = localStorage.getItem(LOCALE_KEY)?.toLowerCase();
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

export function isRtl(lang: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(lang);
}

export function initI18n(): Language {
  const lng = storedLanguage();
  void i18n.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(TRANSLATIONS).map(([l, table]) => [l, { translation: table }])),
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
  return lng;
}

/** Stores the choice, makes it current and reloads, as the spec describes. */
export function changeLanguage(lang: Language): void {
  localStorage.setItem(LOCALE_KEY, lang.toLowerCase());
  void i18n.changeLanguage(lang);
  window.location.reload();
}

export function currentLanguage(): Language {
  const l = i18n.language;
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

export { i18n };
