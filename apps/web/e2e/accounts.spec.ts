import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';
import { mailCount, readCode } from './mailbox';

const ADMIN = { email: 'admin@posauto.local', password: 'admin1234' };

test.beforeEach(async ({ page }) => useEnglish(page));

/** A 1×1 PNG, for the logo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new shop signs up through the screens, is activated by the platform team, and its owner signs in', async ({ page }) => {
  const stamp = Date.now();
  const email = `owner-${stamp}@newshop.test`;
  const password = 'fresh-coffee-42';
  const shopName = `Mekong Brew ${stamp}`;

  // Step 1: from the sign-in page to the account form; the spec's messages come first.
  await page.goto('/login');
  await page.getByTestId('register-link').click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('signup-steps')).toBeVisible();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Please fill email address').first()).toBeVisible();
  await expect(page.getByText('Please select package')).toBeVisible();

  await page.getByLabel(/^First name/).fill('Sokha');
  await page.getByLabel(/^Last name/).fill('Meas');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Confirm email/).fill(email.toUpperCase().replace('@', '-x@'));
  await page.getByTestId('package-standard').click();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Confirm email is no matched!')).toBeVisible();
  await page.getByLabel(/^Confirm email/).fill(email);
  const before = mailCount(email);
  await page.getByTestId('register-submit').click();

  // Step 2: the code from the real SMTP server, typed digit by digit.
  await expect(page).toHaveURL(/\/otp-verify\?email=/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('otp-resend')).toBeDisabled();
  const code = await readCode(email, before);
  await page.getByRole('textbox', { name: 'Code digit' }).first().click();
  await page.keyboard.type(code);

  // Step 3: the shop and the owner's password, chosen only now that the email is proven (the token of step 2 is
  // kept in the tab, so a reload keeps the step).
  await expect(page).toHaveURL(/\/registration$/);
  await page.reload();
  await expect(page.getByTestId('shop-info-form')).toBeVisible();
  await page.getByTestId('shop-info-submit').click();
  await expect(page.getByText('Please enter shop name')).toBeVisible();
  await expect(page.getByText('Please fill your password')).toBeVisible();
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill('something-else');
  await page.getByTestId('shop-info-submit').click();
  await expect(page.getByText('Confirm password not matched')).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByLabel(/^Shop name/).fill(shopName);
  await choose(page, /^Shop type/, 'Restaurant with karaoke');
  await page.getByLabel(/^Phone number/).fill('012 345 678');
  await page.getByLabel(/^Contact person/).fill('Sokha Meas');
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('shop-info-submit').click();

  // Step 4: waiting for the team; signing in says so clearly.
  await expect(page).toHaveURL(/\/completed/);
  await expect(page.getByText('about 5 minutes')).toBeVisible();
  await page.getByTestId('completed-signin').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toContainText('waiting for activation');

  // The platform team activates the shop from the waiting list.
  await signIn(page, ADMIN, '/login?to=%2Fuser-admin-management');
  await expect(page.getByTestId('tab-pending')).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('data-table').getByRole('row', { name: new RegExp(shopName) });
  await expect(row).toContainText(email);
  await expect(row.getByTestId('business-package')).toHaveText('Standard');
  await row.getByTestId('business-activate').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('The shop has been activated')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByTestId('tab-active').click();
  await expect(
    page
      .getByTestId('data-table')
      .getByRole('row', { name: new RegExp(shopName) })
      .getByTestId('business-status'),
  ).toHaveText('Active');
  await signOut(page);

  // The new owner's first sign-in.
  await signIn(page, { email, password });
  await expect(page.getByTestId('main-menu')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-name')).toHaveText('Sokha Meas');
});

test('a role with three permissions gives its user exactly those menu entries', async ({ page }) => {
  const stamp = Date.now();
  const roleName = `Floor ${stamp}`;
  const email = `floor-${stamp}@posauto.local`;

  await signIn(page, OWNER, '/login?to=%2Froles-permissions');
  await page.getByTestId('create').click();
  await expect(page).toHaveURL(/\/roles-permissions\/create$/);
  await page.getByTestId('save').click();
  await expect(page.getByText('Please enter role name')).toBeVisible();
  await page.getByLabel(/^Role name/).fill(roleName);
  const matrix = page.getByTestId('permission-matrix');
  for (const p of ['sale-pos', 'customer-management', 'expend-management']) await matrix.locator(`[data-permission="${p}"]`).check();
  await expect(matrix).toContainText('3 of');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/roles-permissions$/);
  await expect(page.getByTestId('data-table').getByRole('row', { name: new RegExp(roleName) })).toBeVisible();

  // A user with that role.
  await page.goto('/user-management');
  await page.getByTestId('create').click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByTestId('save').click();
  await expect(dialog.getByText('Please select role')).toBeVisible();
  await expect(dialog.getByText('Please enter confirm password')).toBeVisible();
  await dialog.getByLabel(/^First name/).fill('Vanna');
  await dialog.getByLabel(/^Last name/).fill('Sok');
  await dialog.getByLabel(/^Email/).fill(email);
  await choose(page, /^Role/, roleName);
  await dialog.getByLabel(/^Password/).fill('floor1234');
  await dialog.getByLabel(/^Confirm password/).fill('floor1234');
  await dialog.getByTestId('save').click();
  await expect(page.getByText('You have created successfully')).toBeVisible();
  await expect(page.getByTestId('data-table').getByRole('row', { name: /Vanna Sok/ })).toContainText(roleName);

  // The role is in use now: deleting it is refused with the server's message.
  await page.goto('/roles-permissions');
  await page
    .getByTestId('data-table')
    .getByRole('row', { name: new RegExp(roleName) })
    .getByTestId('row-delete')
    .click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(/given to 1 user/)).toBeVisible();
  await signOut(page);

  await signIn(page, { email, password: 'floor1234' });
  const menu = page.getByTestId('main-menu');
  await expect(menu.locator('[data-menu="dashboard"]')).toBeVisible();
  await expect
    .poll(() => menu.locator('[data-menu]:visible').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu'))))
    .toEqual(['dashboard', 'sale_pos', 'customer_listing', 'expenses']);
});

test('a member of staff resets a forgotten password with the emailed code, then changes it and their name', async ({ page }) => {
  const stamp = Date.now();
  const email = `till-${stamp}@posauto.local`;

  // The owner adds the member of staff (through the API: the user screens have their own test above).
  await signIn(page, OWNER);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { access_token: string }).access_token);
  const headers = { authorization: `Bearer ${token}` };
  const roles = (await (await page.request.get('/api/v1/roles?per_page=all', { headers })).json()) as {
    data: Array<{ id: string; name: string }>;
  };
  const cashier = roles.data.find((r) => r.name === 'Cashier')!;
  const created = await page.request.post('/api/v1/users', {
    headers,
    data: { first_name: 'Bopha', last_name: 'Keo', email, role_id: cashier.id, password: 'first-pass', confirm_password: 'first-pass' },
  });
  expect(created.status()).toBe(201);
  await signOut(page);

  // Forgot password: email, then the code from the mail and a new password.
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const before = mailCount(email);
  // The screen loads on demand: until it is there, the sign-in form (with its own Email field) still shows.
  const emailForm = page.getByTestId('forgot-email-form');
  await expect(emailForm).toBeVisible();
  await emailForm.getByLabel(/^Email/).fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('reset-form')).toBeVisible();
  const code = await readCode(email, before);
  await page.getByRole('textbox', { name: 'Code digit' }).first().click();
  await page.keyboard.type(code);
  await page.getByLabel(/^New password/).fill('second-pass');
  await page.getByLabel(/^Confirm password/).fill('second-pass');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel(/^Password/).fill('second-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Change password: the wrong current password and a mismatch are refused; then it changes and the session stays.
  await page.goto('/change-password');
  await page.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByLabel(/^New password/).fill('third-pass');
  await page.getByLabel(/^Confirm password/).fill('third-pas');
  await page.getByTestId('save').click();
  await expect(page.getByText('Confirm password not matched')).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill('third-pass');
  await page.getByTestId('save').click();
  await expect(page.getByText('Your current password is incorrect')).toBeVisible();
  await page.getByLabel(/^Current password/).fill('second-pass');
  await page.getByTestId('save').click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/change-password$/);

  // Profile: a new first name shows in the top bar at once.
  await page.goto('/update-profile');
  await page.getByLabel(/^First name/).fill('Bophary');
  await page.getByTestId('save').click();
  await expect(page.getByText('You have updated successfully')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-name')).toHaveText('Bophary Keo');
});
