import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test('adjusts stock by two boxes of 24, sees 48 more cans on hand, then cancels it', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fstock-listing%3Fsearch%3DEnergy%2520drink');
  const table = page.getByTestId('data-table');
  await expect(page.getByRole('heading', { name: 'Stock', exact: true })).toBeVisible();
  // What the first branch holds before (a fresh demo shop may hold nothing yet).
  const row = table.getByRole('row', { name: /Energy drink 250ml.*BKK1/ });
  const before = (await row.count()) ? Number((await row.locator('td').nth(2).innerText()).split(' ')[0]) : 0;

  await page.goto('/stock-adjustment');
  await expect(page.getByRole('heading', { name: /New stock adjustment/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: /BKK1/ }).click();
  await page.getByRole('combobox', { name: 'Adjustment type' }).click();
  await page.getByRole('option', { name: /Found in count/ }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Counted the back store');
  await page.getByTestId('product-picker').fill('Energy drink');
  await page.getByRole('option', { name: /Energy drink 250ml/ }).click();
  await page.getByRole('combobox', { name: /^Unit Energy drink/ }).click();
  await page.getByRole('option', { name: 'Box of 24' }).click();
  await page.getByTestId('line-quantity').fill('2');
  await page.getByTestId('save').click();

  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/stock-adjustment-listing\/listing\//);
  const lines = page.getByTestId('adjustment-lines');
  await expect(lines.getByRole('row', { name: /Energy drink 250ml/ })).toContainText('48');

  await page.goto('/stock-listing?search=Energy%20drink');
  await expect(
    table
      .getByRole('row', { name: /Energy drink 250ml.*BKK1/ })
      .locator('td')
      .nth(2),
  ).toHaveText(`${before + 48} Can`);

  // Cancelling writes the reversing movements: the stock is back where it was.
  await page.goBack();
  await page.getByRole('button', { name: 'Cancel adjustment' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('adjustment-state')).toHaveText('Cancelled');
  await page.goto('/stock-listing?search=Energy%20drink');
  await expect(
    table
      .getByRole('row', { name: /Energy drink 250ml.*BKK1/ })
      .locator('td')
      .nth(2),
  ).toHaveText(`${before} Can`);
});
