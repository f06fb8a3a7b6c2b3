/**
 * The room board under a full house (`npm run bench`, scripts/bench.mjs; see bench/README.md): with 40 rooms in use in
 * one branch, how much of each second the board's tab spends on its main thread. The board ticks every second (one
 * timer for the whole board, every running card's clock and amount drawn again), so this is the cost a tablet left on
 * /rooms pays all evening; the budget is 50 ms of main-thread work per second.
 *
 * Everything is set up through the public API as the demo shop's owner: a room type, ROOMS rooms in a branch of the
 * shop that has none (else the one with fewest), and a stay started in each (a mix: open-ended, booked for two hours,
 * booked for 8 minutes so the card warns, paused). Then /rooms opens in Chromium (1280x800) on that branch, settles,
 * and for SECONDS seconds the DevTools protocol's Performance.getMetrics is read once a second: the growth of
 * TaskDuration (every task the renderer's main thread ran: script, style, layout, paint, GC) over the growth of its
 * Timestamp is the busy time per second; ScriptDuration and LayoutDuration + RecalcStyleDuration split it.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from './web-weight.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));

/** Issue: "the room board with 40 rooms in use stays under 50 ms of main-thread work per second". */
export const ROOMS_BOARD_TARGET_MS = 50;
export const ROOMS_BOARD_DEFAULTS = { rooms: 40, seconds: 20, settle: 5 };
const VIEWPORT = { width: 1280, height: 800 };
/** The key the board keeps a shop-level user's branch under (features/rooms/components/room-board-screen.tsx). */
const BRANCH_KEY = 'rooms-branch';
/** The room limit of a branch (ROOM_LIMITS.roomsPerBranch in packages/shared/src/schemas/rooms.ts). */
const ROOMS_PER_BRANCH = 100;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (n) => (n === null ? null : Math.round(n * 10) / 10);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(base, token, method, path, body) {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Every write once: a retry of the same request would answer the same stay (the server's Idempotency-Key).
  if (method === 'POST') headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * The stay room i gets: a quarter paused, a quarter booked for two hours (the card counts down), an eighth booked for
 * 8 minutes (under the 10-minute warning from the start: amber), the rest open-ended (the card counts up).
 */
export function stayPlan(i) {
  if (i % 4 === 2) return { booked_minutes: 0, pause: true };
  if (i % 4 === 1) return { booked_minutes: 120, pause: false };
  if (i % 8 === 7) return { booked_minutes: 8, pause: false };
  return { booked_minutes: 0, pause: false };
}

/** Day and night rates (the night past midnight), as the demo karaoke's: the engine crosses a band at 18:00 and 02:00. */
function benchType(tag) {
  const bands = ['weekday', 'weekend', 'holiday'].flatMap((day_kind) => [
    { day_kind, start: '02:00', end: '18:00', rate: '6' },
    { day_kind, start: '18:00', end: '02:00', rate: day_kind === 'weekday' ? '9' : '11' },
  ]);
  return { name: `Bench ${tag}`, bands, block_minutes: 15, first_block_minutes: 60, grace_minutes: 5, min_spend: '20' };
}

/** The shop's branch with no rooms yet (else the fewest) that has space for `rooms` more. */
async function pickBranch(base, token, rooms) {
  const branches = await call(base, token, 'GET', '/api/v1/branches/options');
  let best = null;
  for (const b of branches) {
    const { data } = await call(base, token, 'GET', `/api/v1/rooms?branch_id=${b.id}`);
    if (!best || data.length < best.existing) best = { id: b.id, name: b.name, existing: data.length };
    if (!data.length) break;
  }
  if (!best) throw new Error('the demo shop has no branch');
  if (best.existing + rooms > ROOMS_PER_BRANCH)
    throw new Error(`branch ${best.name} has ${best.existing} rooms: ${rooms} more exceed the ${ROOMS_PER_BRANCH} a branch may have`);
  return best;
}

/**
 * Through the API as `token` (the demo owner): a room type, `rooms` rooms in one branch, a stay in each (stayPlan).
 * Answers the branch and the counts of each kind of stay.
 */
export async function seedRoomBoard(base, token, { rooms = ROOMS_BOARD_DEFAULTS.rooms } = {}) {
  const branch = await pickBranch(base, token, rooms);
  const tag = randomUUID().slice(0, 4);
  const type = await call(base, token, 'POST', '/api/v1/room-types', benchType(tag));
  const counts = { open: 0, booked: 0, warning: 0, paused: 0 };
  for (let i = 0; i < rooms; i++) {
    const name = `R${String(i + 1).padStart(2, '0')}-${tag}`;
    const room = await call(base, token, 'POST', '/api/v1/rooms', { branch_id: branch.id, type_id: type.id, name, sort_order: i });
    const plan = stayPlan(i);
    const { stay } = await call(base, token, 'POST', `/api/v1/rooms/${room.id}/start`, {
      guests: 2 + (i % 6),
      booked_minutes: plan.booked_minutes,
    });
    if (plan.pause) await call(base, token, 'POST', `/api/v1/room-stays/${stay.id}/pause`);
    const kind = plan.pause ? 'paused' : plan.booked_minutes >= 60 ? 'booked' : plan.booked_minutes ? 'warning' : 'open';
    counts[kind] += 1;
  }
  const board = await call(base, token, 'GET', `/api/v1/room-board?branch_id=${branch.id}`);
  const states = {};
  for (const r of board.rooms) states[r.state] = (states[r.state] ?? 0) + 1;
  return {
    branch_id: branch.id,
    branch_name: branch.name,
    rooms_before: branch.existing,
    rooms: board.rooms.length,
    stays: counts,
    states,
  };
}

/** The metrics read each second, by name (Performance.getMetrics answers a list of { name, value }). */
async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** What changed between two readings, per second of the page's clock (Timestamp, seconds), in ms. */
export function perSecond(a, b) {
  const span = b.Timestamp - a.Timestamp;
  const ms = (name) => (span > 0 ? ((b[name] - a[name]) / span) * 1000 : 0);
  return {
    busy_ms: ms('TaskDuration'),
    script_ms: ms('ScriptDuration'),
    style_layout_ms: ms('LayoutDuration') + ms('RecalcStyleDuration'),
  };
}

/** p50, p95 and max (ms) of a list of per-second figures. */
export function spread(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s[s.length - 1] ?? null) };
}

