/**
 * Screens that the menu does not list, and the screen that leads to each (route names of routes.ts). `shell` is the
 * top bar (the user menu, the bell), on every screen. Every route without an id is in the menu (menu.ts) or here, and
 * here only if its screen really links to it: menu.test.ts checks the first, apps/web/e2e/first-morning.spec.ts the
 * second, by following each link.
 */
export const SHELL = 'shell';

export const SCREEN_LINKS: Readonly<Record<string, string>> = {
  'purchase-return': 'purchase-listing',
  'stock-purchase': 'purchase-listing',
  'stock-return': 'purchase-return',
  'create-invoice': 'invoice-listing',
  'create-quotation': 'quotation-listing',
  'create-sales': 'sale-listing',
  'create-new-sale': 'sales-listing',
  'create-sale-return': 'sale-return-listing',
  'stock-adjustment': 'stock-adjustment-listing',
  'stock-transfer': 'stock-transfer-listing',
  'create-role': 'roles-permissions',
  'sub-variation-listing': 'variation-listing',
  'stock-notification': SHELL,
  'update-profile': SHELL,
  'change-password': SHELL,
};
