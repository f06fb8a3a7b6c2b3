import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Table service (issue #24), as a waiter works it on a tablet and the kitchen sees it on its display, both at once.
 * Demo Karaoke: the waiter Rithy Meas (one branch, a drawer open since the doors opened) and the owner, whose screen
 * in the kitchen is the display. At first sign-in D2, D5, D7 and T1 have guests; D1, D3, D4, D6, D8 and T2-T4 are free.
 * The kitchen prepares the food (Khmer food, snacks), the bar the drinks (beer, soft drinks): one ticket per station.
 */

const WAITER = { email: 'waiter@posauto.local', password: 'waiter1234', name: 'Rithy Meas' };
const KARAOKE_OWNER = { email: 'karaoke@posauto.local', password: 'karaoke1234' };
const TABLET = { viewport: { width: 1280, height: 800 }, hasTouch: true };

const FOOD = 'Beef lok lak';
const DRINK = 'Angkor beer can';
const MORE = 'Fried rice with chicken';

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

/** A signed-in tablet (or display) in English, on its screen. */
async function device(browser: Browser, who: { email: string; password: string }, path: string): Promise<Page> {
  const context = await browser.newContext(TABLET);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
  await signIn(page, who, `/login?to=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

const tableButton = (page: Page, name: string, state: string) => page.getByRole('button', { name: `Table ${name}, ${state}`, exact: true });
const tile = (page: Page, name: string) => page.getByTestId('pos-tile').filter({ hasText: name });
const orderLines = (page: Page) => page.getByTestId('order-lines').getByRole('listitem');
const orderLine = (page: Page, name: string) => orderLines(page).filter({ hasText: name });
const tickets = (page: Page, table: string) => page.getByRole('article', { name: new RegExp(`^Ticket \\d+, table ${table}$`) });

/** A free table on the floor, opened for two guests: the order screen. Answers the order's id. */
async function openTable(page: Page, table: string): Promise<string> {
  await tableButton(page, table, 'Free').tap();
  const dialog = page.getByRole('dialog', { name: `Open table ${table}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '2', exact: true }).tap();
  await dialog.getByRole('button', { name: 'Open table', exact: true }).tap();
  await expect(page).toHaveURL(/\/tables\/order\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Table ${table} · `) })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** Taps a product on the order's grid and waits until the server has its line (no "Adding…" left). */
async function addProduct(page: Page, name: string, linesBefore: number): Promise<void> {
  await tile(page, name).first().tap();
  await expect(orderLines(page)).toHaveCount(linesBefore + 1);
  await expect(page.getByTestId('order-lines').getByText('Adding…')).toHaveCount(0);
}

async function send(page: Page, count: number): Promise<void> {
  const button = page.getByRole('button', { name: `Send to kitchen (${count})` });
  await expect(button).toBeEnabled();
  await button.tap();
  await expect(page.getByRole('button', { name: 'Send to kitchen (0)' })).toBeDisabled();
}

/** Ticket names ("Ticket 12, table D3") on the display for a table. */
async function ticketNames(page: Page, table: string): Promise<string[]> {
  return (await tickets(page, table).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).sort();
}

/** Pays a bill in its dialog: the exact amount in cash. */
async function payBill(page: Page, bill: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Pay bill ${bill}` });
  await expect(dialog).toBeVisible();
  const exact = dialog.getByTestId('pos-quick-exact');
  await expect(exact).toBeEnabled();
  await exact.tap();
  await dialog.getByRole('button', { name: 'Pay', exact: true }).tap();
  await expect(dialog).toBeHidden();
}

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

