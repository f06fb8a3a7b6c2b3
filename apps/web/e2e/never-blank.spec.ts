import { chromium, expect, test, type Page } from '@playwright/test';
import { OWNER, openTill } from './helpers';

/** Adds an item by typing its name in the search and Enter, as a cashier without a scanner does. */
async function addByName(page: Page, name: string): Promise<void> {
  await page.getByTestId('pos-search').click();
  await page.keyboard.type(name, { delay: 80 });
  await page.keyboard.press('Enter');
}

const americano = (page: Page) => page.getByTestId('pos-line').filter({ hasText: 'Americano' });

test('a tablet opens the app by the shop computer’s network address over plain http, signs in and opens a sale form', async () => {
  const base = new URL(test.info().project.use.baseURL!);
  // A name that is not localhost, resolved to this machine as the shop's Wi-Fi would resolve 192.168.1.20.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP shop-computer.lan ${base.hostname}`],
  });
  try {
    const page = await browser.newPage({ baseURL: `http://shop-computer.lan:${base.port}`, locale: 'en-US' });
    const failed: string[] = [];
    const errors: string[] = [];
    // A request cut short by the next navigation (ERR_ABORTED) is not a failure; a refused or upgraded one is.
    page.on('requestfailed', (r) => {
      const why = r.failure()?.errorText ?? '';
      if (!why.includes('ERR_ABORTED')) failed.push(`${r.url()} ${why}`);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
    await page.goto('/login');
    // Not a secure context: no crypto.randomUUID there, which the app must not need.
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel(/^Password/).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/sale-listing/create-sales');
    await expect(page.getByRole('heading', { name: 'New POS sale' })).toBeVisible();
    await expect(page.getByTestId('app-error')).toHaveCount(0);
    // Every script and stylesheet came over http (none upgraded to an https that is not there).
    expect(failed, failed.join('\n')).toEqual([]);
    expect(errors, errors.join('\n')).toEqual([]);
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(fontFamily).toContain('Noto Sans');
  } finally {
    await browser.close();
  }
});

test('a till opened online and then cut off completes the sale at once and sends it once the network is back', async ({
  page,
  context,
}) => {
  // The code of the payment and of the dialogs that mount it arrives while the till is online and idle, before anyone
  // presses Pay (each part whole: waiting for the first part's answer alone left the others in flight at the cut).
  const parts = ['payment-dialog', 'till-dialogs', 'dialogs', 'sale-done'].map((name) =>
    page.waitForEvent('requestfinished', { predicate: (r) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(r.url()), timeout: 20_000 }),
  );
  await openTill(page);
  await Promise.all(parts);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await addByName(page, 'Americano');
  await expect(americano(page)).toBeVisible();
  await page.keyboard.press('F12');
  const payment = page.getByTestId('pos-payment');
  await expect(payment).toBeVisible();
  await page.getByTestId('pos-tender-cash-usd').fill('5');
  await page.keyboard.press('Enter');
  // Offline the sale completes at the till with its final number, and waits in the till's outbox (issue #26).
  await expect(page.getByTestId('pos-done')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pos-done-waiting')).toBeVisible();
  await expect(page.getByTestId('pos-done-invoice')).toHaveText(/^T\d{2,}-\d{6}$/);
  await expect(page.getByTestId('app-error')).toHaveCount(0);
  await expect(page.getByTestId('pos-till')).toBeVisible();
  const status = page.getByTestId('pos-till-status');
  await expect(status).toHaveAttribute('data-waiting', '1');

  await context.setOffline(false);
  await expect(status).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
});

test('a till left open while the app is updated reloads by itself on its first Pay and keeps the cart', async ({ page }) => {
  // The old build's payment chunk is gone after the update: the server answers 404 for it (never the HTML page).
  let refused = 0;
  await page.route(/\/assets\/payment-dialog-[^/]+\.js$/, async (route) => {
    if (refused === 0) {
      refused += 1;
      const gone = await page.request.get('/assets/payment-dialog-old-build.js');
      expect(gone.status()).toBe(404);
      await route.fulfill({ status: 404, body: '' });
    } else await route.continue();
  });
  await openTill(page);
  await addByName(page, 'Americano');
  await expect(americano(page)).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.keyboard.press('F12');
  await reloaded;
  // The page came back by itself: the till, with its cart, and Pay now works.
  await expect(page.getByTestId('pos-till')).toBeVisible();
  await expect(americano(page)).toBeVisible();
  expect(refused).toBe(1);
  await page.keyboard.press('F12');
  await expect(page.getByTestId('pos-payment')).toBeVisible();
});
