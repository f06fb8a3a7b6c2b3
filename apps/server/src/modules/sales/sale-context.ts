import { sql, type Kysely } from 'kysely';
import { isCurrencyCode, type CurrencyCode } from '@posauto/shared/money/index';
import type { Database } from '../../db/types';
import { type DialectKind } from '../../db/dialect/index';
import { precompiled } from '../../db/precompiled';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { lockOpenCashSession } from '../cash-sessions/index';
import { shopSettings } from '../settings/index';
import { stockSettingsOf } from '../stock/index';
import { isTillSale, type SaleIn } from './sale-input';

const partiesWanted = precompiled(
  ['business', 'branch', 'customer'],
  (db, v) =>
    db
      .selectFrom('branches as b')
      .leftJoin('customers as c', (j) => j.onRef('c.business_id', '=', 'b.business_id').on('c.id', '=', v.customer))
      .select(['b.id', 'c.id as customer_id', 'c.is_walk_in', 'c.status as customer_status'])
      .where('b.business_id', '=', v.business)
      .where('b.id', '=', v.branch)
      .where('b.status', '=', 1),
  { prepared: true },
);
const partiesWalkIn = precompiled(
  ['business', 'branch'],
  (db, v) =>
    db
      .selectFrom('branches as b')
      .leftJoin('customers as c', (j) =>
        j
          .onRef('c.business_id', '=', 'b.business_id')
          .on('c.id', '=', sql<string>`(select w.id from customers w where w.business_id = ${v.business} and w.is_walk_in = 1 limit 1)`),
      )
      .select(['b.id', 'c.id as customer_id', 'c.is_walk_in', 'c.status as customer_status'])
      .where('b.business_id', '=', v.business)
      .where('b.id', '=', v.branch)
      .where('b.status', '=', 1),
  { prepared: true },
);

/** The shop's settings a sale reads once (the settings module's one reader), its currency checked. */
export async function saleSettings(trx: Kysely<Database>, businessId: string) {
  const g = await shopSettings(trx, businessId);
  if (!isCurrencyCode(g.currency)) throw unprocessable('sales.errors.currency_unknown');
  return {
    ...g,
    currency: g.currency as CurrencyCode,
    // What the stock ledger would read again otherwise.
    stock: stockSettingsOf(g),
  };
}
export type SaleSettings = Awaited<ReturnType<typeof saleSettings>>;

/** The caller's open cash session, if any (one per cashier: a partial unique index guarantees it). */
export async function openSession(trx: Kysely<Database>, kind: DialectKind, ctx: Pick<RequestContext, 'businessId' | 'userId'>) {
  // Locked until the sale commits: a close waits for the sale's cash entries (or the sale finds the session closed),
  // so a closed session's expected cash always holds every sale made in it.
  return (await lockOpenCashSession(trx, kind, ctx)) ?? undefined;
}

/**
 * Parties and session: the branch, the customer and the drawer that takes the cash. The session is the caller's open
 * one (locked), unless the caller names one: a table's order paid later, an offline sale arriving after its session.
 */
export async function partiesAndSession(
  trx: Kysely<Database>,
  kind: DialectKind,
  ctx: RequestContext,
  input: SaleIn,
  s: SaleSettings,
  named?: { id: string; branch_id: string } | null,
) {
  const till = isTillSale(input);
  // The branch: a till sale's is its session's; a back-office document names one (a branch user: its own).
  const session = named === undefined ? await openSession(trx, kind, ctx) : (named ?? undefined);
  let branchId: string;
  if (till) {
    if (!session) throw unprocessable('sales.errors.no_open_session');
    branchId = session.branch_id;
    if (ctx.branchId && ctx.branchId !== branchId) throw unprocessable('sales.errors.branch_not_yours', 'branch_id');
  } else {
    if (ctx.branchId && input.branch_id && input.branch_id !== ctx.branchId)
      throw unprocessable('sales.errors.branch_not_yours', 'branch_id');
    const requested = ctx.branchId ?? input.branch_id;
    if (!requested) throw unprocessable('validation.branch_required', 'branch_id');
    branchId = requested;
  }
  // The branch and the customer (the one asked for, else the shop's default, else its walk-in) in one statement.
  const wanted = input.customer_id ?? s.defaultCustomerId;
  const [found] = (
    wanted
      ? await partiesWanted(trx, kind, { business: ctx.businessId, branch: branchId, customer: wanted })
      : await partiesWalkIn(trx, kind, { business: ctx.businessId, branch: branchId })
  ).rows;
  if (!found) throw unprocessable('validation.branch_required', 'branch_id');
  if (!found.customer_id || !found.customer_status) throw unprocessable('sales.errors.customer_unknown', 'customer_id');
  // Cash goes through the caller's drawer when it is open at this branch (always for a till sale).
  const drawer = session && session.branch_id === branchId && input.document !== 'quotation' ? session.id : null;
  return { branchId, drawer, customer: { id: found.customer_id, isWalkIn: Boolean(found.is_walk_in) } };
}
