import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test.beforeEach(async ({ page }) => useEnglish(page));

// Issue #20, item 5: the forms validate with the shared schemas, so a number past its limit is refused on the screen,
// beside its field, before anything is sent (the server answers the same with 422).

test('the product form refuses a cost of 9,999,999,999 beside the field and creates nothing', async ({ page }) => {
  await signIn(page, OWNER, '/login?to=%2Fproduct-listing%2Fcreate-product');
  // The product screen's chunk and its options load first: on a busy machine that takes several seconds.
  await expect(page.getByTestId('product-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('product-name').fill(`Gold bar ${Date.now()}`);
  await page.getByTestId('purchase-cost').fill('9999999999');
  await page.getByTestId('sale-cost').fill('10000000');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v1/products')) posted = true;
  });
  await page.getByTestId('save').click();
  await expect(page.getByText('A price or cost can be at most 10,000,000')).toBeVisible();
  await expect(page.getByTestId('purchase-cost')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/create-product/);
  expect(posted).toBe(false);
});

test('a stock adjustment line refuses 999,999,999 with the largest quantity in words', async ({ page }) => {
  await signIn(page, OWNER, '/login?to=%2Fstock-adjustment');
  await expect(page.getByRole('heading', { name: /New stock adjustment/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: /BKK1/ }).click();
  await page.getByRole('combobox', { name: 'Adjustment type' }).click();
  await page.getByRole('option', { name: /Found in count/ }).click();
  await page.getByTestId('product-picker').fill('Energy drink');
  await page.getByRole('option', { name: /Energy drink 250ml/ }).click();
  await page.getByTestId('line-quantity').fill('999999999');
  await page.getByTestId('save').click();
  await expect(page.getByText('A quantity can be at most 1,000,000')).toBeVisible();
  await expect(page).toHaveURL(/\/stock-adjustment$/);
});
