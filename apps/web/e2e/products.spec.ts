import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test.beforeEach(async ({ page }) => useEnglish(page));

/** Picks options in a Mantine Select or MultiSelect found by its test id. */
async function choose(page: Page, testId: string, nth: number, ...options: string[]): Promise<void> {
  await page.getByTestId(testId).nth(nth).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('creates a variation product of Size and Sugar, finds it by a variant barcode and previews its labels', async ({ page }) => {
  const name = `Test latte ${Date.now()}`;
  await signIn(page, OWNER, '/login?to=%2Fproduct-listing%2Fcreate-product');
  await expect(page.getByTestId('product-form')).toBeVisible();

  await page.getByTestId('product-type').getByText('Variation', { exact: true }).click();
  await page.getByTestId('product-name').fill(name);
  await page.getByTestId('purchase-cost').fill('0.80');
  await page.getByTestId('sale-cost').fill('2.50');

  // Two variations, two values each: four variants.
  await page.getByTestId('variation-add').click();
  await choose(page, 'variation-select', 0, 'Size');
  await choose(page, 'variation-values', 0, 'Small', 'Large');
  await page.getByTestId('variation-add').click();
  await choose(page, 'variation-select', 1, 'Sugar');
  await choose(page, 'variation-values', 1, '0%', '100%');
  await page.getByTestId('variants-generate').click();
  await expect(page.getByTestId('variant-row')).toHaveCount(4);
  await expect(page.getByTestId('variant-row').first()).toContainText('Small / 0%');

  // Each variant its own price, and a fresh in-store EAN-13 on the first one.
  await page.getByTestId('variation-cost').click({ force: true });
  await page.getByTestId('variant-price').nth(3).fill('3.50');
  await page.getByTestId('variant-barcode-generate').first().click();
  const barcodeInput = page.getByTestId('variant-barcode').first();
  await expect(barcodeInput).toHaveValue(/^2\d{12}$/);
  const barcode = await barcodeInput.inputValue();

  await page.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/product-listing(\?|$)/);

  // A scanner types the barcode and Enter.
  await page.getByTestId('search').fill(barcode);
  await page.getByTestId('search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${barcode}`));
  const table = page.getByTestId('data-table');
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('4 variants');
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // Tick it and print its labels: one per variant, drawn as SVG barcodes.
  await row.getByTestId('row-select').check();
  await page.getByTestId('print-selected').click();
  await expect(page).toHaveURL(/\/product-listing\/print-barcode\?ids=/);
  await expect(page.getByTestId('label-item')).toHaveCount(4);
  const preview = page.getByTestId('label-preview');
  await expect(preview.getByTestId('label')).toHaveCount(4);
  await expect(preview.getByTestId('label').first()).toContainText(`${name} Small / 0%`);
  await expect(preview.locator('svg[data-testid="barcode-svg"] rect').first()).toBeAttached();
  await page.getByTestId('label-copies').first().fill('3');
  await expect(preview.getByTestId('label')).toHaveCount(6);
  await expect(page.getByTestId('print')).toBeEnabled();
});

test('creates a single product, edits its price and deletes it', async ({ page }) => {
  const stamp = Date.now();
  const name = `Test cookie ${stamp}`;
  const sku = `TCK-${stamp}`;
  await signIn(page, OWNER, '/login?to=%2Fproduct-listing');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();

  // Create, with the required name first.
  await page.getByTestId('create').click();
  await expect(page).toHaveURL(/\/product-listing\/create-product$/);
  await page.getByTestId('save').click();
  await expect(page.getByText('Please check the highlighted fields')).toBeVisible();
  await page.getByTestId('product-name').fill(name);
  await page.getByTestId('sku').fill(sku);
  await page.getByTestId('purchase-cost').fill('0.40');
  await page.getByTestId('sale-cost').fill('1.25');
  await page.getByTestId('barcode').fill('1234567890123');
  await expect(page.getByText('An EAN-13 barcode has 13 digits with a correct check digit')).toBeVisible();
  await page.getByTestId('barcode-generate').click();
  await expect(page.getByTestId('barcode')).toHaveValue(/^2\d{12}$/);
  await expect(page.getByTestId('barcode-preview').locator('svg rect').first()).toBeAttached();
  await page.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();

  // Found by its exact SKU.
  await page.getByTestId('search').fill(sku);
  const table = page.getByTestId('data-table');
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('$1.25');

  // Edit the price.
  await row.getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/product-listing\/edit-product\//);
  await expect(page.getByTestId('product-name')).toHaveValue(name);
  await page.getByTestId('sale-cost').fill('1.75');
  await page.getByTestId('save').click();
  await expect(page.getByText('You have updated successfully')).toBeVisible();
  await page.getByTestId('search').fill(sku);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('$1.75');

  // Delete: Cancel keeps it; OK deletes it.
  const edited = table.getByRole('row', { name: new RegExp(name) });
  await edited.getByTestId('row-delete').click();
  await expect(page.getByText('Are you sure to delete?')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByText('you have canceled deletion, Thank')).toBeVisible();
  await expect(edited).toBeVisible();
  await edited.getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('You have successfully deleted')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a product whose stock is not counted shows "—" in the stock column, named for screen readers, not a 0', async ({ page }) => {
  // Demo data: the Americano is made to order (its stock is not counted); the Coca-Cola can is counted.
  await signIn(page, OWNER, '/login?to=%2Fproduct-listing');
  const table = page.getByTestId('data-table');
  await page.getByTestId('search').fill('Americano');
  const americano = table.getByRole('row').filter({ has: page.getByText('Americano', { exact: true }) });
  await expect(americano.getByTestId('stock-not-counted')).toHaveText('—Stock not counted');
  await expect(americano.getByTestId('stock-total')).toHaveCount(0);
  await page.getByTestId('search').fill('Coca-Cola can');
  await expect(table.getByRole('row', { name: /Coca-Cola can 330ml/ }).getByTestId('stock-total')).toHaveText(/^\d/);
});
