import type { Kysely } from 'kysely';
import { FULL_PERCENT, formatPercent, parsePercent, roundDiv } from '@posauto/shared/money/index';
import type { DiscountApproval, DiscountApprovalInput } from '@posauto/shared/schemas/sales';
import { discountApprovalInputSchema } from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import type { RequestContext } from '../../http/context';
import { AppError, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { dummyPasswordHash, verifyPassword } from '../../lib/secrets';
import { auditFor } from '../../kernel/audit';
import { countInWindow, forgetKey } from '../auth/index';
import { userDiscountLimit } from '../roles/index';

/** "10%", "12.5%": a limit as a message says it. */
const percentText = (hundredths: number) => `${formatPercent(hundredths).replace(/\.?0+$/, '')}%`;

/** An approval is asked for the sale on the screen: it is good for that sale only, and for a few minutes. */
export const APPROVAL_VALID_MS = 10 * 60 * 1000;
/** A cashier must not be able to guess a manager's password at the till: 5 tries per cashier per 15 minutes. */
const APPROVAL_TRIES_WINDOW_MS = 15 * 60 * 1000;
const MAX_APPROVAL_TRIES = 5;

/**
 * The discount a sale gives, in hundredths of a percent of what its lines cost at the catalogue's prices, rounded up:
 * line discounts, prices cut below the catalogue's (edit_cost) and the order discount. A coupon is the shop's own
 * offer (its rule and limit are set by the owner), so it is not counted.
 */
export function discountPercent(catalogueGross: number, charged: number): number {
  if (catalogueGross <= 0 || charged >= catalogueGross) return 0;
  return roundDiv(BigInt(catalogueGross - charged) * BigInt(FULL_PERCENT), BigInt(catalogueGross), 'ceil');
}

/**
 * Real tills cap discounts by role: above the seller's limit the sale needs an approval given on the same screen by
 * a user whose role allows the discount, used by this sale alone (the UPDATE takes it only while unused, so two
 * sales cannot share one). Answers who approved, or null when no approval was needed.
 */
export async function checkDiscountLimit(
  trx: Kysely<Database>,
  deps: Pick<Deps, 'clock'>,
  ctx: RequestContext,
  percent: number,
  approvalId: string | null | undefined,
  saleId: string,
): Promise<{ approvedBy: string; approverName: string } | null> {
  if (percent <= 0) return null;
  const limit = await userDiscountLimit(trx, ctx.businessId, ctx.userId);
  if (percent <= limit) return null;
  const vars = { max: percentText(limit), asked: percentText(percent) };
  if (!approvalId)
    throw new AppError(422, 'sales.errors.discount_needs_approval', { discount: 'sales.errors.discount_needs_approval' }, vars);
  const a = await trx
    .selectFrom('discount_approvals as a')
    .innerJoin('users as u', sameShop('u', 'a.approver_id'))
    .select(['a.approver_id', 'a.max_percent', 'a.expires_at', 'a.sale_id', 'a.requested_by', 'u.first_name', 'u.last_name'])
    .where('a.business_id', '=', ctx.businessId)
    .where('a.id', '=', approvalId)
    .executeTakeFirst();
  const now = deps.clock.now().toISOString();
  if (!a || a.requested_by !== ctx.userId || a.sale_id || a.expires_at < now)
    throw new AppError(422, 'sales.errors.discount_approval_invalid', { discount_approval_id: 'sales.errors.discount_approval_invalid' });
  if (percent > Number(a.max_percent))
    throw new AppError(
      422,
      'sales.errors.discount_over_approval',
      { discount: 'sales.errors.discount_over_approval' },
      {
        ...vars,
        max: percentText(Number(a.max_percent)),
      },
    );
  const used = await trx
    .updateTable('discount_approvals')
    .set({ sale_id: saleId })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', approvalId)
    .where('sale_id', 'is', null)
    .executeTakeFirst();
  if (!Number(used.numUpdatedRows))
    throw new AppError(422, 'sales.errors.discount_approval_invalid', { discount_approval_id: 'sales.errors.discount_approval_invalid' });
  return { approvedBy: a.approver_id, approverName: `${a.first_name} ${a.last_name}`.trim() };
}

/**
 * POST /api/v1/sales/discount-approvals: a user whose role allows the discount signs on the seller's screen with
 * their email and password. The approver must belong to the same shop, be active and, if a branch user, of the
 * seller's branch. Wrong passwords are throttled per seller. Audited as the approver's act.
 */
export function discountApprovals(deps: Deps) {
  const { db, clock } = deps;
  const audit = auditFor(clock, 'sale');
  return {
    async approve(ctx: RequestContext, raw: DiscountApprovalInput): Promise<DiscountApproval> {
      const input = discountApprovalInputSchema.parse(raw);
      const percent = input.percent === undefined ? 0 : parsePercent(input.percent);
      const throttleKey = `discount-approval:${ctx.userId}`;
      const { count, waitMs } = await countInWindow(db, throttleKey, clock.now(), APPROVAL_TRIES_WINDOW_MS);
      if (count > MAX_APPROVAL_TRIES)
        throw new AppError(
          429,
          'errors.password_tries_limit',
          undefined,
          { minutes: Math.ceil(waitMs / 60000) },
          { 'retry-after': String(Math.ceil(waitMs / 1000)) },
        );
      const approver = await db
        .selectFrom('users as u')
        .innerJoin('roles as r', sameShop('r', 'u.role_id'))
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.password_hash', 'u.status', 'u.branch_id', 'r.max_discount', 'r.is_owner'])
        .where('u.business_id', '=', ctx.businessId)
        .where('u.email', '=', input.email.toLowerCase())
        .executeTakeFirst();
      // The same work whether the email is known or not: the answer never tells which.
      const ok = await verifyPassword(approver?.password_hash ?? (await dummyPasswordHash()), input.password);
      if (!approver || !ok || approver.status !== 'active' || (approver.branch_id && ctx.branchId && approver.branch_id !== ctx.branchId))
        throw unprocessable('sales.errors.approver_invalid', 'password');
      await forgetKey(db, throttleKey);
      const max = approver.is_owner ? FULL_PERCENT : Number(approver.max_discount);
      if (percent > max)
        throw new AppError(422, 'sales.errors.approver_limit', { percent: 'sales.errors.approver_limit' }, { max: percentText(max) });
      const now = clock.now();
      const row = {
        business_id: ctx.businessId,
        id: newId(),
        approver_id: approver.id,
        requested_by: ctx.userId,
        max_percent: max,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + APPROVAL_VALID_MS).toISOString(),
        sale_id: null,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('discount_approvals').values(row).execute();
        await audit(trx, { businessId: ctx.businessId, userId: approver.id, ip: ctx.ip }, 'discount_approved', null, {
          approval_id: row.id,
          requested_by: ctx.userId,
          ...(input.percent === undefined ? {} : { discount_percent: formatPercent(percent) }),
        });
      });
      return {
        id: row.id,
        approver_name: `${approver.first_name} ${approver.last_name}`.trim(),
        max_percent: formatPercent(max),
        expires_at: row.expires_at,
      };
    },
  };
}
