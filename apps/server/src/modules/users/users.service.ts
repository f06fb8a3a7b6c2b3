import type { Kysely } from 'kysely';
import type { StaffUser, UserCreateInput, UserUpdateInput, userListQuerySchema } from '@posauto/shared/schemas/accounts';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { transactional } from '../../db/transaction';
import { runList, type ListResult, type ListSpec } from '../../db/list';
import type { Database } from '../../db/types';
import type { CrudService } from '../../http/crud';
import type { RequestContext } from '../../http/context';
import { conflict, invalid, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { parseRolePermissions } from '../../lib/permissions';
import { hashPassword } from '../../lib/secrets';
import { auditFor } from '../../kernel/audit';
import { deleteUserSessions } from '../auth/index';
import { isFullRole, keepOneOwner } from './owner-guard';
import * as repo from './users.repo';

export type UserListQuery = z.infer<typeof userListQuerySchema>;
/** 'all': every member of staff (/users); 'branch': only users bound to a branch (/branch-users). */
export type UserListKind = 'all' | 'branch';

export interface UsersService extends Required<CrudService<StaffUser, UserCreateInput, UserListQuery, UserUpdateInput>> {
  resetPassword(ctx: RequestContext, id: string, password: string): Promise<void>;
}

const LIST: ListSpec = {
  searchColumns: ['u.first_name', 'u.last_name', 'u.email', 'u.phone'],
  sorts: { first_name: 'u.first_name', email: 'u.email', created_at: 'u.created_at', status: 'u.status' },
  defaultSort: 'u.first_name',
  idColumn: 'u.id',
};

const toApi = (r: repo.UserRow): StaffUser => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  full_name: `${r.first_name} ${r.last_name}`.trim(),
  gender: r.gender,
  email: r.email,
  phone: r.phone,
  role_id: r.role_id,
  role_name: r.role_name,
  branch_id: r.branch_id,
  branch_name: r.branch_name ?? null,
  status: r.status === 'active',
  is_owner: Boolean(r.is_owner),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** True when every permission of the role is one the caller holds. */
function callerHoldsAll(ctx: RequestContext, storedPermissions: string): boolean {
  return parseRolePermissions(storedPermissions).every((p) => ctx.permissions.has(p));
}

/** A role of this shop that the caller may hand out: one whose every permission the caller holds. */
async function grantableRole(trx: Kysely<Database>, ctx: RequestContext, roleId: string) {
  const role = await repo.findRole(trx, ctx.businessId, roleId);
  if (!role) throw unprocessable('errors.role_missing', 'role_id');
  if (!callerHoldsAll(ctx, role.permissions)) throw unprocessable('errors.cannot_grant', 'role_id');
  return role;
}

/**
 * Changing someone hands the caller their power (a new password signs in as them), so the caller must hold
 * every permission of that user's role. Oneself is always allowed.
 */
function mayManage(ctx: RequestContext, target: repo.UserRow): void {
  if (target.id !== ctx.userId && !callerHoldsAll(ctx, target.role_permissions)) throw unprocessable('errors.cannot_manage_user');
}

export function usersService(deps: Deps, listKind: UserListKind): UsersService {
  const { db, kind, clock } = deps;
  const branchUsersOnly = listKind === 'branch';
  const scopeOf = (ctx: RequestContext): repo.UserScope => ({ businessId: ctx.businessId, branchId: ctx.branchId, branchUsersOnly });

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<repo.UserRow> {
    const row = await repo.findUser(trx, scopeOf(ctx), id);
    if (!row) throw notFound();
    return row;
  }

  const write = transactional(db, kind, () => conflict('errors.email_taken', 'email'));

  const audit = auditFor(clock, 'user');

  /** The branch a user will belong to. A branch user only ever places users in their own branch. */
  async function branchFor(trx: Kysely<Database>, ctx: RequestContext, requested: string | null | undefined): Promise<string | null> {
    const branchId = ctx.branchId ? (requested ?? ctx.branchId) : (requested ?? null);
    if (branchUsersOnly && !branchId) throw invalid({ branch_id: 'validation.branch_select' });
    if (!branchId) return null;
    if (ctx.branchId && branchId !== ctx.branchId) throw unprocessable('errors.branch_missing', 'branch_id');
    if (!(await repo.branchExists(trx, ctx.businessId, branchId))) throw unprocessable('errors.branch_missing', 'branch_id');
    return branchId;
  }

  /** The shop keeps one active full owner: refuses when this change would take away the last one. */
  async function guardOwner(
    trx: Kysely<Database>,
    ctx: RequestContext,
    target: repo.UserRow,
    after: { active: boolean; fullRole: boolean } | null,
  ) {
    const fullOwnerNow =
      Boolean(target.is_owner) &&
      target.status === 'active' &&
      isFullRole({ is_owner: target.role_is_owner, permissions: target.role_permissions });
    const stillFullOwner = after !== null && after.active && after.fullRole;
    if (fullOwnerNow && !stillFullOwner) await keepOneOwner(trx, kind, ctx.businessId, { userId: target.id, stillFullOwner });
  }

  async function changeStatus(trx: Kysely<Database>, ctx: RequestContext, target: repo.UserRow, active: boolean, fullRole: boolean) {
    if (!active && target.id === ctx.userId) throw unprocessable('errors.own_status', 'status');
    await guardOwner(trx, ctx, target, { active, fullRole });
  }

  return {
    async list(ctx, query): Promise<ListResult<StaffUser>> {
      if (ctx.branchId && query.branch_id && query.branch_id !== ctx.branchId) throw notFound();
      const filters = {
        'u.role_id': query.role_id,
        'u.branch_id': ctx.branchId ?? query.branch_id,
        'u.status': query.status === undefined ? undefined : query.status === 'active' ? 'active' : 'disabled',
      };
      const base = (biz: string) => repo.selectUsers(db, biz, branchUsersOnly);
      const { rows, meta } = await runList(db, kind, ctx.businessId, base, query, LIST, `users|${listKind}`, filters);
      return { rows: rows.map(toApi), meta };
    },

    get: async (ctx, id) => toApi(await load(db, ctx, id)),

    create: async (ctx, input) => {
      // Argon2 takes tens of milliseconds: hash before the transaction, which holds SQLite's single writer.
      const passwordHash = await hashPassword(input.password);
      return write(async (trx) => {
        const role = await grantableRole(trx, ctx, input.role_id);
        const branchId = await branchFor(trx, ctx, input.branch_id);
        if (await repo.emailTaken(trx, input.email)) throw conflict('errors.email_taken', 'email');
        const id = newId();
        const at = clock.now().toISOString();
        await repo.insertUser(trx, {
          business_id: ctx.businessId,
          id,
          branch_id: branchId,
          role_id: role.id,
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone: input.phone || null,
          gender: input.gender ?? null,
          status: input.status === false ? 'disabled' : 'active',
          password_hash: passwordHash,
          is_owner: 0,
          created_at: at,
          updated_at: at,
        });
        await audit(trx, ctx, 'create', id, { email: input.email, role_id: role.id, branch_id: branchId });
        return toApi(await load(trx, ctx, id));
      });
    },

    update: (ctx, id, input) =>
      write(async (trx) => {
        const target = await load(trx, ctx, id);
        mayManage(ctx, target);
        const roleChanged = input.role_id !== target.role_id;
        if (roleChanged && target.id === ctx.userId) throw unprocessable('errors.own_role', 'role_id');
        const role = roleChanged
          ? await grantableRole(trx, ctx, input.role_id)
          : { id: target.role_id, permissions: target.role_permissions, is_owner: target.role_is_owner };
        const branchId = await branchFor(trx, ctx, input.branch_id);
        const active = input.status ?? target.status === 'active';
        await changeStatus(trx, ctx, target, active, isFullRole(role));
        if (await repo.emailTaken(trx, input.email, id)) throw conflict('errors.email_taken', 'email');
        await repo.updateUser(trx, scopeOf(ctx), id, {
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone: input.phone || null,
          gender: input.gender ?? null,
          role_id: role.id,
          branch_id: branchId,
          status: active ? 'active' : 'disabled',
          updated_at: clock.now().toISOString(),
        });
        // A disabled user is signed out at once, not at their next sign-in.
        if (!active) await deleteUserSessions(trx, ctx.businessId, id);
        const changed = (['first_name', 'last_name', 'email', 'phone', 'gender'] as const).filter(
          (f) => (input[f] || null) !== (target[f] || null),
        );
        await audit(trx, ctx, 'update', id, {
          changed,
          ...(roleChanged ? { role_id: role.id } : {}),
          ...(branchId !== target.branch_id ? { branch_id: branchId } : {}),
          ...(active !== (target.status === 'active') ? { status: active } : {}),
        });
        return toApi(await load(trx, ctx, id));
      }),

    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        const target = await load(trx, ctx, id);
        mayManage(ctx, target);
        await changeStatus(trx, ctx, target, status, isFullRole({ is_owner: target.role_is_owner, permissions: target.role_permissions }));
        await repo.updateUser(trx, scopeOf(ctx), id, { status: status ? 'active' : 'disabled', updated_at: clock.now().toISOString() });
        if (!status) await deleteUserSessions(trx, ctx.businessId, id);
        await audit(trx, ctx, 'status', id, { status });
        return toApi(await load(trx, ctx, id));
      }),

    resetPassword: async (ctx, id, password) => {
      const passwordHash = await hashPassword(password); // before the transaction, as in create
      return write(async (trx) => {
        const target = await load(trx, ctx, id);
        mayManage(ctx, target);
        await repo.updateUser(trx, scopeOf(ctx), id, { password_hash: passwordHash, updated_at: clock.now().toISOString() });
        // Whoever knew the old password is signed out everywhere.
        await deleteUserSessions(trx, ctx.businessId, id);
        await audit(trx, ctx, 'reset_password', id);
      });
    },

    remove: (ctx, id) =>
      write(async (trx) => {
        const target = await load(trx, ctx, id);
        if (target.id === ctx.userId) throw unprocessable('errors.delete_self');
        mayManage(ctx, target);
        await guardOwner(trx, ctx, target, null);
        await repo.deleteUser(trx, scopeOf(ctx), id);
        await audit(trx, ctx, 'delete', id, { email: target.email });
      }),
  };
}

export async function branchOptions(deps: Deps, ctx: RequestContext): Promise<Array<{ id: string; name: string }>> {
  return repo.branchOptions(deps.db, ctx.businessId, ctx.branchId);
}
