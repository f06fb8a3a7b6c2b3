import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

/** The report's figures from the API with the app's own token, to compare with what the screen shows. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { access_token?: string }).access_token);
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), path).toBeTruthy();
  return (await res.json()) as T;
}

const settled = async (page: Page) => {
  await expect(page.getByTestId('report-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
};
const dollars = (s: string) => `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the sale report shows the server’s totals over every page, filters by payment status, and switches to a custom period', async ({
  page,
}) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fsale-reports%3Fperiod%3Dlast_month');
  await expect(page.getByRole('heading', { name: 'Sale report' })).toBeVisible();
  await settled(page);
  const answer = await apiGet<{ totals: { count: number; grand_total: string }; period: { from: string; to: string } }>(
    page,
    '/api/v1/reports/sales?period=last_month',
  );
  await expect(page.getByTestId('report-totals')).toContainText(dollars(answer.totals.grand_total));
  await expect(page.getByTestId('figure-count')).toContainText(String(answer.totals.count));
  await expect(page.getByTestId('report-from')).toHaveValue(answer.period.from);
  await expect(page.getByTestId('report-chart')).toBeVisible();

  await page.getByTestId('filter-payment_status').click();
  await page.getByRole('option', { name: 'Unpaid' }).click();
  await expect(page).toHaveURL(/payment_status=unpaid/);

  await page.getByTestId('report-from').fill(answer.period.to);
  await expect(page).toHaveURL(/period=custom/);
  await expect(page.getByTestId('report-period')).toHaveValue('Custom');
});

test('the summary, brand and item reports agree with their answers and pass axe in English and Arabic', async ({ page }) => {
  test.setTimeout(180_000);
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fsale-summary-reports');
  await settled(page);
  const summary = await apiGet<{ totals: { sales: string } }>(page, '/api/v1/reports/sale-summary');
  await expect(page.getByTestId('figure-sales')).toContainText(dollars(summary.totals.sales));

  await page.goto('/item-sale-reports');
  await settled(page);
  const items = await apiGet<{ rows: unknown[]; totals: { net_amount: string } }>(page, '/api/v1/reports/item-sales');
  await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(Math.max(items.rows.length, 1));
  await expect(page.getByTestId('report-totals')).toContainText(dollars(items.totals.net_amount));

  for (const lang of ['en', 'ar']) {
    await page.evaluate((l) => localStorage.setItem('app-locale', l), lang);
    for (const path of ['/sale-reports', '/sale-summary-reports', '/brand-sale-reports', '/item-sale-reports']) {
      await page.goto(path);
      await settled(page);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${lang} ${path} ${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
  }
});
