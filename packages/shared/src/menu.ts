import type { Permission } from './permissions';
import { routeByName } from './routes';

/**
 * The main navigation as one tree (spec section 2). `name` is the translation key under menu.*; `icon` names
 * an icon of the web app's set. An entry or group shows only if the user holds its permission; a heading shows
 * when something under it does.
 */
export interface MenuItem {
  name: string;
  icon?: string;
  to?: string;
  permission?: Permission;
  children?: MenuItem[];
  heading?: boolean;
  href?: string;
  target?: '_blank';
}

const link = (routeName: string, name: string, icon?: string): MenuItem => {
  const route = routeByName(routeName);
  return { name, icon, to: route.path, permission: route.permission };
};

export const MAIN_MENU: MenuItem[] = [
  link('home', 'dashboard', 'dashboard'),
  { name: 'heading_business', heading: true },
  {
    name: 'products',
    icon: 'package',
    permission: 'product-list',
    children: [
      link('product-listing', 'product_listing'),
      link('create-product', 'create_product'),
      link('print-barcode', 'print_barcode'),
      link('qr-menu', 'qr_menu'),
    ],
  },
  {
    name: 'stock_management',
    icon: 'building-warehouse',
    permission: 'stock-management',
    children: [
      link('stock-listing', 'stock_listing'),
      link('purchase-listing', 'purchase_listing'),
      link('stock-adjustment-listing', 'stock_adjustment_listing'),
      link('stock-transfer-listing', 'stock_transfer_listing'),
      link('stock-filter', 'stock_filter'),
      link('stock-expiry', 'stock_expiry'),
    ],
  },
  {
    name: 'pos_sales',
    icon: 'receipt',
    permission: 'sale-list',
    children: [link('open-cash-listing', 'open_cash_listing'), link('sale-listing', 'sale_listing')],
  },
  {
    name: 'sale_management',
    icon: 'report-money',
    permission: 'sale-management',
    children: [
      link('sales-listing', 'sales_listing'),
      link('invoice-listing', 'invoice_listing'),
      link('quotation-listing', 'quotation_listing'),
      link('sale-return-listing', 'sale_return_listing'),
      link('item-sale-listing', 'item_sale_listing'),
      link('coupon-listing', 'coupon_listing'),
    ],
  },
  link('sale-pos', 'sale_pos', 'cash-register'),
  link('tables', 'tables', 'armchair'),
  link('kitchen', 'kitchen', 'chef-hat'),
  link('rooms', 'rooms', 'history'),
  link('customer-listing', 'customer_listing', 'users-group'),
  {
    name: 'expenses',
    icon: 'wallet',
    permission: 'expend-management',
    children: [link('expend-listing', 'expend_listing'), link('expend-category', 'expend_category')],
  },
  { name: 'heading_reports', heading: true },
  {
    name: 'reports',
    icon: 'chart-bar',
    permission: 'report-management',
    children: [
      link('sale-reports', 'sale_reports'),
      link('sale-summary-reports', 'sale_summary_reports'),
      link('brand-sale-reports', 'brand_sale_reports'),
      link('item-sale-reports', 'item_sale_reports'),
      link('room-reports', 'room_reports'),
      link('purchase-reports', 'purchase_reports'),
      link('item-purchase-reports', 'item_purchase_reports'),
      link('stock-report', 'stock_report'),
      link('expend-reports', 'expend_reports'),
      link('pos-cash-flow-report', 'pos_cash_flow_report'),
      link('profit-loss-reports', 'profit_loss_reports'),
    ],
  },
  { name: 'heading_administration', heading: true },
  {
    name: 'user_management',
    icon: 'user-shield',
    permission: 'user-management',
    children: [link('roles-permissions', 'roles_permissions'), link('user-management', 'users')],
  },
  link('branch-user-management', 'branch_user_management', 'users'),
  link('audit-log', 'audit_log', 'history'),
  {
    name: 'platform',
    icon: 'building-store',
    permission: 'user-admin-management',
    children: [link('user-admin-management', 'user_admin_management')],
  },
  {
    name: 'settings',
    icon: 'settings',
    permission: 'setting',
    children: [
      link('general-setting', 'general'),
      link('warehouse-listing', 'warehouses'),
      link('supplier-listing', 'suppliers'),
      link('category-listing', 'categories'),
      link('brand-listing', 'brands'),
      link('variation-listing', 'variations'),
      link('product-unit', 'product_unit'),
      link('stock-adjustment-type', 'adjustment_type'),
      link('sale-setting', 'sale_setting'),
      link('payment-listing', 'payment_setting'),
      link('service-listing', 'service_charge'),
      link('floor-setting', 'floor'),
      link('kitchen-station-listing', 'kitchen_stations'),
      link('room-setting', 'rooms_setting'),
    ],
  },
];

/** The settings side menu of the setting layout: headed General, the Settings group's items. */
export const SETTINGS_MENU: MenuItem[] = MAIN_MENU.find((m) => m.name === 'settings')!.children!;

/** The horizontal top navigation variant's extra entries. */
export const HORIZONTAL_EXTRA: MenuItem[] = [
  { name: 'home', icon: 'home', to: '/' },
  { name: 'blank_page', icon: 'file', to: '/blank' },
  { name: 'documentation', icon: 'book', href: 'https://github.com/posauto/posauto#readme', target: '_blank' },
];

/** The tree as a given user sees it: entries without permission removed, empty groups and headings dropped. */
export function visibleMenu(items: readonly MenuItem[], has: (p: Permission) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.heading) {
      out.push(item);
      continue;
    }
    if (item.permission && !has(item.permission)) continue;
    if (item.children) {
      const children = visibleMenu(item.children, has);
      if (children.length) out.push({ ...item, children });
      continue;
    }
    out.push(item);
  }
  // A heading stays only when an entry follows it before the next heading.
  return out.filter((item, i) => !item.heading || (out[i + 1] !== undefined && !out[i + 1]!.heading));
}

/** Flat list of every leaf (page) of the tree. */
export function menuLeaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.children ? menuLeaves(i.children) : i.heading ? [] : [i]));
}
