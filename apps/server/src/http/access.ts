import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@posauto/shared/permissions';
import type { RequestContext } from './context';
import { forbidden, unauthorized } from './errors';

/** What a route needs: nothing (public), any signed-in user, or a permission. Every API route says which. */
export type Access = { public: true } | { signedIn: true } | { permission: Permission } | { anyOf: readonly Permission[] };

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
  if ('public' in access || 'signedIn' in access) return true;
  if ('permission' in access) return ctx.permissions.has(access.permission);
  return access.anyOf.some((p) => ctx.permissions.has(p));
}

/**
 * Refuses to register an API route that declares no access, and enforces the declaration on every request:
 * 401 without a valid session, 403 without the permission. Runs before the body is read or validated.
 */
export function registerAccessControl(app: FastifyInstance, authenticate: Authenticator): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (permission, signedIn or public)`);
    }
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

/** The caller's context on a route that requires sign-in. */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}
