import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

/** The signed-in user's API, with the token the app keeps. */
async function apiOf(page: Page) {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { access_token?: string }).access_token);
  expect(token).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(path, { headers });
      expect(res.ok(), path).toBeTruthy();
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: object): Promise<T> => {
      const res = await page.request.post(path, { headers, data });
      expect(res.ok(), `${path} ${await res.text()}`).toBeTruthy();
      return (await res.json()) as T;
    },
  };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Receives Chocolate muffins (an expiry-tracked demo item) in two batches: one expired, one expiring this week. */
async function receiveMuffins(page: Page) {
  const api = await apiOf(page);
  const { today } = await api.get<{ today: string }>('/api/v1/stock-expiry');
  const branch = (await api.get<{ branches: Array<{ id: string; name: string }> }>('/api/v1/stock-adjustments/options')).branches.find(
    (b) => b.name.startsWith('BKK1'),
  )!;
  const supplier = (await api.get<{ data: Array<{ id: string }> }>('/api/v1/suppliers?per_page=all')).data[0]!;
  const muffin = (await api.get<{ data: Array<{ id: string }> }>('/api/v1/products?search=Chocolate%20muffin')).data[0]!;
  const purchase = await api.post<{ data: { id: string; purchase_number: string } }>('/api/v1/purchases', {
    supplier_id: supplier.id,
    branch_id: branch.id,
    purchase_date: addDays(today, -10),
    status: 'received',
    lines: [
      { product_id: muffin.id, quantity: '4', unit_cost: '0.50', expiry_date: addDays(today, -2) },
      { product_id: muffin.id, quantity: '6', unit_cost: '0.50', expiry_date: addDays(today, 3) },
    ],
  });
  return { muffin, purchase: purchase.data };
}

test('lists expired and expiring batches in words, reports the item with links to its documents, and finds its branches', async ({
  page,
}) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fstock-expiry');
  const { muffin, purchase } = await receiveMuffins(page);

  await page.goto('/stock-expiry?search=Chocolate%20muffin');
  await expect(page.getByRole('heading', { name: 'Expiring stock' })).toBeVisible();
  const table = page.getByTestId('data-table');
  await expect(table.getByRole('row', { name: /Chocolate muffin.*Expired 2 d ago/ }).first()).toBeVisible();
  await expect(table.getByRole('row', { name: /Chocolate muffin.*Expires this week/ }).first()).toBeVisible();
  // Expired only.
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Expired only' }).click();
  await expect(table.getByRole('row', { name: /Expires this week/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Chocolate muffin.*Expired 2 d ago/ }).first()).toBeVisible();

  await page.goto(`/stock-report?product_id=${muffin.id}`);
  await expect(page.getByTestId('report-item')).toContainText('Chocolate muffin');
  const movements = page.getByTestId('report-movements');
  await movements.getByRole('link', { name: purchase.purchase_number }).first().click();
  await expect(page).toHaveURL(new RegExp(`/purchase-listing/detail-listing/${purchase.id}`));

  await page.goto('/stock-filter');
  await page.getByTestId('stock-filter-picker').fill('Chocolate muffin');
  await page.getByRole('option', { name: /Chocolate muffin/ }).click();
  const branches = page.getByTestId('stock-filter-table');
  await expect(branches.getByRole('row', { name: /BKK1/ })).toBeVisible();
  await expect(branches.getByRole('row', { name: /All branches/ })).toBeVisible();
});

test('the expiry, filter and report screens pass axe in English and Arabic', async ({ page }) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  await signIn(page, OWNER);
  const api = await apiOf(page);
  const muffin = (await api.get<{ data: Array<{ id: string }> }>('/api/v1/products?search=Chocolate%20muffin')).data[0]!;
  for (const lang of ['en', 'ar']) {
    await page.evaluate((l) => localStorage.setItem('app-locale', l), lang);
    for (const path of [
      '/stock-expiry?within_days=365',
      `/stock-filter?product_id=${muffin.id}`,
      `/stock-report?product_id=${muffin.id}`,
      '/stock-report',
    ]) {
      await page.goto(path);
      await expect(page.getByTestId('data-table').or(page.getByTestId('stock-filter-table')).first()).toBeVisible();
      // Data drawn (the live alert stream keeps the network busy, so no "network idle" wait).
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${lang} ${path} ${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
  }
});
