import type { Kysely } from 'kysely';
import {
  cashMinor,
  type CashCurrency,
  type CashSessionDetail,
  type CashSessionListQuery,
  type CloseCashSessionInput,
  type CashMovementInput,
  type OpenCashSessionInput,
} from '@posauto/shared/schemas/cash-sessions';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { CashEntryKind } from '../../db/tables/sales';
import { forUpdate } from '../../db/dialect/index';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { transactional } from '../../db/transaction';
import { branchScope, type RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { cashSessionDetail, cashSessionOptions, cashSessionReport, header, listCashSessions, visible } from './cash-session-read';
import { assertDrawerHolds, expectedCash, lockOpenCashSession } from './drawer';

export const CASH_SESSION_SERIES = 'cash_session_number';
const PREFIX = 'CS';

/** The session row, visible to the caller and locked until the transaction ends. */
async function lockVisible(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  let q = trx.selectFrom('cash_sessions as s').selectAll('s').where('s.business_id', '=', ctx.businessId).where('s.id', '=', id);
  q = visible(q, ctx);
  const row = await forUpdate(deps.kind, q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** One line of the session's cash book (an opening, a movement in or out), by the caller, now. */
async function insertEntry(
  trx: Kysely<Database>,
  deps: Deps,
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
      created_at: deps.clock.now().toISOString(),
    })
    .execute();
}

export function cashSessionsService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'cash_session');
  // The partial unique index cash_sessions_one_open refuses a second open session of a cashier, also when two
  // opens race past the service's own check.
  const openWrite = transactional(db, kind, () => conflict('cash.errors.already_open'));

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
    await insertEntry(trx, deps, ctx, id, { kind: 'opening', currency: 'USD', amount: openingUsd });
    await insertEntry(trx, deps, ctx, id, { kind: 'opening', currency: 'KHR', amount: openingKhr });
    await audit(trx, ctx, 'open', id, {
      session_number: number,
      branch_id: branchId,
      opening_usd: openingUsd,
      opening_khr: openingKhr,
    });
    return cashSessionDetail(trx, ctx, id);
  }

  async function closeIn(trx: Kysely<Database>, ctx: RequestContext, id: string, input: CloseCashSessionInput): Promise<CashSessionDetail> {
    const s = await lockVisible(trx, deps, ctx, id);
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
    return cashSessionDetail(trx, ctx, id);
  }

  return {
    get: (ctx: RequestContext, id: string) => cashSessionDetail(db, ctx, id),

    /** The caller's open session with its running figures, or null. */
    async current(ctx: RequestContext): Promise<CashSessionDetail | null> {
      const row = await header(db, ctx.businessId).where('s.user_id', '=', ctx.userId).where('s.status', '=', 'open').executeTakeFirst();
      return row ? cashSessionReport(db, ctx.businessId, row) : null;
    },

    list: (ctx: RequestContext, query: CashSessionListQuery) => listCashSessions(deps, ctx, query),

    /** Branches (a branch user: its own) and the cashiers who have sessions the caller may see. */
    options: (ctx: RequestContext) => cashSessionOptions(db, ctx),

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
        const s = await lockVisible(trx, deps, ctx, id);
        if (s.user_id !== ctx.userId) throw unprocessable('cash.errors.not_own_session');
        if (s.status !== 'open') throw conflict('cash.errors.closed');
        const currency = input.currency;
        const amount = cashMinor(currency, input.amount);
        if (input.type === 'out')
          await assertDrawerHolds(trx, ctx.businessId, id, { [currency]: amount }, 'cash.errors.cash_out_exceeds', 'amount');
        const entryKind = input.type === 'in' ? 'cash_in' : 'cash_out';
        await insertEntry(trx, deps, ctx, id, {
          kind: entryKind,
          currency,
          amount: input.type === 'in' ? amount : -amount,
          reason: input.reason,
        });
        await audit(trx, ctx, entryKind, id, { session_number: s.session_number, currency, amount, reason: input.reason });
        return cashSessionDetail(trx, ctx, id);
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
