import { expect, test } from '@playwright/test';
import { CASHIER, OWNER, signIn, useEnglish } from './helpers';

test.beforeEach(async ({ page }) => useEnglish(page));

test('a cashier sees only the dashboard and their sales entries in the menu', async ({ page }) => {
  await signIn(page, CASHIER);
  const menu = page.getByTestId('main-menu');
  // Groups start closed, so the visible entries are the top level of the tree (polled: the menu renders
  // after the session's permissions are read).
  await expect(menu.locator('[data-menu="dashboard"]')).toBeVisible();
  await expect
    .poll(() => menu.locator('[data-menu]:visible').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu'))))
    .toEqual(['dashboard', 'pos_sales', 'sale_management', 'sale_pos', 'customer_listing']);
  await expect(menu.getByText('Settings')).toHaveCount(0);
  // A nested group opens on click and shows its entries.
  await menu.locator('[data-menu="sale_management"]').click();
  await expect(menu.locator('[data-menu="sales_listing"]')).toBeVisible();
  await expect(menu.locator('[data-menu="invoice_listing"]')).toBeVisible();
});

test('the owner sees every business group but never the platform entry', async ({ page }) => {
  await signIn(page, OWNER);
  const menu = page.getByTestId('main-menu');
  for (const name of ['products', 'stock_management', 'reports', 'user_management', 'settings']) {
    await expect(menu.locator(`[data-menu="${name}"]`)).toBeVisible();
  }
  await expect(menu.locator('[data-menu="platform"]')).toHaveCount(0);
});

test('Ctrl+K opens the search with both empty states, arrows move and Enter opens', async ({ page }) => {
  await signIn(page, OWNER);
  await expect(page.getByTestId('search-trigger')).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search apps & pages');
  await expect(input).toBeFocused();
  await expect(page.getByText('No recent searches')).toBeVisible();
  await input.fill('zzzz-nothing');
  await expect(page.getByText('No result found!')).toBeVisible();
  await input.fill('categor');
  const results = page.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/category-listing/);
  await expect(page.getByPlaceholder('Search apps & pages')).toBeHidden();
  // Escape closes; the opened page is now a recent search.
  await page.keyboard.press('Control+k');
  await expect(page.getByText('Recent searches')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByPlaceholder('Search apps & pages')).toBeHidden();
});

test('switching to Arabic turns the whole layout right-to-left', async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => localStorage.getItem('app-locale'))).toBe('ar');
});

test('the theme switch changes the colour scheme and remembers it', async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByTestId('theme-menu').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('theme-menu').click();
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the stock bell is hidden for the branch cashier and works for the owner', async ({ page }) => {
  await signIn(page, CASHIER);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, OWNER);
  await page.getByTestId('notification-bell').click();
  const dialog = page.getByRole('dialog', { name: 'Stock notification' });
  await expect(dialog.getByTestId('notification-item').first()).toBeVisible();
  await dialog.getByTestId('mark-all-read').click();
  await expect(dialog.getByTestId('mark-all-read')).toBeDisabled();
  await dialog.getByTestId('see-all').click();
  await expect(page).toHaveURL(/\/stock-notification$/);
});

test('a stored last-active time over 12 hours old logs the user out on start', async ({ page }) => {
  await signIn(page, OWNER);
  await page.evaluate(() => localStorage.setItem('last-active-time', String(Date.now() - 13 * 60 * 60 * 1000)));
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
});

test('the back-to-top button appears after 200 px of scroll and takes the page up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await signIn(page, OWNER);
  await page.goto('/category-listing?per_page=all');
  // The list must be there (the page long enough to scroll) before scrolling: the shell and screen load lazily.
  await expect(page.getByRole('row', { name: /^Tea\b/ })).toBeVisible();
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 150));
  await page.waitForTimeout(300);
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.getByTestId('back-to-top')).toBeVisible();
  await page.getByTestId('back-to-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a signed-in user without the permission sees the 403 page', async ({ page }) => {
  await signIn(page, CASHIER);
  await page.goto('/roles-permissions');
  await expect(page.getByTestId('forbidden')).toBeVisible();
});
