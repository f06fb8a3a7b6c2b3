/**
 * The offline till's backlog (issue #26; `npm run bench`, scripts/bench.mjs; see bench/README.md): a till that sold
 * WAITING sales with no connection is opened again online; the time until its badge reads zero, and the rate at which
 * the server took them, against the till's live rate (sales made through the till's screen, one after the other).
 *
 * The waiting sales are written into the till's IndexedDB outbox as the till writes them (features/pos/lib/outbox.ts:
 * key, time, the till's number from its series in local storage, the body with `offline`), made a minute apart and at
 * least a minute old, then /sale-pos is opened and left to send them by itself (outbox-sender.ts).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from './web-weight.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));

export const OUTBOX_DEFAULTS = { waiting: 1000, live: 20 };
/** Demo Coffee's can of Coca-Cola, stocked, on the till's grid (the e2e tests' too). */
const CAN = '5449000000996';

/** In the page: `n` sales written into the outbox as the till writes them, numbers taken from its series. */
function writeWaiting({ n, branchId, sessionId, productId, methodId, price }) {
  const tills = JSON.parse(localStorage.getItem('posauto.pos.tills') ?? '{}');
  const till = tills[branchId];
  const first = till.last_number + 1;
  till.last_number += n;
  localStorage.setItem('posauto.pos.tills', JSON.stringify(tills));
  const start = Date.now() - (n + 1) * 60_000;
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('posauto-till', 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('outbox', { keyPath: 'key' });
      open.result.createObjectStore('snapshots');
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      for (let i = 0; i < n; i++) {
        const at = new Date(start + i * 60_000).toISOString();
        const number = first + i;
        store.put({
          key: crypto.randomUUID(),
          created_at: at,
          number: `${till.code}-${String(number).padStart(6, '0')}`,
          body: {
            document: 'sale',
            sale_type: 'pos_retail',
            customer_id: null,
            lines: [{ product_id: productId, variant_id: null, unit_id: null, quantity: '1', unit_price: null, discount: null }],
            discount: null,
            coupon_code: null,
            service_charge_id: null,
            payments: [{ payment_method_id: methodId, currency: 'USD', amount: price, reference: '' }],
            change_in: 'split',
            note: '',
            offline: { till_id: till.id, till_number: number, sold_at: at, cash_session_id: sessionId, queued: false },
          },
          total: price,
          currency: 'USD',
          state: 'waiting',
        });
      }
      tx.oncomplete = () => resolve({ first, last: first + n - 1, code: till.code });
      tx.onerror = () => reject(tx.error);
    };
  });
}

async function json(base, path, token, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * `userData`: a cashier's sign-in answer, with an open cash session in a branch that stocks the can (the demo
 * cashier). `ownerToken`: to stock the can and count the sales that arrived.
 */
