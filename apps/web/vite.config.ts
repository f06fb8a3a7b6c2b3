import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// LOCALE_CHUNK: the chunks of translations, one per language and part (en-modules-…, km-till-…), named by their language.
import { LOCALE_CHUNK, serviceWorker } from './build/service-worker-plugin.js';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) next to every text file of the build, once,
 * at build time; the server sends one of them by Accept-Encoding (@fastify/static preCompressed). A file whose
 * compressed form would not be smaller gets none, and the server sends it as it is.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'posauto-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gz(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * @fontsource's per-subset files (e.g. noto-sans/latin-400.css) leave out the unicode-range their package lists in
 * unicode.json; without it the browser downloads every face of a family at once. This puts it back, so that a page
 * loads only the font files of the scripts it shows.
 */
function fontsourceUnicodeRange(): Plugin {
  return {
    name: 'posauto-fontsource-unicode-range',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      const m = /@fontsource\/[^/]+\/([a-z-]+)-\d{3}\.css$/.exec(file);
      if (!m || code.includes('unicode-range')) return null;
      const ranges = JSON.parse(readFileSync(join(dirname(file), 'unicode.json'), 'utf8')) as Record<string, string>;
      const range = ranges[m[1]!];
      if (!range) throw new Error(`${file}: no unicode range for subset ${m[1]}`);
      return { code: code.replace(/(src:[^;]+;)/g, `$1\n  unicode-range: ${range};`), map: null };
    },
  };
}

/**
 * Mantine's Modal imports ScrollArea only to compare `scrollAreaComponent` with ScrollArea.Autosize (to mark the modal
 * `data-offset-scrollbars`), and ScrollArea brings @floating-ui/react with it: about 30 KB gzip on every screen that
 * shows a modal, the till among them (issue #12: 170 KB for /sale-pos). The app never passes ScrollArea.Autosize as a
 * modal's scroll area, so the comparison is made against a value nothing equals. Fails the build if Mantine changes
 * that line, so that the saving cannot silently turn into wrong behaviour.
 */
function modalWithoutScrollArea(): Plugin {
  const IMPORT = 'import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";';
  return {
    name: 'posauto-modal-without-scroll-area',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mantine[\\/]core[\\/]esm[\\/]components[\\/]Modal[\\/]ModalRoot\.mjs$/.test(id.split('?')[0]!)) return null;
      if (!code.includes(IMPORT) || (code.match(/ScrollArea/g) ?? []).length !== 4) {
        throw new Error(`${id}: Mantine's ModalRoot changed; review posauto-modal-without-scroll-area in vite.config.ts`);
      }
      return { code: code.replace(IMPORT, 'const ScrollArea = { Autosize: Symbol("not used by the app") };'), map: null };
    },
  };
}

// The web app is always built for production, whatever NODE_ENV the server runs with: NODE_ENV=development npm start
// once built React's development bundle (633 KB for the start chunk, the till and sign-in over 170 KB). NODE_ENV only
// decides the server's mode (demo data, banner). `vite` (the dev server) is not a build and keeps its own mode.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  plugins: [fontsourceUnicodeRange(), modalWithoutScrollArea(), react(), serviceWorker(), precompress()],
  resolve: {
    // The part of i18next and react-i18next the app uses, in about 2 KB gzip instead of 18 (issue #12: 170 KB for
    // /sale-pos); src/lib/tiny-i18n/tiny-i18n.test.ts checks it against the real packages over every table.
    alias: [
      { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/lib/tiny-i18n/i18next.ts', import.meta.url)) },
      { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/lib/tiny-i18n/react-i18next.tsx', import.meta.url)) },
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/media': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    // A screen the shell (the entry chunk) opens lazily preloads only its styles; the chunks it shares come when it
    // opens (one more round trip, on the shop's network). Those preload lists are written into the shell, which the
    // till and the sign-in page load (170 KB gzip at most): with the lists of sixty screens it carried ~8 KB of file
    // names. Every other lazy import (filename is the chunk imported, hostId the chunk importing it) keeps its whole
    // list: the till's payment and dialogs, fetched while online, must arrive with every chunk they import, all at
    // once, or a till cut off just after would find half of them missing. So do the shell's tables of words (a few).
    modulePreload: {
      resolveDependencies: (filename, deps, { hostId }) =>
        /^assets\/start-/.test(hostId) && !LOCALE_CHUNK.test(filename) ? deps.filter((d) => d.endsWith('.css')) : deps,
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Rolldown would move code the lazy screens share (Menu, Popover, floating-ui, forms...) into the entry chunk,
      // which every page loads first; kept in shared chunks of their own, the login page loads only what it shows
      // (issue #10: at most 170 KB of JavaScript for /login).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        codeSplitting: {
          groups: [
            {
              // Menus, popovers, tooltips and comboboxes (floating-ui): only the signed-in shell and its screens use them.
              name: 'floating',
              test: /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Menu|Popover|Tooltip|HoverCard)[\\/]|utils[\\/]Floating[\\/]))/,
              includeDependenciesRecursively: false,
              priority: 10,
            },
            {
              // The exact money and quantity rules, with their formatting: one file every money screen loads, rather
              // than seven small ones (each file costs its own compression and import glue: 170 KB for /sale-pos).
              name: 'money',
              test: /([\\/]packages[\\/]shared[\\/]src[\\/]money[\\/]|[\\/]src[\\/]lib[\\/](money-format|format)\.ts$)/,
              includeDependenciesRecursively: false,
              priority: 7,
            },
            {
              // The till's first-load logic that the table order screen shares with it since issue #24 (catalogue, product
              // grid, cart): one file, not two small ones that compress worse (170 KB for /sale-pos).
              name: 'till-core',
              test: /[\\/]src[\\/](components[\\/]selling[\\/](product-grid|lib[\\/](money-minor|money-text|catalogue-index)|api[\\/]catalogue-api)|features[\\/]pos[\\/](lib[\\/](cart|pending-record)|api[\\/]pos-api))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 8,
            },
            {
              // Everything the entry imports statically, in one file: it all loads at start-up anyway, and one file
              // compresses better than thirty small ones.
              name: 'start',
              tags: ['$initial'],
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
