import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test('creates a variation "Milk" with two values and sees them in both lists', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fvariation-listing');
  await expect(page.getByRole('heading', { name: 'Variations', exact: true })).toBeVisible();
  const table = page.getByTestId('data-table');
  await expect(table.getByRole('row', { name: /^Size/ })).toContainText('Medium');

  await page.getByTestId('create').click();
  const dialog = page.getByRole('dialog', { name: 'Create variation' });
  await dialog.getByLabel('Variation name').fill('Milk');
  await dialog.getByLabel('Description').fill('Milk for lattes');
  await dialog.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const milk = table.getByRole('row', { name: /^Milk/ });
  await expect(milk).toContainText('No values yet');

  // "Manage values" opens the values list filtered by this variation; a new value goes into it.
  await milk.getByTestId('row-values').click();
  await expect(page).toHaveURL(/\/sub-variation-listing\?variation_id=/);
  await expect(page.getByRole('heading', { name: 'Variation values', exact: true })).toBeVisible();
  await expect(page.getByText('Nothing here yet')).toBeVisible();
  for (const name of ['Oat', 'Soy']) {
    await page.getByTestId('create').click();
    const form = page.getByRole('dialog', { name: 'Create variation value' });
    await expect(form.getByRole('combobox', { name: 'Variation' })).toHaveValue('Milk');
    await form.getByLabel('Value name').fill(name);
    await form.getByTestId('save').click();
    await expect(form).toBeHidden();
  }
  await expect(table.getByRole('row', { name: /Milk Oat 1/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Milk Soy 2/ })).toBeVisible();

  // A duplicate within the variation is refused on its field, and nothing is added.
  await page.getByTestId('create').click();
  const dup = page.getByRole('dialog', { name: 'Create variation value' });
  await dup.getByLabel('Value name').fill('oat');
  await dup.getByTestId('save').click();
  await expect(dup.getByText('This variation already has a value with this name')).toBeVisible();
  await dup.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/variation-listing');
  await expect(table.getByRole('row', { name: /^Milk/ })).toContainText('Oat');
  await expect(table.getByRole('row', { name: /^Milk/ })).toContainText('Soy');
});

test('refuses a service charge above 100% with the spec message', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fservice-listing');
  await page.getByTestId('create').click();
  const dialog = page.getByRole('dialog', { name: 'Create service charge' });
  await dialog.getByLabel('Service charge name').fill('Late night');
  await dialog.getByTestId('charge-value').fill('150');
  await dialog.getByTestId('save').click();
  await expect(dialog.getByText('Between 0 to 100')).toBeVisible();
  await dialog.getByTestId('charge-value').fill('15');
  await dialog.getByTestId('save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('data-table').getByRole('row', { name: /^Late night/ })).toContainText('15%');
});