export async function measureOutboxDrain(
  base,
  userData,
  ownerToken,
  { waiting = OUTBOX_DEFAULTS.waiting, live = OUTBOX_DEFAULTS.live, executablePath = '/usr/bin/chromium' } = {},
) {
  const { chromium } = require('playwright-core');
  const token = JSON.parse(userData).access_token;
  const session = (await json(base, '/api/v1/cash-sessions/current', token)).data;
  const catalogue = await json(base, '/api/v1/pos/catalogue', token);
  const can = catalogue.products.find((p) => p.codes.includes(CAN));
  const cash = catalogue.payment_methods.find((m) => m.type === 'cash');
  // Enough cans for every sale: the live ones meet the shop's stock rule.
  const options = await json(base, '/api/v1/stock-adjustments/options', ownerToken);
  await json(base, '/api/v1/stock-adjustments', ownerToken, {
    method: 'POST',
    body: JSON.stringify({
      branch_id: session.branch_id,
      adjustment_type_id: options.adjustment_types.find((a) => a.direction === 'addition').id,
      adjusted_on: new Date().toISOString().slice(0, 10),
      lines: [{ product_id: can.id, quantity: String(waiting + live + 50) }],
    }),
  });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    await context.addInitScript((u) => {
      localStorage.setItem('userData', u);
      localStorage.setItem('last-active-time', String(Date.now()));
      localStorage.setItem('app-locale', 'en');
    }, userData);
    const page = await context.newPage();
    await page.goto(`${base}/sale-pos`, { waitUntil: 'load' });
    await page.getByTestId('pos-till').waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForFunction(() => (localStorage.getItem('posauto.pos.tills') ?? '').includes('"code"'), null, { timeout: 30_000 });

    // The live rate: sales through the till's screen, as fast as a script can make them, each answered by the server.
    const liveStart = performance.now();
    // Let the idle work after the first render (the index, fonts, prefetches) finish, as a till in use would have.
    await page.waitForTimeout(1000);
    const tile = page.getByRole('button', { name: /^Coca-Cola can 330ml/ });
    for (let i = 0; i < live; i++) {
      // A tap on the can's tile (the scan's own time is till_scan's measurement).
      await tile.click();
      await page.getByTestId('pos-line').first().waitFor({ state: 'visible' });
      await page.keyboard.press('F12');
      await page.getByTestId('pos-quick-exact').click();
      await page.getByTestId('pos-payment-submit').click();
      await page.getByTestId('pos-done').waitFor({ state: 'visible', timeout: 30_000 });
      if (await page.getByTestId('pos-done-waiting').count()) throw new Error('a live sale was not answered by the server');
      await page.getByTestId('pos-new-sale').click();
      await page.getByTestId('pos-done').waitFor({ state: 'hidden' });
    }
    const liveSeconds = (performance.now() - liveStart) / 1000;
    // What one can costs, taxes in, as the server priced the live sales: what each waiting sale was paid.
    const code = await page.evaluate((b) => JSON.parse(localStorage.getItem('posauto.pos.tills'))[b].code, session.branch_id);
    const sold = await json(base, `/api/v1/sales?search=${encodeURIComponent(`${code}-`)}&per_page=10`, ownerToken);
    const price = sold.data.find((x) => x.invoice_number.startsWith(`${code}-`)).grand_total;

    // The backlog, written while the till is closed (on a page of the same origin that sends nothing).
    await page.goto(`${base}/robots.txt`);
    const written = await page.evaluate(writeWaiting, {
      n: waiting,
      branchId: session.branch_id,
      sessionId: session.id,
      productId: can.id,
      methodId: cash.id,
      price,
    });
    const t0 = performance.now();
    await page.goto(`${base}/sale-pos`, { waitUntil: 'load' });
    const status = page.getByTestId('pos-till-status');
    await status.waitFor({ state: 'visible', timeout: 120_000 });
    const openedMs = performance.now() - t0;
    await page.waitForFunction(
      () => document.querySelector('[data-testid="pos-till-status"]')?.getAttribute('data-waiting') === '0',
      null,
      {
        timeout: 30 * 60_000,
        polling: 100,
      },
    );
    const drainSeconds = (performance.now() - t0) / 1000;
    // Zero waiting; none refused either (a refusal is kept in the outbox, not counted as waiting).
    const refused = Number((await status.getAttribute('aria-label'))?.match(/Refused by the server: (\d+)/)?.[1] ?? 0);
    await context.close();

    // The books: every waiting sale arrived once.
    let arrived = 0;
    for (let p = 1; ; p++) {
      const list = await json(base, `/api/v1/sales?search=${encodeURIComponent(`${written.code}-`)}&per_page=100&page=${p}`, ownerToken);
      arrived += list.data.filter((s) => {
        const n = Number(s.invoice_number.split('-')[1]);
        return s.invoice_number.startsWith(`${written.code}-`) && n >= written.first && n <= written.last;
      }).length;
      if (list.data.length < 100) break;
    }
    const r = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
    const liveRate = live / liveSeconds;
    const drainRate = waiting / drainSeconds;
    return {
      waiting,
      arrived,
      refused,
      till_opened_ms: Math.round(openedMs),
      seconds_to_zero: r(drainSeconds),
      drain_per_s: r(drainRate),
      live_sales: live,
      live_ms_per_sale: Math.round((liveSeconds * 1000) / live),
      live_per_s: r(liveRate, 2),
      drain_vs_live: r(drainRate / liveRate),
    };
  } finally {
    await browser.close();
  }
}

export function formatOutboxDrain(name, r) {
  return `[${name}] offline backlog: ${r.arrived}/${r.waiting} waiting sales on the server (${r.refused} refused) ${r.seconds_to_zero} s after the till opened (badge at zero), ${r.drain_per_s} sales/s; the till's live rate ${r.live_per_s} sales/s (${r.live_ms_per_sale} ms a sale through the screen): the backlog goes ${r.drain_vs_live}x faster\n`;
}
