import { describe, expect, it } from 'vitest';
import { MAIN_MENU, menuLeaves, visibleMenu, type MenuItem } from './menu';
import { BUSINESS_PERMISSIONS, CASHIER_PERMISSIONS, MANAGER_PERMISSIONS, type Permission } from './permissions';
import { APP_ROUTES } from './routes';

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
