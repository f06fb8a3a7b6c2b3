import { expect, test } from '@playwright/test';
import { axeBlocking, OWNER, signIn, useEnglish } from './helpers';

/** A small but real PDF: the server recognises receipts by their bytes, not by their name. */
const RECEIPT = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('creates an expense category, records an expense in riel with its receipt, and sees it listed and totalled', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fexpend-category');
  await expect(page.getByRole('heading', { name: 'Expense categories' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Rent\b/ })).toBeVisible();
  expect(await axeBlocking(page)).toEqual([]);

  await page.getByTestId('create').click();
  await page.getByTestId('expense-category-name').fill('Water delivery');
  await page.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Water delivery/ })).toBeVisible();

  await page.goto('/expend-listing');
  await expect(page.getByRole('heading', { name: 'Expenses', exact: true })).toBeVisible();
  await expect(page.getByTestId('expense-totals')).toBeVisible();
  expect(await axeBlocking(page)).toEqual([]);

  await page.getByTestId('create').click();
  const form = page.getByTestId('expense-form');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Water delivery' }).click();
  await form.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: /Riverside/ }).click();
  await form.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option').first().click();
  await page.getByTestId('expense-cost').fill('20500');
  await page.getByTestId('expense-currency').getByText('KHR').click();
  await form.getByRole('textbox', { name: 'Note' }).fill('E2E water jugs');
  await form.locator('input[type="file"]').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: RECEIPT });
  await expect(page.getByTestId('expense-attached')).toHaveText('PDF attached');
  expect(await axeBlocking(page)).toEqual([]);
  await page.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();

  // Only this expense matches: its row, and the totals of the filtered rows (4100 riel per dollar in the demo).
  await page.getByPlaceholder('Search by note or category').fill('E2E water');
  const row = page.getByRole('row', { name: /Water delivery/ });
  await expect(row).toContainText('20,500\u00a0៛');
  await expect(row).toContainText('$5.00');
  await expect(row.getByTestId('row-attachment')).toBeVisible();
  await expect(page.getByTestId('expense-total')).toHaveText('$5.00');
  await expect(page.getByTestId('expense-total-riel')).toContainText('20,500');
  await expect(page.getByTestId('expense-totals')).toContainText('Expenses: 1');

  // The receipt comes back as the PDF that was sent.
  const download = page.waitForEvent('download');
  await row.getByTestId('row-attachment').click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
});
