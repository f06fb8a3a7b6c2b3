import type { TranslationTable } from '@posauto/shared/i18n/index';
import { mergeTables } from './merge';

/**
 * The module tables the till (/sale-pos) speaks from, in this language: selling and its server errors. Loaded with the
 * till instead of every module's table (issue #12: 170 KB for /sale-pos); its cash-session dialogs, customer dialog
 * and receipts load the rest when they open, as does the first other screen (km-modules.ts, which holds these too).
 */
export const table: TranslationTable = mergeTables(
  import.meta.glob<TranslationTable>(['../../../../../packages/shared/src/locales/{pos,pos-server}/km.json'], {
    eager: true,
    import: 'default',
  }),
);
