import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { FULL_PERCENT, formatPercent, parsePercent } from '@posauto/shared/money/index';
import { BUSINESS_PERMISSIONS, isPermission, PERMISSION_GROUPS, type Permission } from '@posauto/shared/permissions';
import type { grantablePermissionsResponseSchema, Role, RoleInput, roleListQuerySchema } from '@posauto/shared/schemas/accounts';
import type { Deps } from '../../deps';
import { isForeignKeyViolation } from '../../db/dialect/index';
import { transactional } from '../../db/transaction';
import { runList, type ListResult, type ListSpec } from '../../db/list';
import type { Database } from '../../db/types';
import type { CrudService } from '../../http/crud';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, invalid, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { packagePermissions, parseRolePermissions } from '../../lib/permissions';
import { auditFor } from '../../kernel/audit';
import { isFullRole, keepOneOwner } from '../users/index';
import * as repo from './roles.repo';

export type RoleListQuery = z.infer<typeof roleListQuerySchema>;
export type GrantablePermissions = z.infer<typeof grantablePermissionsResponseSchema>;

export interface RolesService extends CrudService<Role, RoleInput, RoleListQuery> {
  grantable(ctx: RequestContext): Promise<GrantablePermissions>;
}

const LIST: ListSpec = {
  searchColumns: ['r.name'],
  sorts: { name: 'r.name', created_at: 'r.created_at' },
  defaultSort: 'r.name',
  idColumn: 'r.id',
};

