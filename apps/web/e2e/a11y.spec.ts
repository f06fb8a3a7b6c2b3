import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { APP_ROUTES } from '@posauto/shared/routes';
import { OWNER } from './helpers';

/**
 * WCAG 2.1 AA, checked by axe-core on every screen the app has built, in English (left-to-right) and Arabic
 * (right-to-left), signed in as the demo owner; plus the public pages a visitor sees. Serious and critical
 * violations fail.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Route names with a real screen that the owner may open (the rest show the shared "upcoming" page). */
const SIGNED_IN_SCREENS = [
  'home',
  'sale-pos',
  'product-listing',
  'create-product',
  'edit-product',
  'edit-product-variant',
  'print-barcode',
  'qr-menu',
  'stock-notification',
  'stock-listing',
  'stock-adjustment-listing',
  'stock-adjustment',
  'stock-adjustment-detail',
  'customer-listing',
  'roles-permissions',
  'create-role',
  'edit-role',
  'user-management',
  'branch-user-management',
  'update-profile',
  'change-password',
  'category-listing',
  'brand-listing',
  'variation-listing',
  'sub-variation-listing',
  'warehouse-listing',
  'supplier-listing',
  'payment-listing',
  'general-setting',
  'product-unit',
  'stock-adjustment-type',
  'sale-setting',
  'service-listing',
  'stock-transfer-listing',
  'stock-transfer',
  'edit-transfer',
  'stock-transfer-detail',
  'stock-filter',
  'stock-expiry',
  'stock-report',
  'purchase-listing',
  'stock-purchase',
  'edit-purchase',
  'purchase-detail',
  'purchase-return',
  'stock-return',
  'sale-listing',
  'sales-listing',
  'item-sale-listing',
  'sale-return-listing',
  'create-sale-return',
  'open-cash-listing',
  'coupon-listing',
  'create-invoice',
  'invoice-listing',
  'quotation-listing',
  'create-quotation',
  'create-new-sale',
  'create-sales',
  'expend-listing',
  'expend-category',
  'sale-reports',
  'sale-summary-reports',
  'brand-sale-reports',
  'item-sale-reports',
  'purchase-reports',
  'item-purchase-reports',
  'expend-reports',
  'pos-cash-flow-report',
  'profit-loss-reports',
  'audit-log',
  // Restaurant (issue #24): the floor, an open order, the kitchen display and their settings.
  'tables',
  'table-order',
  'kitchen',
  'floor-setting',
  'kitchen-station-listing',
  // Karaoke rooms (issue #25): the live board, the room settings and the room report (Demo Coffee rents meeting rooms
  // by the hour).
  'rooms',
  'room-setting',
  'room-reports',
];
const PUBLIC_SCREENS = ['login', 'register', 'forgot-password', 'public-menu'];

const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

interface Ids {
  slug: string;
  product: string;
  variationProduct: string;
  role: string;
  adjustment: string;
  /** A demo transfer still on its way (editable). */
  transfer: string;
  /** A demo purchase still on order (editable). */
  purchase: string;
  /** A demo table's open order (the café's C1, in the Riverside branch). */
  order: string;
}

/**
 * Signs in as the demo owner the way the login screen does (the API's answer stored as userData, the refresh
 * cookie in the browser), whatever the interface language.
 */
async function signInOwner(page: Page): Promise<void> {
  const login = await page.request.post('/api/v1/login', { data: OWNER });
  expect(login.ok()).toBeTruthy();
  const userData = await login.text();
  await page.goto('/login');
  await page.evaluate((u) => {
    localStorage.setItem('userData', u);
    localStorage.setItem('last-active-time', String(Date.now()));
  }, userData);
}

async function demoIds(page: Page): Promise<Ids> {
  const login = await page.request.post('/api/v1/login', { data: OWNER });
  expect(login.ok()).toBeTruthy();
  const headers = { authorization: `Bearer ${(await login.json()).access_token as string}` };
  const get = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(path, { headers });
    expect(res.ok(), path).toBeTruthy();
    return (await res.json()) as T;
  };
  const { slug } = await get<{ slug: string }>('/api/v1/qr-menu');
  const products = (await get<{ data: Array<{ id: string; type: string }> }>('/api/v1/products?per_page=all')).data;
  const roles = (await get<{ data: Array<{ id: string }> }>('/api/v1/roles?per_page=all')).data;
  const adjustments = (await get<{ data: Array<{ id: string }> }>('/api/v1/stock-adjustments')).data;
  const transfers = (await get<{ data: Array<{ id: string }> }>('/api/v1/stock-transfers?state=sent')).data;
  const purchases = (await get<{ data: Array<{ id: string }> }>('/api/v1/purchases?purchase_status=ordered')).data;
  // The café's open order is on a table of one of its branches (the floor shows the first by name unless told).
  let order: string | undefined;
  for (const branch of await get<Array<{ id: string }>>('/api/v1/branches/options')) {
    const floor = await get<{ tables: Array<{ order_id: string | null }> }>(`/api/v1/floor?branch_id=${branch.id}`);
    order ??= floor.tables.find((x) => x.order_id)?.order_id ?? undefined;
  }
  const product = products.find((p) => p.type === 'single')?.id;
  const variationProduct = products.find((p) => p.type === 'variation')?.id;
  expect(product && variationProduct && roles[0] && adjustments[0] && transfers[0] && purchases[0] && order).toBeTruthy();
  return {
    slug,
    product: product!,
    variationProduct: variationProduct!,
    role: roles[0]!.id,
    adjustment: adjustments[0]!.id,
    transfer: transfers[0]!.id,
    purchase: purchases[0]!.id,
    order: order!,
  };
}

