import { chromium, expect, test, type APIRequestContext } from '@playwright/test';
import { openTill } from './helpers';

/**
 * The till's app shell works offline (issue #26, first slice): the app is installable (a manifest and its icons) and a
 * service worker at the root keeps the shell and the till's code, so that a till opened online once opens again with
 * no connection. Only in a secure context: over plain http by the shop computer's address there is no worker.
 */
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string }>;
}

test('the app is installable: its manifest names the till, and every icon it lists is there', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = JSON.parse(await res.text()) as Manifest;
  expect(manifest).toMatchObject({ name: 'POSAUTO', short_name: 'POSAUTO', start_url: '/sale-pos', scope: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => i.sizes).sort()).toEqual(['192x192', '512x512', 'any']);
  for (const icon of manifest.icons) {
    const got = await request.get(icon.src);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()['content-type'], icon.src).toMatch(/^image\//);
    expect(got.headers()['content-type'], icon.src).toContain(icon.type);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icon-192.png');
  // The worker is the build's own file, revalidated at every check (never the single-page app's shell).
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).toContain('posauto-shell-');
});

/** The files the worker precaches, as its build wrote them into /sw.js. */
async function precacheList(request: APIRequestContext): Promise<string[]> {
  const source = await (await request.get('/sw.js')).text();
  return JSON.parse(/const PRECACHE = (\[.*\]);/.exec(source)![1]!) as string[];
}

test('a till opened online once reloads with no connection: the shell and the till come from the worker', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openTill(page);
  const precache = await precacheList(page.request);
  expect(precache).toContain('/');
  expect(precache.some((p) => /^\/assets\/pos-screen-[^/]+\.js$/.test(p))).toBe(true);
  expect(precache.some((p) => /^\/assets\/payment-dialog-[^/]+\.js$/.test(p))).toBe(true);
  // Active (its install kept every file) and in control of this page (clients.claim).
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('posauto-shell-'));
    const cache = await caches.open(name!);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(precache.filter((p) => !cached.includes(p))).toEqual([]);
  // Nothing of the API is ever kept: its answers carry one user's data.
  expect(cached.filter((p) => p.startsWith('/api/') || p.startsWith('/media/'))).toEqual([]);
  // Every chunk the till loaded online is in the cache too (what it loaded is what it needs again).
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/') && /\.(js|css)$/.test(p)),
  );
  expect(loaded.filter((p) => !cached.includes(p))).toEqual([]);

  await context.setOffline(true);
  // Offline for the worker too: its own fetches fail, so whatever loads below comes from its cache.
  const worker = context.serviceWorkers()[0]!;
  expect(
    await worker.evaluate(() =>
      fetch('/robots.txt').then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (new URL(r.url()).pathname.startsWith('/assets/')) failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(true);
  // The app's own page, not the browser's "No internet": its root renders and the start-up loader is gone.
  expect(page.url()).toMatch(/\/sale-pos$/);
  await expect(page.locator('#boot-loader')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('#root > *').first()).toBeAttached();
  // The till opens on the session and the catalogue it kept (the till's database), and says it is offline.
  await expect(page.getByTestId('pos-till')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('pos-till-status')).toHaveAttribute('data-online', 'false');
  expect(await page.evaluate(() => document.querySelector('link[rel="manifest"]') !== null)).toBe(true);
  expect(failed, failed.join('\n')).toEqual([]);
  expect(errors, errors.join('\n')).toEqual([]);

  // Nothing kept (another user's till, a browser that lost its data): it says what is wrong, not "open the cash
  // drawer first", which it could not ask.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('posauto-till');
        open.onsuccess = () => {
          const tx = open.result.transaction('snapshots', 'readwrite');
          tx.objectStore('snapshots').clear();
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.reload();
  const noConnection = page.getByTestId('pos-no-connection');
  await expect(noConnection).toBeVisible({ timeout: 45_000 });
  await expect(noConnection).toContainText('No connection to the server');
  // The network back: the till asks again by itself and opens on the cashier's session.
  await context.setOffline(false);
  await expect(page.getByTestId('pos-till')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pos-till-status')).toHaveAttribute('data-online', 'true');
});

test('over plain http by the shop computer’s network address no worker is registered and nothing fails', async () => {
  const base = new URL(test.info().project.use.baseURL!);
  // A name that is not localhost, resolved to this machine as the shop's Wi-Fi would resolve 192.168.1.20.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP shop-computer.lan ${base.hostname}`],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://shop-computer.lan:${base.port}`, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The browser's own notices about the security headers it ignores over http are not the app's.
    page.on('console', (m) => {
      if (/service ?worker|sw\.js/i.test(m.text())) errors.push(m.text());
    });
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      const why = r.failure()?.errorText ?? '';
      if (!why.includes('ERR_ABORTED')) failed.push(`${r.url()} ${why}`);
    });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.addInitScript(() => localStorage.setItem('app-locale', 'en'));
    await page.goto('/login');
    await page.waitForLoadState('load');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    // The browser offers no service workers here, and the app asks for none.
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false);
    await page.waitForTimeout(500);
    expect(context.serviceWorkers()).toEqual([]);
    expect(asked).not.toContain('/sw.js');
    expect(errors, errors.join('\n')).toEqual([]);
    expect(failed, failed.join('\n')).toEqual([]);
  } finally {
    await browser.close();
  }
});
