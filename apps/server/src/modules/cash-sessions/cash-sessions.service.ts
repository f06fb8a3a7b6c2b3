import { sql, type Kysely } from 'kysely';
import { formatDecimal, isCurrencyCode, minorDigits } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  CASH_CURRENCIES,
  cashMinor,
  type CashCurrency,
  type CashFigures,
  type CashSession,
  type CashSessionDetail,
  type CashSessionListQuery,
  type CashSessionOptions,
  type CloseCashSessionInput,
  type CountedNotes,
  type CashMovementInput,
  type OpenCashSessionInput,
} from '@posauto/shared/schemas/cash-sessions';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { CashEntryKind } from '../../db/tables/sales';
import { forUpdate } from '../../db/dialect/index';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList } from '../../db/list';
import { transactional } from '../../db/transaction';
import { branchFilter, branchScope, whereBranch, type RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { addDays, DEFAULT_TIME_ZONE, isTimeZone, startOfLocalDay } from '../../lib/time-zone';
import { auditFor } from '../../kernel/audit';
import { assertDrawerHolds, expectedCash, lockOpenCashSession } from './drawer';

export const CASH_SESSION_SERIES = 'cash_session_number';
const PREFIX = 'CS';

/** Minor units (cents, whole riel) as decimal text of their currency. */
export const cashText = (currency: CashCurrency, amount: number) => formatDecimal(Number(amount), currency === 'USD' ? 2 : 0);
const moneyText = (currency: string, amount: number) => formatDecimal(Number(amount), isCurrencyCode(currency) ? minorDigits(currency) : 2);

/** A user with sale-management sees (and may close) every session of its scope; anyone else only their own. */
const seesAll = (ctx: RequestContext) => ctx.permissions.has('sale-management');

const fullName = sql<string>`u.first_name || ' ' || u.last_name`;

const header = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('cash_sessions as s')
    .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 's.business_id').onRef('b.id', '=', 's.branch_id'))
    .innerJoin('users as u', (j) => j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'))
    .leftJoin('users as c', (j) => j.onRef('c.business_id', '=', 's.business_id').onRef('c.id', '=', 's.closed_by'))
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

type HeaderRow = Awaited<ReturnType<ReturnType<typeof header>['executeTakeFirstOrThrow']>>;

/** The sessions a caller may see: its branch (a branch user), and only its own unless it manages sales. */
function visible<Q extends { where(...args: any[]): unknown }>(q: Q, ctx: RequestContext): Q {
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

async function shopTimeZone(db: Kysely<Database>, businessId: string): Promise<string> {
  const row = await db.selectFrom('general_settings').select('time_zone').where('business_id', '=', businessId).executeTakeFirst();
  return isTimeZone(row?.time_zone) ? row.time_zone : DEFAULT_TIME_ZONE;
}

export function cashSessionsService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'cash_session');
  // The partial unique index cash_sessions_one_open refuses a second open session of a cashier, also when two
  // opens race past the service's own check.
  const openWrite = transactional(db, kind, () => conflict('cash.errors.already_open'));

  async function detail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<CashSessionDetail> {
    const row = await visible(header(trx, ctx.businessId).where('s.id', '=', id), ctx).executeTakeFirst();
    if (!row) throw notFound();
    return report(trx, ctx.businessId, row);
  }

  async function report(trx: Kysely<Database>, businessId: string, row: HeaderRow): Promise<CashSessionDetail> {
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
      .innerJoin('payment_methods as m', (j) => j.onRef('m.business_id', '=', 'y.business_id').onRef('m.id', '=', 'y.payment_method_id'))
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
      .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 'e.business_id').onRef('u.id', '=', 'e.created_by'))
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

  async function openIn(
    trx: Kysely<Database>,
    ctx: RequestContext,
    branchId: string,
    openingUsd: number,
    openingKhr: number,
    note: string,
  ): Promise<CashSessionDetail> {
    const branch = await trx
      .selectFrom('branches')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', branchId)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!branch) throw unprocessable('validation.branch_required', 'branch_id');
    if (await lockOpenCashSession(trx, kind, ctx)) throw conflict('cash.errors.already_open');
    const number = formatDocumentNumber(PREFIX, await nextDocumentNumber(trx, kind, ctx.businessId, CASH_SESSION_SERIES));
    const id = newId();
    await trx
      .insertInto('cash_sessions')
      .values({
        business_id: ctx.businessId,
        id,
        session_number: number,
        branch_id: branchId,
        user_id: ctx.userId,
        status: 'open',
        opened_at: clock.now().toISOString(),
        closed_at: null,
        closed_by: null,
        opening_usd: openingUsd,
        opening_khr: openingKhr,
        expected_usd: null,
        expected_khr: null,
        counted_usd: null,
        counted_khr: null,
        counted_notes: null,
        note,
        close_note: '',
      })
      .execute();
    // The opening cash is the first entry of each currency, so expected cash is always the sum of the entries.
    await insertEntry(trx, ctx, id, { kind: 'opening', currency: 'USD', amount: openingUsd });
    await insertEntry(trx, ctx, id, { kind: 'opening', currency: 'KHR', amount: openingKhr });
    await audit(trx, ctx, 'open', id, {
      session_number: number,
      branch_id: branchId,
      opening_usd: openingUsd,
      opening_khr: openingKhr,
    });
    return detail(trx, ctx, id);
  }

  async function closeIn(trx: Kysely<Database>, ctx: RequestContext, id: string, input: CloseCashSessionInput): Promise<CashSessionDetail> {
    const s = await lockVisible(trx, ctx, id);
    if (s.status !== 'open') throw conflict('cash.errors.already_closed');
    const expected = await expectedCash(trx, ctx.businessId, id);
    const counted = { USD: cashMinor('USD', input.counted_usd), KHR: cashMinor('KHR', input.counted_khr) };
    const notes = input.counted_notes ? JSON.stringify(input.counted_notes) : null;
    await trx
      .updateTable('cash_sessions')
      .set({
        status: 'closed',
        closed_at: clock.now().toISOString(),
        closed_by: ctx.userId,
        expected_usd: expected.USD,
        expected_khr: expected.KHR,
        counted_usd: counted.USD,
        counted_khr: counted.KHR,
        counted_notes: notes,
        close_note: input.note ?? '',
      })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .execute();
    await audit(trx, ctx, 'close', id, {
      session_number: s.session_number,
      expected_usd: expected.USD,
      expected_khr: expected.KHR,
      counted_usd: counted.USD,
      counted_khr: counted.KHR,
    });
    return detail(trx, ctx, id);
  }

  /** The session row, visible to the caller and locked until the transaction ends. */
  async function lockVisible(trx: Kysely<Database>, ctx: RequestContext, id: string) {
    let q = trx.selectFrom('cash_sessions as s').selectAll('s').where('s.business_id', '=', ctx.businessId).where('s.id', '=', id);
    q = visible(q, ctx);
    const row = await forUpdate(kind, q).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function insertEntry(
    trx: Kysely<Database>,
    ctx: RequestContext,
    sessionId: string,
    entry: { kind: CashEntryKind; currency: CashCurrency; amount: number; reason?: string },
  ) {
    await trx
      .insertInto('cash_session_entries')
      .values({
        business_id: ctx.businessId,
        id: newId(),
        session_id: sessionId,
        kind: entry.kind,
        currency: entry.currency,
        amount: entry.amount,
        sale_id: null,
        return_id: null,
        reason: entry.reason ?? '',
        created_by: ctx.userId,
        created_at: clock.now().toISOString(),
      })
      .execute();
  }

  return {
    get: (ctx: RequestContext, id: string) => detail(db, ctx, id),

    /** The caller's open session with its running figures, or null. */
    async current(ctx: RequestContext): Promise<CashSessionDetail | null> {
      const row = await header(db, ctx.businessId).where('s.user_id', '=', ctx.userId).where('s.status', '=', 'open').executeTakeFirst();
      return row ? report(db, ctx.businessId, row) : null;
    },

    async list(ctx: RequestContext, query: CashSessionListQuery): Promise<ListResponse<CashSession>> {
      const zone = query.from || query.to ? await shopTimeZone(db, ctx.businessId) : DEFAULT_TIME_ZONE;
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => {
          let q = header(db, biz);
          if (!seesAll(ctx)) q = q.where('s.user_id', '=', ctx.userId);
          // Days are the shop's local days, turned into instants so that the opened_at indexes serve them.
          if (query.from) q = q.where('s.opened_at', '>=', startOfLocalDay(query.from, zone).toISOString());
          if (query.to) q = q.where('s.opened_at', '<', startOfLocalDay(addDays(query.to, 1), zone).toISOString());
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
    },

    /** Branches (a branch user: its own) and the cashiers who have sessions the caller may see. */
    async options(ctx: RequestContext): Promise<CashSessionOptions> {
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
      const [b, c] = await Promise.all([
        branches.orderBy('name').execute(),
        cashiers.orderBy('u.first_name').orderBy('u.last_name').execute(),
      ]);
      return { branches: b, cashiers: c };
    },

    async open(ctx: RequestContext, input: OpenCashSessionInput): Promise<CashSessionDetail> {
      // A branch user opens at its own branch whatever it sends; a shop-level user must name one.
      const branchId = branchScope(ctx, input.branch_id ?? null);
      if (!branchId) throw unprocessable('validation.branch_required', 'branch_id');
      const openingUsd = cashMinor('USD', input.opening_usd);
      const openingKhr = cashMinor('KHR', input.opening_khr);
      return openWrite((trx) => openIn(trx, ctx, branchId, openingUsd, openingKhr, input.note ?? ''));
    },

    /** Opens inside the caller's transaction (the demo seed's): the same rules as POST /open. */
    async openIn(trx: Kysely<Database>, ctx: RequestContext, input: OpenCashSessionInput): Promise<CashSessionDetail> {
      const branchId = branchScope(ctx, input.branch_id ?? null);
      if (!branchId) throw unprocessable('validation.branch_required', 'branch_id');
      return openIn(trx, ctx, branchId, cashMinor('USD', input.opening_usd), cashMinor('KHR', input.opening_khr), input.note ?? '');
    },

    /**
     * Petty cash in or out of the caller's own open session. Cash out is refused beyond what the drawer should hold
     * in that currency (its expected cash): the drawer cannot hand over money it does not have.
     */
    async move(ctx: RequestContext, id: string, input: CashMovementInput): Promise<CashSessionDetail> {
      return db.transaction().execute(async (trx) => {
        const s = await lockVisible(trx, ctx, id);
        if (s.user_id !== ctx.userId) throw unprocessable('cash.errors.not_own_session');
        if (s.status !== 'open') throw conflict('cash.errors.closed');
        const currency = input.currency;
        const amount = cashMinor(currency, input.amount);
        if (input.type === 'out')
          await assertDrawerHolds(trx, ctx.businessId, id, { [currency]: amount }, 'cash.errors.cash_out_exceeds', 'amount');
        const entryKind = input.type === 'in' ? 'cash_in' : 'cash_out';
        await insertEntry(trx, ctx, id, {
          kind: entryKind,
          currency,
          amount: input.type === 'in' ? amount : -amount,
          reason: input.reason,
        });
        await audit(trx, ctx, entryKind, id, { session_number: s.session_number, currency, amount, reason: input.reason });
        return detail(trx, ctx, id);
      });
    },

    /**
     * Closes a session: freezes what the entries say it should hold per currency, what was counted (and the
     * note-by-note count), and so the difference. A manager (sale-management) may close anyone's session in its
     * scope; a cashier only its own.
     */
    async close(ctx: RequestContext, id: string, input: CloseCashSessionInput): Promise<CashSessionDetail> {
      return db.transaction().execute((trx) => closeIn(trx, ctx, id, input));
    },

    /** Closes inside the caller's transaction (the demo seed's): the same rules as POST /:id/close. */
    closeIn,
  };
}
