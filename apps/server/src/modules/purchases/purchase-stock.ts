import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { forUpdate } from '../../db/dialect/index';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { answerMovements, postMovements, type LedgerLine } from '../stock/index';

// What a purchase does to stock: it comes in when received, and leaves again when an edit or a cancel takes it back.

export const PURCHASE_DOC = 'purchase';

/** Locks the purchase row until the transaction ends (PostgreSQL), so returns, edits and payments take turns. */
export async function lockPurchase(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  let q = trx.selectFrom('purchases').selectAll().where('business_id', '=', ctx.businessId).where('id', '=', id);
  q = whereBranch(q, 'branch_id', ctx);
  const row = await forUpdate(deps.kind, q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Puts the purchase's lines into stock, each at its cost plus its part of shipping. */
export const receiveStock = (trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, lines: LedgerLine[]) =>
  postMovements(trx, deps.kind, deps.clock.now(), ctx, { type: 'purchase_in', docType: PURCHASE_DOC, docId: id, lines });

/**
 * The stored lines of a pending or ordered purchase as they go into stock on its branch. A product that keeps expiry
 * dates needs one on every line before it can be received.
 */
export async function storedLedger(trx: Kysely<Database>, ctx: RequestContext, id: string, branchId: string): Promise<LedgerLine[]> {
  const lines = await trx
    .selectFrom('purchase_lines as l')
    .innerJoin('products as pr', sameShop('pr', 'l.product_id'))
    .select([
      'l.id',
      'l.product_id',
      'l.variant_id',
      'l.unit_id',
      'l.unit_factor',
      'l.quantity',
      'l.line_total',
      'l.shipping_share',
      'l.expiry_date',
      'pr.has_expiry',
    ])
    .where('l.business_id', '=', ctx.businessId)
    .where('l.purchase_id', '=', id)
    .orderBy('l.line_no')
    .execute();
  lines.forEach((l, i) => {
    if (l.has_expiry && !l.expiry_date) throw unprocessable('purchases.errors.expiry_required', `lines.${i}.expiry_date`);
  });
  return lines.map((l) => ({
    branchId,
    productId: l.product_id,
    variantId: l.variant_id || null,
    quantity: Number(l.quantity),
    unit: l.unit_id ? { id: l.unit_id, factor: Number(l.unit_factor) } : null,
    cost: Number(l.line_total) + Number(l.shipping_share),
    docLineId: l.id,
    expiryDate: l.has_expiry ? l.expiry_date : null,
  }));
}

/**
 * Takes back what the purchase has put in stock so far (its net movements per line), at the cost each came in:
 * an edit then posts the new lines, a cancel stops there. History is never rewritten, only answered.
 */
export async function reverseReceived(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  await answerMovements(trx, deps.kind, deps.clock.now(), ctx, { type: 'purchase_return', docType: PURCHASE_DOC, docId: id });
}

/** Whether a posted return was made against the purchase (it then cannot be edited once received, nor cancelled). */
export async function hasPostedReturns(trx: Kysely<Database>, businessId: string, id: string) {
  return Boolean(
    await trx
      .selectFrom('purchase_returns')
      .select('id')
      .where('business_id', '=', businessId)
      .where('purchase_id', '=', id)
      .where('status', '=', 'posted')
      .executeTakeFirst(),
  );
}
