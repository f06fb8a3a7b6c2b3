import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test('changes the exchange rate and VAT in the general settings and sees them saved', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fgeneral-setting');
  await expect(page.getByRole('heading', { name: 'General settings', exact: true })).toBeVisible();
  const rate = page.getByTestId('exchange-rate');
  await expect(rate).toHaveValue('4100');
  await expect(page.getByTestId('sale-tax')).toHaveValue('10');

  // Out of range first: the spec message on the field, nothing saved.
  await page.getByTestId('sale-tax').fill('101');
  await page.getByTestId('save').click();
  await expect(page.getByText('Between 0 to 100')).toBeVisible();

  await page.getByTestId('sale-tax').fill('10');
  await rate.fill('4,050');
  await page.getByTestId('save').click();
  await expect(page.getByText('You have updated successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('exchange-rate')).toHaveValue('4050');
  await rate.fill('4100');
  await page.getByTestId('save').click();
  await expect(page.getByText('You have updated successfully').first()).toBeVisible();
});

test('shows the walk-in customer with its badge, without a delete button or a status switch', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fcustomer-listing');
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  const row = page.getByTestId('data-table').getByRole('row', { name: /Walk-in customer/ });
  await expect(row.getByTestId('walk-in-badge')).toBeVisible();

  // The server refuses both anyway (see the customers routes test); the screen does not offer them.
  await expect(row.getByTestId('row-edit')).toBeVisible();
  await expect(row.getByTestId('row-delete')).toHaveCount(0);
  await expect(row.getByTestId('row-status')).toBeDisabled();
  const other = page.getByTestId('data-table').getByRole('row', { name: /Sok Dara/ });
  await expect(other.getByTestId('row-delete')).toBeVisible();
});

test('creates a company customer with a Member ID and finds it by that ID', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fcustomer-listing');
  await page.getByTestId('create').click();
  const dialog = page.getByRole('dialog', { name: 'Create customer' });
  await dialog.getByTestId('customer-type').getByText('Company').click();
  await dialog.getByLabel('Customer name').fill('Chea Malis');
  await dialog.getByTestId('save').click();
  await expect(dialog.getByText('Please enter company name')).toBeVisible();
  await dialog.getByTestId('company-name').fill('Malis Printing Co., Ltd.');
  await dialog.getByLabel('Member ID').fill('M-0999');
  await dialog.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();

  await page.getByPlaceholder('Search by name, phone or Member ID').fill('m-0999');
  const table = page.getByTestId('data-table');
  await expect(table.getByRole('row', { name: /Chea Malis/ })).toContainText('Malis Printing Co., Ltd.');
  await expect(table.getByRole('row')).toHaveCount(2);
});
