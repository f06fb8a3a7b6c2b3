import { sql } from 'kysely';
import type { Permission } from '@posauto/shared/permissions';
import type { ListFilters } from '../db/list';

/** Who is calling: always taken from the session, never from the request body or headers. */
export interface RequestContext {
  businessId: string;
  userId: string;
  branchId: string | null;
  permissions: ReadonlySet<Permission>;
  sessionId: string;
  ip: string | null;
}

/*
 * Branch-owned rows (the branches themselves, branch users, stock notifications; later stock, sales, purchases,
 * cash sessions) follow one rule, decided here and nowhere else: a branch user (branchId set) reads and changes
 * only its own branch's rows, whatever branch the request names; a shop-level user may name any branch of its
 * shop, or none for all of them. Every branch-owned query takes its branch from these helpers. Shop-wide routes
 * (settings, roles, shop-level staff, creating or deleting branches) are closed to branch users in access.ts.
 */

/** The branch a request works on: a branch user's own, else the one asked for (null: every branch). */
export function branchScope(ctx: Pick<RequestContext, 'branchId'>, requested?: string | null): string | null {
  return ctx.branchId ?? requested ?? null;
}

/** Limits a query to the rows of the request's branch (`column` holds the row's branch id); no limit when it has none. */
export function whereBranch<Q extends { where(...args: any[]): unknown }>(
  q: Q,
  column: string,
  ctx: Pick<RequestContext, 'branchId'>,
  requested?: string | null,
): Q {
  const branchId = branchScope(ctx, requested);
  return branchId === null ? q : (q.where(sql.ref(column), '=', branchId) as Q);
}

/** The same limit as a runList filter (a filtered list is counted, never read from the shop-wide counter). */
export function branchFilter(ctx: Pick<RequestContext, 'branchId'>, column: string, requested?: string | null): ListFilters {
  return { [column]: branchScope(ctx, requested) ?? undefined };
}
