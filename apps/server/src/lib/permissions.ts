import { BUSINESS_PERMISSIONS, type Permission } from '@posauto/shared/permissions';
import { PACKAGE_RULES, isPackageKey } from '@posauto/shared/packages';

/** A role's stored permission list (JSON text) as the shop permissions it names, unknown or broken entries dropped. */
export function parseRolePermissions(stored: string): Permission[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const named = new Set(parsed.filter((p): p is string => typeof p === 'string'));
  // Canonical order (the order of PERMISSION_GROUPS), so answers do not depend on how a role was saved.
  return BUSINESS_PERMISSIONS.filter((p) => named.has(p));
}

/** Every shop permission: what an owner must keep. */
export function holdsEveryBusinessPermission(permissions: Iterable<Permission>): boolean {
  const held = new Set(permissions);
  return BUSINESS_PERMISSIONS.every((p) => held.has(p));
}

/** Permissions a shop on this package can use at all (none for an unknown package such as the platform's). */
export function packagePermissions(pkg: string): ReadonlySet<Permission> {
  return new Set(isPackageKey(pkg) ? PACKAGE_RULES[pkg].permissions : []);
}
