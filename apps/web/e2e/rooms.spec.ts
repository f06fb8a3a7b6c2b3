import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { chargeStay, type Calendar, type DayKind, type RatePlan, type StayPeriod } from '@posauto/shared/rooms/rates';
import { signIn } from './helpers';

/**
 * A karaoke room's stay (issue #25), as a waiter works it on a tablet: Demo Karaoke's waiter starts S1 on the room
 * board, orders drinks into it, pauses, resumes, extends, moves it to M2 (another type: Medium) and stops it; the owner
 * corrects the recorded times to a scripted evening so that the bill does not depend on when the test runs; the waiter
 * pays the bill in cash and marks the room clean. At first sign-in S2, M1 and VIP1 are in use; S1, S3 and M2 are free.
 *
 * The server runs on real time. The board counts from the server's clock (its time when it answered, plus the time
 * since on the tablet), so moving the tablet's clock forward moves the board with it until the board is read again.
 */

const WAITER = { email: 'waiter@posauto.local', password: 'waiter1234' };
const KARAOKE_OWNER = { email: 'karaoke@posauto.local', password: 'karaoke1234' };
/** The shop's zone; Cambodia has no DST, so a local time there is always UTC+07:00. */
const ZONE = 'Asia/Phnom_Penh';
const ZONE_OFFSET = '+07:00';
/**
 * A tablet of the shop, its clock set to the shop's zone. (The room board and the order screen are blank-layout
 * screens, which do not load the shop's zone for dates: the pay dialog writes the room's times in the device's zone.)
 */
const TABLET = { viewport: { width: 1280, height: 800 }, hasTouch: true };
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The demo's drinks and their prices (seed/demo-products-data.ts, KARAOKE_PRODUCTS): $2.50 together. */
const DRINKS = [
  { name: 'Angkor beer can', cents: 150 },
  { name: 'Coca-Cola can', cents: 100 },
];
/**
 * The recorded times after the owner's correction: 40 minutes in S1 at the day rate, a pause over 18:00, 35 minutes in
 * S1 at the night rate, then the move and 45 minutes in M2 at Medium's night rate.
 */
const SCRIPT = [
  { room: 'S1', from: '17:10', to: '17:50' },
  { room: 'S1', from: '18:05', to: '18:40' },
  { room: 'M2', from: '18:40', to: '19:25' },
] as const;
/** The minutes booked on the order screen (Extend, +60 min): less than the time used, so they change nothing. */
const BOOKED = 60;

interface RoomTypeOut {
  id: string;
  name: string;
  bands: Array<{ day_kind: DayKind; start: string; end: string; rate: string }>;
  block_minutes: number;
  first_block_minutes: number;
  grace_minutes: number;
  min_spend: string;
}
interface StayOut {
  id: string;
  order_id: string;
  status: string;
  booked_minutes: number;
  started_at: string;
  periods: Array<{ seq: number; room_name: string; started_at: string; ended_at: string | null }>;
  paid: boolean;
}
interface BoardOut {
  rooms: Array<{ name: string; state: string; stay: StayOut | null }>;
  time_zone: string;
  holidays: string[];
}

