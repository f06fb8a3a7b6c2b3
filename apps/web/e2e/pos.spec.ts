import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CASHIER, OWNER } from './helpers';

/**
 * The till, keyboard only, as a cashier at a counter works it: a barcode scanner types each code a few
 * milliseconds per key and ends with Enter; the sale is paid in riel and the change is shown in dollars and riel.
 * Demo data: Coca-Cola can 330ml (5449000000996, $0.75), Butter croissant (2100000001019, $1.75), Butter cookies
 * (8849120033107, $1.00); VAT 10% on top; 4,100 riel to the dollar.
 */

async function token(request: APIRequestContext, who: { email: string; password: string }): Promise<{ raw: string; bearer: string }> {
  const login = await request.post('/api/v1/login', { data: who });
  expect(login.ok()).toBeTruthy();
  const raw = await login.text();
  return { raw, bearer: `Bearer ${JSON.parse(raw).access_token as string}` };
}

/** Signs in as the demo cashier with an open cash session, in English, and opens the till. */
async function openTill(page: Page): Promise<void> {
  const cashier = await token(page.request, CASHIER);
  const current = await page.request.get('/api/v1/cash-sessions/current', { headers: { authorization: cashier.bearer } });
  expect(current.ok()).toBeTruthy();
  if (!(await current.json()).data) {
    const open = await page.request.post('/api/v1/cash-sessions/open', {
      headers: { authorization: cashier.bearer },
      data: { opening_usd: '20', opening_khr: '40000', note: '' },
    });
    expect(open.ok(), await open.text()).toBeTruthy();
  }
  await page.addInitScript((u) => {
    localStorage.setItem('userData', u);
    localStorage.setItem('last-active-time', String(Date.now()));
    localStorage.setItem('app-locale', 'en');
  }, cashier.raw);
  await page.goto('/sale-pos');
  await expect(page.getByTestId('pos-till')).toBeVisible();
}

