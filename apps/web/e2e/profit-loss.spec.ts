import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { access_token?: string }).access_token);
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBeTruthy();
  return (await res.json()) as T;
}

test('the profit and loss statement shows the server’s figures, compares month by month and exports', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER);
  await page.goto('/profit-loss-reports');
  const statement = page.getByTestId('profit-loss-statement');
  await expect(statement).toBeVisible();
  const pl = await apiGet<{ statement: { net_profit: string; gross_profit: string } }>(page, '/api/v1/reports/profit-loss');
  const netProfit = page.getByTestId('profit-loss-line-net_profit');
  await expect(netProfit).toContainText('Net profit');
  // The demo month's net profit, in dollars (with riel beside).
  await expect(netProfit).toContainText(
    Number(pl.statement.net_profit).toLocaleString('en-US', { minimumFractionDigits: 2 }).replace('-', ''),
  );
  await expect(page.getByTestId('profit-loss-line-gross_profit')).toContainText('\u00a0៛');
  await page.getByTestId('profit-loss-compare').click();
  await page.getByRole('option', { name: 'Month by month' }).click();
  await expect(page).toHaveURL(/compare=month/);
  await expect(page.getByTestId('profit-loss-months')).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});

test('the dashboard shows top products, sales by hour and low stock, and the owner picks a branch', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER);
  await page.goto('/');
  await expect(page.getByTestId('dashboard-top-products').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId('dashboard-hourly')).toBeVisible();
  await expect(page.getByTestId('dashboard-low-stock')).toBeVisible();
  await page.getByTestId('dashboard-branch').click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/branch_id=/);
  const branchId = new URL(page.url()).searchParams.get('branch_id');
  const d = await apiGet<{ today: { sales: number }; branch_id: string }>(page, `/api/v1/dashboard?branch_id=${branchId}`);
  expect(d.branch_id).toBe(branchId);
  await expect(page.getByTestId('stat-value').first()).toContainText(
    `$${(d.today.sales / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
});

test('the dashboard and the profit and loss screen pass axe in English and Arabic', async ({ page }) => {
  test.setTimeout(90_000);
  await useEnglish(page);
  await signIn(page, OWNER);
  for (const lang of ['en', 'ar']) {
    await page.evaluate((l) => localStorage.setItem('app-locale', l), lang);
    for (const [path, ready] of [
      ['/', 'dashboard-top-products'],
      ['/profit-loss-reports?compare=month', 'profit-loss-statement'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${lang} ${path} ${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
  }
});
