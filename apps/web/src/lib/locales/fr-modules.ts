import type { TranslationTable } from '@posauto/shared/i18n/index';
import { mergeTables } from './merge';

/** The other module tables of this language (locales/<module>/fr.json), merged; loaded with the first lazy screen. */
export const table: TranslationTable = mergeTables(
  import.meta.glob<TranslationTable>(['../../../../../packages/shared/src/locales/*/fr.json', '!**/accounts-ui/fr.json'], {
    eager: true,
    import: 'default',
  }),
);
