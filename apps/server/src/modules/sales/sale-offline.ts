import type { Kysely } from 'kysely';
import { SALE_REVIEW_FLAGS, type OfflineSale, type SaleReviewFlag } from '@posauto/shared/schemas/tills';
import type { Deps } from '../../deps';
import { forUpdate } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { AppError, unprocessable } from '../../http/errors';
import { expectedCash } from '../cash-sessions/index';
import type { SaleSettings } from './sale-context';
import type { PreparedLine } from './sale-lines';

/** How far a till's clock may be ahead of the server's before the server's time is kept instead. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * An offline sale (issue #26) reaches the server after the goods and the money have changed hands: what would refuse an
 * online sale is accepted and flagged for a manager (`sales.review`), never refused, except what says the sale is not
 * this cashier's or this till's (then it is not ours to book). Settled before anything is written:
 * - its session: the one named, the caller's own, locked (an open one as any sale locks it; a closed one so two late
 *   sales recompute its expected cash one after the other); closed since: accepted into it, flagged session_closed;
 * - its time: the till's clock, unless it is ahead of the server's or before the session opened (till_clock);
 * - the shop's rules it was sold under: prices and line discounts as the till sold them (checked after, priceFlag);
 *   stock may go below zero (checked after, stockShort).
 */
export interface OfflinePlan {
  tillId: string;
  number: number;
  soldAt: Date;
  session: { id: string; branch_id: string };
  sessionClosed: boolean;
  flags: Set<SaleReviewFlag>;
  /** Completed at the till and sent from its waiting list: refused by nothing the cashier could have fixed. */
  queued: boolean;
  /** The settings the lines and the stock are taken under (prices, discounts and stock as the till sold). */
  settings: SaleSettings;
}

export async function offlinePlan(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  offline: OfflineSale,
  s: SaleSettings,
): Promise<OfflinePlan> {
  const flags = new Set<SaleReviewFlag>();
  // The named session's row locked, open or closed: the same lock an online sale takes on the caller's open session.
  const session = await forUpdate(deps.kind, sessionRow(trx, ctx, offline.cash_session_id)).executeTakeFirst();
  // Another cashier's session (or another shop's): the sale was not made by this user, whoever sends it.
  if (!session) throw unprocessable('tills.errors.session_not_yours', 'offline.cash_session_id');
  const sessionClosed = session.status !== 'open';
  if (sessionClosed) flags.add('session_closed');

  const now = deps.clock.now().getTime();
  let soldAt = Date.parse(offline.sold_at);
  const opened = Date.parse(session.opened_at);
  if (soldAt > now + CLOCK_SLACK_MS) {
    soldAt = now;
    flags.add('till_clock');
  } else if (soldAt < opened - CLOCK_SLACK_MS) {
    soldAt = opened;
    flags.add('till_clock');
  }
  return {
    tillId: offline.till_id,
    number: offline.till_number,
    soldAt: new Date(soldAt),
    session: { id: session.id, branch_id: session.branch_id },
    sessionClosed,
    flags,
    queued: offline.queued === true,
    // A first attempt, the cashier still at the payment, is taken under the shop's own rules.
    settings: offline.queued ? { ...s, editCost: true, inlineDiscount: true, stock: { ...s.stock, out_of_stock_sale: 1 } } : s,
  };
}

const sessionRow = (trx: Kysely<Database>, ctx: RequestContext, id: string) =>
  trx
    .selectFrom('cash_sessions')
    .select(['id', 'branch_id', 'opened_at', 'status'])
    .where('business_id', '=', ctx.businessId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id);

/**
 * A price or line discount the cashier's rights would not have allowed online (the shop's settings now): flagged,
 * kept. The room time's service lines are priced by the server and never count.
 */
export function priceFlag(plan: OfflinePlan, s: SaleSettings, lines: readonly PreparedLine[], serviceLines: number): void {
  for (const [i, l] of lines.entries()) {
    if (i < serviceLines) continue;
    const edited = l.unitPrice !== l.cataloguePrice && !s.editCost;
    const discounted = Boolean(l.discount && l.discount.value > 0) && !s.inlineDiscount;
    if (edited || discounted) plan.flags.add('price_mismatch');
  }
}

/**
 * The discount limit of an offline sale: an approval needs the network, so a discount above the cashier's limit given
 * offline without one is kept and flagged (price_mismatch), not refused. An approval the sale names is checked as online.
 */
export async function offlineDiscount<T>(plan: OfflinePlan, check: () => Promise<T | null>): Promise<T | null> {
  // The till's first attempt: the cashier is there, and someone allowed can approve on the screen as online.
  if (!plan.queued) return check();
  try {
    return await check();
  } catch (e) {
    if (!(e instanceof AppError) || e.messageKey !== 'sales.errors.discount_needs_approval') throw e;
    plan.flags.add('price_mismatch');
    return null;
  }
}

/** After the sale's rows are written: a closed session's expected cash holds the late sale (its difference follows). */
export async function settleClosedSession(trx: Kysely<Database>, ctx: RequestContext, plan: OfflinePlan): Promise<void> {
  if (!plan.sessionClosed) return;
  const expected = await expectedCash(trx, ctx.businessId, plan.session.id);
  await trx
    .updateTable('cash_sessions')
    .set({ expected_usd: expected.USD, expected_khr: expected.KHR })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', plan.session.id)
    .execute();
}

/** The stored review column: the flags in their fixed order, or null. */
export const reviewColumn = (flags: ReadonlySet<SaleReviewFlag>) => SALE_REVIEW_FLAGS.filter((f) => flags.has(f)).join(',') || null;

/** The stored review column read back: the known flags, in their fixed order. */
export const reviewFlags = (stored: string | null): SaleReviewFlag[] =>
  stored ? SALE_REVIEW_FLAGS.filter((f) => stored.split(',').includes(f)) : [];
