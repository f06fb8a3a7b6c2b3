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
import accountsUiEn from '../locales/accounts-ui/en.json';
import accountsUiKm from '../locales/accounts-ui/km.json';
import accountsUiZh from '../locales/accounts-ui/zh.json';
import accountsUiFr from '../locales/accounts-ui/fr.json';
import accountsUiAr from '../locales/accounts-ui/ar.json';
import catalogueEn from '../locales/catalogue/en.json';
import catalogueKm from '../locales/catalogue/km.json';
import catalogueZh from '../locales/catalogue/zh.json';
import catalogueFr from '../locales/catalogue/fr.json';
import catalogueAr from '../locales/catalogue/ar.json';

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
  km: merge(km, accountsKm, accountsUiKm, catalogueKm),
  en: merge(en, accountsEn, accountsUiEn, catalogueEn),
  zh: merge(zh, accountsZh, accountsUiZh, catalogueZh),
  fr: merge(fr, accountsFr, accountsUiFr, catalogueFr),
  ar: merge(ar, accountsAr, accountsUiAr, catalogueAr),
};
