import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWNER, signIn, useEnglish } from './helpers';

type MenuProduct = { name: string; price: number; price_riel: number; variants: Array<{ name: string }> };
type Menu = { shop_name: string; categories: Array<{ name: string; products: MenuProduct[] }>; others: MenuProduct[] };

const SINGLE = `QR iced latte ${Date.now()}`;
const VARIATION = `QR smoothie ${Date.now()}`;
let slug = '';

async function ownerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/login', { data: OWNER });
  expect(login.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await login.json()).access_token as string}` };
}

/** Two products through the products API: a single one in "Iced coffee" and a variation one of two sizes. */
test.beforeAll(async ({ request }) => {
  const headers = await ownerHeaders(request);
  slug = ((await (await request.get('/api/v1/qr-menu', { headers })).json()) as { slug: string }).slug;
  const categories = (await (await request.get('/api/v1/categories?per_page=all', { headers })).json()).data as Array<{
    id: string;
    name: string;
  }>;
  const iced = categories.find((c) => c.name === 'Iced coffee')!;
  const single = await request.post('/api/v1/products', {
    headers,
    data: {
      type: 'single',
      product_name: SINGLE,
      purchase_cost: '1.00',
      sale_cost: '2.75',
      category_id: iced.id,
      description: 'Double shot over ice',
    },
  });
  expect(single.ok(), await single.text()).toBeTruthy();

  const variations = (await (await request.get('/api/v1/variations?per_page=all', { headers })).json()).data as Array<{
    id: string;
    name: string;
  }>;
  const size = variations.find((v) => v.name === 'Size');
  if (size) {
    const values = (await (await request.get(`/api/v1/variation-values?per_page=all&variation_id=${size.id}`, { headers })).json())
      .data as Array<{ id: string }>;
    const variation = await request.post('/api/v1/products', {
      headers,
      data: {
        type: 'variation',
        product_name: VARIATION,
        purchase_cost: '1.00',
        sale_cost: '3.00',
        category_id: iced.id,
        variations: [{ variation_id: size.id, value_ids: values.slice(0, 2).map((v) => v.id) }],
      },
    });
    expect(variation.ok(), await variation.text()).toBeTruthy();
  }
});

test.describe('the public menu on a phone, signed out', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => useEnglish(page));

  test('shows categories and products with both prices, and switches to Khmer in place', async ({ page, request }) => {
    const menu = (await (await request.get(`/api/v1/public/menu/${slug}`)).json()) as Menu;
    const item = menu.categories.flatMap((c) => c.products).find((p) => p.name === SINGLE)!;
    expect(item.price).toBe(275);

    await page.goto(`/menu/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/menu/${slug}$`));
    await expect(page.getByTestId('menu-shop-name')).toHaveText('Demo Coffee');
    await expect(page.getByTestId('menu-chip').filter({ hasText: 'Iced coffee' })).toBeVisible();

    const card = page.getByTestId('menu-product').filter({ hasText: SINGLE });
    await expect(card.getByTestId('menu-price')).toHaveText('$2.75');
    await expect(card.getByTestId('menu-price-riel')).toHaveText(`${item.price_riel.toLocaleString('en-US')}\u00a0៛`);
    if (menu.categories.some((c) => c.products.some((p) => p.name === VARIATION))) {
      await expect(page.getByTestId('menu-product').filter({ hasText: VARIATION }).getByTestId('menu-variant')).toHaveCount(2);
    }

    // A chip scrolls to its section; the search filters on the phone itself.
    await page.getByTestId('menu-chip').filter({ hasText: 'Iced coffee' }).click();
    await expect(page.getByTestId('menu-section').filter({ hasText: 'Iced coffee' }).getByRole('heading')).toBeInViewport();
    await page.getByTestId('menu-search').fill(SINGLE.slice(0, 14).toLowerCase());
    await expect(page.getByTestId('menu-product').filter({ hasText: SINGLE })).toBeVisible();
    await page.getByTestId('menu-search').fill('no such dish anywhere');
    await expect(page.getByTestId('menu-no-results')).toBeVisible();
    await page.getByTestId('menu-search').fill('');

    await page.getByTestId('menu-language').click();
    await page.getByTestId('menu-language-km').click();
    await expect(page.getByTestId('menu-search')).toHaveAttribute('placeholder', 'ស្វែងរកក្នុងម៉ឺនុយ');
    await expect(page.locator('html')).toHaveAttribute('lang', 'km');
    expect(await page.evaluate(() => localStorage.getItem('app-locale'))).toBe('km');
    await expect(page).toHaveURL(new RegExp(`/menu/${slug}$`));
    await expect(card.getByTestId('menu-price')).toBeVisible();

    await page.getByTestId('menu-language').click();
    await page.getByTestId('menu-language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('says so when the menu does not exist', async ({ page }) => {
    await page.goto('/menu/no-such-shop-000000');
    await expect(page.getByTestId('menu-not-found')).toContainText('Menu not found');
  });
});

test('the owner sees the QR code and downloads it as PNG and SVG', async ({ page, baseURL }) => {
  await useEnglish(page);
  await signIn(page, OWNER, '/login?to=%2Fqr-menu');
  await expect(page.getByRole('heading', { name: 'QR menu', exact: true })).toBeVisible();
  await expect(page.getByTestId('qr-code').locator('svg')).toBeVisible();
  await expect(page.getByTestId('qr-menu-url')).toHaveValue(`${baseURL}/menu/${slug}`);
  await expect(page.getByTestId('qr-menu-open')).toHaveAttribute('href', `${baseURL}/menu/${slug}`);
  await expect(page.getByTestId('qr-table-card')).toContainText('Scan to see our menu');
  await expect(page.getByTestId('qr-table-card')).toContainText('ស្កេនដើម្បីមើលម៉ឺនុយរបស់យើង');

  const png = page.waitForEvent('download');
  await page.getByTestId('qr-download-png').click();
  const pngFile = await png;
  expect(pngFile.suggestedFilename()).toBe(`menu-qr-${slug}.png`);
  const bytes = readFileSync((await pngFile.path())!);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  // 1024 x 1024 pixels, read from the IHDR chunk.
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1024, 1024]);

  const svg = page.waitForEvent('download');
  await page.getByTestId('qr-download-svg').click();
  const svgFile = await svg;
  expect(svgFile.suggestedFilename()).toBe(`menu-qr-${slug}.svg`);
  expect(readFileSync((await svgFile.path())!, 'utf8')).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);

  // The signed-in owner opening the menu gets the public page, not the back office.
  await page.goto(`/menu/${slug}`);
  await expect(page.getByTestId('public-menu')).toBeVisible();
  await expect(page.getByTestId('menu-shop-name')).toHaveText('Demo Coffee');
});
