import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const OWNER = { email: 'owner@posauto.local', password: 'owner1234' };
export const CASHIER = { email: 'cashier@posauto.local', password: 'cashier1234' };

/** Opens the app in English (the tests read English text) before any page script runs. */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('app-locale')) localStorage.setItem('app-locale', 'en');
  });
}

export async function signIn(page: Page, who: { email: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The demo cashier's sign-in answer (what the app keeps in localStorage), with a cash session open. */
export async function cashierData(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/login', { data: CASHIER });
  expect(login.ok()).toBeTruthy();
  const raw = await login.text();
  const bearer = `Bearer ${JSON.parse(raw).access_token as string}`;
  const current = await request.get('/api/v1/cash-sessions/current', { headers: { authorization: bearer } });
  if (!(await current.json()).data) {
    const open = await request.post('/api/v1/cash-sessions/open', {
      headers: { authorization: bearer },
      data: { opening_usd: '20', opening_khr: '40000', note: '' },
    });
    expect(open.ok(), await open.text()).toBeTruthy();
  }
  return raw;
}

/** The till in English, signed in as the demo cashier with a session open (no sign-in page on the way). */
export async function openTill(page: Page): Promise<void> {
  const userData = await cashierData(page.request);
  await page.addInitScript((u) => {
    localStorage.setItem('userData', u);
    localStorage.setItem('last-active-time', String(Date.now()));
    localStorage.setItem('app-locale', 'en');
  }, userData);
  await page.goto('/sale-pos');
  await expect(page.getByTestId('pos-till')).toBeVisible();
}

/**
 * Serious and critical WCAG 2.1 AA violations on the page as it is now, one line each. Toasts are the shell's (their
 * close button is reported apart), not the screen's under test.
 */
export async function axeBlocking(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .exclude('.mantine-Notifications-root')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
