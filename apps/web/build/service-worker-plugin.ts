import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes /sw.js, the till's service worker (issue #26): once a till has been opened online, its app shell (index.html,
 * the entry, the till's chunks, every language's tables and the fonts) is kept in the browser's Cache Storage, so
 * that the till opens and reloads with no connection. The worker is generated from the build's own chunk graph, so
 * that its list can never name a file the build did not write nor forget one the till loads.
 */

/**
 * The chunks the till's route opens besides the entry's static graph: its screen, its layout and the services around
 * it (router.tsx loads them lazily). Each is followed through its static and dynamic imports, transitively: the
 * payment, the dialogs and the receipt the till fetches later must be there offline too. The build fails when one of
 * these names disappears, rather than shipping a worker that cannot open the till offline.
 */
const TILL_ROOTS = ['pos-screen', 'blank-layout', 'app-services'];
/** Every language's tables (core, modules, till): the cashier may switch language offline. */
export const LOCALE_CHUNK = /^assets\/(km|en|zh|fr|ar)(-[\w-]+)?-[\w-]{8}\.js$/;
/**
 * The fonts of the scripts the five languages write, woff2 only: every browser with service workers reads woff2,
 * and the stylesheets list it first, so the .woff twins are never fetched. Chinese comes in ~100 subsets (~6 MB);
 * those a page shows are kept as they load (the worker fills its cache with every /assets/ file it serves).
 */
const FONT = /^assets\/noto-sans-(latin|latin-ext|khmer|arabic)-[\w-]+\.woff2$/;
/** Files of public/ the shell (index.html) loads itself or that the installed app shows. */
const SHELL_FILES = ['boot.css', 'boot.js', 'favicon.svg', 'manifest.webmanifest', 'icon-192.png', 'icon-512.png'];
/** A navigation waits this long for the network before the cached shell answers (a dead 4G link hangs, not fails). */
const NAVIGATION_TIMEOUT_MS = 3000;

interface ChunkInfo {
  type: 'chunk';
  name: string;
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}
interface AssetInfo {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type Bundle = Record<string, ChunkInfo | AssetInfo | { type: string; fileName: string }>;

/**
 * The chunks reachable from roots, with their CSS and assets: static imports always, dynamic imports when followDynamic.
 * A chunk in stop is taken but not followed (the shell's: it imports every screen of the app dynamically).
 */
function reachable(bundle: Bundle, roots: string[], followDynamic: boolean, stop: ReadonlySet<string> = new Set()): Set<string> {
  const into = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const chunk = bundle[file];
    if (into.has(file) || chunk?.type !== 'chunk') continue;
    const c = chunk as ChunkInfo;
    into.add(c.fileName);
    c.viteMetadata?.importedCss.forEach((f) => into.add(f));
    c.viteMetadata?.importedAssets.forEach((f) => into.add(f));
    if (!stop.has(file)) queue.push(...c.imports, ...(followDynamic ? c.dynamicImports : []));
  }
  return into;
}

/**
 * The build's files the worker keeps at install, as paths under the site's root (without the leading slash). html is
 * the built index.html: the files it loads are the entry (the app's code is grouped into chunks no longer marked as
 * entries), followed through their static imports.
 */
export function tillAssets(bundle: Bundle, html: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is ChunkInfo => c.type === 'chunk');
  const loaded = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  const entry = reachable(bundle, [...loaded, ...chunks.filter((c) => c.isEntry).map((c) => c.fileName)], false);
  const files = new Set([...loaded, ...entry]);
  for (const root of TILL_ROOTS) {
    const found = chunks.filter((c) => c.name === root).map((c) => c.fileName);
    if (found.length === 0) throw new Error(`service worker: no chunk named '${root}' in the build; review TILL_ROOTS`);
    reachable(bundle, found, true, entry).forEach((f) => files.add(f));
  }
  for (const f of Object.keys(bundle)) if (LOCALE_CHUNK.test(f) || FONT.test(f)) files.add(f);
  // The stylesheets of the fonts name every font file; only those chosen above stay (the others are kept when used).
  return [...files].filter((f) => f.endsWith('.js') || f.endsWith('.css') || FONT.test(f)).sort();
}

