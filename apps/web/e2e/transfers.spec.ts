import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

/** The signed-in user's API, with the token the app keeps (the page itself is not reloaded by these calls). */
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
    post: async (path: string, data: object) => {
      const res = await page.request.post(path, { headers, data });
      expect(res.ok(), `${path} ${await res.text()}`).toBeTruthy();
    },
  };
}

type Api = Awaited<ReturnType<typeof apiOf>>;

async function adjust(api: Api, branchId: string, productId: string, direction: 'addition' | 'subtraction', quantity: string) {
  const options = await api.get<{ adjustment_types: Array<{ id: string; direction: string }> }>('/api/v1/stock-adjustments/options');
  const type = options.adjustment_types.find((a) => a.direction === direction)!;
  await api.post('/api/v1/stock-adjustments', {
    branch_id: branchId,
    adjustment_type_id: type.id,
    adjusted_on: new Date().toISOString().slice(0, 10),
    lines: [{ product_id: productId, quantity }],
  });
}

const onHand = async (api: Api, productId: string, branchId: string) =>
  Number(
    (await api.get<{ data: Array<{ on_hand: string }> }>(`/api/v1/stock?product_id=${productId}&branch_id=${branchId}`)).data[0]?.on_hand ??
      0,
  );

/** On hand of a product in a branch as the stock listing shows it ("12 Can"), 0 when it has no row. */
async function listed(page: Page, branch: RegExp): Promise<number> {
  const row = page.getByTestId('data-table').getByRole('row', { name: branch });
  if (!(await row.count())) return 0;
  return Number((await row.locator('td').nth(2).innerText()).split(' ')[0]);
}

