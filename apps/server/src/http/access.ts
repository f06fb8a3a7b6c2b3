import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@posauto/shared/permissions';
import type { RequestContext } from './context';
import { forbidden, unauthorized } from './errors';

/**
 * What a route needs: nothing (public), any signed-in user, or a permission. Every API route says which.
 * `shopLevel: true` marks a route that changes the whole shop (its branches, settings, roles, shop-level staff):
 * only a shop-level user (no branch_id) may call it, whatever permissions a branch user's role holds.
 */
export type Access =
  | { public: true }
  | { signedIn: true; shopLevel?: true }
  | { permission: Permission; shopLevel?: true }
  | { anyOf: readonly Permission[]; shopLevel?: true }
  /** Every one of them: a report needs report-management and the report's own key. */
  | { allOf: readonly Permission[]; shopLevel?: true };

/**
 * Permissions that govern the whole shop. A branch user (a user with a branch_id) never holds them, whatever
 * its role says: the server drops them from its effective permissions (so the web's menu and screens follow),
 * and every route needing one answers it 403. Reading the roles (role-list) stays: the branch-user form picks
 * a role from them.
 */
export const SHOP_LEVEL_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  'general-setting',
  'sale-setting',
  'user-management',
  'create-user',
  'edit-user',
  'delete-user',
  'role-management',
  'role-create',
  'role-edit',
  'role-delete',
  'user-admin-management',
]);

/** The permissions a user may use: a branch user loses the shop-level ones. */
export function usablePermissions(permissions: readonly Permission[], branchId: string | null): Permission[] {
  return branchId ? permissions.filter((p) => !SHOP_LEVEL_PERMISSIONS.has(p)) : [...permissions];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx?: RequestContext;
  }
}

export type Authenticator = (request: FastifyRequest) => Promise<RequestContext | null>;

export const API_PREFIX = '/api/v1';

export function allows(access: Access, ctx: RequestContext): boolean {
  if ('public' in access) return true;
  if (access.shopLevel && ctx.branchId) return false;
  if ('signedIn' in access) return true;
  if ('permission' in access) return ctx.permissions.has(access.permission);
  if ('allOf' in access) return access.allOf.every((p) => ctx.permissions.has(p));
  return access.anyOf.some((p) => ctx.permissions.has(p));
}

/**
 * Refuses to register an API route that declares no access, and enforces the declaration on every request:
 * 401 without a valid session, 403 without the permission (or to a branch user on a shop-level route). Runs
 * before the body is read or validated.
 */
export function registerAccessControl(app: FastifyInstance, authenticate: Authenticator): void {
  const declared = new Map<string, Access>();
  declarations.set(app, declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (permission, signedIn or public)`);
    }
    for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, route.config.access);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const ctx = await authenticate(request);
    if (!ctx) throw unauthorized();
    if (!allows(access, ctx)) throw forbidden();
    request.ctx = ctx;
  });
}

const declarations = new WeakMap<FastifyInstance, ReadonlyMap<string, Access>>();

/** Every API route's declared access, by "METHOD /url" (what the access contract tests walk). */
export function declaredAccess(app: FastifyInstance): ReadonlyMap<string, Access> {
  return declarations.get(app) ?? new Map();
}

/** The caller's context on a route that requires sign-in. */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}
