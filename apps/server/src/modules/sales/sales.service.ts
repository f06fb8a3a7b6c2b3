import { sql, type Kysely } from 'kysely';
import {
  PERCENT_DIGITS,
  cashRoundRiel,
  convert,
  money,
  type ExchangeRate,
  exchangeRate,
  formatDecimal,
  formatQuantity,
  isCurrencyCode,
  type CurrencyCode,
} from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  idempotencyKeySchema,
  saleConvertInputSchema,
  saleInputSchema,
  salePaymentAddSchema,
  saleVoidInputSchema,
  type SaleVoidInput,
  type Sale,
  type SaleConvertInput,
  type SaleDetail,
  type SaleInput,
  type SaleListQuery,
  type SalePaymentAdd,
} from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate, isUniqueViolation, preparedRows } from '../../db/dialect/index';
import { groupCommit } from '../../db/group-commit';
import { writeBatch } from '../../db/write-batch';
import { runList } from '../../db/list';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { AppError, forbidden, invalid, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '../../lib/time-zone';
import { auditFor } from '../../kernel/audit';
import { postMovements } from '../stock/index';
import { assertDrawerHolds, type CashByCurrency } from '../cash-sessions/index';
import { releaseCoupon } from '../coupons/index';
import { SALE_DOC, assertMayWrite, commitSale, isTillSale, openSession, type CommitOptions, type SaleIn } from './sale-commit';
import { assertChangeInDrawer, preparePayments, writePayments } from './sale-payments';
import { moneyOut, paymentStatusOf, requestHash } from './sale-money';
import { dueOf, saleDetail, saleHeader, toApi, visibleTo } from './sales-read';

/** The answer to POST /sales: the document, and whether it is the first answer to its Idempotency-Key. */
export interface CreatedSale {
  sale: SaleDetail;
  replayed: boolean;
}

/** Locks a sale row the caller may see until the transaction ends (PostgreSQL): returns, payments, voids take turns. */
export async function lockSale(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  let q = trx.selectFrom('sales as s').selectAll('s').where('s.business_id', '=', ctx.businessId).where('s.id', '=', id);
  q = whereBranch(q, 's.branch_id', ctx);
  const visible = visibleTo(ctx);
  if (visible) q = q.where(visible);
  const row = await forUpdate(deps.kind, q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** What returns of a sale gave back to the customer's balance. */
async function balanceRefunded(trx: Kysely<Database>, businessId: string, saleId: string): Promise<number> {
  const r = await trx
    .selectFrom('sale_returns')
    .select(sql<number>`coalesce(sum(refund_amount), 0)`.as('n'))
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .where('status', '=', 'posted')
    .where('refund_method', '=', 'balance')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Takes back what a sale has taken out of stock so far (its net movements per line), at the cost each left at: a
 * void stops there, an invoice edit then posts its new lines. History is never rewritten, only answered.
 */
async function reverseSold(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  const moved = await trx
    .selectFrom('stock_movements')
    .select(['branch_id', 'product_id', 'variant_id', 'doc_line_id', 'quantity', 'cost_total'])
    .where('business_id', '=', ctx.businessId)
    .where('doc_type', '=', SALE_DOC)
    .where('doc_id', '=', id)
    .orderBy('id')
    .execute();
  const net = new Map<string, { m: (typeof moved)[number]; quantity: number; cost: number }>();
  for (const m of moved) {
    const k = [m.branch_id, m.product_id, m.variant_id, m.doc_line_id ?? ''].join('/');
    const prev = net.get(k) ?? { m, quantity: 0, cost: 0 };
    net.set(k, { m, quantity: prev.quantity + Number(m.quantity), cost: prev.cost + Number(m.cost_total) });
  }
  const lines = [...net.values()]
    .filter((n) => n.quantity < 0)
    .map((n) => ({
      branchId: n.m.branch_id,
      productId: n.m.product_id,
      variantId: n.m.variant_id || null,
      quantity: -n.quantity,
      cost: -n.cost,
      docLineId: n.m.doc_line_id,
      asMoved: true,
    }));
  if (lines.length)
    await postMovements(trx, deps.kind, deps.clock.now(), ctx, { type: 'sale_return', docType: SALE_DOC, docId: id, lines });
}

async function hasPostedReturns(trx: Kysely<Database>, businessId: string, id: string) {
  return Boolean(
    await trx
      .selectFrom('sale_returns')
      .select('id')
      .where('business_id', '=', businessId)
      .where('sale_id', '=', id)
      .where('status', '=', 'posted')
      .executeTakeFirst(),
  );
}

async function shopToday(trx: Kysely<Database>, deps: Deps, businessId: string): Promise<string> {
  const g = await trx.selectFrom('general_settings').select('time_zone').where('business_id', '=', businessId).executeTakeFirst();
  return localDay(deps.clock.now(), isTimeZone(g?.time_zone) ? g.time_zone : DEFAULT_TIME_ZONE);
}

export function salesService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'sale');
  // New documents: on SQLite those that arrive together share one commit (db/group-commit.ts).
  const written = kind === 'sqlite' ? groupCommit(db) : <T>(run: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(run);

  /** The first sale made with an Idempotency-Key, or undefined. */
  const byKey = async (trx: Kysely<Database>, businessId: string, key: string) =>
    (
      await preparedRows(
        trx,
        trx.selectFrom('sales').select(['id', 'request_hash']).where('business_id', '=', businessId).where('idempotency_key', '=', key),
      )
    )[0];

  /** The same key again: the first sale if the body is the same, refused if it is not. */
  async function replay(ctx: RequestContext, found: { id: string; request_hash: string | null }, hash: string): Promise<CreatedSale> {
    if (found.request_hash !== hash) throw unprocessable('sales.errors.idempotency_mismatch');
    return { sale: await db.connection().execute((conn) => saleDetail(conn, kind, ctx, found.id)), replayed: true };
  }

  return {
    /**
     * POST /sales. With an Idempotency-Key (required at the till), a key already used answers the first sale and
     * saves nothing; when two requests with one key arrive together, the second meets the unique index on the key
     * (on PostgreSQL after waiting for the first transaction), its transaction rolls back, and it answers the first.
     *
     * Each read asks the database for a connection, and at 50 tills on PostgreSQL the wait for one of the pool's ten was
     * most of a sale's time: the key is looked for inside the sale's own transaction, and the answer is read on one
     * connection, not one a query (issue #22, item 8).
     */
    async create(ctx: RequestContext, raw: SaleInput, key?: string | null): Promise<CreatedSale> {
      const input = saleInputSchema.parse(raw);
      assertMayWrite(ctx, input);
      if (key !== undefined && key !== null && !idempotencyKeySchema.safeParse(key).success)
        throw invalid({ 'idempotency-key': 'sales.errors.idempotency_key_invalid' });
      if (!key && isTillSale(input)) throw unprocessable('sales.errors.idempotency_key_required', 'idempotency-key');
      // RFC 9562: a UUID's text is read in either case; one sale, one key.
      if (key) key = key.toLowerCase();
      const hash = key ? requestHash(input) : null;
      try {
        const outcome = await written(async (trx) => {
          if (key) {
            // A key already used: the first sale, and this transaction writes nothing. SQLite runs one write
            // transaction at a time, so a duplicate that waited its turn (or came in the same group commit) finds the
            // first here; on PostgreSQL one still under way is stopped by the unique index on the key at the insert.
            const found = await byKey(trx, ctx.businessId, key);
            if (found) return { replay: found };
          }
          return { id: await commitSale(trx, deps, ctx, input, { idempotencyKey: key ?? null, requestHash: hash }) };
        });
        if ('replay' in outcome) return replay(ctx, outcome.replay!, hash!);
        const id = outcome.id;
        return { sale: await db.connection().execute((conn) => saleDetail(conn, kind, ctx, id, true)), replayed: false };
      } catch (e) {
        if (key && isUniqueViolation(kind, e)) {
          const found = await byKey(db, ctx.businessId, key);
          if (found) return replay(ctx, found, hash!);
        }
        throw e;
      }
    },

    async list(ctx: RequestContext, query: SaleListQuery): Promise<ListResponse<Sale>> {
      const visible = visibleTo(ctx);
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => {
          let q = saleHeader(db, biz);
          if (visible) q = q.where(visible);
          if (query.from) q = q.where('s.sale_date', '>=', query.from);
          if (query.to) q = q.where('s.sale_date', '<=', query.to);
          return q;
        },
        { ...query, status: undefined, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['s.invoice_number', 'c.name', 'c.member_id', 's.note'],
          sorts: { invoice_number: 's.invoice_number', sale_date: 's.sale_date', sold_at: 's.sold_at', grand_total: 's.grand_total' },
          // Newest first, the way a shop reads its sales.
          defaultSort: 's.sold_at',
          idColumn: 's.id',
        },
        undefined,
        {
          ...branchFilter(ctx, 's.branch_id', query.branch_id),
          's.document': query.document,
          's.sale_type': query.sale_type,
          's.created_by': query.cashier_id,
          's.customer_id': query.customer_id,
          's.cash_session_id': query.cash_session_id,
          's.status': query.sale_status,
          's.payment_status': query.payment_status,
        },
      );
      return { data: rows.map(toApi), meta };
    },

    get: (ctx: RequestContext, id: string) => saleDetail(db, kind, ctx, id),

    /** A reprint of a receipt or invoice: allowed, and written to the audit log. */
    async reprint(ctx: RequestContext, id: string): Promise<SaleDetail> {
      return db.transaction().execute(async (trx) => {
        const doc = await saleDetail(trx, kind, ctx, id);
        await audit(trx, ctx, 'reprint', id, { invoice_number: doc.invoice_number });
        return doc;
      });
    },

    /**
     * A payment towards what a sale or invoice is still owed, in dollars or riel at the sale's frozen rate. Cash
     * may be more than the due (the change goes back); cash goes into the caller's open session at that branch.
     */
    async addPayment(ctx: RequestContext, id: string, raw: SalePaymentAdd): Promise<SaleDetail> {
      const input = salePaymentAddSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        const row = await lockSale(trx, deps, ctx, id);
        const p = ctx.permissions;
        if (!(p.has('sale-management') || (row.document === 'invoice' ? p.has('sale-invoice') : p.has('sale-pos') || p.has('sale-list'))))
          throw forbidden();
        if (row.document === 'quotation') throw unprocessable('sales.errors.quotation_no_payments');
        if (row.status !== 'completed') throw unprocessable('sales.errors.void');
        const credited = await balanceRefunded(trx, ctx.businessId, id);
        const due = dueOf({ grand_total: row.grand_total, paid_amount: row.paid_amount, balance_refunded: credited });
        if (due <= 0) throw unprocessable('sales.errors.already_paid');
        if (!isCurrencyCode(row.currency)) throw unprocessable('sales.errors.currency_unknown');
        const { paid_on, change_in, ...payment } = input;
        const pay = await preparePayments(
          trx,
          ctx.businessId,
          [payment],
          due,
          row.currency as CurrencyCode,
          exchangeRate(Number(row.exchange_rate)),
          change_in,
        ).catch((e: unknown) => {
          throw renameField(e, 'payments.0.', '');
        });
        const session = await openSession(trx, kind, ctx);
        const drawer = session && session.branch_id === row.branch_id ? session.id : null;
        if (drawer) await assertChangeInDrawer(trx, ctx.businessId, drawer, pay);
        const at = clock.now().toISOString();
        const rows = writeBatch(trx, kind);
        writePayments(trx, rows, ctx, id, pay, drawer, paid_on ?? (await shopToday(trx, deps, ctx.businessId)), at, 'payment');
        await rows.flush();
        const paid = Number(row.paid_amount) + pay.paid;
        // Cash rounding of this payment (riel total paid in riel notes, change in whole dollars) adjusts the total.
        const total = Number(row.grand_total) + pay.rounding;
        await trx
          .updateTable('sales')
          .set({
            paid_amount: paid,
            rounding: Number(row.rounding) + pay.rounding,
            grand_total: total,
            payment_status: paymentStatusOf(paid, total - credited),
            updated_at: at,
          })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        await audit(trx, ctx, 'payment', id, { amount: input.amount, currency: input.currency });
        return saleDetail(trx, kind, ctx, id);
      });
    },

    /**
     * Voids a sale or invoice (sale-management) or a quotation: its stock comes back at the cost it left at, the cash
     * it put in a drawer goes out of the caller's open session, a coupon use is given back. Refused once returned.
     */
    async void(ctx: RequestContext, id: string, raw: SaleVoidInput = {}): Promise<SaleDetail> {
      const input = saleVoidInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        const row = await lockSale(trx, deps, ctx, id);
        const p = ctx.permissions;
        if (!(p.has('sale-management') || (row.document === 'quotation' && p.has('sale-quotation')))) throw forbidden();
        if (row.status === 'void') throw unprocessable('stock.errors.already_void');
        if (row.status === 'converted') throw unprocessable('sales.errors.quotation_converted');
        if (await hasPostedReturns(trx, ctx.businessId, id)) throw unprocessable('sales.errors.has_returns');
        const at = clock.now().toISOString();
        await trx
          .updateTable('sales')
          .set({ status: 'void', voided_at: at, updated_at: at })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        if (row.document !== 'quotation') {
          await reverseSold(trx, deps, ctx, id);
          if (row.coupon_id) await releaseCoupon(trx, ctx.businessId, row.coupon_id);
          // The cash this sale left in drawers (taken less change given) goes back out of the caller's drawer.
          const cash = await trx
            .selectFrom('cash_session_entries')
            .select(['currency', sql<number>`sum(amount)`.as('amount')])
            .where('business_id', '=', ctx.businessId)
            .where('sale_id', '=', id)
            .where('return_id', 'is', null)
            .groupBy('currency')
            .execute();
          const out = voidRefund(cash, input.refund_currency ?? null, exchangeRate(Number(row.exchange_rate)));
          if (out.USD > 0 || out.KHR > 0) {
            const session = await openSession(trx, kind, ctx);
            if (!session) throw unprocessable('sales.errors.no_open_session');
            // Never more out of the drawer than it holds: the cashier can pay it back in the other currency instead.
            await assertDrawerHolds(trx, ctx.businessId, session.id, out, 'sales.errors.drawer_void_short', 'refund_currency');
            for (const currency of ['USD', 'KHR'] as const)
              if (out[currency] > 0)
                await trx
                  .insertInto('cash_session_entries')
                  .values({
                    business_id: ctx.businessId,
                    id: newId(),
                    session_id: session.id,
                    kind: 'refund',
                    currency,
                    amount: -out[currency],
                    sale_id: id,
                    return_id: null,
                    reason: 'void',
                    created_by: ctx.userId,
                    created_at: at,
                  })
                  .execute();
          }
        }
        await audit(trx, ctx, 'void', id, { invoice_number: row.invoice_number });
        return saleDetail(trx, kind, ctx, id);
      });
    },

    /** An open quotation becomes a sale or an invoice at its quoted prices, in one step; stock moves then. */
    async convert(ctx: RequestContext, id: string, raw: SaleConvertInput): Promise<SaleDetail> {
      const body = saleConvertInputSchema.parse(raw);
      const newId_ = await db.transaction().execute(async (trx) => {
        const q = await lockSale(trx, deps, ctx, id);
        if (q.document !== 'quotation') throw unprocessable('sales.errors.not_quotation');
        if (q.status !== 'open') throw unprocessable('sales.errors.quotation_not_open');
        const input = saleInputSchema.parse(await asInput(trx, ctx.businessId, q, body.document, body.payments));
        assertMayWrite(ctx, input);
        const created = await commitSale(trx, deps, ctx, input, { prices: 'frozen', convertedFromId: id });
        await trx
          .updateTable('sales')
          .set({ status: 'converted', updated_at: clock.now().toISOString() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        await audit(trx, ctx, 'convert', id, { into: created });
        return created;
      });
      return saleDetail(db, kind, ctx, newId_);
    },

    /**
     * Edits an invoice while nothing was paid and nothing delivered: what it took from stock comes back and the new
     * lines leave again, so the ledger shows the correction; the number and date of making stay.
     */
    async update(ctx: RequestContext, id: string, raw: SaleInput): Promise<SaleDetail> {
      const input = saleInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        const row = await lockSale(trx, deps, ctx, id);
        if (row.document !== 'invoice' || input.document !== 'invoice') throw unprocessable('sales.errors.only_invoice_edit');
        assertMayWrite(ctx, input);
        if (row.status !== 'completed') throw unprocessable('sales.errors.void');
        if (Number(row.paid_amount) > 0 || row.delivered_at) throw unprocessable('sales.errors.invoice_locked');
        if (await hasPostedReturns(trx, ctx.businessId, id)) throw unprocessable('sales.errors.has_returns');
        await reverseSold(trx, deps, ctx, id);
        if (row.coupon_id) await releaseCoupon(trx, ctx.businessId, row.coupon_id);
        await trx.deleteFrom('sale_lines').where('business_id', '=', ctx.businessId).where('sale_id', '=', id).execute();
        const options: CommitOptions = { replaceId: id };
        await commitSale(trx, deps, ctx, input, options);
        return saleDetail(trx, kind, ctx, id);
      });
    },
  };
}

