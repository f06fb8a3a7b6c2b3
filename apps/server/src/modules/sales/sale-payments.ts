import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { computeChange, money, tenderValues, type CurrencyCode, type ExchangeRate } from '@posauto/shared/money/index';
import type { ChangeIn, salePaymentInputSchema } from '@posauto/shared/schemas/sales';
import type { Database } from '../../db/types';
import type { WriteBatch } from '../../db/write-batch';
import { kindOf, precompiled } from '../../db/precompiled';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { assertDrawerHolds } from '../cash-sessions/index';
import type { SaleSettings } from './sale-context';
import { isTillSale, type SaleIn } from './sale-input';
import { toMinor } from './sale-money';

export type PaymentIn = z.output<typeof salePaymentInputSchema>;

export interface PreparedPayments {
  rows: { input: PaymentIn; amount: number; inSale: number; methodType: string }[];
  /** Applied to what was due plus the rounding (never above it). */
  paid: number;
  tendered: number;
  /** What went back, in the sale's currency. */
  change: number;
  changeUsd: number;
  changeKhr: number;
  /**
   * Added to the total: a riel payment of the riel total shown, short by under half a note (negative), or change given
   * in whole dollars by a drawer out of riel (either sign). Recorded on the sale, so the books add up to the cent.
   */
  rounding: number;
}

const methodRead = precompiled(
  ['business', 'id'],
  (db, v) => db.selectFrom('payment_methods').select(['type', 'status']).where('business_id', '=', v.business).where('id', '=', v.id),
  { prepared: true },
);

/**
 * Payments against `due` (in `currency`): each an active payment method of the shop, handed over in USD or riel.
 * Only cash may exceed what is due; the change goes back as the cashier chose (`changeIn`): whole dollars and riel
 * (100-riel notes) by default, all in riel, or all in whole dollars when the drawer has no riel; the money module
 * computes each, in the shop's favour by less than one note except where the rounding is recorded.
 */
export async function preparePayments(
  trx: Kysely<Database>,
  businessId: string,
  payments: readonly PaymentIn[],
  due: number,
  currency: CurrencyCode,
  rate: ExchangeRate,
  changeIn: ChangeIn = 'split',
): Promise<PreparedPayments> {
  const rows: PreparedPayments['rows'] = [];
  for (const [i, p] of payments.entries()) {
    const field = `payments.${i}`;
    const [method] = (await methodRead(trx, kindOf(trx), { business: businessId, id: p.payment_method_id })).rows;
    if (!method?.status) throw unprocessable('sales.errors.method_required', `${field}.payment_method_id`);
    const amount = toMinor(p.amount, p.currency, `${field}.amount`);
    if (amount <= 0) throw unprocessable('sales.errors.payment_amount_required', `${field}.amount`);
    rows.push({ input: p, amount, inSale: 0, methodType: method.type });
  }
  // Each payment's worth in the sale's currency, adding up to exactly what the sale is credited (paidInDue below).
  tenderValues(
    rows.map((r) => money(r.amount, r.input.currency)),
    currency,
    rate,
  ).forEach((v, i) => (rows[i]!.inSale = v.amount));
  const totalDue = money(due, currency);
  const tender = (list: typeof rows) => list.map((r) => money(r.amount, r.input.currency));
  // Money that does not go through the drawer cannot be given back as change.
  const nonCash = computeChange({ totalDue, tendered: tender(rows.filter((r) => r.methodType !== 'cash')), rate });
  if (nonCash.changeDue.amount > 0) throw unprocessable('sales.errors.only_cash_over', 'payments');
  const c = computeChange({ totalDue, tendered: tender(rows), rate });
  let rounding = c.rounding.amount;
  let change = c.changeDue.amount;
  let changeUsd = currency === 'USD' ? c.changeSplit.usd.amount : 0;
  let changeKhr = currency === 'USD' ? c.changeSplit.khr.amount : c.changeInRiel.amount;
  if (change > 0 && changeIn === 'KHR') [changeUsd, changeKhr] = [0, c.changeInRiel.amount];
  if (change > 0 && changeIn === 'USD') {
    [changeUsd, changeKhr] = [c.changeInDollars.usd.amount, 0];
    rounding += c.changeInDollars.rounding.amount;
    change -= c.changeInDollars.rounding.amount;
  }
  return {
    rows,
    paid: due + rounding - c.remaining.amount,
    tendered: c.paidInDue.amount,
    change,
    changeUsd,
    changeKhr,
    rounding,
  };
}

