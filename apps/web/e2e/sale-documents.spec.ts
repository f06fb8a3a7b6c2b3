import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeBlocking, OWNER, signIn, useEnglish } from './helpers';

/**
 * Back-office invoices and quotations through their screens: an invoice with a partial payment (the form's live
 * total, computed by the money module, is the total the server stores) shows as partial with its balance due in
 * /invoice-listing; a quotation is converted into an invoice in one step and shows as converted; a clerk holding
 * sale-invoice alone (no product-list, no customer-management) makes an invoice by keyboard and scanner, in a
 * box of 24.
 */

async function regularCustomer(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/login', { data: OWNER });
  expect(login.ok()).toBeTruthy();
  const headers = { authorization: `Bearer ${(await login.json()).access_token as string}` };
  const res = await request.get('/api/v1/customers?per_page=all', { headers });
  expect(res.ok()).toBeTruthy();
  const rows = (await res.json()).data as Array<{ name: string; is_walk_in?: boolean }>;
  const regular = rows.find((c) => !c.is_walk_in && !/walk/i.test(c.name));
  expect(regular).toBeTruthy();
  return regular!.name;
}

/** Customer, branch and one made-to-order line (no stock needed) on the document form. */
async function fillHeaderAndLine(page: Page, customer: string, item: string, quantity: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('combobox', { name: 'Customer' }).fill(customer);
  await page
    .getByRole('option', { name: new RegExp(`^${customer}`) })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: /Riverside/ }).click();
  // The documents' own finder (the selling look-up): an option reads "name, price currency".
  await page.getByRole('combobox', { name: 'Add an item' }).fill(item);
  await page.getByRole('option', { name: new RegExp(`^${item}, `) }).click();
  await page.getByTestId('doc-line-quantity').fill(quantity);
}

const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('an invoice with a partial payment is listed as partial with its balance due', async ({ page, request }) => {
  const customer = await regularCustomer(request);
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=/create-invoice');
  await expect(page.getByRole('heading', { name: 'Create invoice' })).toBeVisible();

  await fillHeaderAndLine(page, customer, 'Americano', '4');
  const previewed = await page.getByTestId('doc-grand-total').textContent();
  expect(amountOf(previewed)).toBeGreaterThan(2);
  await page.getByTestId('doc-add-payment').click();
  await page.getByTestId('doc-payment-amount').fill('2');
  expect(await axeBlocking(page)).toEqual([]);
  await page.getByTestId('save').click();

  await expect(page).toHaveURL(/\/invoice-listing\/detail\//);
  await expect(page.getByTestId('doc-payment-status')).toHaveText('Partial');
  expect(await axeBlocking(page)).toEqual([]);
  // The total the form showed is the total the server stored.
  await expect(page.getByTestId('detail-grand-total')).toHaveText(previewed!);
  const balance = amountOf(await page.getByTestId('detail-balance-due').textContent());
  expect(balance).toBeCloseTo(amountOf(previewed) - 2, 2);
  const number = (await page.getByTestId('doc-number').textContent())!.trim();

  await page.goto(`/invoice-listing?payment_status=partial&search=${encodeURIComponent(number)}`);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('doc-payment-status')).toHaveText('Partial');
  await expect(row.getByTestId('doc-balance-due')).toContainText(balance.toFixed(2));

  // A partly paid invoice is no longer edited.
  const invoiceId = page.url().split('/').at(-1)!;
  await page.goto(`/invoice-listing/edit/${invoiceId}`);
  await expect(page.getByTestId('not-editable')).toBeVisible();
  await page.goto(`/invoice-listing?payment_status=partial&search=${encodeURIComponent(number)}`);

  // The rest paid from the detail: the invoice becomes paid.
  await row.getByRole('link', { name: new RegExp(`Open details ${number}`) }).click();
  await page.getByTestId('pay-method').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('pay-amount').fill(balance.toFixed(2));
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('doc-payment-status')).toHaveText('Paid');
});

test('a quotation is converted into an invoice in one step', async ({ page, request }) => {
  const customer = await regularCustomer(request);
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=/quotation-listing/create-quotation');
  await expect(page.getByRole('heading', { name: 'Create quotation' })).toBeVisible();

  await fillHeaderAndLine(page, customer, 'Jasmine tea', '2');
  // A quotation takes no payment.
  await expect(page.getByTestId('doc-add-payment')).toHaveCount(0);
  await page.getByTestId('save').click();

  await expect(page).toHaveURL(/\/quotation-listing\?open=/);
  const detail = page.getByRole('dialog').getByTestId('document-detail');
  await expect(detail.getByTestId('doc-status')).toHaveText('Open');
  expect(await axeBlocking(page)).toEqual([]);
  const number = (await detail.getByTestId('doc-number').textContent())!.trim();
  await detail.getByTestId('doc-convert').click();
  await page.getByTestId('convert-confirm').click();

  await expect(page).toHaveURL(/\/invoice-listing\/detail\//);
  await expect(page.getByTestId('doc-payment-status')).toHaveText('Unpaid');

  // Unpaid and not delivered: the invoice may still be edited.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/invoice-listing\/edit\//);
  await page.getByTestId('doc-line-quantity').fill('3');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/invoice-listing\/detail\//);
  await expect(page.getByTestId('doc-lines').getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^3(\.0+)? /);

  await page.goto(`/quotation-listing?search=${encodeURIComponent(number)}`);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row.getByTestId('doc-status')).toHaveText('Converted');
  await expect(row.getByTestId('row-convert')).toHaveCount(0);
});

