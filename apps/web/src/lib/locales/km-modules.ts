import type { TranslationTable } from '@posauto/shared/i18n/index';
import { mergeTables } from './merge';

/** The other module tables of this language (locales/<module>/km.json), merged; loaded with the first lazy screen. */
export const table: TranslationTable = mergeTables(
  import.meta.glob<TranslationTable>(['../../../../../packages/shared/src/locales/*/km.json', '!**/accounts-ui/km.json'], {
    eager: true,
    import: 'default',
  }),
);
