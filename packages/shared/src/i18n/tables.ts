import type { Language, TranslationTable } from './index';
import en from '../locales/en.json';
import km from '../locales/km.json';
import zh from '../locales/zh.json';
import fr from '../locales/fr.json';
import ar from '../locales/ar.json';
import accountsEn from '../locales/accounts/en.json';
import accountsKm from '../locales/accounts/km.json';
import accountsZh from '../locales/accounts/zh.json';
import accountsFr from '../locales/accounts/fr.json';
import accountsAr from '../locales/accounts/ar.json';

/** Later tables add keys to earlier ones (a module's own file may extend a shared namespace such as validation). */
function merge(...tables: TranslationTable[]): TranslationTable {
  const out: TranslationTable = {};
  for (const table of tables) {
    for (const [key, value] of Object.entries(table)) {
      const prev = out[key];
      out[key] = typeof value === 'object' && typeof prev === 'object' ? merge(prev, value) : value;
    }
  }
  return out;
}

/** Core tables plus one file per module and language (locales/<module>/<lang>.json). */
export const TRANSLATIONS: Record<Language, TranslationTable> = {
  km: merge(km, accountsKm),
  en: merge(en, accountsEn),
  zh: merge(zh, accountsZh),
  fr: merge(fr, accountsFr),
  ar: merge(ar, accountsAr),
};
