import { BUSINESS_PERMISSIONS, type Permission } from './permissions';

/** Sign-up packages (spec section 1) and what each includes; enforced on the server, mirrored by the menu. */
export type PackageKey = 'startup' | 'standard' | 'premium';

export interface PackageRules {
  /** Permissions the package includes (a role's permissions are cut down to these). */
  permissions: readonly Permission[];
  /** How many branches (warehouses) the shop may have; null = no limit. */
  maxBranches: number | null;
}

/** Start Up is the menu and its QR code: products and their settings, no POS, stock, sales, expenses or reports. */
const STARTUP_EXCLUDED =
  /^(stock-|purchase-|sale-|report-|expend-|coupon-|customer-|profit-)|-report$|^(adjustment-type|service-management|service|supplier-management|supplier|branch-user-management)$/;

/**
 * What needs two branches or more: a package of one shop has no branches to manage (warehouses, branch users) and
 * none to move stock between, so its menu and its server routes leave them out.
 */
export const MULTI_BRANCH_PERMISSIONS: readonly Permission[] = [
  'branch-management',
  'branch-user-management',
  'stock-transfer-list',
  'stock-transfer',
];
const oneShop = (p: Permission) => !MULTI_BRANCH_PERMISSIONS.includes(p);

export const PACKAGE_RULES: Record<PackageKey, PackageRules> = {
  startup: { permissions: BUSINESS_PERMISSIONS.filter((p) => !STARTUP_EXCLUDED.test(p) && oneShop(p)), maxBranches: 1 },
  standard: { permissions: BUSINESS_PERMISSIONS.filter(oneShop), maxBranches: 1 },
  premium: { permissions: BUSINESS_PERMISSIONS, maxBranches: null },
};

export function isPackageKey(v: unknown): v is PackageKey {
  return v === 'startup' || v === 'standard' || v === 'premium';
}

export function packageIncludes(pkg: string, permission: Permission): boolean {
  return isPackageKey(pkg) ? PACKAGE_RULES[pkg].permissions.includes(permission) : false;
}
