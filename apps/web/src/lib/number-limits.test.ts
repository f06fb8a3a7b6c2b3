/**
 * The forms validate with the shared schemas, so a number past its documented limit (NUMBER_LIMITS) is refused on the
 * screen with the server's own message, in the user's language, before anything is sent.
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { lookup, type Language } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';
import { LIMIT_MESSAGES } from '@posauto/shared/money/index';
import { openCashSessionInputSchema } from '@posauto/shared/schemas/cash-sessions';
import { purchaseInputSchema } from '@posauto/shared/schemas/purchases';
import { stockAdjustmentInputSchema } from '@posauto/shared/schemas/stock';
import { emptyProductValues } from '../features/products/lib/form-values';
import { validateProduct } from '../features/products/lib/validate';
import { table as enCore } from './locales/en';
import { table as enModules } from './locales/en-modules';
import { mergeTables } from './locales/merge';
import { zodValidator } from './zod-form';

const ID = '0190a000-0000-7000-8000-000000000001';
const tIn = (lang: Language) => ((key: string) => lookup(TRANSLATIONS[lang], key) ?? key) as unknown as TFunction;

describe('limits on the forms', () => {
  it('the product form refuses the issue’s cost of 9,999,999,999 with the limit’s key', () => {
    const values = { ...emptyProductValues(), product_name: 'Gold bar', purchase_cost: '9999999999', sale_cost: '10000000' };
    expect(validateProduct(values)).toEqual({ purchase_cost: LIMIT_MESSAGES.price });
  });

  it('an adjustment line says the largest quantity in words of each language', () => {
    const body = { branch_id: ID, adjustment_type_id: ID, adjusted_on: '2026-11-21', lines: [{ product_id: ID, quantity: '999999999' }] };
    expect(zodValidator(stockAdjustmentInputSchema, tIn('en'))(body)).toEqual({
      'lines.0.quantity': 'A quantity can be at most 1,000,000',
    });
    const km = zodValidator(stockAdjustmentInputSchema, tIn('km'))(body)['lines.0.quantity'];
    expect(km).toContain('1,000,000');
    expect(km).not.toBe('A quantity can be at most 1,000,000');
  });

  it('a purchase hears of a line and of the whole document past their limits', () => {
    const line = { product_id: ID, quantity: '1000000', unit_cost: '1000' };
    const body = {
      supplier_id: ID,
      branch_id: ID,
      purchase_date: '2026-11-20',
      status: 'received',
      lines: Array.from({ length: 11 }, () => line),
    };
    expect(zodValidator(purchaseInputSchema, tIn('en'))(body)).toEqual({
      lines: 'The lines (quantity × price) can add up to at most 10,000,000,000',
    });
  });

  it('the cash drawer says its limit per currency', () => {
    expect(zodValidator(openCashSessionInputSchema, tIn('fr'))({ opening_usd: '0', opening_khr: '10000000001' })).toEqual({
      opening_khr: 'Au plus 10\u00a0000\u00a0000\u00a0000 riels',
    });
  });

  it('the web’s own English tables carry every limit message (loaded with the first lazy screen)', () => {
    const web = mergeTables({ core: enCore, modules: enModules });
    for (const key of [...Object.values(LIMIT_MESSAGES), 'validation.stock_too_large']) expect(lookup(web, key), key).toBeTruthy();
  });
});