async function bearer(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const login = await request.post('/api/v1/login', { data: { email: who.email, password: who.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return `Bearer ${(await login.json()).access_token as string}`;
}

async function apiGet<T>(request: APIRequestContext, auth: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: auth } });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Decimal text of dollars in cents, exactly (no floats on money). */
function cents(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`Not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')));
}

/** Cents as the app writes dollars in English: "$1,234.50". */
function usd(minor: number): string {
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** "18:00" as the engine's minute of the day (1080); "24:00" is 1440, the end of a day. */
function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** A room type as the settings API gives it ("18:00", "9.00"), turned into the engine's plan by hand. */
function planOf(type: RoomTypeOut): RatePlan {
  return {
    bands: type.bands.map((b) => ({ day_kind: b.day_kind, start: clockMinutes(b.start), end: clockMinutes(b.end), rate: cents(b.rate) })),
    block_minutes: type.block_minutes,
    first_block_minutes: type.first_block_minutes,
    grace_minutes: type.grace_minutes,
  };
}

function localDate(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "17:10" on the shop's clock, as the bill writes it. */
const hhmm = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

/** The script's evening: today's once 19:30 has passed in Phnom Penh, else yesterday's (the server refuses times to come). */
function scriptDay(now: number): string {
  const today = localDate(now);
  return Date.parse(`${today}T19:30:00${ZONE_OFFSET}`) <= now ? today : localDate(Date.parse(`${today}T12:00:00${ZONE_OFFSET}`) - DAY);
}
const atLocal = (day: string, time: string) => Date.parse(`${day}T${time}:00${ZONE_OFFSET}`);

interface Figures {
  count: number;
  grandTotal: number;
  dashboardCents: number;
}

/** Today's counted sales of the shop: the sale report's count and total, and the dashboard's sales (cents). */
async function todaysFigures(request: APIRequestContext, auth: string): Promise<Figures> {
  const report = await apiGet<{ totals: { count: number; grand_total: string } }>(request, auth, '/api/v1/reports/sales?period=today');
  const dashboard = await apiGet<{ today: { sales: number } }>(request, auth, '/api/v1/dashboard');
  return { count: report.totals.count, grandTotal: cents(report.totals.grand_total), dashboardCents: dashboard.today.sales };
}

/** The reads of the room board a page makes: how many began, and whether one is on its way or just ended. */
function watchBoardReads(page: Page) {
  let started = 0;
  let inFlight = 0;
  let last = 0;
  const isBoard = (url: string) => new URL(url).pathname === '/api/v1/room-board';
  page.on('request', (r) => {
    if (!isBoard(r.url())) return;
    started++;
    inFlight++;
    last = Date.now();
  });
  const done = (r: { url: () => string }) => {
    if (!isBoard(r.url())) return;
    inFlight--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    started: () => started,
    /** None on its way, and none for a second: the board's clock offset is the one of its last read. */
    settled: () => expect.poll(() => inFlight === 0 && Date.now() - last >= 1000, { timeout: 10_000 }).toBe(true),
  };
}

/** The waiter's tablet in English on the room board, with Playwright's clock (running at real time until moved). */
async function tablet(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext(TABLET);
  await context.clock.install();
  const page = await context.newPage();
  const reads = watchBoardReads(page);
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await signIn(page, who, `/login?to=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return { page, reads };
}

const card = (page: Page, room: string) => page.getByTestId(`room-${room}`);
/** A figure of a room's card: the value after its term ("Room time", "Food and drinks", "So far"). */
const figure = (box: Locator, term: string) => box.locator(`dt:text-is("${term}") + dd`);
const orderLines = (page: Page) => page.getByTestId('order-lines').getByRole('listitem');
const tile = (page: Page, name: string) => page.getByTestId('pos-tile').filter({ hasText: name });

/**
 * The board 75 minutes into the stay: the tablet's clock is paused, set to 75:30 after the stay's start and moved on by
 * a second, so the board draws that second. setSystemTime moves the time without firing the timers due meanwhile: a
 * fastForward would fire the board's 30-second poll, whose read resets the board to the server's (real) time.
 */
async function checkBoardAt75(
  page: Page,
  reads: ReturnType<typeof watchBoardReads>,
  room: Locator,
  startedAt: number,
  plan: RatePlan,
  cal: Calendar,
) {
  await reads.settled();
  const readsBefore = reads.started();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
  await page.clock.setSystemTime(startedAt + 75 * MINUTE + 30_000);
  await page.clock.runFor(1_100);
  // The engine on the 75 whole minutes used (the board charges whole minutes), at the plan's rate for that time of day:
  // within Small's day band ($6/h) 75 × 600 / 60 = 750 cents, $7.50; wholly at night ($9/h) $11.25.
  const expected = chargeStay([{ from: startedAt, to: startedAt + 75 * MINUTE, plan, room: 'S1' }], cal);
  expect(expected.chargedMinutes).toBe(75); // 5 blocks of 15, over the first hour's minimum
  await expect(room.getByRole('timer')).toHaveText(/^1:15:[23]\d$/);
  await expect(figure(room, 'Room time')).toHaveText(usd(expected.amount));
  await expect(figure(room, 'Food and drinks')).toHaveText('$0.00');
  await expect(figure(room, 'So far')).toContainText(usd(expected.amount));
  expect(reads.started()).toBe(readsBefore);
  // Back to the real time, running.
  await page.clock.setSystemTime(Date.now());
  await page.clock.resume();
}

/** Taps a product on the order's grid and waits until the server has its line (no "Adding…" left). */
async function addProduct(page: Page, name: string, linesBefore: number): Promise<void> {
  await tile(page, name).first().tap();
  await expect(orderLines(page)).toHaveCount(linesBefore + 1);
  await expect(page.getByTestId('order-lines').getByText('Adding…')).toHaveCount(0);
}

/** On the order screen: drinks sent to the bar, then pause, resume, extend by an hour, move to M2, stop. */
async function workTheStay(page: Page): Promise<void> {
  for (const [i, drink] of DRINKS.entries()) await addProduct(page, drink.name, i);
  const send = page.getByRole('button', { name: `Send to kitchen (${DRINKS.length})` });
  await expect(send).toBeEnabled();
  await send.tap();
  await expect(page.getByRole('button', { name: 'Send to kitchen (0)' })).toBeDisabled();

  const header = page.getByTestId('room-stay-header');
  const actions = page.getByRole('group', { name: 'Room time' });
  await actions.getByRole('button', { name: 'Pause', exact: true }).tap();
  await expect(header.getByText('Paused', { exact: true })).toBeVisible();
  await actions.getByRole('button', { name: 'Resume', exact: true }).tap();
  await expect(header.getByText('Running', { exact: true })).toBeVisible();

  await actions.getByRole('button', { name: 'Extend', exact: true }).tap();
  const extend = page.getByRole('dialog', { name: 'Extend the booked time' });
  await extend.getByRole('button', { name: `+${BOOKED} min`, exact: true }).tap();
  await expect(extend).toBeHidden();
  await expect(header.getByText('Time left', { exact: true })).toBeVisible();

  await actions.getByRole('button', { name: 'Move', exact: true }).tap();
  const move = page.getByRole('dialog', { name: 'Move to another room' });
  await move.getByRole('button', { name: 'M2 · Medium', exact: true }).tap();
  await expect(move).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /^Room M2 · / })).toBeVisible();

  await actions.getByRole('button', { name: 'Stop', exact: true }).tap();
  const stop = page.getByRole('dialog', { name: 'Stop the time of M2?' });
  await stop.getByRole('button', { name: 'Stop', exact: true }).tap();
  await expect(stop).toBeHidden();
  await expect(header.getByText('Stopped', { exact: true })).toBeVisible();
  await expect(actions).toBeHidden();
}

