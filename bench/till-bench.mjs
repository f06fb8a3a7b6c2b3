/**
 * The till in Chromium (`npm run bench`, scripts/bench.mjs; see bench/README.md): with the whole seeded catalogue
 * loaded on /sale-pos, the time from a barcode scanner's Enter to the new cart line on screen.
 *
 * A scan is what a USB scanner does (apps/web/e2e/pos.spec.ts): the code typed a few ms a key with the focus
 * nowhere in particular, then Enter. In the page, a capture listener on window (ahead of the till's own on
 * document) notes performance.now() at the Enter's keydown, and a MutationObserver notes when the cart holds one
 * more line (data-testid="pos-line"); the difference is the scan's time.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from './web-weight.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));

/** The in-store EAN-13 of seeded product i (apps/server/src/cli/bench-products.ts benchProductBarcode). */
export function benchBarcode(i) {
  const first12 = `2${String(i).padStart(11, '0')}`;
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(first12[k]) * (k % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

export const SCANS = 20;
const KEY_DELAY_MS = 5;

/** Installed before the page's scripts: the Enter's time and the time the cart gained a line, per scan. */
function recorder() {
  const w = window;
  w.__scans = [];
  let pending = null;
  const count = () => document.querySelectorAll('[data-testid="pos-line"]').length;
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Enter') return;
      pending = { enter: performance.now(), before: count(), line: null };
      w.__scans.push(pending);
    },
    true,
  );
  const observe = () => {
    new MutationObserver(() => {
      if (pending && pending.line === null && count() > pending.before) pending.line = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  };
  if (document.body) observe();
  else document.addEventListener('DOMContentLoaded', observe);
}

/**
 * Opens /sale-pos as a till (`userData`: its sign-in answer; it has an open cash session), waits for the catalogue
 * (the till renders data-testid="pos-till" only once it is in), then scans the given barcodes one after the other.
 */
export async function measureTillScan(base, userData, barcodes, { executablePath = '/usr/bin/chromium', lang = 'en' } = {}) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ([u, l]) => {
        localStorage.setItem('userData', u);
        localStorage.setItem('app-locale', l);
      },
      [userData, lang],
    );
    await context.addInitScript(recorder);
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${base}/sale-pos`, { waitUntil: 'load' });
    await page.getByTestId('pos-till').waitFor({ state: 'visible', timeout: 180_000 });
    const catalogueMs = performance.now() - t0;
    // Let the idle work after the first render (the index, fonts, prefetches) finish, as a till in use would have.
    await page.waitForTimeout(1000);
    const times = [];
    const missed = [];
    for (const code of barcodes) {
      const before = await page.getByTestId('pos-line').count();
      await page.keyboard.type(code, { delay: KEY_DELAY_MS });
      await page.keyboard.press('Enter');
      try {
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="pos-line"]').length > n, before, { timeout: 10_000 });
      } catch {
        missed.push(code);
        continue;
      }
      const last = await page.evaluate(() => window.__scans[window.__scans.length - 1]);
      if (last?.line != null) times.push(last.line - last.enter);
      else missed.push(code);
      // A scanner does not fire the next code within the same frame.
      await page.waitForTimeout(100);
    }
    await context.close();
    const sorted = [...times].sort((a, b) => a - b);
    const pick = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);
    const r = (n) => (n === null ? null : Math.round(n * 100) / 100);
    return {
      scans: barcodes.length,
      measured: times.length,
      missed,
      catalogue_ready_ms: Math.round(catalogueMs),
      p50_ms: r(pick(50)),
      p99_ms: r(pick(99)),
      max_ms: r(sorted[sorted.length - 1] ?? null),
      times_ms: times.map(r),
    };
  } finally {
    await browser.close();
  }
}
