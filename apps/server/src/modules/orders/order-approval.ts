import type { Deps } from '../../deps';
import { sameShop } from '../../db/same-shop';
import type { RequestContext } from '../../http/context';
import { AppError, unprocessable } from '../../http/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/secrets';
import { countInWindow, forgetKey } from '../auth/index';

const TRIES = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * A void above the waiter's rights: someone holding `table-void` signs on the waiter's screen with their email and
 * password (as a discount approval is given at the till). Same shop, active, of the waiter's branch if a branch user;
 * wrong passwords are throttled per waiter (5 tries in 15 minutes). Answers the approver.
 */
export async function approverFor(deps: Deps, ctx: RequestContext, email: string | undefined, password: string | undefined) {
  if (!email || !password) throw unprocessable('restaurant.errors.approval_required', 'approver_email');
  const key = `void-approval:${ctx.userId}`;
  const { count, waitMs } = await countInWindow(deps.db, key, deps.clock.now(), WINDOW_MS);
  if (count > TRIES)
    throw new AppError(
      429,
      'errors.password_tries_limit',
      undefined,
      { minutes: Math.ceil(waitMs / 60000) },
      { 'retry-after': String(Math.ceil(waitMs / 1000)) },
    );
  const approver = await deps.db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .select(['u.id', 'u.password_hash', 'u.status', 'u.branch_id', 'r.permissions', 'r.is_owner'])
    .where('u.business_id', '=', ctx.businessId)
    .where('u.email', '=', email.toLowerCase())
    .executeTakeFirst();
  // The same work whether the email is known or not: the answer never tells which.
  const ok = await verifyPassword(approver?.password_hash ?? (await dummyPasswordHash()), password);
  if (!approver || !ok || approver.status !== 'active' || (approver.branch_id && ctx.branchId && approver.branch_id !== ctx.branchId))
    throw unprocessable('sales.errors.approver_invalid', 'approver_password');
  await forgetKey(deps.db, key);
  let held: unknown = [];
  try {
    held = JSON.parse(approver.permissions);
  } catch {
    held = [];
  }
  const mayVoid = Number(approver.is_owner) === 1 || (Array.isArray(held) && held.includes('table-void'));
  if (!mayVoid || approver.branch_id) {
    // A branch user's role loses no restaurant key (none is shop-level), so only the role decides.
    if (!mayVoid) throw unprocessable('restaurant.errors.approver_cannot_void', 'approver_email');
  }
  return { id: approver.id };
}
