import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

/** The page's report figures, read from the API with the token the app keeps (to compare with what is shown). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { access_token?: string }).access_token);
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBeTruthy();
  return (await res.json()) as T;
}

const settled = async (page: Page) => {
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
};

test('the purchase report lists last month’s purchases with the server’s totals, and filters by status', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fpurchase-reports%3Fperiod%3Dlast_month');
  await expect(page.getByRole('heading', { name: 'Purchase report' })).toBeVisible();
  await settled(page);
  const answer = await apiGet<{ totals: { count: number; grand_total: string } }>(page, '/api/v1/reports/purchases?period=last_month');
  await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(Math.max(answer.totals.count, 1));
  await expect(page.getByTestId('report-totals')).toContainText(`$${Number(answer.totals.grand_total).toFixed(2)}`);
  await expect(page.getByTestId('purchase-report-total')).toContainText(`$${Number(answer.totals.grand_total).toFixed(2)}`);

  await page.getByTestId('purchase-report-status').click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/purchase_status=void/);
  const voids = await apiGet<{ rows: unknown[] }>(page, '/api/v1/reports/purchases?period=last_month&purchase_status=void');
  await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(Math.max(voids.rows.length, 1));
  if (!voids.rows.length) await expect(page.getByTestId('report-empty')).toBeVisible();
});

test('the item purchase, expense and cash flow reports say what they count, and pass axe in English and Arabic', async ({ page }) => {
  test.setTimeout(180_000);
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fitem-purchase-reports%3Fperiod%3Dlast_month');
  await expect(page.getByTestId('item-purchase-report-hint')).toContainText('Only received purchases count');
  await settled(page);

  await page.goto('/expend-reports');
  await settled(page);
  await expect(page.getByTestId('expense-report-by-category')).toBeVisible();

  await page.goto('/pos-cash-flow-report?period=yesterday');
  await expect(page.getByTestId('cash-flow-usd')).toBeVisible();
  await expect(page.getByTestId('cash-flow-khr-totals')).toContainText('Total');

  for (const lang of ['en', 'ar']) {
    await page.evaluate((l) => localStorage.setItem('app-locale', l), lang);
    for (const path of [
      '/purchase-reports?period=last_month',
      '/item-purchase-reports?period=last_month',
      '/expend-reports',
      '/pos-cash-flow-report?period=yesterday',
    ]) {
      await page.goto(path);
      await settled(page);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${lang} ${path} ${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
  }
});