const toApi = (r: repo.RoleRow): Role => ({
  id: r.id,
  name: r.name,
  permissions: parseRolePermissions(r.permissions),
  max_discount: formatPercent(r.is_owner ? FULL_PERCENT : Number(r.max_discount)),
  users_count: Number(r.users_count ?? 0),
  is_preset: Boolean(r.is_preset),
  is_owner: Boolean(r.is_owner),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const roleInUse = (count: number) => new AppError(409, 'errors.role_in_use', undefined, { count });

/** Every name must be a permission key of the spec; answers them once each, in canonical order. */
function knownPermissions(names: readonly string[]): Permission[] {
  if (names.some((n) => !isPermission(n))) throw invalid({ permissions: 'validation.permission_unknown' });
  const named = new Set(names);
  return PERMISSION_GROUPS.flatMap((g) => g.permissions.filter((p) => named.has(p)));
}

export function rolesService(deps: Deps): RolesService {
  const { db, kind, clock } = deps;

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<repo.RoleRow> {
    const row = await repo.findRole(trx, ctx.businessId, id);
    if (!row) throw notFound();
    return row;
  }

  const write = transactional(db, kind, () => conflict('errors.role_name_taken', 'name'));

  const audit = auditFor(clock, 'role');

  /** What the caller may hand out: what they hold themselves, within what the shop's package includes. */
  async function grantableSet(trx: Kysely<Database>, ctx: RequestContext): Promise<Set<Permission>> {
    const pkg = packagePermissions(await repo.packageOf(trx, ctx.businessId));
    return new Set(BUSINESS_PERMISSIONS.filter((p) => ctx.permissions.has(p) && pkg.has(p)));
  }

  /**
   * A role's discount limit, checked like its permissions: nobody gives a role a larger limit than their own (a
   * manager at 30% cannot make a 100% role for a friend at the till).
   */
  async function discountLimit(trx: Kysely<Database>, ctx: RequestContext, text: string | undefined, current: number): Promise<number> {
    if (text === undefined) return current;
    const asked = parsePercent(text);
    if (asked !== current && asked > (await repo.userDiscountLimit(trx, ctx.businessId, ctx.userId)))
      throw unprocessable('errors.cannot_grant_discount', 'max_discount');
    return asked;
  }

  /** Nobody can give a permission they do not hold; the answer names none of them. */
  async function checkGrant(trx: Kysely<Database>, ctx: RequestContext, added: readonly Permission[]): Promise<void> {
    if (added.length === 0) return;
    const grantable = await grantableSet(trx, ctx);
    if (added.some((p) => !grantable.has(p))) throw unprocessable('errors.cannot_grant', 'permissions');
  }

  /**
   * Changing a role (its permissions, its name) or deleting it acts on every holder, and a weaker holder opens
   * the way to managing them: so the caller must hold every permission the role gives (within the package,
   * the only ones its holders can use). The answer names none of them.
   */
  async function checkMayChange(trx: Kysely<Database>, ctx: RequestContext, role: repo.RoleRow): Promise<void> {
    const pkg = packagePermissions(await repo.packageOf(trx, ctx.businessId));
    const gives = role.is_owner ? BUSINESS_PERMISSIONS : parseRolePermissions(role.permissions);
    if (gives.some((p) => pkg.has(p) && !ctx.permissions.has(p))) throw unprocessable('errors.cannot_change_role');
  }

  return {
    async list(ctx, query): Promise<ListResult<Role>> {
      const { rows, meta } = await runList(db, kind, ctx.businessId, (biz) => repo.selectRoles(db, biz), query, LIST, 'roles');
      return { rows: rows.map(toApi), meta };
    },

    get: async (ctx, id) => toApi(await load(db, ctx, id)),

    async grantable(ctx) {
      const grantable = await grantableSet(db, ctx);
      return PERMISSION_GROUPS.map((g) => ({ key: g.key, permissions: g.permissions.filter((p) => grantable.has(p)) })).filter(
        (g) => g.permissions.length > 0,
      );
    },

    create: (ctx, input) =>
      write(async (trx) => {
        const permissions = knownPermissions(input.permissions);
        await checkGrant(trx, ctx, permissions);
        if (await repo.nameTaken(trx, ctx.businessId, input.name)) throw conflict('errors.role_name_taken', 'name');
        // Unsaid, a new role gives what its creator may give, never more.
        const maxDiscount = await discountLimit(
          trx,
          ctx,
          input.max_discount,
          await repo.userDiscountLimit(trx, ctx.businessId, ctx.userId),
        );
        const id = newId();
        const at = clock.now().toISOString();
        await repo.insertRole(trx, {
          business_id: ctx.businessId,
          id,
          name: input.name,
          permissions: JSON.stringify(permissions),
          is_preset: 0,
          is_owner: 0,
          max_discount: maxDiscount,
          created_at: at,
          updated_at: at,
        });
        await audit(trx, ctx, 'create', id, { name: input.name, permissions });
        return toApi(await load(trx, ctx, id));
      }),

    update: (ctx, id, input) =>
      write(async (trx) => {
        const role = await load(trx, ctx, id);
        await checkMayChange(trx, ctx, role);
        const before = parseRolePermissions(role.permissions);
        let permissions = knownPermissions(input.permissions);
        if (role.is_owner) {
          // The Owner role keeps every shop permission: a form may leave out only what the package lacks.
          const pkg = packagePermissions(await repo.packageOf(trx, ctx.businessId));
          const submitted = new Set(permissions);
          if (BUSINESS_PERMISSIONS.some((p) => pkg.has(p) && !submitted.has(p)))
            throw unprocessable('errors.owner_role_permissions', 'permissions');
          permissions = [...BUSINESS_PERMISSIONS];
        } else {
          await checkGrant(
            trx,
            ctx,
            permissions.filter((p) => !before.includes(p)),
          );
          const wasFull = isFullRole({ is_owner: role.is_owner, permissions: before });
          if (wasFull && !isFullRole({ is_owner: 0, permissions }))
            await keepOneOwner(trx, kind, ctx.businessId, { roleId: id, rolePermissions: permissions });
        }
        if (await repo.nameTaken(trx, ctx.businessId, input.name, id)) throw conflict('errors.role_name_taken', 'name');
        const maxDiscount = role.is_owner ? FULL_PERCENT : await discountLimit(trx, ctx, input.max_discount, Number(role.max_discount));
        await repo.updateRole(trx, ctx.businessId, id, {
          name: input.name,
          permissions: JSON.stringify(permissions),
          max_discount: maxDiscount,
          updated_at: clock.now().toISOString(),
        });
        await audit(trx, ctx, 'update', id, {
          name: input.name,
          added: permissions.filter((p) => !before.includes(p)),
          removed: before.filter((p) => !permissions.includes(p)),
          ...(maxDiscount !== Number(role.max_discount) ? { max_discount: formatPercent(maxDiscount) } : {}),
        });
        return toApi(await load(trx, ctx, id));
      }),

    async remove(ctx, id) {
      try {
        await write(async (trx) => {
          const role = await load(trx, ctx, id);
          if (role.is_owner) throw unprocessable('errors.owner_role_delete');
          await checkMayChange(trx, ctx, role);
          const count = await repo.countUsers(trx, ctx.businessId, id);
          if (count > 0) throw roleInUse(count);
          await repo.deleteRole(trx, ctx.businessId, id);
          await audit(trx, ctx, 'delete', id, { name: role.name });
        });
      } catch (e) {
        // A user given this role while it was being deleted: the foreign key refuses, and says why.
        if (isForeignKeyViolation(kind, e)) throw roleInUse(await repo.countUsers(db, ctx.businessId, id));
        throw e;
      }
    },
  };
}
