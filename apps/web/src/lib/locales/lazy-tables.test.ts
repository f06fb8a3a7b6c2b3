/**
 * The web loads each language's table in two chunks (core at start-up, modules with the first lazy screen). Together
 * they must be exactly the table the server uses, and the core must hold every key the login page names.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, lookup } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';
import { mergeTables } from './merge';

const src = resolve(new URL('.', import.meta.url).pathname, '../..');
/** What /login renders before any lazy chunk: keep in step with the static imports of router.tsx. */
const LOGIN_FILES = [
  'app/router.tsx',
  'app/providers.tsx',
  'app/screens/login-screen.tsx',
  'app/screens/not-found-screen.tsx',
  'app/screens/forbidden-screen.tsx',
  'app/layouts/public-page.tsx',
  'app/shell/language-menu.tsx',
  'app/shell/theme-menu.tsx',
  'app/shell/top-bar-buttons.tsx',
  'app/shell/logo.tsx',
  'app/shell/footer.tsx',
  'lib/api-client.ts',
  'lib/notify.ts',
  'lib/zod-form.ts',
  '../../../packages/shared/src/schemas/auth.ts',
];

/**
 * What the till (/sale-pos) can say with the core and its own module tables (loadTillTranslations). Its cash-session
 * dialogs, the customer dialog and the payment dialog load every module's table when they open (other modules'
 * validation messages; the payment's own words, in locales/pos-payment, out of the till's first load).
 */
const TILL_FILES = [
  'app/screens/pos-screen.tsx',
  'app/shell/top-bar-buttons.tsx',
  'app/shell/language-menu.tsx',
  'app/shell/theme-menu.tsx',
  'app/shell/user-menu.tsx',
  'features/pos/components/pos-till.tsx',
  'features/pos/components/catalogue-status.tsx',
  'features/pos/components/catalogue-pane.tsx',
  'features/pos/components/sheet-bar.tsx',
  'features/pos/components/use-add-items.ts',
  'features/pos/components/use-announcer.ts',
  'features/pos/components/use-hold-resume.ts',
  'features/pos/components/use-till-payment.ts',
  'features/pos/components/cart-panel.tsx',
  'features/pos/components/cart-lines.tsx',
  'features/pos/components/cart-totals.tsx',
  'components/selling/product-grid.tsx',
  'features/pos/components/dialogs.tsx',
  'features/pos/components/sale-done.tsx',
  'features/pos/components/till-status.tsx',
  'components/selling/api/catalogue-api.ts',
  'features/cash-sessions/api/cash-sessions.ts',
];

/** Keys named in a file (string literals shaped like a.b), as the login check reads them. */
function keysOf(file: string): string[] {
  const keys: string[] = [];
  for (const m of readFileSync(resolve(src, file), 'utf8').matchAll(/['"`]([a-z_]+\.[a-z0-9_.-]+)['"`]/g)) {
    const key = m[1]!;
    if (/\.(ts|tsx|js|json|css)$/.test(key) || key.endsWith('.') || key.startsWith('posauto.') || /^[a-z]+\.\d+$/.test(key)) continue;
    keys.push(key);
  }
  return keys;
}

describe('the lazily loaded translation tables', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: core and modules together are the server's table`, async () => {
      const core = (await import(`./${lang}.ts`)).table;
      const modules = (await import(`./${lang}-modules.ts`)).table;
      expect(mergeTables({ a: core, b: modules })).toEqual(TRANSLATIONS[lang]);
    });
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: the till's tables are the modules' own, and hold with the core every key the till names`, async () => {
      const core = (await import(`./${lang}.ts`)).table;
      const till = (await import(`./${lang}-till.ts`)).table;
      const modules = (await import(`./${lang}-modules.ts`)).table;
      // Adding the till's tables before every module's changes nothing (the same keys, the same words).
      expect(mergeTables({ a: core, b: till, c: modules })).toEqual(TRANSLATIONS[lang]);
      const both = mergeTables({ a: core, b: till });
      const missing = TILL_FILES.flatMap((file) =>
        keysOf(file)
          .filter((k) => !lookup(both, k))
          .map((k) => `${k} (${file})`),
      );
      expect(missing).toEqual([]);
    });
  }

  it('the core tables hold every key the login page names', async () => {
    const missing: string[] = [];
    for (const lang of LANGUAGES) {
      const core = (await import(`./${lang}.ts`)).table;
      for (const file of LOGIN_FILES) {
        for (const m of readFileSync(resolve(src, file), 'utf8').matchAll(/['"`]([a-z_]+\.[a-z0-9_.-]+)['"`]/g)) {
          const key = m[1]!;
          if (/\.(ts|tsx|js|json|css)$/.test(key) || key.endsWith('.')) continue;
          if (!lookup(core, key)) missing.push(`${lang}: ${key} (${file})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
