import type { TranslationTable } from '@posauto/shared/i18n/index';
import core from '../../../../../packages/shared/src/locales/en.json';
import accountsUi from '../../../../../packages/shared/src/locales/accounts-ui/en.json';
import { mergeTables } from './merge';

/** What the first screen says (login, shell, validation, errors; the sign-up links): the core table and accounts-ui. */
export const table: TranslationTable = mergeTables({ 'locales/en.json': core, 'locales/accounts-ui/en.json': accountsUi });
