import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test('receives a purchase of two boxes of 24 cans and sees 48 more cans on hand, pays part of it and returns half a box', async ({
  page,
}) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fstock-listing%3Fsearch%3DEnergy%2520drink');
  const table = page.getByTestId('data-table');
  await expect(page.getByRole('heading', { name: 'Stock', exact: true })).toBeVisible();
  const level = table.getByRole('row', { name: /Energy drink 250ml.*Riverside/ });
  // The demo seeds the energy drink in every branch: wait for its row (a count taken before the list arrives reads 0).
  await expect(level).toHaveCount(1);
  const before = Number((await level.locator('td').nth(2).innerText()).split(' ')[0]);

  await page.goto('/stock-purchase');
  await expect(page.getByRole('heading', { name: 'New purchase' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: 'Mekong Coffee Roasters' }).click();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: /Riverside/ }).click();
  await page.getByTestId('product-picker').fill('Energy drink');
  await page.getByRole('option', { name: /Energy drink 250ml/ }).click();
  await page.getByRole('combobox', { name: /^Unit Energy drink/ }).click();
  await page.getByRole('option', { name: 'Box of 24' }).click();
  await page.getByTestId('line-quantity').fill('2');
  await page.getByTestId('line-cost').fill('9.60');
  await page.getByTestId('line-expiry').fill('2027-06-30');
  await page.getByTestId('purchase-shipping').fill('0.80');
  await expect(page.getByTestId('purchase-grand-total')).toHaveText('$20.00');
  await page.getByTestId('save').click();

  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase-listing\/detail-listing\//);
  await expect(page.getByTestId('purchase-status')).toHaveText('Received');
  await expect(page.getByTestId('purchase-lines').getByRole('row', { name: /Energy drink 250ml/ })).toContainText('48');

  // A partial payment: the purchase becomes partly paid.
  const payment = page.getByTestId('payment-form');
  await payment.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option').first().click();
  await payment.getByRole('textbox', { name: /^Amount/ }).fill('5');
  await payment.getByRole('button', { name: 'Add payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Partial');

  // Half a box goes back to the supplier: 12 cans leave stock again.
  await page.getByRole('link', { name: 'Return goods' }).click();
  await expect(page.getByRole('heading', { name: 'Stock returns' })).toBeVisible();
  await page.getByTestId('return-quantity').fill('0.5');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/purchase-return$/);
  await expect(table.getByRole('row').nth(1)).toContainText(/PRT-\d{6}/);

  await page.goto('/stock-listing?search=Energy%20drink');
  await expect(
    table
      .getByRole('row', { name: /Energy drink 250ml.*Riverside/ })
      .locator('td')
      .nth(2),
  ).toHaveText(`${before + 36} Can`);
});
