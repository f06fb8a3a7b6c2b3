import type { Deps } from '../../deps';
import { sameShop } from '../../db/same-shop';
import type { RequestContext } from '../../http/context';
import { AppError, unprocessable } from '../../http/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/secrets';
import type { Permission } from '@posauto/shared/permissions';
import { countInWindow, forgetKey } from './throttle';

const TRIES = 5;
const WINDOW_MS = 15 * 60_000;

/** What is approved: the key the approver must hold, and the messages for a missing and a refused approval. */
export interface ApprovalRule {
  permission: Permission;
  required: string;
  cannot: string;
}

/**
 * A change above the user's rights (a void at a table, a room's recorded times): someone holding the rule's key
 * signs on the user's screen with their email and password (as a discount approval is given at the till). Same shop,
 * active, of the user's branch if a branch user; wrong passwords are throttled per user (5 tries in 15 minutes).
 * Answers the approver.
 */
export async function approverFor(
  deps: Deps,
  ctx: RequestContext,
  email: string | undefined,
  password: string | undefined,
  rule: ApprovalRule,
) {
  if (!email || !password) throw unprocessable(rule.required, 'approver_email');
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
  // A branch user's role loses no restaurant key (none is shop-level), so only the role decides.
  const may = Number(approver.is_owner) === 1 || (Array.isArray(held) && held.includes(rule.permission));
  if (!may) throw unprocessable(rule.cannot, 'approver_email');
  return { id: approver.id };
}
