import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test('creates a unit "Box" of 24 cans and sees it in the list', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fproduct-unit');
  await expect(page.getByRole('heading', { name: 'Product units', exact: true })).toBeVisible();
  const table = page.getByTestId('data-table');
  await expect(table.getByRole('row', { name: /Can/ }).first()).toBeVisible();

  await page.getByTestId('create').click();
  const dialog = page.getByRole('dialog', { name: 'Create unit' });
  await dialog.getByLabel('Unit name').fill('Box');
  await dialog.getByLabel('Short name').fill('bx');
  await dialog.getByRole('combobox', { name: 'Base unit' }).click();
  await page.getByRole('option', { name: 'Can (can)' }).click();
  await dialog.getByTestId('operation-value').fill('24');
  await dialog.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row', { name: /^Box bx/ });
  await expect(row).toContainText('Can');
  await expect(row).toContainText('24');
});
