import { describe, expect, it } from 'vitest';
import { flattenKeys, LANGUAGES, lookup } from './index';
import { TRANSLATIONS } from './tables';

const en = TRANSLATIONS.en;
const enKeys = flattenKeys(en).sort();

/** Values that are rightly the same in every language: language names, the brand, and codes. */
const SAME_AS_ENGLISH_ALLOWED = [/^languages\./, /^app\.name$/];
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

describe('translation tables', () => {
  for (const lang of LANGUAGES) {
    const table = TRANSLATIONS[lang];

    it(`${lang} has every key of the English table and no other`, () => {
      expect(flattenKeys(table).sort()).toEqual(enKeys);
    });

    it(`${lang} keeps every {{placeholder}} of the English text`, () => {
      for (const key of enKeys) {
        expect(placeholders(lookup(table, key) ?? ''), `${lang}:${key}`).toEqual(placeholders(lookup(en, key)!));
      }
    });

    it(`${lang} has no empty value`, () => {
      for (const key of enKeys) expect((lookup(table, key) ?? '').trim(), `${lang}:${key}`).not.toBe('');
    });
  }

  for (const lang of ['km', 'zh', 'ar'] as const) {
    it(`${lang} is really translated: no value is left in English`, () => {
      const untranslated = enKeys.filter(
        (key) =>
          !SAME_AS_ENGLISH_ALLOWED.some((re) => re.test(key)) &&
          lookup(TRANSLATIONS[lang], key) === lookup(en, key) &&
          /[A-Za-z]/.test(lookup(en, key)!),
      );
      expect(untranslated).toEqual([]);
    });
  }

  it('keeps the spec messages word for word in English', () => {
    expect(lookup(en, 'validation.email_required')).toBe('Please fill email address');
    expect(lookup(en, 'validation.email_invalid')).toBe('Your email is incorrect');
    expect(lookup(en, 'validation.password_required')).toBe('Please fill your password');
    expect(lookup(en, 'validation.password_min')).toBe('Password at least 6 characters');
    expect(lookup(en, 'confirm.delete_title')).toBe('Are you sure to delete?');
    expect(lookup(en, 'confirm.delete_text')).toBe('It will be gone if you delete it');
    expect(lookup(en, 'messages.delete_canceled')).toBe('you have canceled deletion, Thank');
    expect(lookup(en, 'messages.deleted')).toBe('You have successfully deleted');
    expect(lookup(en, 'messages.updated')).toBe('You have updated successfully');
    expect(lookup(en, 'validation.discount_range')).toBe('Between 0 to 100');
  });
});
