import type { TranslationTable } from '@posauto/shared/i18n/index';

/**
 * One language's table from its files (packages/shared/src/locales/<lang>.json and <module>/<lang>.json, found by
 * import.meta.glob in the per-language modules beside this one): the core file first, then the module files, each
 * adding its keys to the namespaces before it, as packages/shared/src/i18n/tables.ts merges them for the server.
 */
export function mergeTables(files: Record<string, TranslationTable>): TranslationTable {
  const depth = (path: string) => path.split('/').length;
  const paths = Object.keys(files).sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  return paths.reduce<TranslationTable>((out, path) => merge(out, files[path]!), {});
}

function merge(base: TranslationTable, extra: TranslationTable): TranslationTable {
  const out: TranslationTable = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const prev = out[key];
    out[key] = typeof value === 'object' && typeof prev === 'object' ? merge(prev, value) : value;
  }
  return out;
}
