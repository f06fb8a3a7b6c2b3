import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { claimUpload } from '../media/index';
import { shopSettings } from '../settings/index';
import { checkHeader, writeLines, type PurchaseInputParsed as Input } from './purchase-lines';
import { paymentStatusOf } from './purchase-money';
import { addPaymentIn } from './purchase-payments';
import { hasPostedReturns, lockPurchase, receiveStock, reverseReceived } from './purchase-stock';

// Writing a whole purchase: a new one, or an edit of one already made.

const SERIES = 'purchase_number';

/** Takes an uploaded image (purpose 'purchase') for the purchase, in its transaction; anything else is refused. */
async function claimAttachment(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, key: string) {
  if (!(await claimUpload(trx, ctx.businessId, key, 'purchase', deps.clock.now().toISOString())))
    throw unprocessable('purchases.errors.attachment_invalid', 'attachment');
}

/**
 * Creates a purchase inside the caller's transaction (the service's own, or the demo seed's): the numbered document,
 * its lines, its stock movements when received and its first payment. Returns the new purchase's id.
 */
export async function postPurchase(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: Input): Promise<string> {
  const { kind, clock } = deps;
  await checkHeader(trx, ctx, input);
  const { currency } = await shopSettings(trx, ctx.businessId);
  const id = newId();
  const number = formatDocumentNumber('PO', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
  const at = clock.now().toISOString();
  await trx
    .insertInto('purchases')
    .values({
      business_id: ctx.businessId,
      id,
      purchase_number: number,
      purchase_date: input.purchase_date,
      supplier_id: input.supplier_id,
      branch_id: input.branch_id,
      status: input.status,
      currency,
      subtotal: 0,
      shipping_cost: 0,
      grand_total: 0,
      paid_amount: 0,
      payment_status: 'unpaid',
      note: input.note,
      attachment: input.attachment ?? null,
      line_count: input.lines.length,
      created_by: ctx.userId,
      created_at: at,
      updated_at: at,
      received_at: input.status === 'received' ? at : null,
      voided_at: null,
    })
    .execute();
  if (input.attachment) await claimAttachment(trx, deps, ctx, input.attachment);
  const written = await writeLines(trx, ctx, id, input, currency);
  await trx
    .updateTable('purchases')
    .set({
      subtotal: written.subtotal,
      shipping_cost: written.shipping,
      grand_total: written.grandTotal,
      payment_status: paymentStatusOf(0, written.grandTotal),
    })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
  if (input.status === 'received') await receiveStock(trx, deps, ctx, id, written.ledger);
  if (input.payment) await addPaymentIn(trx, deps, ctx, id, input.payment, 'payment.');
  await auditFor(clock, 'purchase')(trx, ctx, 'create', id, { purchase_number: number });
  return id;
}

/**
 * Pending and ordered purchases are edited freely. A received one stays received: what it put in stock is taken
 * back and the new lines are received, so the ledger shows the correction. Returns made against it block edits.
 * Answers the image the edit replaced, to be released once the change is committed.
 */
export async function rewritePurchase(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, input: Input) {
  const { clock } = deps;
  const row = await lockPurchase(trx, deps, ctx, id);
  if (row.status === 'void') throw unprocessable('purchases.errors.void');
  // No attachment in the input keeps the one the purchase has; null removes it.
  const attachment = input.attachment === undefined ? row.attachment : input.attachment;
  if (attachment && attachment !== row.attachment) await claimAttachment(trx, deps, ctx, attachment);
  if (row.status === 'received' && input.status !== 'received') throw unprocessable('purchases.errors.received_stays', 'status');
  if (row.status === 'received' && (await hasPostedReturns(trx, ctx.businessId, id))) throw unprocessable('purchases.errors.has_returns');
  await checkHeader(trx, ctx, input);
  if (row.status === 'received') await reverseReceived(trx, deps, ctx, id);
  await trx.deleteFrom('purchase_lines').where('business_id', '=', ctx.businessId).where('purchase_id', '=', id).execute();
  const written = await writeLines(trx, ctx, id, input, row.currency);
  const paid = Number(row.paid_amount);
  if (paid > written.grandTotal) throw unprocessable('purchases.errors.overpaid', 'lines');
  const at = clock.now().toISOString();
  await trx
    .updateTable('purchases')
    .set({
      purchase_date: input.purchase_date,
      supplier_id: input.supplier_id,
      branch_id: input.branch_id,
      status: input.status,
      subtotal: written.subtotal,
      shipping_cost: written.shipping,
      grand_total: written.grandTotal,
      payment_status: paymentStatusOf(paid, written.grandTotal),
      note: input.note,
      attachment,
      line_count: input.lines.length,
      updated_at: at,
      received_at: input.status === 'received' ? (row.received_at ?? at) : null,
    })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
  if (input.status === 'received') await receiveStock(trx, deps, ctx, id, written.ledger);
  if (input.payment) await addPaymentIn(trx, deps, ctx, id, input.payment, 'payment.');
  await auditFor(clock, 'purchase')(trx, ctx, 'update', id, { purchase_number: row.purchase_number });
  return row.attachment && row.attachment !== attachment ? row.attachment : null;
}
