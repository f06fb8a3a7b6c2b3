// One lint setup for the monorepo: TypeScript rules, React hooks, kebab-case file names and the import
// boundaries of ARCHITECTURE.md (shared -> server, shared -> web; never server <-> web; web features and
// server modules only through their public surface).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { dirname, relative, resolve, sep } from 'node:path';

const root = dirname(new URL(import.meta.url).pathname);
const rel = (p) => relative(root, p).split(sep).join('/');

function target(fromFile, spec) {
  if (spec.startsWith('.')) return rel(resolve(dirname(fromFile), spec));
  if (spec.startsWith('@posauto/shared')) return 'packages/shared/src';
  if (spec.startsWith('@posauto/server')) return 'apps/server/src';
  if (spec.startsWith('@posauto/web')) return 'apps/web/src';
  return null;
}

const FORBIDDEN_PACKAGES = {
  'packages/shared/': [
    /^node:/,
    /^(fastify|@fastify\/|kysely|pg$|better-sqlite3|react|react-dom|@mantine\/|@tanstack\/|i18next|react-i18next)/,
  ],
  'apps/web/src/': [/^node:/, /^(fastify|@fastify\/|kysely|pg$|better-sqlite3|@node-rs\/)/],
  'apps/server/src/': [/^(react|react-dom|@mantine\/|@tanstack\/|react-router)/],
};

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = rel(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const isTest = /\.test\.tsx?$/.test(file);
      for (const [prefix, patterns] of Object.entries(FORBIDDEN_PACKAGES)) {
        if (!isTest && file.startsWith(prefix) && patterns.some((p) => p.test(spec))) {
          context.report({ node, message: `${prefix} must not import '${spec}' (see ARCHITECTURE.md)` });
        }
      }
      const to = target(context.filename, spec);
      if (!to) return;
      if (file.startsWith('packages/shared/') && to.startsWith('apps/'))
        context.report({ node, message: 'shared must not import from apps' });
      if (file.startsWith('apps/web/') && to.startsWith('apps/server/'))
        context.report({ node, message: 'web must not import the server' });
      if (file.startsWith('apps/server/') && to.startsWith('apps/web/'))
        context.report({ node, message: 'server must not import the web app' });
      if (/^apps\/web\/src\/(features|components|lib)\//.test(file) && to.startsWith('apps/web/src/app/'))
        context.report({ node, message: 'only the app shell imports from app/: move what a feature needs to components/ or lib/' });
      if (file.startsWith('apps/server/src/kernel/') && !isTest && to.startsWith('apps/server/src/modules/'))
        context.report({ node, message: 'the kernel sits below the modules and imports none of them' });
      const feat = /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
      const toFeat = /^apps\/web\/src\/features\/([^/]+)/.exec(to)?.[1];
      if (feat && toFeat && feat !== toFeat) context.report({ node, message: `feature '${feat}' must not import feature '${toFeat}'` });
      const mod = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
      const toMod = /^apps\/server\/src\/modules\/([^/]+)(\/.*)?$/.exec(to);
      if (file.startsWith('apps/server/src/') && toMod && toMod[1] !== mod && toMod[2] && !/^\/index(\.ts)?$/.test(toMod[2])) {
        context.report({ node, message: `use module '${toMod[1]}' only through its index.ts` });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => check({ source: n.source, ...n }),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'data/**',
      'shots/**',
      'test-results/**',
      'playwright-report/**',
      '.test-reports/**',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { local: { rules: { boundaries } }, 'check-file': checkFile },
    rules: {
      'local/boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': '+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,scripts,bench}/**/': 'KEBAB_CASE' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports (ARCHITECTURE.md).' }],
    },
  },
  {
    // No import cycles: a module that needs another's piece at load time and is needed by it back loads half-made.
    // The TypeScript resolver follows the packages' own paths; type-only imports vanish at build and are not counted.
    files: ['{apps,packages}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Functions of one screenful and files of one subject (issue 23). Blank lines and comments do not count: a comment
    // that says why is never the reason to split. Tests, migrations and seed data are long by nature.
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/db/migrations/**', '**/seed/**', '**/locales/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tools demand a default export from their config files.
    files: ['**/*.config.{ts,js,mjs,cjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
