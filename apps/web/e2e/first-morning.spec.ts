import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTES_BY_NAME } from '@posauto/shared/routes';
import { SCREEN_LINKS, SHELL } from '@posauto/shared/screen-links';
import { OWNER } from './helpers';
import { mailCount, readCode } from './mailbox';

/**
 * The first morning of a new shop (issue 21, items 6 to 10): signed up through the real API and mailbox, activated by
 * the platform team, then used through the screens as its owner would.
 */

// Each test signs a shop up first (mail, Argon2, activation), then opens screens cold: more than the defaults allow on
// a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ADMIN = { email: 'admin@posauto.local', password: 'admin1234' };
const KARAOKE = { email: 'karaoke@posauto.local', password: 'karaoke1234' };

interface Shop {
  email: string;
  password: string;
  /** The login answer as the app stores it (userData). */
  raw: string;
  headers: { authorization: string; 'accept-language': string };
}

async function login(request: APIRequestContext, who: { email: string; password: string }, lang = 'en') {
  const res = await request.post('/api/v1/login', { data: who, headers: { 'accept-language': lang } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const raw = await res.text();
  return { raw, headers: { authorization: `Bearer ${JSON.parse(raw).access_token as string}`, 'accept-language': lang } };
}

/** Sign-up's three steps in a language (the code read from the real SMTP sink), then activation by the platform. */
async function signUp(request: APIRequestContext, lang: string, pkg = 'standard'): Promise<Shop> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `morning-${stamp}@newshop.test`;
  const password = 'first-morning-42';
  const shopName = `Morning Brew ${stamp}`;
  const h = { 'accept-language': lang };
  const seen = mailCount(email);
  const registered = await request.post('/api/v1/register', {
    headers: h,
    data: { first_name: 'Sreymom', last_name: 'Chan', email, confirm_email: email, package: pkg },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const code = await readCode(email, seen);
  const verified = await request.post('/api/v1/otp-verify', { headers: h, data: { email, code } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  const done = await request.post('/api/v1/registration', {
    headers: h,
    data: {
      registration_token: (await verified.json()).registration_token,
      password,
      confirm_password: password,
      shop_name: shopName,
      shop_type: 'coffee_shop',
      phone: '012 345 678',
    },
  });
  expect(done.status(), await done.text()).toBe(201);
  const admin = await login(request, ADMIN);
  const pending = await request.get('/api/v1/admin/businesses', { headers: admin.headers, params: { search: shopName } });
  const id = ((await pending.json()).data as Array<{ id: string; shop_name: string }>).find((b) => b.shop_name === shopName)!.id;
  expect((await request.post(`/api/v1/admin/businesses/${id}/activate`, { headers: admin.headers })).ok()).toBeTruthy();
  return { email, password, ...(await login(request, { email, password }, lang)) };
}

/** Opens the app signed in with a stored login, in a language, as the shell reads it. */
async function openAs(page: Page, raw: string, lang: string, path: string): Promise<void> {
  await page.addInitScript(
    ([u, l]) => {
      localStorage.setItem('userData', u!);
      localStorage.setItem('last-active-time', String(Date.now()));
      localStorage.setItem('app-locale', l!);
    },
    [raw, lang],
  );
  await page.goto(path);
}

const only = <T>(list: T[]) => {
  expect(list).toHaveLength(1);
  return list[0]!;
};

test('a shop signed up in Khmer is seeded in Khmer, takes cash at once, and its Khmer receipt names the walk-in customer in Khmer', async ({
  page,
  request,
}) => {
  const shop = await signUp(request, 'km');
  const get = async (url: string) => (await (await request.get(url, { headers: shop.headers })).json()) as { data: never[] };
  const roles = (await get('/api/v1/roles?per_page=all')).data as Array<{ name: string; is_owner: boolean }>;
  expect(roles.map((r) => r.name).sort()).toEqual(['ម្ចាស់ហាង', 'អ្នកគិតលុយ', 'អ្នកគ្រប់គ្រង'].sort());
  expect(roles.find((r) => r.is_owner)?.name).toBe('ម្ចាស់ហាង');
  const branch = only(
    (await request.get('/api/v1/branches/options', { headers: shop.headers }).then((r) => r.json())) as Array<{ id: string; name: string }>,
  );
  expect(branch.name).toBe('សាខាធំ');
  const cash = only((await get('/api/v1/payment-methods')).data as Array<{ id: string; name: string; type: string }>);
  expect(cash).toMatchObject({ name: 'សាច់ប្រាក់', type: 'cash' });

  // The first sale, to the walk-in customer, paid in riel.
  const product = await request.post('/api/v1/products', {
    headers: shop.headers,
    data: { type: 'single', product_name: 'កាហ្វេទឹកដោះគោទឹកកក', purchase_cost: '0.8', sale_cost: '2', is_stock_manage: false },
  });
  expect(product.status(), await product.text()).toBe(201);
  const opened = await request.post('/api/v1/cash-sessions/open', {
    headers: shop.headers,
    data: { branch_id: branch.id, opening_usd: '10', opening_khr: '40000' },
  });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const sold = await request.post('/api/v1/sales', {
    headers: { ...shop.headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      lines: [{ product_id: (await product.json()).data.id, quantity: '1' }],
      payments: [{ payment_method_id: cash.id, currency: 'KHR', amount: '10000' }],
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const invoice = (await sold.json()).data.invoice_number as string;

  // Reprinted on 80 mm from the sale list, in Khmer.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await openAs(page, shop.raw, 'km', `/sale-listing?search=${encodeURIComponent(invoice)}`);
  await page.getByTestId('sale-number').filter({ hasText: invoice }).click();
  await page.getByRole('dialog').getByTestId('print-menu').click();
  await page.getByTestId('print-80').click();
  const receipt = page.locator('#receipt-print-root [data-testid="sale-receipt"]');
  await expect(receipt).toContainText(invoice);
  await expect(receipt).toContainText('អតិថិជនទូទៅ');
  await expect(receipt).not.toContainText('Walk-in');
});

test('a shop of one branch never asks for it: the cash session opens at it, and no branch picker, warehouses nor branch users show', async ({
  page,
  request,
  browser,
}) => {
  const shop = await signUp(request, 'en');
  await openAs(page, shop.raw, 'en', '/sale-pos');
  await page.getByTestId('pos-open-session').click();
  const form = page.getByTestId('open-session-form');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('opening-usd')).toBeVisible();
  await expect(form.getByTestId('open-branch')).toHaveCount(0);
  await form.getByTestId('opening-usd').fill('25');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('pos-till')).toBeVisible();
  const current = await (await request.get('/api/v1/cash-sessions/current', { headers: shop.headers })).json();
  expect(current.data).toMatchObject({ status: 'open', branch_name: 'Main branch' });

  // The dashboard and the reports have no branch to choose.
  await page.goto('/');
  await expect(page.getByTestId('setup-checklist')).toBeVisible();
  await expect(page.getByTestId('dashboard-branch')).toHaveCount(0);
  await page.goto('/sale-reports');
  await expect(page.getByTestId('report-from')).toBeVisible();
  await expect(page.getByTestId('report-branch')).toHaveCount(0);

  // Demo Karaoke (Standard, one branch): settings without warehouses, which the server refuses too.
  const karaoke = await login(request, KARAOKE);
  const other = await (await browser.newContext()).newPage();
  await openAs(other, karaoke.raw, 'en', '/general-setting');
  const settings = other.getByTestId('settings-menu');
  await expect(settings.locator('a[href="/payment-listing"]')).toBeVisible();
  await expect(settings.locator('a[href="/warehouse-listing"]')).toHaveCount(0);
  await expect(other.locator('a[href="/branch-user-management"], a[href="/stock-transfer-listing"]')).toHaveCount(0);
  await other.goto('/warehouse-listing');
  await expect(other.getByTestId('forbidden')).toBeVisible();
  expect((await request.get('/api/v1/warehouses', { headers: karaoke.headers })).status()).toBe(403);
});

test('a shop without a usable payment method is told so where a purchase is paid, with the way to the payment settings', async ({
  page,
  request,
}) => {
  const shop = await signUp(request, 'en');
  const cash = only((await (await request.get('/api/v1/payment-methods', { headers: shop.headers })).json()).data as Array<{ id: string }>);
  expect(
    (await request.patch(`/api/v1/payment-methods/${cash.id}/status`, { headers: shop.headers, data: { status: false } })).ok(),
  ).toBeTruthy();
  const supplier = await request.post('/api/v1/suppliers', { headers: shop.headers, data: { name: 'Mekong Beans' } });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const product = await request.post('/api/v1/products', {
    headers: shop.headers,
    data: { type: 'single', product_name: 'Arabica beans 1kg', purchase_cost: '9', sale_cost: '14' },
  });
  const branch = only((await (await request.get('/api/v1/branches/options', { headers: shop.headers })).json()) as Array<{ id: string }>);
  const purchase = await request.post('/api/v1/purchases', {
    headers: shop.headers,
    data: {
      supplier_id: (await supplier.json()).data.id,
      branch_id: branch.id,
      purchase_date: new Date().toISOString().slice(0, 10),
      status: 'received',
      lines: [{ product_id: (await product.json()).data.id, quantity: '2', unit_cost: '9' }],
    },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);

  // The purchase's payments: no empty select, a sentence and a link.
  const { id, purchase_number: number } = (await purchase.json()).data as { id: string; purchase_number: string };
  await openAs(page, shop.raw, 'en', `/purchase-listing/detail-listing/${id}`);
  await expect(page.getByRole('heading', { name: new RegExp(number) }).first()).toBeVisible();
  await expect(page.getByTestId('no-payment-method')).toContainText('There is no payment method to pay with');
  await expect(page.getByTestId('payment-form')).toHaveCount(0);
  // A new purchase cannot be paid now, and says why.
  await page.goto('/stock-purchase');
  await expect(page.getByRole('checkbox', { name: 'Record a payment now' })).toBeDisabled();
  await page.getByTestId('no-payment-method-link').click();
  await expect(page).toHaveURL(/\/payment-listing$/);
});

test("a new owner's dashboard is a checklist of real steps, each a link; empty lists say what to do first", async ({ page, request }) => {
  const shop = await signUp(request, 'en');
  await openAs(page, shop.raw, 'en', '/');
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist).toBeVisible();
  await expect(checklist.getByTestId('setup-progress')).toHaveText('1 of 5 done');
  for (const [step, done] of [
    ['settings', 'false'],
    ['payment_methods', 'true'],
    ['products', 'false'],
    ['cashier', 'false'],
    ['till', 'false'],
  ] as const)
    await expect(checklist.getByTestId(`setup-step-${step}`)).toHaveAttribute('data-done', done);

  // The products step leads to the product form; the empty product list says what it is for and offers the same.
  await checklist.getByTestId('setup-step-products').getByTestId('setup-step-link').click();
  await expect(page).toHaveURL(/\/product-listing\/create-product$/);
  await page.goto('/product-listing');
  const first = page.getByTestId('first-step');
  await expect(first).toContainText('No products yet');
  await expect(first.getByTestId('first-step-action')).toHaveAttribute('href', '/product-listing/create-product');
  // A search that finds nothing is not an empty list.
  await page.goto('/product-listing?search=zzz');
  await expect(page.getByText('Nothing matches your search')).toBeVisible();
  await expect(page.getByTestId('first-step')).toHaveCount(0);
  // A list that creates in a dialog opens it from its empty state.
  await page.goto('/category-listing');
  await page.getByTestId('first-step').getByTestId('first-step-action').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/purchase-listing');
  await expect(page.getByTestId('first-step').getByTestId('first-step-action')).toHaveAttribute('href', '/stock-purchase');

  // Done elsewhere (a product made through the API): ticked on the next look.
  const made = await request.post('/api/v1/products', {
    headers: shop.headers,
    data: { type: 'single', product_name: 'Iced latte', purchase_cost: '1', sale_cost: '2.5' },
  });
  expect(made.status()).toBe(201);
  await page.goto('/');
  await expect(checklist.getByTestId('setup-step-products')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByTestId('setup-progress')).toHaveText('2 of 5 done');

  // Hidden by the owner: gone, and stays gone.
  await checklist.getByTestId('setup-dismiss').click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('stat-value').first()).toBeVisible();
  await expect(page.getByTestId('setup-checklist')).toHaveCount(0);
});

test('every screen is reachable: the lost ones are in the menu, the others linked from the screen named for them', async ({
  page,
  request,
}) => {
  const owner = await login(request, OWNER);
  await openAs(page, owner.raw, 'en', '/');
  const menu = page.getByTestId('main-menu');
  for (const [group, entry, path] of [
    ['stock_management', 'stock_filter', '/stock-filter'],
    ['stock_management', 'stock_expiry', '/stock-expiry'],
    ['sale_management', 'quotation_listing', '/quotation-listing'],
    ['sale_management', 'sale_return_listing', '/sale-return-listing'],
    ['sale_management', 'item_sale_listing', '/item-sale-listing'],
  ] as const) {
    const link = menu.locator(`[data-menu="${entry}"]`);
    if (!(await link.isVisible())) await menu.locator(`[data-menu="${group}"]`).click();
    await expect(link).toHaveAttribute('href', path);
  }
  await page.goto('/general-setting');
  const variations = page.getByTestId('settings-menu').locator('a[href="/variation-listing"]');
  await expect(variations).toBeVisible();
  await variations.click();
  await expect(page).toHaveURL(/\/variation-listing$/);

  // Each screen the menu leaves out has a link on the screen that needs it.
  for (const [name, from] of Object.entries(SCREEN_LINKS)) {
    if (from === SHELL) continue;
    await page.goto(ROUTES_BY_NAME.get(from)!.path);
    await expect(page.locator(`a[href^="${ROUTES_BY_NAME.get(name)!.path}"]`).first(), `${from} -> ${name}`).toBeAttached();
  }
  await page.getByTestId('user-menu').click();
  for (const name of ['update-profile', 'change-password'])
    await expect(page.locator(`a[href="${ROUTES_BY_NAME.get(name)!.path}"]`).first()).toBeVisible();
});

test('the product form says where variations are made when the shop has none, instead of an empty list', async ({ page, request }) => {
  const shop = await signUp(request, 'en');
  await openAs(page, shop.raw, 'en', '/product-listing/create-product');
  await page.getByTestId('product-type').getByText('Variation', { exact: true }).click();
  const none = page.getByTestId('variations-none');
  await expect(none).toContainText('There are no variations yet');
  await expect(none.getByTestId('variation-setting-link')).toHaveAttribute('href', '/variation-listing');
  await expect(none.getByTestId('variation-setting-link')).toHaveAttribute('target', '_blank');
});

test('the checklist, an empty list and the missing payment method meet WCAG 2.1 AA in English and Arabic', async ({ browser, request }) => {
  const shop = await signUp(request, 'en');
  const cash = only((await (await request.get('/api/v1/payment-methods', { headers: shop.headers })).json()).data as Array<{ id: string }>);
  await request.patch(`/api/v1/payment-methods/${cash.id}/status`, { headers: shop.headers, data: { status: false } });
  for (const lang of ['en', 'ar']) {
    const page = await (await browser.newContext()).newPage();
    for (const [path, part] of [
      ['/', 'setup-checklist'],
      ['/product-listing', 'first-step'],
      ['/stock-purchase', 'no-payment-method'],
    ] as const) {
      await openAs(page, shop.raw, lang, path);
      await expect(page.getByTestId(part)).toBeVisible();
      const result = await new AxeBuilder({ page })
        .include(`[data-testid="${part}"]`)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${lang} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await page.context().close();
  }
});