/** Cash per currency the payments put in a drawer. */
const cashIn = (prepared: PreparedPayments) => {
  const sum = { USD: 0, KHR: 0 };
  for (const r of prepared.rows) if (r.methodType === 'cash') sum[r.input.currency] += r.amount;
  return sum;
};

/**
 * The change must come out of the drawer that takes the payment: the notes handed over go in first, then the change
 * goes out, and neither currency may go below zero (a drawer opened with 40,000 riel cannot give twenty 3,900-riel
 * changes). Refused with what the drawer holds, so the cashier gives the change in the other currency.
 */
export async function assertChangeInDrawer(
  trx: Kysely<Database>,
  businessId: string,
  sessionId: string,
  prepared: PreparedPayments,
): Promise<void> {
  if (prepared.changeUsd <= 0 && prepared.changeKhr <= 0) return;
  await assertDrawerHolds(
    trx,
    businessId,
    sessionId,
    { USD: prepared.changeUsd, KHR: prepared.changeKhr },
    'sales.errors.drawer_change_short',
    'change_in',
    cashIn(prepared),
  );
}

/** Writes the payments of a sale and, when a cash session takes them, the drawer's entries (cash in, change out). */
export function writePayments(
  trx: Kysely<Database>,
  rows: WriteBatch,
  ctx: Pick<RequestContext, 'businessId' | 'userId'>,
  saleId: string,
  prepared: PreparedPayments,
  sessionId: string | null,
  paidOn: string,
  at: string,
  cashKind: 'sale' | 'payment',
): void {
  if (prepared.rows.length)
    rows.add(
      trx.insertInto('sale_payments').values(
        prepared.rows.map((r) => ({
          business_id: ctx.businessId,
          id: newId(),
          sale_id: saleId,
          payment_method_id: r.input.payment_method_id,
          method_type: r.methodType,
          currency: r.input.currency,
          amount: r.amount,
          amount_in_sale_currency: r.inSale,
          reference: r.input.reference ?? '',
          khqr_md5: r.input.khqr_md5 ?? null,
          cash_session_id: sessionId,
          paid_on: paidOn,
          created_by: ctx.userId,
          created_at: at,
        })),
      ),
    );
  if (!sessionId) return;
  const entries: { kind: 'sale' | 'payment' | 'change'; currency: 'USD' | 'KHR'; amount: number }[] = [];
  for (const r of prepared.rows)
    if (r.methodType === 'cash') entries.push({ kind: cashKind, currency: r.input.currency, amount: r.amount });
  if (prepared.changeUsd > 0) entries.push({ kind: 'change', currency: 'USD', amount: -prepared.changeUsd });
  if (prepared.changeKhr > 0) entries.push({ kind: 'change', currency: 'KHR', amount: -prepared.changeKhr });
  if (!entries.length) return;
  rows.add(
    trx.insertInto('cash_session_entries').values(
      entries.map((e) => ({
        business_id: ctx.businessId,
        id: newId(),
        session_id: sessionId,
        kind: e.kind,
        currency: e.currency,
        amount: e.amount,
        sale_id: saleId,
        return_id: null,
        reason: '',
        created_by: ctx.userId,
        created_at: at,
      })),
    ),
  );
}

/** Payments and change: a till sale is paid at once; what is not paid is the customer's due, never the walk-in's. */
export async function takePayments(
  trx: Kysely<Database>,
  ctx: RequestContext,
  input: SaleIn,
  due: number,
  s: Pick<SaleSettings, 'currency' | 'rate'>,
  place: { drawer: string | null; customer: { isWalkIn: boolean } },
): Promise<PreparedPayments> {
  const quotation = input.document === 'quotation';
  if (quotation && input.payments.length) throw unprocessable('sales.errors.quotation_no_payments', 'payments');
  if (isTillSale(input) && !input.payments.length && due > 0) throw unprocessable('sales.errors.payment_required', 'payments');
  const pay = await preparePayments(trx, ctx.businessId, input.payments, due, s.currency, s.rate, input.change_in);
  // The walk-in customer cannot owe: what is not paid needs a named customer.
  if (!quotation && pay.paid < due + pay.rounding && place.customer.isWalkIn)
    throw unprocessable('sales.errors.walk_in_must_pay', 'payments');
  if (place.drawer) await assertChangeInDrawer(trx, ctx.businessId, place.drawer, pay);
  return pay;
}