/**
 * The worker itself, plain JavaScript run by the browser. Its cache is named after the build: a new build is a new
 * worker with a new cache, and the old one is deleted when the new worker takes over.
 */
function workerSource(cacheName: string, precache: string[]): string {
  return `// Generated by apps/web/build/service-worker-plugin.ts at build time: edit that file, not this one.
const CACHE = ${JSON.stringify(cacheName)};
const PREFIX = 'posauto-shell-';
const PRECACHE = ${JSON.stringify(precache)};
const SHELL_FILES = new Set(PRECACHE.filter((p) => p !== '/' && !p.startsWith('/assets/')));
const NAVIGATION_TIMEOUT_MS = ${NAVIGATION_TIMEOUT_MS};

// No skipWaiting() here: an open till runs this build's chunks, and a new worker that took over at once would delete
// them (activate drops the old cache) while a cashier is mid-sale, so the next lazy part of the till would be missing
// offline. The new worker waits; the page takes it at its next navigation or reload (see navigate below).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // The shell is fetched fresh (not from the HTTP cache): it must name this build's chunks.
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: url === '/' ? 'reload' : 'default' }))),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

function withTimeout(promise) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

// Hashed files never change: the cached copy answers, and a file not kept yet (another screen's chunk, a Chinese font
// subset) is kept when it first arrives. Only whole, successful answers are kept: never a 404 of an old build.
async function assetFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

// The network first (the shell names the chunks of the newest build), the cached copy when the network fails, hangs
// or the server behind a proxy is gone (5xx). The copy from the network is not kept: the cached shell must stay the
// one that names this worker's chunks.
async function networkFirst(request, cachedUrl) {
  try {
    const response = await withTimeout(fetch(request));
    if (response.status < 500) return response;
    return (await caches.match(cachedUrl, { cacheName: CACHE, ignoreVary: true })) || response;
  } catch (error) {
    const cached = await caches.match(cachedUrl, { cacheName: CACHE, ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

// A reload with a new worker waiting, and no other tab of the app open: the new worker takes over, and the page
// loads again under it (an empty answer that asks for a refresh). With other tabs open it keeps waiting, since
// taking over would delete the chunks those tabs still run; it takes over when they are closed or reloaded.
async function navigate(request) {
  const waiting = self.registration.waiting;
  if (waiting && (await self.clients.matchAll({ type: 'window' })).length < 2) {
    waiting.postMessage('skip-waiting');
    return new Response('', { headers: { Refresh: '0' } });
  }
  return networkFirst(request, '/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API and the media carry one user's data: never cached, never touched; so is anything on another origin.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetFirst(request));
  else if (SHELL_FILES.has(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
});
`;
}

export function serviceWorker(): Plugin {
  let outDir = '';
  let publicDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'posauto-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      log = (message) => config.logger.info(message);
    },
    // After the files are written: index.html is in the bundle by then, and the precompress plugin (closeBundle) still
    // compresses sw.js.
    async writeBundle(_options, bundle) {
      const html = await readFile(join(outDir, 'index.html'));
      const assets = tillAssets(bundle as unknown as Bundle, html.toString('utf8'));
      const shell = await Promise.all(SHELL_FILES.map((f) => readFile(join(publicDir, f))));
      const bodies = await Promise.all(assets.map((f) => readFile(join(outDir, f))));
      // The build's identity, from every file's content: a chunk's name is hashed before Vite rewrites its preload
      // list, so two builds can write different code under one name (and a cache named after names would keep the old).
      const hash = createHash('sha256');
      hash.update(assets.join('\n'));
      for (const body of [html, ...shell, ...bodies]) hash.update(body);
      const cacheName = `posauto-shell-${hash.digest('hex').slice(0, 12)}`;
      const precache = ['/', ...SHELL_FILES.map((f) => `/${f}`), ...assets.map((f) => `/${f}`)];
      await writeFile(join(outDir, 'sw.js'), workerSource(cacheName, precache));
      const bytes = [html, ...shell, ...bodies].reduce((n, b) => n + b.length, 0);
      log(`sw.js: ${cacheName}, ${precache.length} files precached, ${Math.round(bytes / 1024)} KB (uncompressed)`);
    },
  };
}
