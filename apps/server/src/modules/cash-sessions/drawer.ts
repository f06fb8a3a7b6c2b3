import { sql, type Kysely } from 'kysely';
import { formatDecimal } from '@posauto/shared/money/index';
import type { CashCurrency } from '@posauto/shared/schemas/cash-sessions';
import type { Database } from '../../db/types';
import { kindOf, precompiled } from '../../db/precompiled';
import { forUpdate, type DialectKind } from '../../db/dialect/index';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';

/** Cash per currency, minor units (cents, whole riel). */
export type CashByCurrency = Record<CashCurrency, number>;

/** The expected cash per currency: the sum of the session's entries (one indexed, grouped read). */
const sessionLock = precompiled(['business', 'user'], (db, v, kind) =>
  forUpdate(
    kind,
    db
      .selectFrom('cash_sessions')
      .select(['id', 'branch_id'])
      .where('business_id', '=', v.business)
      .where('user_id', '=', v.user)
      .where('status', '=', 'open'),
  ),
);
const drawerSums = precompiled(
  ['business', 'session'],
  (db, v) =>
    db
      .selectFrom('cash_session_entries')
      .select(['currency', sql<number>`sum(amount)`.as('total')])
      .where('business_id', '=', v.business)
      .where('session_id', '=', v.session)
      .groupBy('currency'),
  { prepared: true },
);

export async function expectedCash(db: Kysely<Database>, businessId: string, sessionId: string): Promise<CashByCurrency> {
  const rows = (await drawerSums(db, kindOf(db), { business: businessId, session: sessionId })).rows;
  const out: CashByCurrency = { USD: 0, KHR: 0 };
  for (const r of rows) out[r.currency] = Number(r.total);
  return out;
}

/**
 * The caller's open session, locked until the transaction ends (PostgreSQL FOR UPDATE; SQLite has one writer), or
 * null. A sale that writes cash entries takes this lock, so a close never freezes a sum a concurrent sale is adding
 * to: the close waits for the sale, or the sale finds the session closed.
 */
export async function lockOpenCashSession(
  trx: Kysely<Database>,
  kind: DialectKind,
  ctx: Pick<RequestContext, 'businessId' | 'userId'>,
): Promise<{ id: string; branch_id: string } | null> {
  return (await sessionLock(trx, kind, { business: ctx.businessId, user: ctx.userId })).rows[0] ?? null;
}

/** "$1,234.50", "40,000 ៛": how a message names an amount of the drawer, whatever the language. */
export function drawerText(currency: CashCurrency, minor: number): string {
  const text = formatDecimal(minor, currency === 'USD' ? 2 : 0);
  const [whole = '0', fraction] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = minor < 0 ? '-' : '';
  return currency === 'USD' ? `${sign}$${grouped}.${fraction}` : `${sign}${grouped} ៛`;
}

/**
 * Never more out of a drawer than it holds, per currency: the rule of a cash out, and of the change a sale gives, a
 * cash refund and a void. The session row is locked by the caller (lockOpenCashSession), so the sum read here
 * cannot change before the caller's entries are written. `incoming` is cash the same document puts in first (the
 * notes a customer hands over, from which the change is given). Refused with `key`, whose message names what the
 * drawer holds ({{usd}}, {{khr}}) and what was asked ({{need}}).
 */
export async function assertDrawerHolds(
  trx: Kysely<Database>,
  businessId: string,
  sessionId: string,
  out: Partial<CashByCurrency>,
  key: string,
  field: string,
  incoming: Partial<CashByCurrency> = {},
): Promise<void> {
  if (!(out.USD ?? 0) && !(out.KHR ?? 0)) return;
  const held = await expectedCash(trx, businessId, sessionId);
  const has: CashByCurrency = { USD: held.USD + (incoming.USD ?? 0), KHR: held.KHR + (incoming.KHR ?? 0) };
  const short = (['USD', 'KHR'] as const).find((c) => (out[c] ?? 0) > has[c]);
  if (!short) return;
  throw new AppError(
    422,
    key,
    { [field]: key },
    {
      usd: drawerText('USD', Math.max(has.USD, 0)),
      khr: drawerText('KHR', Math.max(has.KHR, 0)),
      need: drawerText(short, out[short] ?? 0),
    },
  );
}
