import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isCurrencyCode, money, paymentWorth } from '@posauto/shared/money/index';
import type { purchasePaymentInputSchema } from '@posauto/shared/schemas/purchases';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { shopSettings } from '../settings/index';
import { paymentStatusOf, toMinor } from './purchase-money';
import { lockPurchase } from './purchase-stock';

// Paying the supplier: a payment adds to what the purchase has paid, a deleted one takes it off again.

type PaymentInput = z.output<typeof purchasePaymentInputSchema>;

/** The riel-per-dollar rate to convert a payment at, or a refusal when the shop has not set one. */
async function rateFor(trx: Kysely<Database>, businessId: string, field: string) {
  const settings = await shopSettings(trx, businessId);
  if (!settings.rateSet) throw unprocessable('purchases.errors.no_rate', `${field}currency`);
  return settings.rate;
}

/** Records a payment on the purchase (locked); `field` prefixes its error fields ('payment.' inside a purchase's body). */
export async function addPaymentIn(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, p: PaymentInput, field: string) {
  const row = await lockPurchase(trx, deps, ctx, id);
  if (row.status === 'void') throw unprocessable('purchases.errors.void');
  const method = await trx
    .selectFrom('payment_methods')
    .select(['id', 'status'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', p.payment_method_id)
    .executeTakeFirst();
  if (!method?.status) throw unprocessable('purchases.errors.method_required', `${field}payment_method_id`);
  // Handed over in dollars or riel; what it is worth against what is still owed, at the shop's rate of the day.
  const currency = p.currency ?? row.currency;
  const tendered = toMinor(p.amount, currency, `${field}amount`);
  if (tendered <= 0) throw unprocessable('purchases.errors.amount_positive', `${field}amount`);
  let amount = tendered;
  let rate = 0;
  if (currency !== row.currency) {
    if (!isCurrencyCode(row.currency) || !isCurrencyCode(currency))
      throw unprocessable('sales.errors.currency_unknown', `${field}currency`);
    const shopRate = await rateFor(trx, ctx.businessId, field);
    rate = shopRate.rate;
    const owed = money(Math.max(Number(row.grand_total) - Number(row.paid_amount), 0), row.currency);
    amount = paymentWorth(money(tendered, currency), owed, shopRate).amount;
  }
  const paid = Number(row.paid_amount) + amount;
  if (paid > Number(row.grand_total)) throw unprocessable('purchases.errors.overpaid', `${field}amount`);
  await trx
    .insertInto('purchase_payments')
    .values({
      business_id: ctx.businessId,
      id: newId(),
      purchase_id: id,
      payment_method_id: p.payment_method_id,
      amount,
      tendered_currency: currency,
      tendered_amount: tendered,
      exchange_rate: rate,
      paid_on: p.paid_on,
      note: p.note,
      created_by: ctx.userId,
      created_at: deps.clock.now().toISOString(),
    })
    .execute();
  await setPaid(trx, deps, ctx.businessId, id, paid, Number(row.grand_total));
}

/** Deletes one payment of the purchase (locked); what is paid and the payment status follow. */
export async function removePayment(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, paymentId: string) {
  const row = await lockPurchase(trx, deps, ctx, id);
  const payment = await trx
    .selectFrom('purchase_payments')
    .select(['amount'])
    .where('business_id', '=', ctx.businessId)
    .where('purchase_id', '=', id)
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) throw notFound();
  await trx
    .deleteFrom('purchase_payments')
    .where('business_id', '=', ctx.businessId)
    .where('purchase_id', '=', id)
    .where('id', '=', paymentId)
    .execute();
  await setPaid(trx, deps, ctx.businessId, id, Number(row.paid_amount) - Number(payment.amount), Number(row.grand_total));
}

async function setPaid(trx: Kysely<Database>, deps: Deps, businessId: string, id: string, paid: number, total: number) {
  await trx
    .updateTable('purchases')
    .set({ paid_amount: paid, payment_status: paymentStatusOf(paid, total), updated_at: deps.clock.now().toISOString() })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
}
