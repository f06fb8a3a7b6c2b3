import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { FACTOR_SCALE, allocate, lineAmount, parseQuantity } from '@posauto/shared/money/index';
import type { purchaseInputSchema } from '@posauto/shared/schemas/purchases';
import type { Database } from '../../db/types';
import { branchScope, type RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { unitFactor, type LedgerLine } from '../stock/index';
import { toMinor } from './purchase-money';

// The checks and writes of a purchase's body: its branch and supplier, and its lines with their exact costs.

export type PurchaseInputParsed = z.output<typeof purchaseInputSchema>;

/** Writes the lines (units checked, costs and shipping shares exact) and the totals; returns the ledger lines. */
export async function writeLines(trx: Kysely<Database>, ctx: RequestContext, id: string, input: PurchaseInputParsed, currency: string) {
  const prepared = [];
  for (const [i, line] of input.lines.entries()) {
    const field = `lines.${i}`;
    const product = await trx
      .selectFrom('products')
      .select(['type', 'currency', 'has_expiry'])
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', line.product_id)
      .executeTakeFirst();
    if (!product) throw unprocessable('purchases.errors.product_unknown', `${field}.product_id`);
    if (product.currency !== currency) throw unprocessable('purchases.errors.currency_mismatch', `${field}.product_id`);
    if ((product.type === 'variation') !== Boolean(line.variant_id))
      throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
    if (line.variant_id) {
      const v = await trx
        .selectFrom('product_variants')
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('product_id', '=', line.product_id)
        .where('id', '=', line.variant_id)
        .executeTakeFirst();
      if (!v) throw unprocessable('stock.errors.variant_required', `${field}.variant_id`);
    }
    if (product.has_expiry && input.status === 'received' && !line.expiry_date)
      throw unprocessable('purchases.errors.expiry_required', `${field}.expiry_date`);
    const unit = await unitFactor(trx, ctx.businessId, line.product_id, line.unit_id, `${field}.unit_id`);
    const quantity = parseQuantity(line.quantity);
    const unitCost = toMinor(line.unit_cost, currency, `${field}.unit_cost`);
    prepared.push({
      id: newId(),
      line,
      unit,
      quantity,
      unitCost,
      total: lineAmount(quantity, unitCost),
      expiry: product.has_expiry ? (line.expiry_date ?? null) : null,
    });
  }
  const shipping = toMinor(input.shipping_cost, currency, 'shipping_cost');
  // Shipping is spread over the lines by their cost; the parts add up to the shipping cost exactly.
  const shares = allocate(
    shipping,
    prepared.map((p) => p.total),
  );
  const ledger: LedgerLine[] = [];
  for (const [i, p] of prepared.entries()) {
    await trx
      .insertInto('purchase_lines')
      .values({
        business_id: ctx.businessId,
        id: p.id,
        purchase_id: id,
        line_no: i,
        product_id: p.line.product_id,
        variant_id: p.line.variant_id ?? '',
        unit_id: p.unit?.id ?? null,
        unit_factor: p.unit?.factor ?? FACTOR_SCALE,
        quantity: p.quantity,
        unit_cost: p.unitCost,
        line_total: p.total,
        shipping_share: shares[i]!,
        expiry_date: p.expiry,
      })
      .execute();
    ledger.push({
      branchId: input.branch_id,
      productId: p.line.product_id,
      variantId: p.line.variant_id ?? null,
      quantity: p.quantity,
      unit: p.unit,
      cost: p.total + shares[i]!,
      docLineId: p.id,
      expiryDate: p.expiry,
    });
  }
  const subtotal = prepared.reduce((s, p) => s + p.total, 0);
  return { ledger, subtotal, shipping, grandTotal: subtotal + shipping };
}

/** The branch must be active and the caller's (a branch user: its own), the supplier active. */
export async function checkHeader(trx: Kysely<Database>, ctx: RequestContext, input: PurchaseInputParsed) {
  if (branchScope(ctx, input.branch_id) !== input.branch_id) throw unprocessable('stock.errors.branch_not_yours', 'branch_id');
  const branch = await trx
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', input.branch_id)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!branch) throw unprocessable('validation.branch_required', 'branch_id');
  const supplier = await trx
    .selectFrom('suppliers')
    .select(['id', 'status'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', input.supplier_id)
    .executeTakeFirst();
  if (!supplier?.status) throw unprocessable('purchases.errors.supplier_required', 'supplier_id');
}
