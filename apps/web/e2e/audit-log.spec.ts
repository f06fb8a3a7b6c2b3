import { expect, test } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

test('the owner opens the audit log from the menu, filters it by kind and follows an entry to its document', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, OWNER);
  await page.getByTestId('main-menu').locator('[data-menu="audit_log"]').click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = page.getByTestId('data-table');
  const rows = table.locator('tbody tr');

  // The owner's own sign-in, a moment ago, heads the sign-ins.
  await page.getByTestId('filter-kind').click();
  await page.getByRole('option', { name: 'Sign-ins and sign-outs', exact: true }).click();
  await expect(page).toHaveURL(/kind=sign_ins/);
  await expect(rows.first()).toContainText('Signed in');
  await expect(rows.first()).toContainText('Sophea Chan');

  // The demo's returns: each under its kind, its number a link to the return.
  await page.getByTestId('filter-kind').click();
  await page.getByRole('option', { name: 'Returns and refunds', exact: true }).click();
  await expect(page).toHaveURL(/kind=returns/);
  await expect(rows.first()).toContainText('Sale return');
  const kinds = await rows.getByTestId('audit-action').allInnerTexts();
  expect(kinds.length).toBeGreaterThan(0);
  for (const k of kinds) expect(k).toContain('Returns and refunds');
  const link = rows.first().getByTestId('audit-document');
  const number = (await link.innerText()).trim();
  expect(number).toMatch(/^SRT-\d{6}$/);
  await link.click();
  await expect(page).toHaveURL(/\/sale-return-listing\?return=[0-9a-f-]{36}$/);
  await expect(page.getByRole('dialog')).toContainText(number);
});