/** The owner (who holds table-void: no approval asked) sets each period to the script's times, first to last. */
async function correctTimes(request: APIRequestContext, auth: string, stayId: string, day: string): Promise<void> {
  for (const [i, p] of SCRIPT.entries()) {
    const res = await request.post(`/api/v1/room-stays/${stayId}/times`, {
      headers: { authorization: auth },
      data: {
        period: i + 1,
        started_at: new Date(atLocal(day, p.from)).toISOString(),
        ended_at: new Date(atLocal(day, p.to)).toISOString(),
        reason: 'End-to-end test: the scripted evening',
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

interface ExpectedBill {
  roomRows: string[][];
  saleLines: string[][];
  subtotal: number;
  tax: number;
  total: number;
}

/**
 * The bill from the demo's plans and the script, by the engine. On a weekday (band 02:00-18:00 at the day rate, then
 * the night rate): S1 40 min × $6/h = $4.00; S1 35 min × $9/h = $5.25; M2 45 min × $13/h = $9.75; time $19.00 (120
 * minutes: 8 whole blocks of 15, nothing rounded). On a weekend night S1 is $11/h (35 min: $6.42) and M2 $15/h ($11.25).
 * Medium's minimum spend is $20: the drinks ($2.50) fall $17.50 short, billed as room fee. Subtotal $19.00 + $17.50 +
 * $2.50 = $39.00; the demo's VAT is 10% on top: $3.90; total $42.90.
 */
function expectedBill(day: string, small: RoomTypeOut, medium: RoomTypeOut, cal: Calendar): ExpectedBill {
  const plans: Record<string, RatePlan> = { S1: planOf(small), M2: planOf(medium) };
  const periods: StayPeriod[] = SCRIPT.map((p) => ({
    from: atLocal(day, p.from),
    to: atLocal(day, p.to),
    plan: plans[p.room]!,
    room: p.room,
  }));
  const charge = chargeStay(periods, cal, BOOKED);
  expect(charge.segments.map((s) => [s.room, s.minutes, s.extra])).toEqual([
    ['S1', 40, false],
    ['S1', 35, false],
    ['M2', 45, false],
  ]);
  const food = DRINKS.reduce((sum, d) => sum + d.cents, 0);
  const minSpend = cents(medium.min_spend);
  const shortfall = Math.max(0, minSpend - food);
  // Between periods: the pause, and the move's zero-minute step (the server bills every gap between two periods).
  const pauses = periods.slice(1).map((p, i) => ({ from: periods[i]!.to, to: p.from }));
  const roomRows = [
    ...charge.segments.flatMap((s) => [
      [s.room, usd(s.amount)],
      [`${hhmm(s.from)}–${hhmm(s.to)}`, `${s.minutes} min × ${usd(s.rate)}/h`],
    ]),
    ...pauses.map((p) => [`Pause ${hhmm(p.from)}–${hhmm(p.to)}`, `${(p.to - p.from) / MINUTE} min, not charged`]),
    ...(shortfall > 0 ? [[`Minimum spend ${usd(minSpend)}: shortfall`, usd(shortfall)]] : []),
    ['Food and drinks', usd(food)],
  ];
  const dec = (minor: number) => usd(minor).slice(1); // the server's decimal text ("17.50"): under $1,000, no grouping
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const saleLines = [
    ...charge.segments.map((s) => [`${s.room} ${hhmm(s.from)}–${hhmm(s.to)} (${clock(s.minutes)})`, dec(s.amount)]),
    ...(shortfall > 0 ? [[`${medium.name} (min. ${dec(minSpend)})`, dec(shortfall)]] : []),
    ...DRINKS.map((d) => [d.name, dec(d.cents)]),
  ];
  const subtotal = charge.amount + shortfall + food;
  // 10% VAT on top, rounded half-up to the cent: (subtotal × 10 + 50) div 100.
  const tax = Math.floor((subtotal * 10 + 50) / 100);
  return { roomRows, saleLines, subtotal, tax, total: subtotal + tax };
}

/** The rows of a bill box as drawn: each flex row's cells, as text. */
const rowsOf = (box: Locator) =>
  box.evaluate((el) =>
    Array.from(el.querySelectorAll('div'))
      .filter((d) => getComputedStyle(d).display === 'flex')
      .map((d) => Array.from(d.children).map((c) => (c.textContent ?? '').trim())),
  );

/** The order's pay dialog: its room time rows and totals checked against the plan, then paid in cash, the exact amount. */
async function payTheBill(page: Page, bill: ExpectedBill): Promise<void> {
  await page.getByRole('button', { name: 'Pay', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Pay bill 1' });
  const room = dialog.getByTestId('pre-bill-room');
  await expect(room).toBeVisible();
  await expect(room).toContainText('Room time');
  expect(await rowsOf(room)).toEqual(bill.roomRows);
  const totals = (await rowsOf(dialog.getByTestId('pre-bill-totals'))).slice(0, 3);
  expect(totals).toEqual([
    ['Subtotal', usd(bill.subtotal)],
    ['VAT 10.00%', usd(bill.tax)],
    ['Total', usd(bill.total)],
  ]);
  const exact = dialog.getByTestId('pos-quick-exact');
  await expect(exact).toBeEnabled();
  await exact.tap();
  await dialog.getByRole('button', { name: 'Pay', exact: true }).tap();
  await expect(dialog).toBeHidden();
}

test('a karaoke stay on a tablet: the board counts it by the plan; drinks, pause, move, stop; the bill shows each segment and is counted once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const probe = await browser.newContext();
  const owner = await bearer(probe.request, KARAOKE_OWNER);
  const before = await todaysFigures(probe.request, owner);
  const types = (await apiGet<{ data: RoomTypeOut[] }>(probe.request, owner, '/api/v1/room-types')).data;
  const small = types.find((t) => t.name === 'Small')!;
  const medium = types.find((t) => t.name === 'Medium')!;

  // The waiter starts S1 for two guests, open-ended, on the board.
  const { page: waiter, reads } = await tablet(browser, WAITER, '/rooms');
  const s1 = card(waiter, 'S1');
  await expect(s1).toHaveAttribute('data-state', 'free');
  await expect(card(waiter, 'M2')).toHaveAttribute('data-state', 'free');
  await s1.getByRole('button', { name: 'Start S1', exact: true }).tap();
  const start = waiter.getByRole('dialog', { name: 'Start S1' });
  await start.getByRole('button', { name: 'Start', exact: true }).tap();
  // Should it stay open, the failure says what the dialog says (a refusal's message, or a start still on its way).
  await expect(start)
    .toBeHidden()
    .catch(async (e: Error) => {
      throw new Error(`${e.message}\nThe dialog says: ${await start.innerText().catch(() => '(gone)')}`);
    });
  await expect(s1).toHaveAttribute('data-state', 'in_use');
  await expect(s1).toContainText('Guests: 2');

  const board = await apiGet<BoardOut>(probe.request, owner, '/api/v1/room-board');
  expect(board.time_zone).toBe(ZONE);
  const cal: Calendar = { timeZone: board.time_zone, holidays: new Set(board.holidays) };
  const stay = board.rooms.find((r) => r.name === 'S1')!.stay!;
  expect(stay.status).toBe('running');
  await checkBoardAt75(waiter, reads, s1, Date.parse(stay.started_at), planOf(small), cal);

  // Its order: drinks, pause, resume, extend, move to a Medium room, stop.
  await s1.getByRole('link', { name: 'Open order S1', exact: true }).tap();
  await expect(waiter).toHaveURL(new RegExp(`/tables/order/${stay.order_id}$`));
  await expect(waiter.getByRole('heading', { level: 1, name: /^Room S1 · / })).toBeVisible();
  await workTheStay(waiter);
  const stopped = await apiGet<StayOut>(probe.request, owner, `/api/v1/room-stays/${stay.id}`);
  expect(stopped.status).toBe('stopped');
  expect(stopped.booked_minutes).toBe(BOOKED);
  expect(stopped.periods.map((p) => p.room_name)).toEqual(['S1', 'S1', 'M2']);

  // The recorded times set to the scripted evening; the bill is then known to the cent.
  const day = scriptDay(Date.now());
  await correctTimes(probe.request, owner, stay.id, day);
  const bill = expectedBill(day, small, medium, cal);
  await payTheBill(waiter, bill);

  // Paid: back to the board, where M2 is being cleaned (S1 was left at the move); marked clean, it is free again.
  await waiter.getByRole('button', { name: 'Back to the rooms', exact: true }).tap();
  await expect(waiter).toHaveURL(/\/rooms$/);
  const m2 = card(waiter, 'M2');
  await expect(m2).toHaveAttribute('data-state', 'cleaning');
  await expect(s1).toHaveAttribute('data-state', 'free');
  await m2.getByRole('button', { name: 'Mark clean M2', exact: true }).tap();
  await expect(m2).toHaveAttribute('data-state', 'free');

  // The books: one sale with the room time's lines, counted once in the report and on the dashboard.
  const order = await apiGet<{ status: string; bills: Array<{ paid: boolean; invoice_number: string | null; sale_id: string | null }> }>(
    probe.request,
    owner,
    `/api/v1/table-orders/${stay.order_id}`,
  );
  expect(order.status).toBe('paid');
  expect(order.bills).toHaveLength(1);
  expect(order.bills[0]!.paid).toBe(true);
  expect((await apiGet<StayOut>(probe.request, owner, `/api/v1/room-stays/${stay.id}`)).paid).toBe(true);
  const sale = await apiGet<{
    grand_total: string;
    lines: Array<{ product_name: string; unit_price: string }>;
    payments: Array<{ method_type: string; currency: string; amount: string }>;
  }>(probe.request, owner, `/api/v1/sales/${order.bills[0]!.sale_id!}`);
  expect(sale.lines.map((l) => [l.product_name, l.unit_price])).toEqual(bill.saleLines);
  expect(cents(sale.grand_total)).toBe(bill.total);
  // Paid in cash, in dollars, the exact amount.
  expect(sale.payments.map((p) => [p.method_type, p.currency, cents(p.amount)])).toEqual([['cash', 'USD', bill.total]]);
  const after = await todaysFigures(probe.request, owner);
  expect(after.count - before.count).toBe(1);
  expect(after.grandTotal - before.grandTotal).toBe(bill.total);
  expect(after.dashboardCents - before.dashboardCents).toBe(bill.total);

  await Promise.all([waiter.context().close(), probe.close()]);
});