test('a POS-retail sale entered by hand needs an open cash session: the refusal shows, then it saves into the session', async ({
  page,
  request,
}) => {
  const customer = await regularCustomer(request);
  const login = await request.post('/api/v1/login', { data: OWNER });
  const headers = { authorization: `Bearer ${(await login.json()).access_token as string}` };
  // The owner starts without a cash session.
  const current = (await (await request.get('/api/v1/cash-sessions/current', { headers })).json()) as { data: { id: string } | null };
  if (current.data) {
    const closed = await request.post(`/api/v1/cash-sessions/${current.data.id}/close`, {
      headers,
      data: { counted_usd: '0', counted_khr: '0', note: '' },
    });
    expect(closed.ok(), await closed.text()).toBeTruthy();
  }

  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=/sale-listing/create-sales');
  await expect(page.getByRole('heading', { name: 'New POS sale' })).toBeVisible();
  await expect(page.getByTestId('doc-sale-type')).toHaveValue('POS retail');
  await fillHeaderAndLine(page, customer, 'Americano', '1');
  // Paid in full in cash, as at the till: what is refused is the missing cash session.
  await page.getByTestId('doc-add-payment').click();
  await page.getByTestId('doc-payment-amount').fill('5');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('server-error')).toHaveText('Open a cash session before selling');
  await expect(page).toHaveURL(/\/sale-listing\/create-sales/);

  // With a session open at the branch, the same form saves (its idempotency key unchanged) and the sale is listed.
  const options = (await (await request.get('/api/v1/sale-screen-options', { headers })).json()) as {
    branches: Array<{ id: string; name: string }>;
  };
  const riverside = options.branches.find((b) => /Riverside/.test(b.name))!;
  const opened = await request.post('/api/v1/cash-sessions/open', {
    headers,
    data: { branch_id: riverside.id, opening_usd: '0', opening_khr: '20000' },
  });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  // The change is given from the drawer: its float of riel gives the cents.
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/sale-listing$/);
});

test('a clerk with sale-invoice alone finds items by keyboard and scanner, sells a box of 24 and saves the invoice', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/login', { data: OWNER });
  const headers = { authorization: `Bearer ${(await login.json()).access_token as string}` };
  const stamp = Date.now();
  const role = await request.post('/api/v1/roles', { headers, data: { name: `Invoices only ${stamp}`, permissions: ['sale-invoice'] } });
  expect(role.ok(), await role.text()).toBeTruthy();
  const roleBody = (await role.json()) as { id?: string; data?: { id: string } };
  const clerk = { email: `invoices-${stamp}@posauto.local`, password: 'invoices1234' };
  const user = await request.post('/api/v1/users', {
    headers,
    data: {
      first_name: 'Srey',
      last_name: 'Invoice',
      email: clerk.email,
      role_id: roleBody.data?.id ?? roleBody.id,
      password: clerk.password,
      confirm_password: clerk.password,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  // The can's barcode, as a scanner would type it.
  const cans = (await (await request.get('/api/v1/pos/products?q=coca%20330', { headers })).json()) as {
    data: Array<{ name: string; barcode: string | null; price: string }>;
  };
  const can = cans.data.find((p) => p.name === 'Coca-Cola can 330ml')!;
  expect(can.barcode).toBeTruthy();

  await useEnglish(page);
  await signIn(page, clerk, '/login?to=/create-invoice');
  await expect(page.getByRole('heading', { name: 'Create invoice' })).toBeVisible();
  // Customers come through the selling look-up too.
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('combobox', { name: 'Customer' }).fill('Sok Dara');
  await page
    .getByRole('option', { name: /^Sok Dara/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: /Riverside/ }).click();

  // Keyboard only: the words in any order, then Enter takes the first match (a variant, picked in the same step).
  const finder = page.getByRole('combobox', { name: 'Add an item' });
  await finder.fill('latte ice');
  await expect(page.getByRole('option', { name: /^Iced latte \(/ }).first()).toBeVisible();
  await finder.press('Enter');
  await expect(page.getByTestId('doc-line')).toHaveCount(1);
  await expect(page.getByTestId('doc-line').first()).toContainText(/Iced latte \(.+\)/);
  await expect(finder).toHaveValue('');

  // A scanner: the code and Enter at once, before the answer is in; the item is added once, and nothing is saved.
  await finder.fill(can.barcode!);
  await finder.press('Enter');
  await expect(page.getByTestId('doc-line')).toHaveCount(2);
  await expect(page).toHaveURL(/\/create-invoice$/);
  const canLine = page.getByTestId('doc-line').nth(1);
  await expect(canLine).toContainText('Coca-Cola can 330ml');
  await expect(canLine.getByTestId('doc-line-price')).toHaveValue(can.price);

  // A box of 24: the price follows the unit's factor.
  await page.getByRole('combobox', { name: 'Unit Coca-Cola can 330ml' }).click();
  await page.getByRole('option', { name: 'Box of 24' }).click();
  await expect(canLine.getByTestId('doc-line-price')).toHaveValue((Number(can.price) * 24).toFixed(2));
  expect(await axeBlocking(page)).toEqual([]);

  const previewed = await page.getByTestId('doc-grand-total').textContent();
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/invoice-listing\/detail\//);
  await expect(page.getByTestId('doc-payment-status')).toHaveText('Unpaid');
  await expect(page.getByTestId('detail-grand-total')).toHaveText(previewed!);
  await expect(page.getByTestId('doc-lines')).toContainText('Box of 24');
});
