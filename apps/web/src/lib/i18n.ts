import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, RTL_LANGUAGES, type Language, type TranslationTable } from '@posauto/shared/i18n/index';
import { mergeTables } from './locales/merge';

/** localStorage key named by the spec; the code is stored in lower case. */
export const LOCALE_KEY = 'app-locale';

/**
 * Each language's tables in two chunks: the core (what the login page and the shell say) loads at start-up, the
 * modules' tables with the first lazily loaded screen (loadModuleTranslations). Other languages are never loaded
 * unless asked for (a switch, or a screen that shows two languages at once).
 */
type TableModule = () => Promise<{ table: TranslationTable }>;
const CORE: Record<Language, TableModule> = {
  km: () => import('./locales/km'),
  en: () => import('./locales/en'),
  zh: () => import('./locales/zh'),
  fr: () => import('./locales/fr'),
  ar: () => import('./locales/ar'),
};
const MODULES: Record<Language, TableModule> = {
  km: () => import('./locales/km-modules'),
  en: () => import('./locales/en-modules'),
  zh: () => import('./locales/zh-modules'),
  fr: () => import('./locales/fr-modules'),
  ar: () => import('./locales/ar-modules'),
};

/** The till's share of the module tables (pos, pos-server): all the till needs to show itself and sell. */
const TILL: Record<Language, TableModule> = {
  km: () => import('./locales/km-till'),
  en: () => import('./locales/en-till'),
  zh: () => import('./locales/zh-till'),
  fr: () => import('./locales/fr-till'),
  ar: () => import('./locales/ar-till'),
};

/** Which module tables the screens opened so far need: none (login), the till's, or every module's. */
type Wanted = 'none' | 'till' | 'all';
let wanted: Wanted = 'none';
const added = { till: new Map<Language, Promise<void>>(), all: new Map<Language, Promise<void>>() };

/** A language's table: its core, plus the module tables the screens opened so far need. */
export async function loadTranslations(lang: Language, withModules: Wanted | boolean = wanted): Promise<TranslationTable> {
  const level: Wanted = withModules === true ? 'all' : withModules === false ? 'none' : withModules;
  const [core, modules] = await Promise.all([CORE[lang](), level === 'all' ? MODULES[lang]() : level === 'till' ? TILL[lang]() : null]);
  return modules ? mergeTables({ 0: core.table, 1: modules.table }) : core.table;
}

function addModules(level: 'till' | 'all'): Promise<void> {
  if (wanted !== 'all') wanted = level;
  const langs = Object.keys(i18n.store?.data ?? {}).filter(isLanguage);
  const load = level === 'all' ? MODULES : TILL;
  return Promise.all(
    langs.map((lang) => {
      let done = added[level].get(lang);
      if (!done) {
        done = load[lang]().then((m) => void i18n.addResourceBundle(lang, 'translation', m.table, true, false));
        added[level].set(lang, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/** Adds every module's table to each language loaded so far (and to those loaded later); resolves when they are in. */
export function loadModuleTranslations(): Promise<void> {
  return addModules('all');
}

/**
 * Adds only the till's module tables (about 4 KB gzip instead of 15): the till's first load stays light (issue #12:
 * 170 KB for /sale-pos). A till dialog that may show another module's message loads them all (loadModuleTranslations).
 */
export function loadTillTranslations(): Promise<void> {
  return wanted === 'all' ? loadModuleTranslations() : addModules('till');
}

/**
 * Adds one module's table to every language loaded so far (a lazily loaded screen's few words), unless every module's
 * table is in already: `load` answers the language's table.
 */
export function addModuleTable(load: (lang: Language) => Promise<TranslationTable | undefined>): Promise<void> {
  if (wanted === 'all') return Promise.resolve();
  const langs = Object.keys(i18n.store?.data ?? {}).filter(isLanguage);
  return Promise.all(
    langs.map(async (lang) => {
      const table = await load(lang);
      if (table) i18n.addResourceBundle(lang, 'translation', table, true, false);
    }),
  ).then(() => undefined);
}

/** i18next asks for a language's table when it is first needed (start-up, a switch, useTranslation with lng). */
const lazyTables: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || namespace !== 'translation') return callback(null, {});
    loadTranslations(language).then(
      (table) => callback(null, table),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * Chinese glyphs: their font rules (about a hundred slices per weight, each file fetched only for the characters a
 * page shows, by unicode-range) are added only when Chinese is shown.
 */
function loadScriptFonts(lang: Language): void {
  if (lang === 'zh') {
    void import('@fontsource/noto-sans-sc/400.css');
    void import('@fontsource/noto-sans-sc/700.css');
  }
}

export function storedLanguage(): Language {
  const v = localStorage.getItem(LOCALE_KEY)?.toLowerCase();
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

export function isRtl(lang: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(lang);
}

/** Starts i18next in the stored language; `ready` settles once that language's table has loaded. */
export function initI18n(): { lang: Language; ready: Promise<unknown> } {
  const lng = storedLanguage();
  const ready = i18n
    .use(lazyTables)
    .use(initReactI18next)
    .init({
      lng,
      // Every key exists in all five tables (a test checks it), so no other language is loaded as a fallback.
      fallbackLng: false,
      supportedLngs: Object.keys(CORE),
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  loadScriptFonts(lng);
  i18n.on('languageChanged', (l) => {
    if (isLanguage(l)) loadScriptFonts(l);
  });
  document.documentElement.lang = lng;
  document.documentElement.dir = isRtl(lng) ? 'rtl' : 'ltr';
  return { lang: lng, ready };
}

/** Stores the choice and reloads, as the spec describes: the app starts again in that language. */
export function changeLanguage(lang: Language): void {
  localStorage.setItem(LOCALE_KEY, lang.toLowerCase());
  window.location.reload();
}

export function currentLanguage(): Language {
  const l = i18n.language;
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

export { i18n };
