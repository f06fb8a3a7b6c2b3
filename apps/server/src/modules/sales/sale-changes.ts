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
import type { z } from 'zod';
import {
  saleInputSchema,
  type SaleInput,
  type saleConvertInputSchema,
  type salePaymentAddSchema,
  type saleVoidInputSchema,
} from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate } from '../../db/dialect/index';
import { writeBatch } from '../../db/write-batch';
import { whereBranch, type RequestContext } from '../../http/context';
import { AppError, forbidden, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { answerMovements } from '../stock/index';
import { assertDrawerHolds, type CashByCurrency } from '../cash-sessions/index';
import { releaseCoupon } from '../coupons/index';
import { shopSettings, shopToday } from '../settings/index';
import { SALE_DOC, assertMayWrite, commitSale, openSession, type SaleIn } from './sale-commit';
import { assertChangeInDrawer, preparePayments, writePayments } from './sale-payments';
import { moneyOut, paymentStatusOf } from './sale-money';
import { dueOf, visibleTo } from './sales-read';

/*
 * What happens to a sale after it is made: a payment towards what it is owed, a void, a quotation converted, an
 * unpaid invoice edited. Each runs inside the caller's transaction on the sale locked first, so two of them on one
 * sale take turns; the service (sales.service.ts) opens the transaction and answers the document.
 */

type LockedSale = Awaited<ReturnType<typeof lockSale>>;

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
  await answerMovements(trx, deps.kind, deps.clock.now(), ctx, { type: 'sale_return', docType: SALE_DOC, docId: id });
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

/**
 * A payment towards what a sale or invoice is still owed, in dollars or riel at the sale's frozen rate. Cash
 * may be more than the due (the change goes back); cash goes into the caller's open session at that branch.
 */
export async function addSalePayment(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof salePaymentAddSchema>,
) {
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
  const session = await openSession(trx, deps.kind, ctx);
  const drawer = session && session.branch_id === row.branch_id ? session.id : null;
  if (drawer) await assertChangeInDrawer(trx, ctx.businessId, drawer, pay);
  const at = deps.clock.now().toISOString();
  const rows = writeBatch(trx, deps.kind);
  const paidOn = paid_on ?? shopToday(await shopSettings(trx, ctx.businessId), deps.clock);
  writePayments(trx, rows, ctx, id, pay, drawer, paidOn, at, 'payment');
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
  await auditFor(deps.clock, 'sale')(trx, ctx, 'payment', id, { amount: input.amount, currency: input.currency });
}

/**
 * Voids a sale or invoice (sale-management) or a quotation: its stock comes back at the cost it left at, the cash
 * it put in a drawer goes out of the caller's open session, a coupon use is given back. Refused once returned.
 */
export async function voidSale(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof saleVoidInputSchema>,
) {
  const row = await lockSale(trx, deps, ctx, id);
  const p = ctx.permissions;
  if (!(p.has('sale-management') || (row.document === 'quotation' && p.has('sale-quotation')))) throw forbidden();
  if (row.status === 'void') throw unprocessable('stock.errors.already_void');
  if (row.status === 'converted') throw unprocessable('sales.errors.quotation_converted');
  if (await hasPostedReturns(trx, ctx.businessId, id)) throw unprocessable('sales.errors.has_returns');
  const at = deps.clock.now().toISOString();
  await trx
    .updateTable('sales')
    .set({ status: 'void', voided_at: at, updated_at: at })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
  if (row.document !== 'quotation') {
    await reverseSold(trx, deps, ctx, id);
    if (row.coupon_id) await releaseCoupon(trx, ctx.businessId, row.coupon_id);
    await cashBack(trx, deps, ctx, row, input.refund_currency ?? null, at);
  }
  await auditFor(deps.clock, 'sale')(trx, ctx, 'void', id, { invoice_number: row.invoice_number });
}

/** The cash a voided sale left in drawers (taken less change given) goes back out of the caller's drawer. */
async function cashBack(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  row: LockedSale,
  currency: 'USD' | 'KHR' | null,
  at: string,
) {
  const cash = await trx
    .selectFrom('cash_session_entries')
    .select(['currency', sql<number>`sum(amount)`.as('amount')])
    .where('business_id', '=', ctx.businessId)
    .where('sale_id', '=', row.id)
    .where('return_id', 'is', null)
    .groupBy('currency')
    .execute();
  const out = voidRefund(cash, currency, exchangeRate(Number(row.exchange_rate)));
  if (out.USD <= 0 && out.KHR <= 0) return;
  const session = await openSession(trx, deps.kind, ctx);
  if (!session) throw unprocessable('sales.errors.no_open_session');
  // Never more out of the drawer than it holds: the cashier can pay it back in the other currency instead.
  await assertDrawerHolds(trx, ctx.businessId, session.id, out, 'sales.errors.drawer_void_short', 'refund_currency');
  for (const c of ['USD', 'KHR'] as const)
    if (out[c] > 0)
      await trx
        .insertInto('cash_session_entries')
        .values({
          business_id: ctx.businessId,
          id: newId(),
          session_id: session.id,
          kind: 'refund',
          currency: c,
          amount: -out[c],
          sale_id: row.id,
          return_id: null,
          reason: 'void',
          created_by: ctx.userId,
          created_at: at,
        })
        .execute();
}

/** An open quotation becomes a sale or an invoice at its quoted prices, in one step; stock moves then. Returns its id. */
export async function convertQuotation(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  id: string,
  body: z.output<typeof saleConvertInputSchema>,
) {
  const q = await lockSale(trx, deps, ctx, id);
  if (q.document !== 'quotation') throw unprocessable('sales.errors.not_quotation');
  if (q.status !== 'open') throw unprocessable('sales.errors.quotation_not_open');
  const input = saleInputSchema.parse(await asInput(trx, ctx.businessId, q, body.document, body.payments));
  assertMayWrite(ctx, input);
  const created = await commitSale(trx, deps, ctx, input, { prices: 'frozen', convertedFromId: id });
  await trx
    .updateTable('sales')
    .set({ status: 'converted', updated_at: deps.clock.now().toISOString() })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
  await auditFor(deps.clock, 'sale')(trx, ctx, 'convert', id, { into: created });
  return created;
}

/**
 * Edits an invoice while nothing was paid and nothing delivered: what it took from stock comes back and the new
 * lines leave again, so the ledger shows the correction; the number and date of making stay.
 */
export async function updateInvoice(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, input: SaleIn) {
  const row = await lockSale(trx, deps, ctx, id);
  if (row.document !== 'invoice' || input.document !== 'invoice') throw unprocessable('sales.errors.only_invoice_edit');
  assertMayWrite(ctx, input);
  if (row.status !== 'completed') throw unprocessable('sales.errors.void');
  if (Number(row.paid_amount) > 0 || row.delivered_at) throw unprocessable('sales.errors.invoice_locked');
  if (await hasPostedReturns(trx, ctx.businessId, id)) throw unprocessable('sales.errors.has_returns');
  await reverseSold(trx, deps, ctx, id);
  if (row.coupon_id) await releaseCoupon(trx, ctx.businessId, row.coupon_id);
  await trx.deleteFrom('sale_lines').where('business_id', '=', ctx.businessId).where('sale_id', '=', id).execute();
  await commitSale(trx, deps, ctx, input, { replaceId: id });
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
  q: LockedSale,
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
