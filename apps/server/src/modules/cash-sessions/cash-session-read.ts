import { sql, type Kysely } from 'kysely';
import { formatDecimal, isCurrencyCode, minorDigits } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  CASH_CURRENCIES,
  type CashCurrency,
  type CashFigures,
  type CashSession,
  type CashSessionDetail,
  type CashSessionListQuery,
  type CashSessionOptions,
  type CountedNotes,
} from '@posauto/shared/schemas/cash-sessions';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import type { CashEntryKind } from '../../db/tables/sales';
import { runList } from '../../db/list';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { shopPeriod } from '../settings/index';

// The reads of a till session: its list row, its report (running or as closed), the list and the screen's options.

/** Minor units (cents, whole riel) as decimal text of their currency. */
export const cashText = (currency: CashCurrency, amount: number) => formatDecimal(Number(amount), currency === 'USD' ? 2 : 0);
const moneyText = (currency: string, amount: number) => formatDecimal(Number(amount), isCurrencyCode(currency) ? minorDigits(currency) : 2);

/** A user with sale-management sees (and may close) every session of its scope; anyone else only their own. */
export const seesAll = (ctx: RequestContext) => ctx.permissions.has('sale-management');

export const fullName = sql<string>`u.first_name || ' ' || u.last_name`;

export const header = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('cash_sessions as s')
    .innerJoin('branches as b', sameShop('b', 's.branch_id'))
    .innerJoin('users as u', sameShop('u', 's.user_id'))
    .leftJoin('users as c', sameShop('c', 's.closed_by'))
    .select([
      's.id',
      's.session_number',
      's.branch_id',
      'b.name as branch_name',
      's.user_id',
      fullName.as('cashier_name'),
      's.status',
      's.opened_at',
      's.closed_at',
      sql<string | null>`c.first_name || ' ' || c.last_name`.as('closed_by_name'),
      's.opening_usd',
      's.opening_khr',
      's.expected_usd',
      's.expected_khr',
      's.counted_usd',
      's.counted_khr',
      's.counted_notes',
      's.note',
      's.close_note',
    ])
    .where('s.business_id', '=', businessId);

export type HeaderRow = Awaited<ReturnType<ReturnType<typeof header>['executeTakeFirstOrThrow']>>;

/** The sessions a caller may see: its branch (a branch user), and only its own unless it manages sales. */
export function visible<Q extends { where(...args: any[]): unknown }>(q: Q, ctx: RequestContext): Q {
  const scoped = whereBranch(q, 's.branch_id', ctx);
  return seesAll(ctx) ? scoped : ((scoped as any).where('s.user_id', '=', ctx.userId) as Q);
}

/** Sum per currency and kind of some sessions' entries: one grouped read of cash_session_entries_session. */
async function entrySums(db: Kysely<Database>, businessId: string, ids: string[]) {
  const sums = new Map<string, Map<string, number>>();
  if (!ids.length) return sums;
  const rows = await db
    .selectFrom('cash_session_entries')
    .select(['session_id', 'currency', 'kind', sql<number>`sum(amount)`.as('total')])
    .where('business_id', '=', businessId)
    .where('session_id', 'in', ids)
    .groupBy(['session_id', 'currency', 'kind'])
    .execute();
  for (const r of rows) {
    let m = sums.get(r.session_id);
    if (!m) sums.set(r.session_id, (m = new Map()));
    m.set(`${r.currency}:${r.kind}`, Number(r.total));
  }
  return sums;
}

interface Figures {
  opening: number;
  sales: number;
  change: number;
  refunds: number;
  cashIn: number;
  cashOut: number;
  expected: number;
}

/** One currency's figures from the sums by kind. Money out (change, refunds, cash out) is stored negative. */
function figuresOf(sums: Map<string, number> | undefined, currency: CashCurrency): Figures {
  const of = (kind: CashEntryKind) => sums?.get(`${currency}:${kind}`) ?? 0;
  const f = {
    opening: of('opening'),
    // Cash taken by sales and by later payments of invoices.
    sales: of('sale') + of('payment'),
    change: -of('change'),
    refunds: -of('refund'),
    cashIn: of('cash_in'),
    cashOut: -of('cash_out'),
  };
  return { ...f, expected: f.opening + f.sales - f.change - f.refunds + f.cashIn - f.cashOut };
}

