import type { TranslationTable } from '@posauto/shared/i18n/index';
import core from '../../../../../packages/shared/src/locales/ar.json';
import accountsUi from '../../../../../packages/shared/src/locales/accounts-ui/ar.json';
import { mergeTables } from './merge';

/** What the first screen says (login, shell, validation, errors; the sign-up links): the core table and accounts-ui. */
export const table: TranslationTable = mergeTables({ 'locales/ar.json': core, 'locales/accounts-ui/ar.json': accountsUi });
