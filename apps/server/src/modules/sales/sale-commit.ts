import type { Kysely } from 'kysely';
import { documentLimitProblem } from '@posauto/shared/money/index';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { writeBatch } from '../../db/write-batch';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { localDay } from '../../lib/time-zone';
import { useCoupon } from '../coupons/index';
import { takeTillNumber } from '../tills/index';
import { partiesAndSession, saleSettings } from './sale-context';
import { checkDiscountLimit } from './sale-discount';
import { offlineDiscount, offlinePlan, priceFlag, reviewColumn, settleClosedSession, type OfflinePlan } from './sale-offline';
import { isTillSale, type SaleIn } from './sale-input';
import { prepareLines } from './sale-lines';
import { paymentStatusOf } from './sale-money';
import { takePayments, writePayments } from './sale-payments';
import { auditSale, discountColumns, numberAndRecord, writeLines } from './sale-record';
import { stockOut } from './sale-stock';
import { saleTotals } from './sale-totals';

export { SALE_DOC, assertMayWrite, isTillSale, type SaleIn } from './sale-input';
export { openSession, type SaleSettings } from './sale-context';
export { preparePayments, writePayments, type PaymentIn, type PreparedPayments } from './sale-payments';

export interface CommitOptions {
  idempotencyKey?: string | null;
  requestHash?: string | null;
  /**
   * How lines are priced: at the catalogue's prices today, an edited price or a line discount only as the settings
   * allow (the default); or as a quotation froze them (`frozen`: the settings are not asked, nor the discount limit).
   */
  prices?: 'catalogue' | 'frozen';
  /**
   * The cash session the sale belongs to: the caller's open one, locked (the default); or one the caller names (a
   * table's order paid later at this till, an offline sale that reaches the server after its session); null: none.
   */
  session?: { id: string; branch_id: string } | null;
  /** When the sale was made (an offline till's clock); by default the time its number is taken. */
  soldAt?: Date;
  convertedFromId?: string | null;
  /** An unpaid invoice being edited in place (its old lines and movements are already answered). */
  replaceId?: string | null;
  /** A bill paid at a table: its order, table (the name it had) and waiter, for the reports (modules/orders). */
  table?: { orderId: string; tableId: string | null; tableName: string | null; waiterId: string | null };
  /** The names of the first lines, priced by the server (a room's time): see prepareLines. */
  serviceNames?: readonly string[];
}

/**
 * Commits a sale, invoice or quotation inside the caller's transaction, as a list of named steps, each in its own
 * file: the shop's settings; parties and session (sale-context.ts); lines and prices (sale-lines.ts); totals by the
 * one recipe (sale-totals.ts, priceSale); the discount limit (sale-discount.ts); payments and change, and the drawer
 * (sale-payments.ts); stock through the ledger (sale-stock.ts); the coupon's use; the number, the time and the rows
 * (sale-record.ts); the drawer's entries; the audit. Any refusal throws and the caller's transaction rolls back, so
 * nothing is saved. The sale's time, its session and its price mode are inputs (CommitOptions). Returns the id.
 */
