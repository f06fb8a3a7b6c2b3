import type { TranslationTable } from '@posauto/shared/i18n/index';
import { addModuleTable } from '../../../lib/i18n';

/** The number limits' messages alone (locales/limits), one small chunk per language: the till's line dialog says them. */
const TABLES = import.meta.glob<TranslationTable>('../../../../../../packages/shared/src/locales/limits/*.json', { import: 'default' });

export const loadLimitTranslations = (): Promise<void> =>
  addModuleTable((lang) => Object.entries(TABLES).find(([path]) => path.endsWith(`/${lang}.json`))?.[1]() ?? Promise.resolve(undefined));
