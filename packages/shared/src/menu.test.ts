import { describe, expect, it } from 'vitest';
import { HORIZONTAL_EXTRA, MAIN_MENU, menuLeaves, visibleMenu, type MenuItem } from './menu';
import { PACKAGE_RULES } from './packages';
import { BUSINESS_PERMISSIONS, CASHIER_PERMISSIONS, MANAGER_PERMISSIONS, type Permission } from './permissions';
import { APP_ROUTES, ROUTES_BY_NAME } from './routes';
import { SCREEN_LINKS, SHELL } from './screen-links';

const seeing = (perms: readonly Permission[]) => visibleMenu(MAIN_MENU, (p) => perms.includes(p));

describe('the main menu', () => {
  it('points every entry at a route of the spec', () => {
    const paths = new Set(APP_ROUTES.map((r) => r.path));
    for (const leaf of menuLeaves(MAIN_MENU)) if (leaf.to) expect(paths.has(leaf.to), leaf.to).toBe(true);
  });

  it('shows a cashier only the dashboard and their sales screens', () => {
    const names = menuLeaves(seeing(CASHIER_PERMISSIONS)).map((m) => m.name);
    expect(names).toEqual([
      'dashboard',
      'open_cash_listing',
      'sale_listing',
      'sales_listing',
      'invoice_listing',
      'sale_return_listing',
      'item_sale_listing',
      'sale_pos',
      'customer_listing',
    ]);
  });

  it('drops headings with nothing under them', () => {
    const tree = seeing(CASHIER_PERMISSIONS);
    expect(tree.filter((m) => m.heading).map((m) => m.name)).toEqual(['heading_business']);
  });

  it('shows a user with no permission the dashboard alone', () => {
    expect(seeing([]).map((m) => m.name)).toEqual(['dashboard']);
  });

  it('never shows the platform entry to a shop owner', () => {
    expect(menuLeaves(seeing(BUSINESS_PERMISSIONS)).map((m) => m.name)).not.toContain('user_admin_management');
  });

  it('shows the audit log to the owner, under administration, and never to a manager or a cashier', () => {
    const owner = seeing(BUSINESS_PERMISSIONS);
    const names = owner.map((m) => m.name);
    expect(names).toContain('audit_log');
    // After the Administration heading, beside the user entries.
    expect(names.indexOf('audit_log')).toBeGreaterThan(names.indexOf('heading_administration'));
    expect(menuLeaves(owner).find((m) => m.name === 'audit_log')).toMatchObject({ to: '/audit-log', permission: 'audit-log' });
    expect(menuLeaves(seeing(MANAGER_PERMISSIONS)).map((m) => m.name)).not.toContain('audit_log');
    expect(menuLeaves(seeing(CASHIER_PERMISSIONS)).map((m) => m.name)).not.toContain('audit_log');
  });
});

describe('the Start Up package menu', () => {
  it('is the products, their settings and the QR menu: no POS, stock, sales, customers, expenses or reports', async () => {
    const { PACKAGE_RULES } = await import('./packages');
    const allowed = new Set(PACKAGE_RULES.startup.permissions);
    const namesOf = (items: readonly MenuItem[]): string[] =>
      items.flatMap((i) => (i.heading ? [] : [i.name, ...namesOf(i.children ?? [])]));
    const names = namesOf(visibleMenu(MAIN_MENU, (p) => allowed.has(p)));
    expect(names).toEqual(
      expect.arrayContaining([
        'products',
        'product_listing',
        'create_product',
        'print_barcode',
        'qr_menu',
        'settings',
        'categories',
        'brands',
        'product_unit',
      ]),
    );
    const gone = [
      'stock_management',
      'pos_sales',
      'sale_management',
      'sale_pos',
      'customer_listing',
      'expenses',
      'reports',
      'suppliers',
      'sale_setting',
      'service_charge',
    ];
    // Every one of them is in the full menu, so their absence here means something.
    expect(namesOf(MAIN_MENU)).toEqual(expect.arrayContaining(gone));
    for (const g of gone) expect(names, g).not.toContain(g);
  });
});

describe('every screen is reachable', () => {
  const inMenu = new Set([...menuLeaves(MAIN_MENU), ...HORIZONTAL_EXTRA].map((m) => m.to).filter(Boolean));
  /** In the menu, or linked from the top bar or from a screen that is itself reachable. */
  const reachable = (name: string, seen: ReadonlySet<string> = new Set()): boolean => {
    const route = ROUTES_BY_NAME.get(name);
    if (!route || seen.has(name)) return false;
    if (inMenu.has(route.path)) return true;
    const from = SCREEN_LINKS[name];
    return from === SHELL || (from !== undefined && reachable(from, new Set([...seen, name])));
  };

  it('from the menu or from a named screen: every route but the public ones and those of one record (an id)', () => {
    const pages = APP_ROUTES.filter((r) => r.layout !== 'public' && !r.path.includes(':'));
    expect(pages.length).toBeGreaterThan(60);
    expect(pages.filter((r) => !reachable(r.name)).map((r) => r.name)).toEqual([]);
  });

  it('names real routes, and lists a screen there only when the menu does not already reach it', () => {
    for (const [name, from] of Object.entries(SCREEN_LINKS)) {
      expect(ROUTES_BY_NAME.has(name), name).toBe(true);
      expect(from === SHELL || ROUTES_BY_NAME.has(from), from).toBe(true);
      expect(inMenu.has(ROUTES_BY_NAME.get(name)!.path), name).toBe(false);
    }
  });

  it('puts the screens issue 21 found unreachable in the menu: variations, quotations, expiring stock, items sold, the stock filter', () => {
    const leaves = menuLeaves(MAIN_MENU).map((m) => m.to);
    for (const name of [
      'variation-listing',
      'quotation-listing',
      'stock-expiry',
      'item-sale-listing',
      'stock-filter',
      'sale-return-listing',
    ])
      expect(leaves, name).toContain(ROUTES_BY_NAME.get(name)!.path);
  });
});

describe('a package of one shop', () => {
  const names = (pkg: 'startup' | 'standard') =>
    menuLeaves(visibleMenu(MAIN_MENU, (p) => PACKAGE_RULES[pkg].permissions.includes(p))).map((m) => m.name);

  it('shows no branch management, warehouses nor stock transfers (Standard and Start Up), as the server refuses them', () => {
    for (const pkg of ['standard', 'startup'] as const) {
      for (const gone of ['warehouses', 'branch_user_management', 'stock_transfer_listing'])
        expect(names(pkg), `${pkg} ${gone}`).not.toContain(gone);
    }
    // Everything else a Standard shop keeps: the till, stock, sales, reports.
    expect(names('standard')).toEqual(expect.arrayContaining(['sale_pos', 'stock_listing', 'purchase_listing', 'sale_reports', 'general']));
    expect(menuLeaves(visibleMenu(MAIN_MENU, (p) => PACKAGE_RULES.premium.permissions.includes(p))).map((m) => m.name)).toEqual(
      expect.arrayContaining(['warehouses', 'branch_user_management', 'stock_transfer_listing']),
    );
  });
});