function toApi(r: HeaderRow, sums: Map<string, number> | undefined): CashSession {
  const closed = r.status === 'closed';
  const usd = figuresOf(sums, 'USD');
  const khr = figuresOf(sums, 'KHR');
  // A closed session answers what was frozen at close; an open one its running sum.
  const expectedUsd = closed && r.expected_usd !== null ? Number(r.expected_usd) : usd.expected;
  const expectedKhr = closed && r.expected_khr !== null ? Number(r.expected_khr) : khr.expected;
  const countedUsd = r.counted_usd === null ? null : Number(r.counted_usd);
  const countedKhr = r.counted_khr === null ? null : Number(r.counted_khr);
  return {
    id: r.id,
    session_number: r.session_number,
    branch_id: r.branch_id,
    branch_name: r.branch_name,
    user_id: r.user_id,
    cashier_name: r.cashier_name,
    status: r.status,
    opened_at: r.opened_at,
    closed_at: r.closed_at,
    closed_by_name: r.closed_by_name ?? null,
    opening_usd: cashText('USD', Number(r.opening_usd)),
    opening_khr: cashText('KHR', Number(r.opening_khr)),
    sales_usd: cashText('USD', usd.sales - usd.change),
    sales_khr: cashText('KHR', khr.sales - khr.change),
    expected_usd: cashText('USD', expectedUsd),
    expected_khr: cashText('KHR', expectedKhr),
    counted_usd: countedUsd === null ? null : cashText('USD', countedUsd),
    counted_khr: countedKhr === null ? null : cashText('KHR', countedKhr),
    difference_usd: countedUsd === null ? null : cashText('USD', countedUsd - expectedUsd),
    difference_khr: countedKhr === null ? null : cashText('KHR', countedKhr - expectedKhr),
    note: r.note,
    close_note: r.close_note,
  };
}

export async function cashSessionDetail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<CashSessionDetail> {
  const row = await visible(header(trx, ctx.businessId).where('s.id', '=', id), ctx).executeTakeFirst();
  if (!row) throw notFound();
  return cashSessionReport(trx, ctx.businessId, row);
}

