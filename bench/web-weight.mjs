#!/usr/bin/env node
/**
 * Weight of the first load: opens pages of the built web app in Chromium against a running server and adds up
 * the JavaScript, CSS and fonts the page loaded. For each file it reports the bytes Chromium actually received
 * (whatever encoding the server chose, brotli when it has it) and its gzip size (the body the server sends to a
 * client that asks for gzip only; a file the server sends uncompressed is gzipped here at level 9, as the build
 * does, so that the numbers of an uncompressing server stay comparable).
 *
 *   node bench/web-weight.mjs [--base http://127.0.0.1:3000] [--lang km] [--json]
 *
 * measures /login (signed out), / (the signed-in shell and home screen, as the demo owner) and /sale-pos (the till,
 * as the demo cashier with an open cash session). `npm run bench` calls measureWebWeight() too and stores the
 * numbers in bench/results.json.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));

export const OWNER = { email: 'owner@posauto.local', password: 'owner1234' };
export const CASHIER = { email: 'cashier@posauto.local', password: 'cashier1234' };
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The body of url as sent to a client accepting gzip only: its byte count and whether the server compressed it. */
function gzipBytes(url) {
  const get = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'gzip') resolve({ bytes: body.length, served: true });
        else resolve({ bytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length, served: false });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function kindOf(resourceType, url) {
  if (resourceType === 'script') return 'js';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'font') return 'font';
  const path = new URL(url).pathname;
  if (path.endsWith('.js')) return 'js';
  if (path.endsWith('.css')) return 'css';
  return null;
}

/**
 * Opens path in a fresh context (localStorage: app-locale = lang, userData when given), waits for the network to
 * settle and returns the files loaded per kind (js, css, font) with their sizes.
 */
export async function measurePage(browser, base, path, { lang = 'km', userData = null } = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([l, u]) => {
      localStorage.setItem('app-locale', l);
      if (u) localStorage.setItem('userData', u);
    },
    [lang, userData],
  );
  const page = await context.newPage();
  const finished = [];
  let inflight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inflight += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', (req) => {
    finished.push(req);
    inflight -= 1;
    lastActivity = Date.now();
  });
  page.on('requestfailed', () => {
    inflight -= 1;
    lastActivity = Date.now();
  });
  await page.goto(base + path, { waitUntil: 'load' });
  // Settled: the start-up loader is gone, no loader or skeleton shows (lazy screens, their data), the fonts are
  // in, and no request has been under way for a second (a busy CPU parsing scripts is not network idle).
  const settled = () =>
    page.evaluate(
      () =>
        !document.getElementById('boot-loader') &&
        !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]') &&
        document.fonts.status === 'loaded',
    );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && (inflight > 0 || Date.now() - lastActivity < 1000 || !(await settled()))) await page.waitForTimeout(100);
  const files = [];
  for (const req of finished) {
    const kind = kindOf(req.resourceType(), req.url());
    if (!kind || !req.url().startsWith(base)) continue;
    const sizes = await req.sizes();
    const gz = kind === 'font' ? null : await gzipBytes(req.url());
    files.push({
      kind,
      path: new URL(req.url()).pathname,
      transferred: sizes.responseBodySize,
      encoding: (await req.response())?.headers()['content-encoding'] ?? 'identity',
      gzip: gz?.bytes ?? sizes.responseBodySize,
      served_gzip: gz?.served ?? false,
    });
  }
  const finalUrl = page.url();
  await context.close();
  const sum = (kind, field) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[field], 0);
  return {
    path,
    lang,
    url: finalUrl,
    js: { files: files.filter((f) => f.kind === 'js').length, gzip: sum('js', 'gzip'), transferred: sum('js', 'transferred') },
    css: { files: files.filter((f) => f.kind === 'css').length, gzip: sum('css', 'gzip'), transferred: sum('css', 'transferred') },
    font: { files: files.filter((f) => f.kind === 'font').length, transferred: sum('font', 'transferred') },
    files,
  };
}

/** Signs in through the API and returns the userData string the web app keeps in localStorage. */
export async function signedInUserData(base, who = OWNER) {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`login as ${who.email} answered ${res.status}`);
  return res.text();
}

/**
 * The demo cashier's sign-in, with its cash session open: /sale-pos shows the till itself only then (otherwise the
 * "open a session" prompt). A session already open is fine (409, 422).
 */
export async function tillUserData(base, who = CASHIER) {
  const userData = await signedInUserData(base, who);
  const res = await fetch(`${base}/api/v1/cash-sessions/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${JSON.parse(userData).access_token}` },
    body: JSON.stringify({ opening_usd: '0', opening_khr: '0', note: '' }),
  });
  if (![200, 201, 409, 422].includes(res.status)) throw new Error(`opening the till's cash session answered ${res.status}`);
  return userData;
}

/** /login signed out, / signed in as the demo owner and /sale-pos as the demo cashier, in one language. */
export async function measureWebWeight(base, { lang = 'km', executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } = {}) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const login = await measurePage(browser, base, '/login', { lang });
    const userData = await signedInUserData(base);
    const home = await measurePage(browser, base, '/', { lang, userData });
    const till = await measurePage(browser, base, '/sale-pos', { lang, userData: await tillUserData(base) });
    return [login, home, till];
  } finally {
    await browser.close();
  }
}

const kb = (n) => (n / 1024).toFixed(1);

export function formatWebWeight(pages) {
  const lines = [
    `${'page'.padEnd(10)} ${'lang'.padEnd(5)} ${'JS gzip KB'.padStart(11)} ${'JS sent KB'.padStart(11)} ${'CSS gzip KB'.padStart(12)} ${'CSS sent KB'.padStart(12)} ${'fonts KB'.padStart(9)} ${'files'.padStart(6)}`,
  ];
  for (const p of pages) {
    lines.push(
      `${p.path.padEnd(10)} ${p.lang.padEnd(5)} ${kb(p.js.gzip).padStart(11)} ${kb(p.js.transferred).padStart(11)} ${kb(p.css.gzip).padStart(12)} ${kb(p.css.transferred).padStart(12)} ${kb(p.font.transferred).padStart(9)} ${String(p.js.files + p.css.files + p.font.files).padStart(6)}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(`--${name}`);
    return i < 0 ? def : args[i + 1];
  };
  const base = opt('base', 'http://127.0.0.1:3000');
  const langs = opt('lang', 'km').split(',');
  const pages = [];
  for (const lang of langs) pages.push(...(await measureWebWeight(base, { lang })));
  if (args.includes('--json')) console.log(JSON.stringify(pages, null, 2));
  else {
    console.log(formatWebWeight(pages));
    if (args.includes('--files'))
      for (const p of pages) {
        console.log(`\n${p.path} (${p.lang}):`);
        for (const f of p.files)
          console.log(`  ${f.kind.padEnd(5)} ${kb(f.gzip).padStart(8)} ${kb(f.transferred).padStart(8)} ${f.encoding.padEnd(8)} ${f.path}`);
      }
  }
}