test('transfers 10 cans from BKK1 to Riverside and sees both levels on the stock listing', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fstock-transfer-listing');
  await expect(page.getByRole('heading', { name: 'Stock transfers', exact: true })).toBeVisible();
  const api = await apiOf(page);
  const branches = (await api.get<{ from_branches: Array<{ id: string; name: string }> }>('/api/v1/stock-transfers/options')).from_branches;
  const bkk1 = branches.find((b) => b.name.startsWith('BKK1'))!;
  const drink = (await api.get<{ data: Array<{ id: string }> }>('/api/v1/products?search=Energy%20drink')).data[0]!;
  // Enough cans in BKK1 to send (a fresh demo shop may hold few).
  if ((await onHand(api, drink.id, bkk1.id)) < 10) await adjust(api, bkk1.id, drink.id, 'addition', '24');

  await page.goto('/stock-listing?search=Energy%20drink');
  await expect(page.getByTestId('data-table').getByRole('row', { name: /Energy drink 250ml.*BKK1/ })).toBeVisible();
  const [from0, to0] = [await listed(page, /Energy drink 250ml.*BKK1/), await listed(page, /Energy drink 250ml.*Riverside/)];

  await page.goto('/stock-transfer');
  await expect(page.getByRole('heading', { name: /New stock transfer/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'From branch' }).click();
  await page.getByRole('option', { name: /BKK1/ }).click();
  await page.getByRole('combobox', { name: 'To branch' }).click();
  // The source is not offered as the destination.
  await expect(page.getByRole('option', { name: /BKK1/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Riverside/ }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('For the weekend');
  await page.getByTestId('product-picker').fill('Energy drink');
  await page.getByRole('option', { name: /Energy drink 250ml/ }).click();
  await page.getByTestId('line-quantity').fill('10');
  await page.getByTestId('transfer-receive-now').check();
  await page.getByTestId('save').click();

  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/stock-transfer-detail\//);
  await expect(page.getByTestId('transfer-state')).toHaveText('Received');
  await expect(page.getByTestId('transfer-lines').getByRole('row', { name: /Energy drink 250ml/ })).toContainText('10');
  await expect(page.getByTestId('transfer-print')).toBeVisible();

  await page.goto('/stock-listing?search=Energy%20drink');
  const table = page.getByTestId('data-table');
  await expect(
    table
      .getByRole('row', { name: /Energy drink 250ml.*BKK1/ })
      .locator('td')
      .nth(2),
  ).toHaveText(`${from0 - 10} Can`);
  await expect(
    table
      .getByRole('row', { name: /Energy drink 250ml.*Riverside/ })
      .locator('td')
      .nth(2),
  ).toHaveText(`${to0 + 10} Can`);

  // The list shows it with its state; one still on its way can be edited, then received from its page.
  await page.goto('/stock-transfer-listing');
  await expect(page.getByTestId('data-table').getByTestId('transfer-state').first()).toHaveText('Received');
});

test('edits a transfer on its way and receives it', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fstock-transfer');
  const api = await apiOf(page);
  const branches = (await api.get<{ from_branches: Array<{ id: string; name: string }> }>('/api/v1/stock-transfers/options')).from_branches;
  const bkk1 = branches.find((b) => b.name.startsWith('BKK1'))!;
  const drink = (await api.get<{ data: Array<{ id: string }> }>('/api/v1/products?search=Energy%20drink')).data[0]!;
  if ((await onHand(api, drink.id, bkk1.id)) < 10) await adjust(api, bkk1.id, drink.id, 'addition', '24');
  const before = await onHand(api, drink.id, bkk1.id);

  await page.getByRole('combobox', { name: 'From branch' }).click();
  await page.getByRole('option', { name: /BKK1/ }).click();
  await page.getByRole('combobox', { name: 'To branch' }).click();
  await page.getByRole('option', { name: /Riverside/ }).click();
  await page.getByTestId('product-picker').fill('Energy drink');
  await page.getByRole('option', { name: /Energy drink 250ml/ }).click();
  await page.getByTestId('line-quantity').fill('5');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('transfer-state')).toHaveText('On its way');
  expect(await onHand(api, drink.id, bkk1.id)).toBe(before - 5);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit stock transfer' })).toBeVisible();
  await expect(page.getByText(/^TRF-\d{6}$/)).toBeVisible();
  await page.getByTestId('line-quantity').fill('3');
  await page.getByTestId('save').click();
  await expect(page.getByText('You have updated successfully')).toBeVisible();
  await expect(page.getByTestId('transfer-lines')).toContainText('3');
  expect(await onHand(api, drink.id, bkk1.id)).toBe(before - 3);

  await page.getByTestId('transfer-receive').click();
  await expect(page.getByTestId('transfer-state')).toHaveText('Received');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('an adjustment that takes an item under its alert makes the bell show a new alert without a reload', async ({ page }) => {
  await useEnglish(page);
  // The bell's live stream is open (its first event sent) before the adjustment is made.
  const streaming = page.waitForResponse((r) => r.url().includes('/api/v1/stock-notifications/stream?') && r.status() === 200);
  await signIn(page, OWNER);
  await streaming;
  const api = await apiOf(page);
  const branchId = (await api.get<{ setting: { branch_id: string } }>('/api/v1/general_setting')).setting.branch_id;
  const products = (
    await api.get<{ data: Array<{ id: string; product_name: string; type: string; is_stock_manage: boolean }> }>(
      '/api/v1/products?per_page=all',
    )
  ).data;
  // An item the other specs do not count.
  const item = products.find((p) => p.type === 'single' && p.is_stock_manage && !/Energy drink|cola/i.test(p.product_name))!;
  expect(item).toBeTruthy();

  await page.getByTestId('notification-bell').click();
  const dialog = page.getByRole('dialog', { name: 'Stock notification' });
  await expect(dialog).toBeVisible();
  const before = await dialog.getByTestId('notification-item').count();

  // Above any alert level first, then all of it out: one new alert for this branch, raised by another tab's work.
  await adjust(api, branchId, item.id, 'addition', '1000');
  const held = await onHand(api, item.id, branchId);
  await adjust(api, branchId, item.id, 'subtraction', String(held));

  await expect(dialog.getByTestId('notification-item')).toHaveCount(before + 1);
  await expect(dialog.getByTestId('notification-item').first()).toContainText(item.product_name);
  await expect(dialog.getByTestId('mark-all-read')).toBeEnabled();
  await dialog.getByTestId('mark-all-read').click();
  await expect(dialog.getByTestId('mark-all-read')).toBeDisabled();

  // Put the stock back as it was.
  if (held > 1000) await adjust(api, branchId, item.id, 'addition', String(held - 1000));
});
