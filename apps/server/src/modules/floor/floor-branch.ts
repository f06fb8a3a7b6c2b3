import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';

type Ctx = Pick<RequestContext, 'businessId' | 'branchId'>;

/**
 * The branch a floor request works on, with its name: a branch user's own (whatever the request names); else the
 * branch asked for, which must be the shop's (404 otherwise); else the shop's first branch by name.
 */
export async function floorBranch(trx: Kysely<Database>, ctx: Ctx, requested?: string | null): Promise<{ id: string; name: string }> {
  let q = trx.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId);
  const wanted = ctx.branchId ?? requested ?? null;
  if (wanted !== null) q = q.where('id', '=', wanted);
  const row = await q.orderBy('name').orderBy('id').limit(1).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The id of the branch a floor request works on (see floorBranch). */
export async function branchOfRequest(trx: Kysely<Database>, ctx: Ctx, requested?: string | null): Promise<string> {
  return (await floorBranch(trx, ctx, requested)).id;
}

/** A branch a write names: the caller's own for a branch user (another branch is not found), else one of the shop's. */
export async function writableBranch(trx: Kysely<Database>, ctx: Ctx, named: string): Promise<string> {
  if (ctx.branchId !== null && ctx.branchId !== named) throw notFound();
  return branchOfRequest(trx, ctx, named);
}

/** Whether the caller may see a row of this branch: a branch user its own branch's rows only. */
export const branchVisible = (ctx: Ctx, branchId: string) => ctx.branchId === null || ctx.branchId === branchId;