/**
 * What a void pays back out of the drawer: the cash the sale left in drawers (taken less change given), per currency,
 * or all of it in `currency` at the sale's frozen rate (riel to the 100-riel note, in the shop's favour) when the
 * drawer lacks the other. A currency whose net is not positive (change given exceeded what came in) pays nothing.
 */
function voidRefund(
  cash: { currency: 'USD' | 'KHR'; amount: number }[],
  currency: 'USD' | 'KHR' | null,
  rate: ExchangeRate,
): CashByCurrency {
  const net: CashByCurrency = { USD: 0, KHR: 0 };
  for (const c of cash) net[c.currency] += Number(c.amount);
  if (!currency) return { USD: Math.max(net.USD, 0), KHR: Math.max(net.KHR, 0) };
  const other = currency === 'USD' ? 'KHR' : 'USD';
  const moved = convert(money(net[other], other), currency, rate, 'floor').amount;
  const total = net[currency] + moved;
  const amount = currency === 'KHR' ? cashRoundRiel(total, 'down') : total;
  return { USD: currency === 'USD' ? Math.max(amount, 0) : 0, KHR: currency === 'KHR' ? Math.max(amount, 0) : 0 };
}

/** A field error of a nested payment named as the single-payment body names it. */
function renameField(e: unknown, from: string, to: string): unknown {
  if (!(e instanceof AppError) || !e.fieldErrors) return e;
  const fields = Object.entries(e.fieldErrors).map(([k, v]) => [k.startsWith(from) ? to + k.slice(from.length) : k, v]);
  return new AppError(e.statusCode, e.messageKey, Object.fromEntries(fields));
}