export async function cashSessionReport(trx: Kysely<Database>, businessId: string, row: HeaderRow): Promise<CashSessionDetail> {
  const id = row.id;
  const sums = (await entrySums(trx, businessId, [id])).get(id);
  const base = toApi(row, sums);
  const counted: Record<CashCurrency, number | null> = {
    USD: row.counted_usd === null ? null : Number(row.counted_usd),
    KHR: row.counted_khr === null ? null : Number(row.counted_khr),
  };
  const expected: Record<CashCurrency, string> = { USD: base.expected_usd, KHR: base.expected_khr };
  const difference: Record<CashCurrency, string | null> = { USD: base.difference_usd, KHR: base.difference_khr };
  const figures: CashFigures[] = CASH_CURRENCIES.map((currency) => {
    const f = figuresOf(sums, currency);
    const c = counted[currency];
    return {
      currency,
      opening: cashText(currency, f.opening),
      sales: cashText(currency, f.sales),
      change: cashText(currency, f.change),
      refunds: cashText(currency, f.refunds),
      cash_in: cashText(currency, f.cashIn),
      cash_out: cashText(currency, f.cashOut),
      expected: expected[currency],
      counted: c === null ? null : cashText(currency, c),
      difference: difference[currency],
    };
  });
  // The session's sales (not void, quotations never belong to a drawer) and the payments taken with them.
  const sold = await trx
    .selectFrom('sales')
    .select(['currency', sql<number>`count(*)`.as('n'), sql<number>`sum(grand_total)`.as('total')])
    .where('business_id', '=', businessId)
    .where('cash_session_id', '=', id)
    .where('status', '!=', 'void')
    .where('document', '!=', 'quotation')
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const payments = await trx
    .selectFrom('sales as sa')
    .innerJoin('sale_payments as y', (j) => j.onRef('y.business_id', '=', 'sa.business_id').onRef('y.sale_id', '=', 'sa.id'))
    .innerJoin('payment_methods as m', sameShop('m', 'y.payment_method_id'))
    .select([
      'y.payment_method_id',
      'm.name as payment_method_name',
      'y.method_type',
      'y.currency',
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(y.amount)`.as('total'),
    ])
    .where('sa.business_id', '=', businessId)
    .where('sa.cash_session_id', '=', id)
    .where('sa.status', '!=', 'void')
    .groupBy(['y.payment_method_id', 'm.name', 'y.method_type', 'y.currency'])
    .orderBy('m.name')
    .orderBy('y.currency')
    .execute();
  const movements = await trx
    .selectFrom('cash_session_entries as e')
    .leftJoin('users as u', sameShop('u', 'e.created_by'))
    .select(['e.id', 'e.kind', 'e.currency', 'e.amount', 'e.reason', fullName.as('created_by_name'), 'e.created_at'])
    .where('e.business_id', '=', businessId)
    .where('e.session_id', '=', id)
    .where('e.kind', 'in', ['cash_in', 'cash_out'])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return {
    ...base,
    figures,
    counted_notes: row.counted_notes ? (JSON.parse(row.counted_notes) as CountedNotes) : null,
    sales_count: sold.reduce((n, r) => n + Number(r.n), 0),
    sales_totals: sold.map((r) => ({ currency: r.currency, total: moneyText(r.currency, Number(r.total)) })),
    payments: payments.map((p) => ({
      payment_method_id: p.payment_method_id,
      payment_method_name: p.payment_method_name,
      method_type: p.method_type,
      currency: p.currency,
      count: Number(p.n),
      total: moneyText(p.currency, Number(p.total)),
    })),
    movements: movements.map((e) => ({
      id: e.id,
      kind: e.kind as 'cash_in' | 'cash_out',
      currency: e.currency,
      amount: cashText(e.currency, Math.abs(Number(e.amount))),
      reason: e.reason,
      created_by_name: e.created_by_name ?? null,
      created_at: e.created_at,
    })),
  };
}

/** The sessions the caller may see, newest first, filtered by branch, cashier, status and the shop's local days. */
export async function listCashSessions(deps: Deps, ctx: RequestContext, query: CashSessionListQuery): Promise<ListResponse<CashSession>> {
  const { db, kind } = deps;
  const period = await shopPeriod(db, ctx.businessId, query);
  const { rows, meta } = await runList(
    db,
    kind,
    ctx.businessId,
    (biz) => {
      let q = header(db, biz);
      if (!seesAll(ctx)) q = q.where('s.user_id', '=', ctx.userId);
      // Days are the shop's local days, turned into instants so that the opened_at indexes serve them.
      if (period.from) q = q.where('s.opened_at', '>=', period.from);
      if (period.to) q = q.where('s.opened_at', '<', period.to);
      return q;
    },
    { ...query, status: undefined, order: query.sort ? query.order : 'desc' },
    {
      searchColumns: ['s.session_number', 'u.first_name', 'u.last_name', 'b.name'],
      sorts: { opened_at: 's.opened_at', closed_at: 's.closed_at', session_number: 's.session_number' },
      // Newest first, the way a shop reads its drawers.
      defaultSort: 's.opened_at',
      idColumn: 's.id',
    },
    undefined,
    {
      ...branchFilter(ctx, 's.branch_id', query.branch_id),
      's.user_id': query.user_id,
      's.status': query.status,
    },
  );
  const sums = await entrySums(
    db,
    ctx.businessId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toApi(r, sums.get(r.id))), meta };
}

/** Branches (a branch user: its own) and the cashiers who have sessions the caller may see. */
export async function cashSessionOptions(db: Kysely<Database>, ctx: RequestContext): Promise<CashSessionOptions> {
  let branches = db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId).where('status', '=', 1);
  branches = whereBranch(branches, 'id', ctx);
  let cashiers = db
    .selectFrom('users as u')
    .select(['u.id', fullName.as('name')])
    .where('u.business_id', '=', ctx.businessId)
    .where((eb) =>
      eb.exists(
        visible(
          eb
            .selectFrom('cash_sessions as s')
            .select('s.id')
            .whereRef('s.business_id', '=', 'u.business_id')
            .whereRef('s.user_id', '=', 'u.id'),
          ctx,
        ),
      ),
    );
  if (!seesAll(ctx)) cashiers = cashiers.where('u.id', '=', ctx.userId);
  const [b, c] = await Promise.all([branches.orderBy('name').execute(), cashiers.orderBy('u.first_name').orderBy('u.last_name').execute()]);
  return { branches: b, cashiers: c };
}
