#!/usr/bin/env node
/**
 * Lighthouse (desktop preset) over the pages a shop opens most, against a running server, in Debian's Chromium:
 * Performance, Accessibility and Best Practices, and the layout shift (CLS) of each page, the median of RUNS runs.
 * Signed-in pages are opened with the demo user's session in localStorage (as the app keeps it), set once through the
 * DevTools protocol before Lighthouse loads them with storage kept (disableStorageReset).
 *
 *   node bench/lighthouse-bench.mjs [--base http://127.0.0.1:3000] [--runs 3] [--json]
 *
 * `npm run bench` calls measureLighthouse() too and stores the numbers in bench/results.json.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASHIER, CHROMIUM_ARGS, OWNER } from './web-weight.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));

/** The pages and who opens them; the targets are issue 22's. */
export const LIGHTHOUSE_PAGES = [
  { path: '/login', as: null },
  { path: '/sale-pos', as: CASHIER },
  { path: '/', as: OWNER },
  { path: '/product-listing', as: OWNER },
  { path: '/sale-reports', as: OWNER },
];
export const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, cls: 0.1 };

async function signIn(base, who) {
  const r = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!r.ok) throw new Error(`sign-in as ${who.email} failed: ${r.status}`);
  const text = await r.text();
  // The till needs an open cash session to show itself.
  const token = JSON.parse(text).access_token;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const current = await (await fetch(`${base}/api/v1/cash-sessions/current`, { headers: auth })).json().catch(() => null);
  if (who === CASHIER && current && !current.data)
    await fetch(`${base}/api/v1/cash-sessions/open`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ opening_usd: '20', opening_khr: '40000' }),
    });
  return text;
}

/** Puts a session (or none) and the language in the origin's localStorage of the running Chromium. */
async function setStorage(port, base, userData, lang) {
  const puppeteer = require('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.ico`);
  await page.evaluate(
    ([u, l]) => {
      localStorage.clear();
      if (u) localStorage.setItem('userData', u);
      localStorage.setItem('last-active-time', String(Date.now() + 3600_000));
      localStorage.setItem('app-locale', l);
    },
    [userData, lang],
  );
  await page.close();
  browser.disconnect();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/**
 * Each page RUNS times; answers per page the median scores (0-100), CLS, total blocking time and main-thread work (ms),
 * and the DOM size, with whether each target holds.
 */
export async function measureLighthouse(base, { runs = 3, lang = 'en', executablePath = '/usr/bin/chromium' } = {}) {
  const { default: lighthouse, desktopConfig } = await import(require.resolve('lighthouse'));
  const chromeLauncher = require('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const out = [];
  try {
    for (const page of LIGHTHOUSE_PAGES.filter(
      (p) => !process.env.BENCH_LIGHTHOUSE_PAGES || process.env.BENCH_LIGHTHOUSE_PAGES.split(',').includes(p.path),
    )) {
      const userData = page.as ? await signIn(base, page.as) : null;
      const results = [];
      for (let i = 0; i < runs; i++) {
        await setStorage(chrome.port, base, userData, lang);
        const r = await lighthouse(
          `${base}${page.path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true },
          { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance', 'accessibility', 'best-practices'] } },
        );
        const lhr = r.lhr;
        if (process.env.BENCH_LIGHTHOUSE_DUMP)
          writeFileSync(`${process.env.BENCH_LIGHTHOUSE_DUMP}/lh${page.path.replace(/\//g, '_')}-${i}.json`, JSON.stringify(lhr));
        results.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
          main_thread_ms: Math.round(lhr.audits['mainthread-work-breakdown'].numericValue),
          dom_nodes: lhr.audits['dom-size']?.numericValue ?? null,
          failing: Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id),
        });
      }
      const m = (k) => median(results.map((x) => x[k]));
      const row = {
        path: page.path,
        performance: m('performance'),
        accessibility: m('accessibility'),
        'best-practices': m('best-practices'),
        cls: Math.round(m('cls') * 1000) / 1000,
        tbt_ms: m('tbt_ms'),
        main_thread_ms: m('main_thread_ms'),
        dom_nodes: m('dom_nodes'),
        failing: [...new Set(results.flatMap((x) => x.failing))],
      };
      row.meets =
        row.performance >= LIGHTHOUSE_TARGETS.performance &&
        row.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
        row['best-practices'] >= LIGHTHOUSE_TARGETS['best-practices'] &&
        row.cls < LIGHTHOUSE_TARGETS.cls;
      out.push(row);
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

export function formatLighthouse(rows) {
  const head = `Lighthouse, desktop, median of runs (targets: performance >= ${LIGHTHOUSE_TARGETS.performance}, accessibility and best practices ${LIGHTHOUSE_TARGETS.accessibility}, CLS < ${LIGHTHOUSE_TARGETS.cls})`;
  const lines = rows.map(
    (r) =>
      `  ${r.path.padEnd(18)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  bp ${String(
        r['best-practices'],
      ).padStart(3)}  CLS ${r.cls.toFixed(3)}  TBT ${String(r.tbt_ms).padStart(5)} ms  main thread ${String(r.main_thread_ms).padStart(
        6,
      )} ms  DOM ${String(r.dom_nodes ?? '-').padStart(5)}  ${r.meets ? 'meets' : `MISSES${r.failing.length ? ` (${r.failing.join(', ')})` : ''}`}`,
  );
  return [head, ...lines].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const rows = await measureLighthouse(opt('base', 'http://127.0.0.1:3000'), {
    runs: Number(opt('runs', 3)),
    lang: opt('lang', 'en'),
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  process.stdout.write(args.includes('--json') ? `${JSON.stringify(rows, null, 2)}\n` : `${formatLighthouse(rows)}\n`);
}
