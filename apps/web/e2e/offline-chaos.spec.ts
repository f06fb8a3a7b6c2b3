import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { OWNER, openTill } from './helpers';
import { seededRandom } from '@posauto/shared/random';

/**
 * The offline till under chaos (issue #26): 200 sales at one till while the network is cut and restored at random
 * moments (between sales and in the middle of a payment, its request maybe sent, maybe not), with two reloads and a
 * second tab of the same till open. Afterwards the server holds exactly those sales, each once, under the till's
 * numbers (one series, no gap), and the stock and the drawer agree with them to the cent.
 */
test.use({ serviceWorkers: 'allow' });

const SALES = 200;
const CAN = '5449000000996';
/** A fixed seed: a failure is replayed as it happened (the seed is printed). */
const SEED = Number(process.env.CHAOS_SEED ?? 20261128);

async function bearerOf(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/api/v1/login', { data: who });
  return { authorization: `Bearer ${(await login.json()).access_token as string}` };
}

/**
 * One can, tapped on the grid and paid exact in dollars; `cut` drops the network right after Pay (the request may or
 * may not leave). A tap, not a scan: on a loaded two-core machine the test's own keystrokes can arrive 150 ms apart,
 * which the till rightly takes for a person typing (pos.spec.ts and offline-sales.spec.ts scan).
 */
async function sellOne(page: Page, context: BrowserContext, cut: boolean): Promise<string> {
  await page.getByRole('button', { name: /^Coca-Cola can 330ml/ }).click();
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.keyboard.press('F12');
  await page.getByTestId('pos-quick-exact').click();
  await page.getByTestId('pos-payment-submit').click();
  if (cut) await context.setOffline(true);
  const done = page.getByTestId('pos-done');
  await expect(done).toBeVisible({ timeout: 15_000 });
  const number = (await page.getByTestId('pos-done-invoice').innerText()).trim();
  await page.getByTestId('pos-new-sale').click();
  await expect(done).toBeHidden();
  return number;
}

test('200 sales through random network cuts, two reloads and a second tab reach the books exactly once each', async ({ page, context }) => {
  test.setTimeout(20 * 60_000);
  console.log(`chaos seed ${SEED}`);
  const rand = seededRandom(SEED);
  const owner = await bearerOf(page.request, OWNER);

  await openTill(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('posauto.pos.tills') ?? ''), { timeout: 15_000 }).toContain('"code"');
  const tills = JSON.parse((await page.evaluate(() => localStorage.getItem('posauto.pos.tills')))!) as Record<
    string,
    { id: string; code: string; branch_id: string }
  >;
  const till = Object.values(tills)[0]!;
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData')!) as { access_token: string }).access_token);
  const bearer = { authorization: `Bearer ${token}` };

  // Enough cans for every sale (the till's first attempt meets the shop's stock rule), then the figures before.
  const product = (
    (await (await page.request.get('/api/v1/pos/catalogue', { headers: bearer })).json()).products as Array<{
      id: string;
      codes: string[];
    }>
  ).find((p) => p.codes.includes(CAN))!;
  const options = await (await page.request.get('/api/v1/stock-adjustments/options', { headers: owner })).json();
  const addition = (options.adjustment_types as Array<{ id: string; direction: string }>).find((a) => a.direction === 'addition')!;
  const stocked = await page.request.post('/api/v1/stock-adjustments', {
    headers: owner,
    data: {
      branch_id: till.branch_id,
      adjustment_type_id: addition.id,
      adjusted_on: new Date().toISOString().slice(0, 10),
      lines: [{ product_id: product.id, quantity: String(SALES + 50) }],
    },
  });
  expect(stocked.status(), await stocked.text()).toBe(201);
  const onHand = async () =>
    Number(
      ((await (await page.request.get(`/api/v1/stock?product_id=${product.id}&branch_id=${till.branch_id}`, { headers: owner })).json())
        .data[0]?.on_hand as string | undefined) ?? 0,
    );
  const expectedUsd = async () =>
    (await (await page.request.get('/api/v1/cash-sessions/current', { headers: bearer })).json()).data.expected_usd as string;
  const cents = (usd: string) => Math.round(Number(usd) * 100);
  const stockBefore = await onHand();
  const drawerBefore = cents(await expectedUsd());

  // The till's code is in (the payment's code arrives with the first sale) and the worker controls the page.
  const numbers: string[] = [await sellOne(page, context, false)];
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // A second tab of the same till: its own sender competes for the one lock.
  const second = await context.newPage();
  await second.goto('/sale-pos');
  await expect(second.getByTestId('pos-till')).toBeVisible();
  await page.bringToFront();

  let offline = false;
  for (let i = 1; i < SALES; i++) {
    if (rand() < 0.12) {
      offline = !offline;
      await context.setOffline(offline);
    }
    if (i === 70 || i === 140) {
      await page.reload();
      await expect(page.getByTestId('pos-till')).toBeVisible({ timeout: 45_000 });
      // Settled, as a cashier would find it: the work after the first render (the index, the fonts) done.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1500);
      console.log(`reloaded before sale ${i}, ${offline ? 'offline' : 'online'}`);
    }
    const cut = !offline && rand() < 0.06;
    numbers.push(await sellOne(page, context, cut));
    if (cut) offline = true;
    if (i % 25 === 0) console.log(`sale ${i}: ${numbers[numbers.length - 1]}, ${offline ? 'offline' : 'online'}`);
  }
  await context.setOffline(false);
  for (const p of [page, second]) await expect(p.getByTestId('pos-till-status')).toHaveAttribute('data-waiting', '0', { timeout: 180_000 });

  // One series, no gap, no repeat, all of this till.
  const n = numbers.map((x) => Number(x.split('-')[1]));
  expect(numbers.every((x) => x.startsWith(`${till.code}-`))).toBe(true);
  expect(n).toEqual(n.map((_, i) => n[0]! + i));

  // The server: exactly these sales, each once, each at the can's price.
  const held: Array<{ invoice_number: string; grand_total: string }> = [];
  for (let pageNo = 1; ; pageNo++) {
    const res = await page.request.get(`/api/v1/sales?search=${encodeURIComponent(`${till.code}-`)}&per_page=100&page=${pageNo}`, {
      headers: owner,
    });
    const rows = (await res.json()).data as Array<{ invoice_number: string; grand_total: string }>;
    held.push(...rows.filter((r) => r.invoice_number.startsWith(`${till.code}-`)));
    if (rows.length < 100) break;
  }
  expect(held.map((r) => r.invoice_number).sort()).toEqual([...numbers].sort());
  const prices = new Set(held.map((r) => r.grand_total));
  expect([...prices]).toHaveLength(1);
  const total = held.reduce((sum, r) => sum + cents(r.grand_total), 0);

  // Stock and drawer agree with them: one can each, and every dollar in the session.
  expect(await onHand()).toBe(stockBefore - SALES);
  expect(cents(await expectedUsd()) - drawerBefore).toBe(total);
});
