import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fcategory-listing');
  await expect(page.getByRole('heading', { name: 'Categories', exact: true })).toBeVisible();
});

test('creates, edits and deletes a category', async ({ page }) => {
  const table = page.getByTestId('data-table');

  // Create, with the required-field message first.
  await page.getByTestId('create').click();
  const dialog = page.getByRole('dialog', { name: 'Create category' });
  await dialog.getByTestId('save').click();
  await expect(dialog.getByText('Please enter data')).toBeVisible();
  await dialog.getByLabel('Category name').fill('Fresh juice');
  await dialog.getByRole('combobox', { name: 'Parent category' }).click();
  await page.getByRole('option', { name: 'Smoothies' }).click();
  await dialog.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row', { name: /Fresh juice/ });
  await expect(row).toContainText('Smoothies');

  // A duplicate name is refused on its field.
  await page.getByTestId('create').click();
  const again = page.getByRole('dialog', { name: 'Create category' });
  await again.getByLabel('Category name').fill('fresh JUICE');
  await again.getByTestId('save').click();
  await expect(again.getByText('A category with this name already exists')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Edit.
  await row.getByTestId('row-edit').click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  await expect(edit.getByLabel('Category name')).toHaveValue('Fresh juice');
  await edit.getByLabel('Category name').fill('Fresh juices');
  await edit.getByTestId('save').click();
  await expect(page.getByText('You have updated successfully')).toBeVisible();
  const renamed = table.getByRole('row', { name: /Fresh juices/ });
  await expect(renamed).toBeVisible();

  // Search finds it.
  await page.getByTestId('search').fill('juices');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/search=juices/);

  // Delete: Cancel keeps it and says so; OK deletes it.
  await renamed.getByTestId('row-delete').click();
  await expect(page.getByText('Are you sure to delete?')).toBeVisible();
  await expect(page.getByText('It will be gone if you delete it')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByText('you have canceled deletion, Thank')).toBeVisible();
  await expect(renamed).toBeVisible();
  await renamed.getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('You have successfully deleted')).toBeVisible();
  await expect(table.getByRole('row', { name: /Fresh juices/ })).toHaveCount(0);
});

test('toggles a status and filters by it', async ({ page }) => {
  const table = page.getByTestId('data-table');
  const tea = table.getByRole('row', { name: /Tea/ });
  await tea.getByRole('switch').click({ force: true });
  await expect(page.getByText('The status has been updated')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Tea/ })).toBeVisible();
});

test('exports the list as CSV', async ({ page }) => {
  await page.getByTestId('export-menu').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain('Category name');
  expect(text).toContain('Hot coffee');
});
