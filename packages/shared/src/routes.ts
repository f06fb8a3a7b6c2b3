import type { Permission } from './permissions';

export type RouteLayout = 'public' | 'blank' | 'content' | 'setting';

/** Every screen of spec section 2: its path, layout, the permission that opens it and its title key (pages.<name>). */
export interface AppRoute {
  name: string;
  path: string;
  layout: RouteLayout;
  permission?: Permission;
  /** The list screen this one belongs to, for breadcrumbs. */
  parent?: string;
  /** Listed by the global search (screens that need an id are not). */
  searchable?: boolean;
}

const r = (name: string, path: string, layout: RouteLayout, permission?: Permission, parent?: string): AppRoute => ({
  name,
  path,
  layout,
  permission,
  parent,
  searchable: layout !== 'public' && !path.includes(':'),
});

export const APP_ROUTES: readonly AppRoute[] = [
  r('login', '/login', 'public'),
  r('register', '/register', 'public'),
  r('registration', '/registration', 'public'),
  r('completed', '/completed', 'public'),
  r('otp-verify', '/otp-verify', 'public'),
  r('forgot-password', '/forgot-password', 'public'),
  r('public-menu', '/menu/:slug', 'public'),

  r('sale-pos', '/sale-pos', 'blank', 'sale-pos'),
  // Not named by the spec (issue #24): the floor of the user's branch, a table's order, the kitchen display.
  r('tables', '/tables', 'blank', 'table-service'),
  r('table-order', '/tables/order/:id', 'blank', 'table-service', 'tables'),
  r('kitchen', '/kitchen', 'blank', 'kitchen-display'),
  // Not named by the spec (issue #25): the live room board of a karaoke branch.
  r('rooms', '/rooms', 'blank', 'table-service'),

  r('home', '/', 'content'),
  r('blank', '/blank', 'content'),
  r('product-listing', '/product-listing', 'content', 'product-list'),
  r('create-product', '/product-listing/create-product', 'content', 'product-create', 'product-listing'),
  r('edit-product', '/product-listing/edit-product/:id', 'content', 'product-edit', 'product-listing'),
  r('edit-product-variant', '/product-listing/edit-product/edit/:id', 'content', 'product-edit', 'product-listing'),
  // Not named by the spec: the barcode label sheet, the owner's QR menu card and the public menu it points to.
  r('print-barcode', '/product-listing/print-barcode', 'content', 'product-list', 'product-listing'),
  r('qr-menu', '/qr-menu', 'content', 'product-list'),
  r('purchase-listing', '/purchase-listing', 'content', 'purchase-listing'),
  r('edit-purchase', '/purchase-listing/edit-purchase/:id', 'content', 'stock-purchase', 'purchase-listing'),
  r('purchase-detail', '/purchase-listing/detail-listing/:id', 'content', 'purchase-listing', 'purchase-listing'),
  r('purchase-return', '/purchase-return', 'content', 'stock-purchase', 'purchase-listing'),
  r('stock-purchase', '/stock-purchase', 'content', 'stock-purchase', 'purchase-listing'),
  r('create-invoice', '/create-invoice', 'content', 'sale-invoice', 'invoice-listing'),
  r('quotation-listing', '/quotation-listing', 'content', 'sale-quotation'),
  r('create-quotation', '/quotation-listing/create-quotation', 'content', 'sale-quotation', 'quotation-listing'),
  r('invoice-listing', '/invoice-listing', 'content', 'sale-invoice'),
  r('edit-invoice', '/invoice-listing/edit/:id', 'content', 'sale-invoice', 'invoice-listing'),
  r('invoice-detail', '/invoice-listing/detail/:id', 'content', 'sale-invoice', 'invoice-listing'),
  r('sale-listing', '/sale-listing', 'content', 'sale-list'),
  r('create-sales', '/sale-listing/create-sales', 'content', 'sale-list', 'sale-listing'),
  r('sales-listing', '/sales-listing', 'content', 'sale-management'),
  r('create-sale-return', '/sales-listing/create-sale-return', 'content', 'sale-return', 'sales-listing'),
  r('edit-sale', '/sales-listing/create-sale/:id', 'content', 'sale-management', 'sales-listing'),
  r('create-new-sale', '/sales-listing/create-new-sale', 'content', 'sale-management', 'sales-listing'),
  r('sale-return-listing', '/sale-return-listing', 'content', 'sale-return'),
  r('item-sale-listing', '/item-sale-listing', 'content', 'sale-management'),
  r('open-cash-listing', '/open-cash-listing', 'content', 'sale-list'),
  r('coupon-listing', '/coupon-listing', 'content', 'coupon-management'),
  r('stock-listing', '/stock-listing', 'content', 'stock-listing'),
  r('stock-filter', '/stock-filter', 'content', 'stock-listing', 'stock-listing'),
  r('stock-notification', '/stock-notification', 'content', 'stock-management'),
  r('stock-expiry', '/stock-expiry', 'content', 'stock-listing'),
  r('stock-adjustment-listing', '/stock-adjustment-listing', 'content', 'stock-adjustment'),
  r('stock-adjustment-detail', '/stock-adjustment-listing/listing/:id', 'content', 'stock-adjustment', 'stock-adjustment-listing'),
  r('stock-transfer-listing', '/stock-transfer-listing', 'content', 'stock-transfer-list'),
  r('edit-transfer', '/stock-transfer-listing/edit-transfer/:id', 'content', 'stock-transfer', 'stock-transfer-listing'),
  r('stock-transfer-detail', '/stock-transfer-detail/:id', 'content', 'stock-transfer-list', 'stock-transfer-listing'),
  r('stock-transfer', '/stock-transfer', 'content', 'stock-transfer', 'stock-transfer-listing'),
  r('stock-adjustment', '/stock-adjustment', 'content', 'stock-adjustment', 'stock-adjustment-listing'),
  r('stock-return', '/stock-return', 'content', 'stock-purchase', 'purchase-listing'),
  r('stock-report', '/stock-report', 'content', 'stock-report'),
  r('customer-listing', '/customer-listing', 'content', 'customer-management'),
  r('expend-listing', '/expend-listing', 'content', 'expend-management'),
  r('expend-category', '/expend-category', 'content', 'expend-management'),
  r('sale-reports', '/sale-reports', 'content', 'sale-report'),
  r('sale-summary-reports', '/sale-summary-reports', 'content', 'sale-report'),
  r('brand-sale-reports', '/brand-sale-reports', 'content', 'sale-report'),
  r('pos-cash-flow-report', '/pos-cash-flow-report', 'content', 'sale-report'),
  r('item-sale-reports', '/item-sale-reports', 'content', 'sale-report'),
  // Not named by the spec (issue #25): use and revenue of the karaoke rooms.
  r('room-reports', '/room-reports', 'content', 'sale-report'),
  r('purchase-reports', '/purchase-reports', 'content', 'purchase-report'),
  r('item-purchase-reports', '/item-purchase-reports', 'content', 'purchase-report'),
  r('expend-reports', '/expend-reports', 'content', 'expend-report'),
  r('profit-loss-reports', '/profit-loss-reports', 'content', 'profit-lost-report'),
  r('roles-permissions', '/roles-permissions', 'content', 'role-list'),
  r('create-role', '/roles-permissions/create', 'content', 'role-create', 'roles-permissions'),
  r('edit-role', '/roles-permissions/edit/:id', 'content', 'role-edit', 'roles-permissions'),
  r('user-management', '/user-management', 'content', 'user-management'),
  r('branch-user-management', '/branch-user-management', 'content', 'branch-user-management'),
  // Not named by the spec (issue #20): who did what, from the audit table.
  r('audit-log', '/audit-log', 'content', 'audit-log'),
  r('user-admin-management', '/user-admin-management', 'content', 'user-admin-management'),
  r('update-profile', '/update-profile', 'content'),
  r('change-password', '/change-password', 'content'),

  r('category-listing', '/category-listing', 'setting', 'category-management'),
  r('brand-listing', '/brand-listing', 'setting', 'brand-management'),
  r('variation-listing', '/variation-listing', 'setting', 'product-variation'),
  r('sub-variation-listing', '/sub-variation-listing', 'setting', 'product-variation'),
  r('warehouse-listing', '/warehouse-listing', 'setting', 'branch-management'),
  r('supplier-listing', '/supplier-listing', 'setting', 'supplier-management'),
  r('payment-listing', '/payment-listing', 'setting', 'sale-setting'),
  r('general-setting', '/general-setting', 'setting', 'general-setting'),
  r('product-unit', '/product-unit', 'setting', 'product-unit'),
  r('stock-adjustment-type', '/stock-adjustment-type', 'setting', 'adjustment-type'),
  r('sale-setting', '/sale-setting', 'setting', 'sale-setting'),
  r('service-listing', '/service-listing', 'setting', 'service-management'),
  r('floor-setting', '/floor-setting', 'setting', 'table-management'),
  r('kitchen-station-listing', '/kitchen-station-listing', 'setting', 'table-management'),
  r('room-setting', '/room-setting', 'setting', 'table-management'),
];

export const ROUTES_BY_NAME: ReadonlyMap<string, AppRoute> = new Map(APP_ROUTES.map((x) => [x.name, x]));

export function routeByName(name: string): AppRoute {
  const route = ROUTES_BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Whether a user holding these permissions may open the route. */
export function canOpen(route: AppRoute, permissions: ReadonlySet<string> | readonly string[]): boolean {
  if (!route.permission) return true;
  return Array.isArray(permissions) ? permissions.includes(route.permission) : (permissions as ReadonlySet<string>).has(route.permission);
}
