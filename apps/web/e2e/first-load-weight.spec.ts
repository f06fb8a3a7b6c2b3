import { gzipSync, constants } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { CASHIER, OWNER } from './helpers';

/**
 * Weight of the first load (bench/README.md, "Web app weight"): the JavaScript a fresh browser loads to show a page,
 * counted as gzip (the body the server sends to a client accepting gzip; a file it would send uncompressed is
 * gzipped here at level 9, as the build does). The login page, like the till that shares its shell, must stay
 * within 170 KB.
 */
const LOGIN_JS_GZIP_LIMIT = 170 * 1024;

interface Loaded {
  path: string;
  gzip: number;
}

/** Opens path with an empty cache and returns every script of the app it loaded, once the page has settled. */
async function scriptsLoaded(page: Page, path: string): Promise<Loaded[]> {
  const finished: Request[] = [];
  let inflight = 0;
  let last = Date.now();
  // The live stock alert stream stays open by design: it is no part of the load.
  const counted = (r: Request) => !r.url().includes('/api/v1/stock-notifications/stream?');
  page.on('request', (r) => {
    if (!counted(r)) return;
    inflight += 1;
    last = Date.now();
  });
  page.on('requestfinished', (r) => {
    if (!counted(r)) return;
    finished.push(r);
    inflight -= 1;
    last = Date.now();
  });
  page.on('requestfailed', (r) => {
    if (!counted(r)) return;
    inflight -= 1;
    last = Date.now();
  });
  await page.goto(path);
  await expect(page.locator('#boot-loader')).toHaveCount(0);
  // Lazy chunks and their data follow the first render: wait until no loader or skeleton shows, the fonts are in
  // and nothing has been under way for a second.
  const settled = () =>
    page.evaluate(
      () => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]') && document.fonts.status === 'loaded',
    );
  await expect
    .poll(async () => inflight === 0 && Date.now() - last > 1000 && (await settled()), { timeout: 30_000, intervals: [200] })
    .toBe(true);
  const origin = new URL(page.url()).origin;
  const scripts = finished.filter((r) => r.resourceType() === 'script' && r.url().startsWith(origin));
  const out: Loaded[] = [];
  for (const r of scripts) {
    const res = await page.request.get(r.url(), { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status(), r.url()).toBe(200);
    // The API client hands back the decoded body; the server's gzip file is the same bytes at the same level.
    const body = await res.body();
    out.push({ path: new URL(r.url()).pathname, gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length });
  }
  return out;
}

const total = (files: Loaded[]) => files.reduce((n, f) => n + f.gzip, 0);
const describe = (files: Loaded[]) =>
  files
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `${(f.gzip / 1024).toFixed(1).padStart(7)} KB ${f.path}`)
    .join('\n');

for (const lang of ['km', 'en', 'ar']) {
  test(`/login in ${lang} loads at most 170 KB of JavaScript (gzip)`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('app-locale', l), lang);
    const files = await scriptsLoaded(page, '/login');
    await expect(page.getByRole('textbox').first()).toBeVisible();
    expect(files.length).toBeGreaterThan(0);
    const js = total(files);
    test.info().annotations.push({ type: 'js-gzip-kb', description: (js / 1024).toFixed(1) });
    expect(js, `/login (${lang}) loaded ${(js / 1024).toFixed(1)} KB:\n${describe(files)}`).toBeLessThanOrEqual(LOGIN_JS_GZIP_LIMIT);
  });
}

for (const lang of ['km', 'en', 'ar']) {
  test(`/sale-pos in ${lang} loads at most 170 KB of JavaScript (gzip)`, async ({ page, request }) => {
    const login = await request.post('/api/v1/login', { data: CASHIER });
    expect(login.status()).toBe(200);
    const userData = await login.text();
    // The till itself, not the "open a cash session" prompt: the cashier's drawer is open (already open is fine).
    const open = await request.post('/api/v1/cash-sessions/open', {
      headers: { authorization: `Bearer ${JSON.parse(userData).access_token as string}` },
      data: { opening_usd: '20', opening_khr: '40000', note: '' },
    });
    expect([200, 201, 409, 422]).toContain(open.status());
    await page.addInitScript(
      ([u, l]) => {
        localStorage.setItem('userData', u!);
        localStorage.setItem('app-locale', l!);
      },
      [userData, lang],
    );
    const files = await scriptsLoaded(page, '/sale-pos');
    await expect(page.getByTestId('pos-till')).toBeVisible();
    const js = total(files);
    test.info().annotations.push({ type: 'js-gzip-kb', description: (js / 1024).toFixed(1) });
    expect(js, `/sale-pos (${lang}) loaded ${(js / 1024).toFixed(1)} KB:\n${describe(files)}`).toBeLessThanOrEqual(LOGIN_JS_GZIP_LIMIT);
  });
}

test('the signed-in home page does not load the other languages or the screens it does not show', async ({ page, request }) => {
  const login = await request.post('/api/v1/login', { data: OWNER });
  expect(login.status()).toBe(200);
  const userData = await login.text();
  await page.addInitScript((u) => {
    localStorage.setItem('userData', u);
    localStorage.setItem('app-locale', 'km');
  }, userData);
  const files = await scriptsLoaded(page, '/');
  const names = files.map((f) => f.path.split('/').pop()!);
  // One language's table only (each is a chunk named after its language).
  expect(names.filter((n) => /^(en|zh|fr|ar)-[\w-]+\.js$/.test(n))).toEqual([]);
  expect(names.some((n) => /^km-[\w-]+\.js$/.test(n))).toBe(true);
  // Screens not on the page stay unloaded.
  expect(names.filter((n) => /^(products-screen|categories-screen|print-barcode-screen|qr-menu-screen)-/.test(n))).toEqual([]);
  test.info().annotations.push({ type: 'js-gzip-kb', description: (total(files) / 1024).toFixed(1) });
});
