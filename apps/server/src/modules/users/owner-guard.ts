import type { Kysely } from 'kysely';
import type { Permission } from '@posauto/shared/permissions';
import type { DialectKind } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { unprocessable } from '../../http/errors';
import { holdsEveryBusinessPermission, parseRolePermissions } from '../../lib/permissions';
import * as repo from './users.repo';

/** A role that makes its holder a full owner: the Owner role itself, or any role with every shop permission. */
export function isFullRole(role: { is_owner: number; permissions: string | readonly Permission[] }): boolean {
  if (role.is_owner) return true;
  return holdsEveryBusinessPermission(typeof role.permissions === 'string' ? parseRolePermissions(role.permissions) : role.permissions);
}

/**
 * A shop must always keep one active owner (users.is_owner) whose role holds every shop permission. Call inside
 * the transaction of a change that takes that away from some owners, describing the change; refuses with
 * 'errors.last_owner' when no full, active owner would remain.
 */
export async function keepOneOwner(
  trx: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  change: { userId: string; stillFullOwner: boolean } | { roleId: string; rolePermissions: readonly Permission[] },
): Promise<void> {
  const owners = await repo.activeOwners(trx, kind, businessId);
  const remaining = owners.filter((o) => {
    if ('userId' in change && o.id === change.userId) return change.stillFullOwner;
    if ('roleId' in change && o.role_id === change.roleId)
      return isFullRole({ is_owner: o.role_is_owner, permissions: change.rolePermissions });
    return isFullRole({ is_owner: o.role_is_owner, permissions: o.permissions });
  });
  if (remaining.length === 0) throw unprocessable('errors.last_owner');
}
