import { expect, test, type Page } from '@playwright/test';
import { axeBlocking, OWNER, openTill } from './helpers';

/**
 * An offline morning at the till (issue #26), in Chromium with its real IndexedDB, service worker and network cut: the
 * till registers itself and numbers every sale; with no connection each sale completes at once with its final number,
 * waits in the till's outbox (the badge counts), survives a reload, and signing out is refused; the network back, the
 * sales go by themselves, oldest first, the badge reaches zero, and the server holds each sale once, under the till's
 * numbers, with the time it was made and the time it arrived.
 */
test.use({ serviceWorkers: 'allow' });

/** A can of Coca-Cola (5449000000996, 160 in stock), paid exact in cash; returns the number the till shows. */
async function sellOne(page: Page, waiting: boolean, whenDone?: () => Promise<void>): Promise<string> {
  await page.keyboard.type('5449000000996', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.keyboard.press('F12');
  await page.getByTestId('pos-quick-exact').click();
  await page.getByTestId('pos-payment-submit').click();
  const done = page.getByTestId('pos-done');
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('pos-done-waiting')).toHaveCount(waiting ? 1 : 0);
  const number = (await page.getByTestId('pos-done-invoice').innerText()).trim();
  await whenDone?.();
  await page.getByTestId('pos-new-sale').click();
  await expect(done).toBeHidden();
  await expect(page.getByTestId('pos-line')).toHaveCount(0);
  return number;
}

const numberOf = (receipt: string) => Number(receipt.split('-')[1]);

test('an offline morning: sales complete with no connection, survive a reload, and reach the books once each', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await openTill(page);
  // The device registered as a till of the session's branch (once, while online).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('posauto.pos.tills') ?? ''), { timeout: 15_000 }).toContain('"code"');
  const status = page.getByTestId('pos-till-status');
  await expect(status).toHaveAttribute('data-online', 'true');

  // Online, a sale takes the till's next number and the server's answer at once.
  const first = await sellOne(page, false);
  expect(first).toMatch(/^T\d{2,}-\d{6}$/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The customer dialog opened once online: the till keeps the customers it listed.
  await page.keyboard.press('F4');
  const option = page.getByTestId('pos-customer-option').first();
  await expect(option).toBeVisible();
  const regular = (await option.locator('p').first().innerText()).trim();
  await page.keyboard.press('Escape');
  await expect(option).toBeHidden();

  await context.setOffline(true);
  // Offline, the search looks among the customers kept, and says so.
  await page.keyboard.press('F4');
  await expect(page.getByTestId('pos-customers-offline')).toBeVisible();
  await page.getByTestId('pos-customer-search').fill(regular.slice(0, 4));
  await expect(page.getByTestId('pos-customer-option').filter({ hasText: regular })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pos-customers-offline')).toBeHidden();

  const made: string[] = [];
  // The first one's panel, as the cashier sees it: final number, kept on the till, nothing failing WCAG AA.
  made.push(await sellOne(page, true, async () => expect(await axeBlocking(page)).toEqual([])));
  for (let i = 0; i < 2; i++) made.push(await sellOne(page, true));
  await expect(status).toHaveAttribute('data-online', 'false');
  await expect(status).toHaveAttribute('data-waiting', '3');
  await expect(page.getByTestId('pos-waiting-count')).toHaveText('3');

  // Signing out would let the next cashier in before these are booked under this one: refused, with the reason.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page.locator('.mantine-Notification-description').filter({ hasText: 'still waiting' })).toBeVisible();
  await expect(page).toHaveURL(/\/sale-pos$/);
  await page.keyboard.press('Escape');

  // Reloaded with no connection: the till opens on the session and catalogue it kept, with its waiting sales.
  await page.reload();
  await expect(page.getByTestId('pos-till')).toBeVisible({ timeout: 45_000 });
  await expect(status).toHaveAttribute('data-waiting', '3');
  made.push(await sellOne(page, true));
  await expect(status).toHaveAttribute('data-waiting', '4');
  // Each number follows the last: one series, no gap, whatever the network did.
  expect([first, ...made].map(numberOf)).toEqual([0, 1, 2, 3, 4].map((i) => numberOf(first) + i));

  // The badge names what it shows; the list is one tap (or Enter) away: the four, oldest first, waiting.
  await expect(status).toHaveAccessibleName(/^Offline\s*4\s+Sales waiting to be sent: 4\. Show the waiting sales$/);
  expect(await axeBlocking(page)).toEqual([]);
  await status.focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('pos-outbox');
  await expect(list).toBeVisible();
  expect(await axeBlocking(page)).toEqual([]);
  await expect(list.getByTestId('pos-outbox-row')).toHaveCount(4);
  await expect(list.getByTestId('pos-outbox-row').first()).toContainText(made[0]!);
  await expect(list.getByTestId('pos-outbox-limit')).toContainText('24 hours and 500 sales');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  // Closing the session now is allowed, and says what will happen to the four.
  await page.getByTestId('pos-close-session').click();
  await expect(page.getByTestId('close-waiting-sales')).toContainText('waiting to be sent: 4');
  await page.keyboard.press('Escape');

  // The network back: they go by themselves and the badge counts down to zero.
  await context.setOffline(false);
  await expect(status).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-online', 'true');

  // The books: each sale once, under the till's number, made before it arrived.
  const login = await page.request.post('/api/v1/login', { data: OWNER });
  const bearer = `Bearer ${(await login.json()).access_token as string}`;
  const totals = new Set<string>();
  for (const number of [first, ...made]) {
    const res = await page.request.get(`/api/v1/sales?search=${encodeURIComponent(number)}`, { headers: { authorization: bearer } });
    const rows = ((await res.json()).data as Array<{ id: string; invoice_number: string; grand_total: string }>).filter(
      (s) => s.invoice_number === number,
    );
    expect(rows, number).toHaveLength(1);
    totals.add(rows[0]!.grand_total);
    const sale = (await (await page.request.get(`/api/v1/sales/${rows[0]!.id}`, { headers: { authorization: bearer } })).json()) as {
      till_number: number;
      received_at: string | null;
      created_at: string;
      review: string[];
    };
    expect(sale.till_number).toBe(numberOf(number));
    expect(sale.review).toEqual([]);
    if (number !== first) expect(sale.received_at).not.toBeNull();
  }
  // The same can each time, at the price the till sold it: one total.
  expect([...totals]).toHaveLength(1);
});
