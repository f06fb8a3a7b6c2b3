/**
 * The in-house i18next and react-i18next (served to the build by vite.config.ts's aliases) against the real packages
 * (which the unit tests still import under their own names), over every key of every language's table.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import realI18next from 'i18next';
import { Trans as RealTrans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';
import { I18n } from './i18next';
import { initReactI18next, Trans } from './react-i18next';

type Table = { [k: string]: string | Table };
function keysOf(table: Table, prefix = ''): Array<[string, string]> {
  return Object.entries(table).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : keysOf(v, `${prefix}${k}.`),
  );
}

async function both(lang: string) {
  const table = TRANSLATIONS[lang as keyof typeof TRANSLATIONS] as unknown as Table;
  const real = realI18next.createInstance();
  await real.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: table } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const tiny = new I18n();
  tiny.addResourceBundle(lang, 'translation', table as never, true, true);
  await tiny.changeLanguage(lang);
  return { real, tiny, table };
}

describe('tiny i18next', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every key, with and without values and counts, reads as i18next reads it`, async () => {
      const { real, tiny, table } = await both(lang);
      const differ: string[] = [];
      const check = (key: string | string[], options?: Record<string, unknown>) => {
        const a = real.t(key as string, options as never) as unknown as string;
        const b = tiny.t(key, options);
        if (a !== b) differ.push(`${JSON.stringify(key)} ${JSON.stringify(options)}: ${a} != ${b}`);
      };
      for (const [key, value] of keysOf(table)) {
        const names = [...value.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]!);
        const filled = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 42 : `v${i}`]));
        check(key);
        check(key, {});
        check(key, filled);
        check(key, { ...filled, count: 0 });
        check(key, { ...filled, count: 1 });
        check(key, { ...filled, count: 5 });
        check(key, Object.fromEntries(names.map((n) => [n, null])));
        check(key, Object.fromEntries(names.map((n) => [n, undefined])));
        check(key, { defaultValue: 'dflt' });
        check(['missing.key', key]);
      }
      // Groups, missing keys and defaults.
      for (const key of ['common', 'missing.key', 'common.missing', 'nothing']) {
        check(key);
        check(key, { defaultValue: 'Default {{x}}', x: 'y' });
        check(key, { count: 2 });
      }
      expect(differ).toEqual([]);
    });
  }

  it('plurals: _zero, the language plural category, then the key; nested values; another language by lng', async () => {
    const real = realI18next.createInstance();
    const data = {
      en: { translation: { n: '{{count}} items', p_one: 'one item', p_other: '{{count}} items', p_zero: 'none', deep: 'Hi {{a.b}}' } },
      ar: {
        translation: {
          p_zero: 'صفر',
          p_one: 'واحد',
          p_two: 'اثنان',
          p_few: 'قليل {{count}}',
          p_many: 'كثير {{count}}',
          p_other: '{{count}}',
        },
      },
    };
    await real.init({ lng: 'en', fallbackLng: false, resources: data, interpolation: { escapeValue: false } });
    const tiny = new I18n();
    tiny.addResourceBundle('en', 'translation', data.en.translation, true, true);
    tiny.addResourceBundle('ar', 'translation', data.ar.translation, true, true);
    await tiny.changeLanguage('en');
    for (const count of [0, 1, 2, 3, 11, 100, 1.5]) {
      for (const key of ['n', 'p']) expect(tiny.t(key, { count })).toBe(real.t(key, { count }));
      expect(tiny.t('p', { count, lng: 'ar' })).toBe(real.t('p', { count, lng: 'ar' }));
      expect(tiny.getFixedT('ar')('p', { count })).toBe(real.getFixedT('ar')('p', { count }));
    }
    expect(tiny.t('deep', { a: { b: 'there' } })).toBe(real.t('deep', { a: { b: 'there' } }));
  });

  it('addResourceBundle deep without overwrite keeps what is there and adds the rest, as i18next does', async () => {
    const real = realI18next.createInstance();
    await real.init({ lng: 'en', fallbackLng: false, resources: { en: { translation: { a: { x: '1' } } } } });
    const tiny = new I18n();
    tiny.addResourceBundle('en', 'translation', { a: { x: '1' } }, true, true);
    await tiny.changeLanguage('en');
    for (const i of [real, tiny]) i.addResourceBundle('en', 'translation', { a: { x: '2', y: '3' }, b: '4' }, true, false);
    expect(tiny.store.data).toEqual(real.store.data);
  });

  it('Trans renders the tags of a translation as the given elements', async () => {
    for (const lang of LANGUAGES) {
      const { real, tiny } = await both(lang);
      initReactI18next.init(tiny);
      for (const key of ['signup.code_sent_to', 'signup.reset_code_sent_to']) {
        const props = { i18nKey: key, values: { email: 'a@b.co' }, components: { b: createElement('strong', { dir: 'ltr' }) } };
        const a = renderToStaticMarkup(createElement(RealTrans, { ...props, i18n: real } as never));
        const b = renderToStaticMarkup(createElement(Trans, props));
        expect(b).toBe(a);
        expect(b).toContain('<strong dir="ltr">a@b.co</strong>');
      }
    }
  });
});
