import { isPermission, PLATFORM_PERMISSIONS, type Permission } from '@posauto/shared/permissions';
import { isPackageKey, PACKAGE_RULES } from '@posauto/shared/packages';
import { parseRolePermissions } from '../../lib/permissions';
import type { LoginBody, MeResponse, UserData } from '@posauto/shared/schemas/auth';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { usablePermissions } from '../../http/access';
import { AppError } from '../../http/errors';
import { dummyPasswordHash, hashToken, newToken, verifyPassword } from '../../lib/secrets';
import { writeAudit } from '../../kernel/audit';
import * as repo from './auth.repo';
import { forgetSignInFailures, reserveAttempt } from './throttle';

/** A session ends on the server after 12 hours without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute per session, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * What a user may do: their role's permissions, limited to what a shop may hold and to what its package
 * includes (a Start Up shop never reaches POS, stock or reports, whatever its roles say), and for a branch
 * user to what acts inside one branch (usablePermissions). The platform keeps its own permissions.
 */
function effectivePermissions(
  stored: string,
  isPlatform: number,
  pkg: string,
  branchId: string | null,
): { list: Permission[]; set: ReadonlySet<Permission> } {
  const key = `${isPlatform}|${pkg}|${branchId ? 'branch' : 'shop'}|${stored}`;
  let cached = permissionsMemo.get(key);
  if (!cached) {
    const allowed: readonly Permission[] = isPlatform ? PLATFORM_PERMISSIONS : isPackageKey(pkg) ? PACKAGE_RULES[pkg].permissions : [];
    const named = isPlatform ? parsePlatformPermissions(stored) : parseRolePermissions(stored);
    const list = usablePermissions(
      named.filter((p) => allowed.includes(p)),
      branchId,
    );
    // A pure function of its inputs, asked on every request with the same few role texts: remember the answers
    // (the set is shared by the requests of that role, read-only).
    cached = { list, set: new Set(list) };
    if (permissionsMemo.size >= PERMISSIONS_MEMO_SIZE) permissionsMemo.clear();
    permissionsMemo.set(key, cached);
  }
  return cached;
}
const PERMISSIONS_MEMO_SIZE = 1000;
const permissionsMemo = new Map<string, { list: Permission[]; set: ReadonlySet<Permission> }>();

function parsePlatformPermissions(stored: string): Permission[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((p): p is Permission => typeof p === 'string' && isPermission(p)) : [];
  } catch {
    return [];
  }
}

function businessRefusal(status: string): AppError | null {
  if (status === 'active') return null;
  return new AppError(403, status === 'suspended' ? 'errors.business_suspended' : 'errors.business_pending');
}

export async function login(deps: Deps, body: LoginBody, client: { ip: string | null; userAgent: string | null }): Promise<UserData> {
  const now = deps.clock.now();
  const keys = { account: body.email, address: client.ip };
  const wait = await reserveAttempt(deps.db, keys, now);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60000);
    throw new AppError(429, 'errors.too_many_attempts', undefined, { minutes }, { 'retry-after': String(Math.ceil(wait / 1000)) });
  }
  const user = await repo.findUserForLogin(deps.db, body.email);
  // Verify against a dummy hash when the email is unknown: the answer and its timing never reveal it.
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
  if (!user || !ok) throw new AppError(401, 'errors.invalid_credentials');
  await forgetSignInFailures(deps.db, keys, { releaseAddress: true });
  const refusal = businessRefusal(user.business_status);
  if (refusal) throw refusal;
  if (user.status !== 'active') throw new AppError(403, 'errors.user_disabled');

  const { token, hash } = newToken();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, {
      id: hash,
      businessId: user.business_id,
      userId: user.id,
      at,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    await writeAudit(trx, { businessId: user.business_id, userId: user.id, action: 'login', entity: 'session', at, ip: client.ip });
  });
  return {
    access_token: token,
    ...describe(user),
  };
}

function describe(u: {
  first_name: string;
  last_name: string;
  role_name: string;
  permissions: string;
  branch_id: string | null;
  is_platform: number;
  package: string;
}): MeResponse {
  return {
    permissions: effectivePermissions(u.permissions, u.is_platform, u.package, u.branch_id).list,
    data: {
      name: `${u.first_name} ${u.last_name}`.trim(),
      role_name: u.role_name,
      role: [u.role_name],
      branch_id: u.branch_id,
    },
  };
}

/** Resolves a bearer token to the caller's context, or null when the session is unknown, idle or barred. */
export async function authenticate(deps: Deps, token: string, ip: string | null): Promise<RequestContext | null> {
  if (!token || token.length > 200) return null;
  return authenticateSession(deps, hashToken(token), ip);
}

/** The context of a stored session (by its id, the token's SHA-256), e.g. one a live-stream ticket was taken in. */
export async function authenticateSession(deps: Deps, id: string, ip: string | null): Promise<RequestContext | null> {
  const s = await repo.findSession(deps.db, id);
  if (!s) return null;
  const now = deps.clock.now().getTime();
  const idle = now - new Date(s.last_seen_at).getTime();
  if (idle > SESSION_IDLE_MS || s.status !== 'active' || s.business_status !== 'active') {
    await repo.deleteSession(deps.db, id);
    return null;
  }
  if (idle > TOUCH_EVERY_MS) await repo.touchSession(deps.db, id, new Date(now).toISOString());
  const ctx: RequestContext = {
    businessId: s.business_id,
    userId: s.user_id,
    branchId: s.branch_id,
    permissions: effectivePermissions(s.permissions, s.is_platform, s.package, s.branch_id).set,
    sessionId: id,
    ip,
  };
  lookedUp.set(ctx, s);
  return ctx;
}

/** The session row each request's context was made from: GET /me answers from it instead of reading it again. */
const lookedUp = new WeakMap<RequestContext, Awaited<ReturnType<typeof repo.findSession>>>();

export async function me(deps: Deps, ctx: RequestContext): Promise<MeResponse> {
  const s = lookedUp.get(ctx) ?? (await repo.findSession(deps.db, ctx.sessionId));
  if (!s) throw new AppError(401, 'errors.unauthorized');
  return describe(s);
}

export async function logout(deps: Deps, ctx: RequestContext): Promise<void> {
  const at = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, ctx.sessionId);
    await writeAudit(trx, { businessId: ctx.businessId, userId: ctx.userId, action: 'logout', entity: 'session', at, ip: ctx.ip });
  });
}
