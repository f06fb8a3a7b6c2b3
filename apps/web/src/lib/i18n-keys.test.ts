/**
 * Every translation key the code names literally must exist in the tables (the tables' completeness across
 * languages is tested in packages/shared). Scans the web and server sources and the shared schemas.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookup } from '@posauto/shared/i18n/index';
import { TRANSLATIONS } from '@posauto/shared/i18n/tables';

const root = resolve(new URL('.', import.meta.url).pathname, '../../../..');
const DIRS = ['apps/web/src', 'apps/server/src', 'packages/shared/src/schemas'];
const NAMESPACES =
  'app|languages|validation|errors|messages|confirm|common|login|not_found|nav|category|permissions|theme|footer|forbidden|home|menu|search|notifications|profile|dashboard|customizer|page|signup|admin|roles|users|branch_users|brand|unit|supplier|payment_method|variation|variation_value|service_charge|adjustment_type|warehouse|customer|general_setting|sale_setting|product|barcode_label|product_import|qr_menu|public_menu';
const KEY = new RegExp(`['"\`]((?:${NAMESPACES})\\.[a-z0-9_.-]+)['"\`]`, 'g');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('translation keys named in code', () => {
  it('all exist in the English table', () => {
    const missing: string[] = [];
    for (const dir of DIRS) {
      for (const file of files(join(root, dir))) {
        for (const m of readFileSync(file, 'utf8').matchAll(KEY)) {
          const key = m[1]!;
          if (key.endsWith('.') || /\.(ts|tsx|js|json|css)$/.test(key)) continue;
          if (!lookup(TRANSLATIONS.en, key)) missing.push(`${key}  (${file.slice(root.length + 1)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