/** What a USB scanner does: the code a few ms per key, then Enter, with the focus nowhere in particular. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-description', { hasText: text });
const line = (page: Page, name: string) => page.getByTestId('pos-line').filter({ hasText: name });

test('a keyboard-only sale by scanner, paid in riel with the change in dollars and riel', async ({ page }) => {
  await openTill(page);
  await scan(page, '5449000000996');
  await scan(page, '5449000000996');
  await scan(page, '2100000001019');

  // The same item scanned again adds one to its line.
  await expect(page.getByTestId('pos-line')).toHaveCount(2);
  await expect(line(page, 'Coca-Cola can 330ml').getByTestId('pos-line-qty')).toHaveText('2');
  await expect(line(page, 'Butter croissant').getByTestId('pos-line-qty')).toHaveText('1');
  // 2 x 0.75 + 1.75 = 3.25, VAT 10% 0.33: 3.58 dollars, 14,678 riel, shown as 14,700 (the 100-riel note).
  await expect(page.getByTestId('pos-total')).toHaveText('$3.58');
  await expect(page.getByTestId('pos-total-riel')).toHaveText('14,700 ៛');

  // An unknown code says so and adds nothing.
  await scan(page, '0000000000000');
  await expect(notice(page, 'No product has the code 0000000000000')).toBeVisible();
  await expect(page.getByTestId('pos-announce')).toContainText('No product has the code 0000000000000');
  await expect(page.getByTestId('pos-line')).toHaveCount(2);

  // F12 opens the payment; the dollar field has the focus, Tab goes to the riel field.
  await page.keyboard.press('F12');
  const payment = page.getByTestId('pos-payment');
  await expect(payment).toBeVisible();
  await expect(page.getByTestId('pos-tender-cash-usd')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('pos-tender-cash-khr')).toBeFocused();
  await page.keyboard.type('20000');
  // 20,000 riel for 14,678: 5,322 riel over, that is $1.29, or 5,300 riel, or $1 and 1,200 riel.
  await expect(page.getByTestId('pos-paid')).toContainText('$4.87');
  await expect(page.getByTestId('pos-change')).toContainText('$1.29');
  await expect(page.getByTestId('pos-change-riel')).toHaveText('5,300 ៛');
  await expect(page.getByTestId('pos-change-split')).toHaveText('Give back $1.00 and 1,200 ៛');
  await page.keyboard.press('Enter');

  const done = page.getByTestId('pos-done');
  await expect(done).toBeVisible();
  await expect(done.getByText('Sale Transaction is successed')).toBeVisible();
  await expect(page.getByTestId('pos-done-change')).toContainText('$1.00');
  await expect(page.getByTestId('pos-done-change')).toContainText('1,200 ៛');
  const invoice = (await page.getByTestId('pos-done-invoice').innerText()).trim();
  expect(invoice).toMatch(/\S+/);
  // Enter: the next sale, with an empty cart.
  await page.keyboard.press('Enter');
  await expect(done).toBeHidden();
  await expect(page.getByTestId('pos-line')).toHaveCount(0);

  // The sale is on the books: paid, riel frozen at the shop's rate.
  const owner = await token(page.request, OWNER);
  const list = await page.request.get(`/api/v1/sales?search=${encodeURIComponent(invoice)}`, { headers: { authorization: owner.bearer } });
  expect(list.ok()).toBeTruthy();
  const sale = (
    (await list.json()).data as Array<{ invoice_number: string; grand_total: string; payment_status: string; sale_type: string }>
  ).find((s) => s.invoice_number === invoice);
  expect(sale).toMatchObject({ grand_total: '3.58', payment_status: 'paid', sale_type: 'pos_retail' });
});

test('a cart held with F8 comes back with F7, and a refresh does not lose the cart', async ({ page }) => {
  await openTill(page);
  await scan(page, '8849120033107');
  await scan(page, '8849120033107');
  await expect(line(page, 'Butter cookies').getByTestId('pos-line-qty')).toHaveText('2');

  // The cart is kept in the browser: a refresh shows it again.
  await page.reload();
  await expect(line(page, 'Butter cookies').getByTestId('pos-line-qty')).toHaveText('2');

  await page.keyboard.press('F8');
  await expect(notice(page, 'The cart is on hold')).toBeVisible();
  await expect(page.getByTestId('pos-line')).toHaveCount(0);

  // Another customer is served meanwhile.
  await scan(page, '2100000001019');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);

  // F7: the held carts; Enter resumes the first (the cart on the till is held in its place).
  await page.keyboard.press('F7');
  const held = page.getByTestId('pos-held-cart');
  await expect(held.first()).toBeVisible();
  const count = await held.count();
  await expect(held.last()).toContainText('$2.20');
  await held.last().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-held-list')).toBeHidden();
  await expect(line(page, 'Butter cookies').getByTestId('pos-line-qty')).toHaveText('2');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await expect(page.getByTestId('pos-total')).toHaveText('$2.20');

  // The croissant's cart went on hold in its place: the list has the same number of carts.
  await page.keyboard.press('F7');
  await expect(held).toHaveCount(count);
  await expect(held.last()).toContainText('$1.93');
});

test('a discount above the cashier’s 10% is approved on the till’s screen by the owner, and the sale records who approved', async ({
  page,
}) => {
  await openTill(page);
  await scan(page, '2100000001019');
  await scan(page, '2100000001019');
  await page.keyboard.press('F9');
  await page.getByTestId('pos-discount-value').fill('50');
  await page.getByTestId('pos-discount-apply').click();
  await page.keyboard.press('F12');
  await page.getByTestId('pos-quick-exact').click();
  await page.getByTestId('pos-payment-submit').click();
  // Above the limit: the till asks for an approval on the same screen, and the cart and the tender stay.
  const approval = page.getByTestId('pos-approval');
  await expect(approval).toContainText('A discount of 50% is above your limit of 10%: ask a manager to approve it');
  await page.getByTestId('pos-approval-email').fill(OWNER.email);
  await page.getByTestId('pos-approval-password').fill('not-the-password');
  await page.getByTestId('pos-approval-submit').click();
  await expect(page.getByTestId('pos-approval-error')).toContainText("The approver's email or password is wrong");
  await page.getByTestId('pos-approval-password').fill(OWNER.password);
  await page.getByTestId('pos-approval-submit').click();
  await expect(page.getByTestId('pos-done')).toBeVisible();
  const invoice = (await page.getByTestId('pos-done-invoice').innerText()).trim();

  const owner = await token(page.request, OWNER);
  const list = await page.request.get(`/api/v1/sales?search=${encodeURIComponent(invoice)}`, { headers: { authorization: owner.bearer } });
  const id = ((await list.json()).data as Array<{ id: string; invoice_number: string }>).find((s) => s.invoice_number === invoice)!.id;
  const sale = await (await page.request.get(`/api/v1/sales/${id}`, { headers: { authorization: owner.bearer } })).json();
  expect(sale.approved_by_name).toBeTruthy();
  expect(sale.discount_amount).toBe('1.75');
});

test('the payment shows what the drawer holds and gives the change in dollars when its riel has run out', async ({ page }) => {
  const cashier = await token(page.request, CASHIER);
  const auth = { authorization: cashier.bearer };
  // A drawer with no riel left: close whatever is open, then open one with dollars only.
  const current = (await (await page.request.get('/api/v1/cash-sessions/current', { headers: auth })).json()).data;
  if (current)
    await page.request.post(`/api/v1/cash-sessions/${current.id}/close`, {
      headers: auth,
      data: { counted_usd: current.expected_usd, counted_khr: current.expected_khr },
    });
  expect(
    (await page.request.post('/api/v1/cash-sessions/open', { headers: auth, data: { opening_usd: '20', opening_khr: '0' } })).ok(),
  ).toBeTruthy();
  await openTill(page);
  await scan(page, '2100000001019'); // 1.75 + 10% VAT = 1.93: $5 gives back 3.07, that is $3 and 200 riel
  await page.keyboard.press('F12');
  await expect(page.getByTestId('pos-drawer')).toHaveText('In the drawer: $20.00 · 0 ៛');
  await page.getByTestId('pos-tender-cash-usd').fill('5');
  // No riel in the drawer: whole dollars are proposed, the 7 cents kept shown as rounding.
  await expect(page.getByTestId('pos-change-split')).toContainText('Give back $3.00');
  await expect(page.getByTestId('pos-change-rounding')).toHaveText('(rounding $0.07)');
  await page.getByTestId('pos-payment-submit').click();
  await expect(page.getByTestId('pos-done')).toBeVisible();
});