function pathOf(name: string, ids: Ids): string {
  const route = APP_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`No route ${name}`);
  const id =
    name === 'public-menu'
      ? ids.slug
      : name === 'edit-role'
        ? ids.role
        : name === 'edit-product-variant'
          ? ids.variationProduct
          : name === 'stock-adjustment-detail'
            ? ids.adjustment
            : name === 'edit-transfer' || name === 'stock-transfer-detail'
              ? ids.transfer
              : name === 'edit-purchase' || name === 'purchase-detail'
                ? ids.purchase
                : name === 'table-order'
                  ? ids.order
                  : ids.product;
  return route.path.replace(/:(id|slug)/, id);
}

async function openIn(browser: Browser, lang: Language, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'ar' ? 'ar' : 'en-US', colorScheme: scheme });
  const page = await context.newPage();
  await page.addInitScript(
    ([l, s]) => {
      localStorage.setItem('app-locale', l!);
      localStorage.setItem('mantine-color-scheme-value', s!);
    },
    [lang, scheme],
  );
  return page;
}

/** Waits until the screen has its data and no loader or transition is still on the way. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A screen's own loaders (lazy chunk, first fetch, a table's fading overlay) go; a button's busy spinner may
  // stay, so this waits only so long.
  await expect(page.locator('.mantine-LoadingOverlay-root, .mantine-Loader-root:visible'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

/** One line per violated rule: the screen, its impact, the rule and where it was found. */
async function blockingViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // Every finding is printed (the numbers in the issue count them); only serious and critical ones fail.
  for (const v of result.violations) {
    console.log(
      `[a11y] ${where} ${v.impact} ${v.id} nodes=${v.nodes.length} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)}`,
    );
  }
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

for (const lang of LANGUAGES) {
  test.describe(`axe in ${lang}`, () => {
    let page: Page;
    let ids: Ids;

    test.beforeAll(async ({ browser }) => {
      page = await openIn(browser, lang);
      ids = await demoIds(page);
    });
    test.afterAll(async () => page.context().close());

    test(`the public pages have no serious or critical violations (${lang})`, async () => {
      test.setTimeout(300_000);
      const found: string[] = [];
      for (const name of PUBLIC_SCREENS) {
        await page.goto(pathOf(name, ids));
        await settle(page);
        found.push(...(await blockingViolations(page, `${lang} ${name}`)));
      }
      expect(found).toEqual([]);
    });

    // The screens in groups of eight: each group is one sign-in and one test, short enough for the timeout.
    for (let from = 0; from < SIGNED_IN_SCREENS.length; from += 8) {
      const screens = SIGNED_IN_SCREENS.slice(from, from + 8);
      test(`signed-in screens ${screens[0]} to ${screens.at(-1)} have no serious or critical violations (${lang})`, async () => {
        test.setTimeout(600_000);
        await signInOwner(page);
        const found: string[] = [];
        for (const name of screens) {
          await page.goto(pathOf(name, ids));
          await settle(page);
          // The screen itself, not the forbidden or not-found page, was checked.
          await expect(page.getByTestId('forbidden')).toHaveCount(0);
          found.push(...(await blockingViolations(page, `${lang} ${name}`)));
          if (name === 'home') {
            // The open profile menu: only menu items inside role="menu".
            await page.getByTestId('user-menu').click();
            await expect(page.getByRole('menu')).toBeVisible();
            found.push(...(await blockingViolations(page, `${lang} profile-menu`)));
            await page.keyboard.press('Escape');
            await expect(page.getByRole('menu')).toBeHidden();
          }
        }
        expect(found).toEqual([]);
      });
    }
  });
}

test('the dark theme keeps its contrast on the shell, a list and a form', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await openIn(browser, 'en', 'dark');
  const ids = await demoIds(page);
  await signInOwner(page);
  const found: string[] = [];
  for (const name of ['home', 'product-listing', 'create-product', 'general-setting']) {
    await page.goto(pathOf(name, ids));
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    found.push(...(await blockingViolations(page, `dark ${name}`)));
  }
  await page.goto(pathOf('login', ids));
  await page.context().close();
  expect(found).toEqual([]);
});

test('from the top of a page, Tab reaches every menu group and Enter or Space opens it', async ({ browser }) => {
  const page = await openIn(browser, 'en');
  await signInOwner(page);
  await page.goto('/');
  await settle(page);
  const groups = page.getByTestId('main-menu').locator('[aria-expanded]');
  const names = await groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')));
  expect(names).toEqual(
    expect.arrayContaining([
      'products',
      'stock_management',
      'pos_sales',
      'sale_management',
      'expenses',
      'reports',
      'user_management',
      'settings',
    ]),
  );
  await page.locator('body').focus();
  const opened: string[] = [];
  // Each group opens in turn: Enter for the odd ones, Space for the even ones; its entries then follow in the tab order.
  for (let presses = 0; presses < 200 && opened.length < names.length; presses++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    const name = await focused.getAttribute('data-menu').catch(() => null);
    if (!name || !names.includes(name) || opened.includes(name)) continue;
    await expect(focused).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press(opened.length % 2 ? 'Space' : 'Enter');
    await expect(focused).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await focused.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link').first()).toBeVisible();
    opened.push(name);
  }
  expect(opened.sort()).toEqual([...names].sort());
  await page.context().close();
});