/** Decimal text of dollars in cents, exactly (no floats on money). */
function cents(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`Not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')));
}

test('a waiter serves a table from the tablet while the kitchen display follows live; the bills are counted once', async ({ browser }) => {
  test.setTimeout(180_000);
  const probe = await browser.newContext();
  const ownerAuth = await bearer(probe.request, KARAOKE_OWNER);
  const before = await todaysFigures(probe.request, ownerAuth);

  // The kitchen display and the waiter's tablet, open at the same time.
  const kitchen = await device(browser, KARAOKE_OWNER, '/kitchen');
  await expect(kitchen.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible();
  await expect(tickets(kitchen, 'D7').first()).toBeVisible(); // tonight's tickets are there
  await expect(tickets(kitchen, 'D3')).toHaveCount(0);
  // From here on the display is never reloaded: whatever shows came live.
  let reloads = 0;
  kitchen.on('load', () => reloads++);
  const waiter = await device(browser, WAITER, '/tables');

  // The waiter opens D3 and adds a dish and a drink: new lines, not yet sent.
  const orderId = await openTable(waiter, 'D3');
  await addProduct(waiter, FOOD, 0);
  await addProduct(waiter, DRINK, 1);
  await expect(orderLine(waiter, FOOD)).toContainText('New');
  await expect(orderLine(waiter, DRINK)).toContainText('New');
  await send(waiter, 2);
  await expect(orderLine(waiter, FOOD)).toContainText('Sent');
  await expect(waiter.getByText('Sent to kitchen', { exact: true })).toBeVisible();

  // The display shows the order live, without a reload: the dish to the kitchen, the beer to the bar.
  await expect(tickets(kitchen, 'D3')).toHaveCount(2);
  const first = await ticketNames(kitchen, 'D3');
  await expect(tickets(kitchen, 'D3').filter({ hasText: FOOD })).toHaveCount(1);
  await expect(tickets(kitchen, 'D3').filter({ hasText: DRINK })).toHaveCount(1);
  await expect(tickets(kitchen, 'D3').filter({ hasText: MORE })).toHaveCount(0);
  const food = tickets(kitchen, 'D3').filter({ hasText: FOOD });
  await expect(food.getByRole('button', { name: 'Ready' })).toBeVisible();
  await expect(food.getByRole('button', { name: 'Done' })).toBeVisible();
  await expect(food.getByRole('button', { name: 'Print ticket' })).toBeVisible();
  // The bar serves the beer: its ticket leaves the display.
  await tickets(kitchen, 'D3').filter({ hasText: DRINK }).getByRole('button', { name: 'Done' }).click();
  await expect(tickets(kitchen, 'D3')).toHaveCount(1);

  // More food: only the new line goes, on a ticket of its own.
  await addProduct(waiter, MORE, 2);
  await expect(orderLine(waiter, MORE)).toContainText('New');
  await send(waiter, 1);
  await expect(tickets(kitchen, 'D3')).toHaveCount(2);
  const second = (await ticketNames(kitchen, 'D3')).filter((n) => !first.includes(n));
  expect(second).toHaveLength(1);
  const added = kitchen.getByRole('article', { name: second[0], exact: true });
  await expect(added).toContainText(MORE);
  await expect(added).not.toContainText(FOOD);
  await expect(added).not.toContainText(DRINK);
  await expect(added.getByRole('listitem')).toHaveCount(1);
  expect(reloads).toBe(0);

  // The guests move to D4.
  await waiter.getByRole('button', { name: 'Move', exact: true }).tap();
  const move = waiter.getByRole('dialog', { name: 'Move to another table' });
  await move.getByRole('button', { name: 'Table D4, Free', exact: true }).tap();
  await expect(move).toBeHidden();
  await expect(waiter.getByRole('heading', { level: 1, name: /^Table D4 · / })).toBeVisible();

  // The bill is split in two: the fried rice on a bill of its own.
  await waiter.getByRole('button', { name: 'Split bill', exact: true }).tap();
  const split = waiter.getByRole('dialog', { name: 'Split bill' });
  await expect(split.getByRole('button', { name: 'Bill 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const billOne = split.getByRole('region', { name: 'Bill 1', exact: true });
  const billTwo = split.getByRole('region', { name: 'Bill 2', exact: true });
  await billOne.locator('div', { hasText: MORE }).getByRole('button', { name: 'All to bill 2' }).last().tap();
  await expect(billTwo).toContainText(MORE);
  await expect(billOne).not.toContainText(MORE);
  await split.getByRole('button', { name: 'Save', exact: true }).tap();
  await expect(split).toBeHidden();
  await expect(orderLine(waiter, MORE)).toContainText('Bill 2');
  await expect(orderLine(waiter, FOOD)).toContainText('Bill 1');

  // Both bills paid, one after the other, into the waiter's drawer.
  await waiter.getByRole('button', { name: 'Pay', exact: true }).tap();
  await waiter.getByRole('menuitem', { name: 'Bill 1', exact: true }).tap();
  await payBill(waiter, 1);
  await expect(orderLine(waiter, FOOD)).toContainText('Paid');
  await expect(orderLine(waiter, MORE)).not.toContainText('Paid');
  await waiter.getByRole('button', { name: 'Pay', exact: true }).tap();
  await payBill(waiter, 2);

  // The order is paid: the table is cleared, and D3 and D4 are free again.
  await expect(waiter.getByText('Paid, to clear', { exact: true })).toBeVisible();
  await waiter.getByRole('button', { name: 'Clear table', exact: true }).tap();
  await expect(waiter).toHaveURL(/\/tables$/);
  await expect(tableButton(waiter, 'D4', 'Free')).toBeVisible();
  await expect(tableButton(waiter, 'D3', 'Free')).toBeVisible();

  // The books: two sales, carrying the table and the waiter, counted once each.
  const order = await apiGet<{
    status: string;
    cleared_at: string | null;
    bills: Array<{ bill: number; paid: boolean; amount: string; invoice_number: string | null; sale_id: string | null }>;
  }>(probe.request, ownerAuth, `/api/v1/table-orders/${orderId}`);
  expect(order.status).toBe('paid');
  expect(order.cleared_at).toBeTruthy();
  expect(order.bills.filter((b) => b.paid && b.invoice_number)).toHaveLength(2);
  const invoices = order.bills.map((b) => b.invoice_number!);
  const report = await apiGet<{
    rows: Array<{
      invoice_number: string;
      table_name: string | null;
      waiter_name: string | null;
      grand_total: string;
      payment_status: string;
    }>;
    table_sales: boolean;
  }>(probe.request, ownerAuth, '/api/v1/reports/sales?period=today&per_page=100&sort=sale_date&order=desc');
  const ours = report.rows.filter((r) => invoices.includes(r.invoice_number));
  expect(ours).toHaveLength(2);
  for (const row of ours) expect(row).toMatchObject({ table_name: 'D4', waiter_name: WAITER.name, payment_status: 'paid' });
  expect(report.table_sales).toBe(true);
  const billsTotal = ours.reduce((s, r) => s + cents(r.grand_total), 0);
  expect(billsTotal).toBeGreaterThan(0);
  const after = await todaysFigures(probe.request, ownerAuth);
  expect(after.count - before.count).toBe(2);
  expect(after.grandTotal - before.grandTotal).toBe(billsTotal);
  expect(after.dashboardCents - before.dashboardCents).toBe(billsTotal);

  await Promise.all([kitchen.context().close(), waiter.context().close(), probe.close()]);
});

test('an addition whose answer is lost on the way is sent again and added once', async ({ browser }) => {
  test.setTimeout(90_000);
  const waiter = await device(browser, WAITER, '/tables');
  const orderId = await openTable(waiter, 'D8');

  // The first POST of the lines reaches the server, which adds the line, but its answer never comes back (the Wi-Fi
  // drops): the tablet sends the same addition again, with the same key.
  const calls: Array<{ key: string | null; status: number }> = [];
  await waiter.route('**/api/v1/table-orders/*/lines', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    calls.push({ key: route.request().headers()['idempotency-key'] ?? null, status: response.status() });
    if (calls.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  await tile(waiter, FOOD).first().tap();
  await expect(waiter.getByTestId('order-lines').getByText('Adding…')).toBeVisible();
  // (Meanwhile the live floor may already show the server's line beside the tap still on its way.)
  await expect(waiter.getByTestId('order-lines').getByText('Adding…')).toHaveCount(0, { timeout: 15_000 });
  await expect(orderLines(waiter)).toHaveCount(1);
  await expect(orderLine(waiter, FOOD)).toContainText('New');
  expect(calls).toHaveLength(2);
  expect(calls[0]!.status).toBe(201);
  expect(calls[1]!.status).toBe(200);
  expect(calls[0]!.key).toBeTruthy();
  expect(calls[1]!.key).toBe(calls[0]!.key);

  // Read again from the server: one line, of one.
  await waiter.unroute('**/api/v1/table-orders/*/lines');
  await waiter.reload();
  await expect(orderLines(waiter)).toHaveCount(1);
  await expect(orderLine(waiter, FOOD)).toContainText(`1 × ${FOOD}`);
  const auth = await bearer(waiter.request, WAITER);
  const order = await apiGet<{ lines: Array<{ name: string; quantity: string }> }>(waiter.request, auth, `/api/v1/table-orders/${orderId}`);
  expect(order.lines.map((l) => [l.name, l.quantity])).toEqual([[FOOD, '1']]);

  // Nothing was sent: the order is cancelled and D8 is free again.
  await waiter.getByRole('button', { name: 'Cancel order', exact: true }).tap();
  await expect(waiter).toHaveURL(/\/tables$/);
  await expect(tableButton(waiter, 'D8', 'Free')).toBeVisible();
  await waiter.context().close();
});