export async function commitSale(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: SaleIn, opts: CommitOptions = {}) {
  const frozen = opts.prices === 'frozen';
  const quotation = input.document === 'quotation';
  const shop = await saleSettings(trx, ctx.businessId);
  // An offline till's sale: its session, time and the rules it was sold under (sale-offline.ts).
  if (input.offline && (!isTillSale(input) || opts.replaceId)) throw unprocessable('tills.errors.till_sale_only', 'offline');
  const offline = input.offline ? await offlinePlan(trx, deps, ctx, input.offline, shop) : null;
  const s = offline?.settings ?? shop;
  const soldAt = offline?.soldAt ?? opts.soldAt;
  const today = localDay(soldAt ?? deps.clock.now(), s.timeZone);
  if (input.sale_date && input.sale_date !== today && !s.editDate) throw unprocessable('sales.errors.date_edit_forbidden', 'sale_date');

  const place = await partiesAndSession(trx, deps.kind, ctx, input, s, offline ? offline.session : opts.session);
  const { lines, products } = await prepareLines(trx, ctx, input, place.branchId, s, frozen, opts.serviceNames);
  if (offline) priceFlag(offline, shop, lines, opts.serviceNames?.length ?? 0);
  // The lines at the prices they sell at (the catalogue's times the unit's factor) within NUMBER_LIMITS: a 422, not an overflow.
  const overLimit = documentLimitProblem(s.currency, lines);
  if (overLimit) throw unprocessable(overLimit.key, overLimit.field);
  const t = await saleTotals(trx, ctx, input, lines, s, today);
  const id = opts.replaceId ?? newId();
  const limit = () => checkDiscountLimit(trx, deps, ctx, t.given, input.discount_approval_id, id);
  const approval = quotation || frozen ? null : offline ? await offlineDiscount(offline, limit) : await limit();
  const pay = await takePayments(trx, ctx, input, t.totals.grandTotal, s, place);
  const grandTotal = t.totals.grandTotal + pay.rounding;
  // The rows go out together, after the number (db/write-batch.ts): on PostgreSQL the series is locked until commit.
  const rows = writeBatch(trx, deps.kind);
  const { cost, short } = quotation
    ? { cost: new Map<string, number>(), short: false }
    : await stockOut(trx, deps, ctx, id, place.branchId, lines, { settings: s.stock, products, writes: rows });
  if (offline && short) offline.flags.add('stock_short');
  let costTotal = 0;
  for (const c of cost.values()) costTotal += c;
  if (t.coupon && !quotation) await useCoupon(trx, ctx.businessId, t.coupon.id);

  const header = {
    document: input.document,
    sale_type: input.sale_type,
    status: quotation ? ('open' as const) : ('completed' as const),
    branch_id: place.branchId,
    cash_session_id: place.drawer,
    customer_id: place.customer.id,
    currency: s.currency,
    exchange_rate: s.rate.rate,
    vat_rate: s.vatRate,
    vat_inclusive: s.vatInclusive ? 1 : 0,
    discount_type: discountColumns(t.orderDiscount)?.discount_type ?? null,
    discount_value: discountColumns(t.orderDiscount)?.discount_value ?? 0,
    discount_amount: t.totals.orderDiscount,
    coupon_id: t.coupon?.id ?? null,
    coupon_code: t.coupon?.code ?? null,
    coupon_amount: t.totals.couponDiscount,
    service_charge_id: t.service?.id ?? null,
    service_type: t.service?.type ?? null,
    service_value: t.service?.value ?? 0,
    service_charge: t.totals.serviceCharge,
    subtotal: t.totals.subtotal,
    tax: t.totals.tax,
    shipping: t.totals.shipping,
    rounding: pay.rounding,
    grand_total: grandTotal,
    paid_amount: pay.paid,
    tendered_amount: pay.tendered,
    change_amount: pay.change,
    change_usd: pay.changeUsd,
    change_khr: pay.changeKhr,
    payment_status: paymentStatusOf(pay.paid, grandTotal),
    cost_total: costTotal,
    line_count: lines.length,
    approved_by: approval?.approvedBy ?? null,
    note: input.note,
    ...(offline ? await offlineColumns(trx, deps, ctx, offline, place.branchId) : {}),
    ...(opts.table
      ? {
          table_order_id: opts.table.orderId,
          table_id: opts.table.tableId,
          table_name: opts.table.tableName,
          waiter_id: opts.table.waiterId,
        }
      : {}),
  };
  const { number, at, saleDate } = await numberAndRecord(trx, rows, deps, ctx, s, input, id, header, {
    ...opts,
    ...(soldAt ? { soldAt } : {}),
    ...(offline ? { number: header.invoice_number } : {}),
  });
  writeLines(trx, rows, ctx, id, lines, t.totals, cost);
  if (!quotation) writePayments(trx, rows, ctx, id, pay, place.drawer, saleDate, at, 'sale');
  auditSale(trx, rows, deps, ctx, id, number, input, {
    replaced: Boolean(opts.replaceId),
    approval,
    given: t.given,
    priced: !frozen,
    lines,
  });
  await rows.flush();
  if (offline) await settleClosedSession(trx, ctx, offline);
  return id;
}

/** An offline sale's own columns: its till's number (which is its invoice number), arrival time and review flags. */
async function offlineColumns(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, offline: OfflinePlan, branchId: string) {
  const at = deps.clock.now().toISOString();
  const { invoiceNumber } = await takeTillNumber(trx, ctx, at, { tillId: offline.tillId, number: offline.number, branchId });
  return {
    invoice_number: invoiceNumber,
    till_id: offline.tillId,
    till_number: offline.number,
    received_at: at,
    review: reviewColumn(offline.flags),
  };
}

/**
 * What a sale of these lines would come to, by the same steps as commitSale (settings, lines at the catalogue's
 * prices, totals by priceSale), writing nothing: a table's pre-bill. No payment, discount limit or stock is asked.
 */
export async function priceSaleDraft(
  trx: Kysely<Database>,
  ctx: RequestContext,
  input: SaleIn,
  branchId: string,
  now: Date,
  serviceNames: readonly string[] = [],
) {
  const s = await saleSettings(trx, ctx.businessId);
  const { lines } = await prepareLines(trx, ctx, input, branchId, s, false, serviceNames);
  const overLimit = documentLimitProblem(s.currency, lines);
  if (overLimit) throw unprocessable(overLimit.key, overLimit.field);
  const t = await saleTotals(trx, ctx, input, lines, s, localDay(now, s.timeZone));
  return { settings: s, lines, totals: t.totals, service: t.service };
}