/** A quotation as the input of the sale or invoice it becomes (its frozen prices and discounts). */
async function asInput(
  trx: Kysely<Database>,
  businessId: string,
  q: Awaited<ReturnType<typeof lockSale>>,
  document: 'sale' | 'invoice',
  payments: SaleIn['payments'],
): Promise<SaleInput> {
  const c = q.currency;
  const discountText = (type: 'percent' | 'fixed' | null, value: number) =>
    type ? { type, value: type === 'percent' ? formatDecimal(Number(value), PERCENT_DIGITS) : moneyOut(value, c) } : null;
  const lines = await trx
    .selectFrom('sale_lines')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('sale_id', '=', q.id)
    .orderBy('line_no')
    .execute();
  return {
    document,
    sale_type: q.sale_type,
    branch_id: q.branch_id,
    customer_id: q.customer_id,
    lines: lines.map((l) => ({
      product_id: l.product_id,
      variant_id: l.variant_id || null,
      unit_id: l.unit_id,
      quantity: formatQuantity(Number(l.quantity)),
      unit_price: moneyOut(l.unit_price, c),
      discount: discountText(l.discount_type, l.discount_value),
    })),
    discount: discountText(q.discount_type, q.discount_value),
    coupon_code: q.coupon_code,
    service_charge_id: q.service_charge_id,
    shipping: moneyOut(q.shipping, c),
    payments,
    note: q.note,
  };
}
