import { expect, test, type Browser, type Page } from '@playwright/test';
import { CASHIER, OWNER } from './helpers';

/**
 * No label is cut (issue #21 item 11): on the main screens, in Khmer, English and Arabic, at a laptop's width and a
 * tablet's, no badge, button, tab or table heading shows less than its text (an ellipsis, a clipped end, Khmer's
 * stacked vowels cut at the top or bottom). Checked by measuring: an element whose content is wider or taller than
 * the box it may show it in, while that box hides the overflow.
 */

type Lang = 'km' | 'en' | 'ar';
const LANGS: Lang[] = ['km', 'en', 'ar'];
const SIZES = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'tablet', width: 800, height: 1280 },
];

/** The owner's back-office screens with status badges, action buttons and tabs; the cashier's till and drawer. */
const OWNER_SCREENS = [
  '/',
  '/sale-listing',
  '/sale-return-listing',
  '/purchase-listing',
  '/product-listing',
  '/open-cash-listing',
  '/stock-listing',
  '/expense-listing',
];
const CASHIER_SCREENS = ['/sale-pos'];

async function openAs(browser: Browser, who: typeof OWNER, lang: Lang, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'ar' ? 'ar' : 'en-US', viewport: size });
  const page = await context.newPage();
  const login = await page.request.post('/api/v1/login', { data: who });
  expect(login.ok()).toBeTruthy();
  const userData = await login.text();
  await page.addInitScript(
    ([u, l]) => {
      localStorage.setItem('userData', u!);
      localStorage.setItem('last-active-time', String(Date.now()));
      localStorage.setItem('app-locale', l!);
    },
    [userData, lang],
  );
  return page;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-LoadingOverlay-root, .mantine-Loader-root:visible'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
  // Fonts (Khmer, Arabic) in place before anything is measured.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

/** Visible labels whose text does not fit the box that clips it: "tag: text (content × box)". */
function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SELECTOR = [
      '.mantine-Badge-root',
      '.mantine-Badge-label',
      'button',
      '.mantine-Button-label',
      '[role="tab"]',
      '.mantine-SegmentedControl-label',
      'th',
      '.mantine-NavLink-label',
      '.mantine-Chip-label',
    ].join(',');
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(SELECTOR))) {
      const text = (el.innerText || '').trim();
      if (!text) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Text meant to be truncated on purpose carries a title or is a table cell's long free text: not labels.
      if (el.closest('[data-allow-truncate]')) continue;
      const style = getComputedStyle(el);
      const clipsX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const clipsY = style.overflowY !== 'visible';
      const wide = clipsX && el.scrollWidth > el.clientWidth + 1;
      const tall = clipsY && el.scrollHeight > el.clientHeight + 1;
      if (wide || tall)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]}: "${text.slice(0, 40)}" (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`,
        );
    }
    return out;
  });
}

// Every language on the laptop; the tablet, whose columns are narrowest, in Khmer (the longest words).
const RUNS = [...LANGS.map((lang) => ({ lang, size: SIZES[0]! })), { lang: 'km' as Lang, size: SIZES[1]! }];

for (const { lang, size } of RUNS) {
  test(`no cut labels in ${lang} on a ${size.name} (${size.width}x${size.height})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    const owner = await openAs(browser, OWNER, lang, size);
    for (const path of OWNER_SCREENS) {
      await owner.goto(path);
      await settle(owner);
      for (const p of await cutLabels(owner)) problems.push(`${path} ${p}`);
    }
    await owner.context().close();
    const cashier = await openAs(browser, CASHIER, lang, size);
    for (const path of CASHIER_SCREENS) {
      await cashier.goto(path);
      await settle(cashier);
      for (const p of await cutLabels(cashier)) problems.push(`${path} ${p}`);
    }
    await cashier.context().close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
