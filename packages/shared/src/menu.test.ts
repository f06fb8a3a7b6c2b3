import { describe, expect, it } from 'vitest';
import { MAIN_MENU, menuLeaves, visibleMenu } from './menu';
import { BUSINESS_PERMISSIONS, CASHIER_PERMISSIONS, type Permission } from './permissions';
import { APP_ROUTES } from './routes';

const seeing = (perms: readonly Permission[]) => visibleMenu(MAIN_MENU, (p) => perms.includes(p));

describe('the main menu', () => {
  it('points every entry at a route of the spec', () => {
    const paths = new Set(APP_ROUTES.map((r) => r.path));
    for (const leaf of menuLeaves(MAIN_MENU)) if (leaf.to) expect(paths.has(leaf.to), leaf.to).toBe(true);
  });

  it('shows a cashier only the dashboard and their sales screens', () => {
    const names = menuLeaves(seeing(CASHIER_PERMISSIONS)).map((m) => m.name);
    expect(names).toEqual(['dashboard', 'open_cash_listing', 'sale_listing', 'sales_listing', 'invoice_listing', 'sale_pos', 'customer_listing']);
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
});
