/**
 * Every permission key of the spec (section 6), grouped the way the menu is grouped.
 * The server refuses any role that names a key not listed here.
 */
export const PERMISSION_GROUPS = [
  { key: 'products', permissions: ['product-list', 'product-create', 'product-edit', 'product-delete', 'product-variation'] },
  {
    key: 'stock',
    permissions: [
      'stock-management',
      'stock-listing',
      'purchase-listing',
      'stock-purchase',
      'stock-adjustment',
      'stock-transfer-list',
      'stock-transfer',
    ],
  },
  {
    key: 'sales',
    permissions: ['sale-list', 'sale-management', 'sale-invoice', 'sale-pos', 'sale-return', 'sale-quotation', 'coupon-management'],
  },
  // Table service (issue #24): the floor and the kitchen stations' set-up; waiting tables (open, add, send, move, split,
  // pre-bill); voiding what the kitchen was already told without an approval; the kitchen display.
  { key: 'restaurant', permissions: ['table-management', 'table-service', 'table-void', 'kitchen-display'] },
  { key: 'customers', permissions: ['customer-management'] },
  { key: 'expenses', permissions: ['expend-management'] },
  {
    key: 'reports',
    permissions: ['report-management', 'sale-report', 'purchase-report', 'stock-report', 'expend-report', 'profit-lost-report'],
  },
  {
    key: 'users',
    permissions: [
      'user-management',
      'create-user',
      'edit-user',
      'delete-user',
      'role-management',
      'role-list',
      'role-create',
      'role-edit',
      'role-delete',
      'branch-user-management',
      // The audit log screen: who did what (voids, refunds, cash moves, sign-ins...). Owners only by default.
      'audit-log',
    ],
  },
  { key: 'platform', permissions: ['user-admin-management'] },
  {
    key: 'settings',
    permissions: [
      'setting',
      'general',
      'general-setting',
      'branch-management',
      'supplier-management',
      'supplier',
      'brand-management',
      'brand',
      'category-management',
      'category',
      'product-unit',
      'adjustment-type',
      'sale-setting',
      'service-management',
      'service',
    ],
  },
] as const;

export type PermissionGroupKey = (typeof PERMISSION_GROUPS)[number]['key'];
export type Permission = (typeof PERMISSION_GROUPS)[number]['permissions'][number];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) => [...g.permissions]);

/** Permissions only the platform team holds; a shop's roles can never carry them. */
export const PLATFORM_PERMISSIONS: readonly Permission[] = ['user-admin-management'];

/** What a shop owner holds: every permission except the platform's own. */
export const BUSINESS_PERMISSIONS: readonly Permission[] = ALL_PERMISSIONS.filter((p) => !PLATFORM_PERMISSIONS.includes(p));

export const CASHIER_PERMISSIONS: readonly Permission[] = [
  'sale-pos',
  'sale-list',
  'sale-management',
  'sale-invoice',
  // A return is refunded from the drawer of the one who takes it back: the cashier at the till.
  'sale-return',
  'customer-management',
];

/**
 * A waiter: the floor and its orders, and taking a table's payment into their own drawer (a till sale's permission).
 * Voiding a sent line needs a manager's approval.
 */
export const WAITER_PERMISSIONS: readonly Permission[] = ['table-service', 'sale-pos', 'customer-management'];

export const MANAGER_PERMISSIONS: readonly Permission[] = BUSINESS_PERMISSIONS.filter(
  (p) =>
    !['user-management', 'create-user', 'edit-user', 'delete-user', 'role-management', 'role-create', 'role-edit', 'role-delete'].includes(
      p,
    ),
  // A manager is among the people the audit log watches: the log is the owner's.
).filter((p) => p !== 'audit-log');

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** i18n key of a permission's label. */
export function permissionLabelKey(p: Permission): string {
  return `permissions.${p}`;
}
