import { expect, type Page } from '@playwright/test';

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