/** The first running card's clock: it must move between the start and the end of the measurement. */
const firstTimer = (page) =>
  page.evaluate(
    () =>
      document.querySelector('article[data-state="in_use"] [role="timer"], article[data-state="ending"] [role="timer"]')?.textContent ??
      null,
  );

/**
 * Opens /rooms on `branchId` as `userData` (the owner's sign-in answer, as the app keeps it), waits for `rooms` cards and
 * `settle` seconds, then reads the main thread's busy time once a second for `seconds` seconds.
 */
export async function measureRoomBoard(
  base,
  userData,
  branchId,
  {
    rooms = ROOMS_BOARD_DEFAULTS.rooms,
    seconds = ROOMS_BOARD_DEFAULTS.seconds,
    settle = ROOMS_BOARD_DEFAULTS.settle,
    lang = 'km',
    executablePath = '/usr/bin/chromium',
  } = {},
) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(
      ([u, l, key, b]) => {
        localStorage.setItem('userData', u);
        localStorage.setItem('app-locale', l);
        sessionStorage.setItem(key, b);
      },
      [userData, lang, BRANCH_KEY, branchId],
    );
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${base}/rooms`, { waitUntil: 'load' });
    await page.waitForFunction((n) => document.querySelectorAll('article[data-state]').length >= n, rooms, { timeout: 60_000 });
    const boardMs = performance.now() - t0;
    // Settled: no loader, the fonts in; then the idle work after the first render (the catalogue, prefetches) is let finish.
    await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root') && document.fonts.status === 'loaded', null, {
      timeout: 30_000,
    });
    await page.waitForTimeout(settle * 1000);
    const cards = await page.locator('article[data-state]').count();
    const cardStates = await page.evaluate(() => {
      const out = {};
      for (const a of document.querySelectorAll('article[data-state]')) out[a.dataset.state] = (out[a.dataset.state] ?? 0) + 1;
      return out;
    });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const timerBefore = await firstTimer(page);
    const samples = [];
    let last = await metrics(cdp);
    const start = performance.now();
    const first = last;
    // One reading a second, on a fixed grid from the start: a slow reading does not push the next ones later.
    for (let k = 1; k <= seconds; k++) {
      await sleep(Math.max(0, start + k * 1000 - performance.now()));
      const now = await metrics(cdp);
      samples.push(perSecond(last, now));
      last = now;
    }
    const timerAfter = await firstTimer(page);
    const whole = perSecond(first, last);
    const url = page.url();
    await context.close();
    const pick = (key) => samples.map((s) => s[key]);
    return {
      viewport: VIEWPORT,
      lang,
      seconds,
      settle_s: settle,
      url,
      board_ready_ms: Math.round(boardMs),
      cards,
      card_states: cardStates,
      // The board ticked while it was measured (a page stuck on an error would measure nothing, and look fast).
      ticking: timerBefore !== null && timerAfter !== null && timerBefore !== timerAfter,
      busy_ms: spread(pick('busy_ms')),
      script_ms: spread(pick('script_ms')),
      style_layout_ms: spread(pick('style_layout_ms')),
      mean_busy_ms: round(whole.busy_ms),
      js_heap_mb: round(last.JSHeapUsedSize / 2 ** 20),
      dom_nodes: last.Nodes,
      target_ms: ROOMS_BOARD_TARGET_MS,
      per_second_ms: pick('busy_ms').map(round),
    };
  } finally {
    await browser.close();
  }
}

/** Whether the board stayed under the budget in every measured second, ticking, with all its cards. */
export function roomBoardHolds(r, rooms) {
  return r.busy_ms.max !== null && r.busy_ms.max < ROOMS_BOARD_TARGET_MS && r.ticking && r.cards >= rooms;
}

export function formatRoomBoard(name, r) {
  return (
    `[${name}] room board: ${r.cards} cards ${JSON.stringify(r.card_states)}, ${r.seconds} s; main thread busy per second ` +
    `p50 ${r.busy_ms.p50} ms, p95 ${r.busy_ms.p95} ms, max ${r.busy_ms.max} ms (script p50 ${r.script_ms.p50} ms, ` +
    `style and layout p50 ${r.style_layout_ms.p50} ms); heap ${r.js_heap_mb} MB, ${r.dom_nodes} DOM nodes` +
    (r.ticking ? '' : '; the board did NOT tick') +
    '\n'
  );
}
