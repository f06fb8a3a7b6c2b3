import { type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import { formatQuantity, parseQuantity, roundDiv } from '@posauto/shared/money/index';
import type { ListResponse } from '@posauto/shared/schemas/common';
import {
  purchaseReturnInputSchema,
  type PurchaseReturn,
  type PurchaseReturnDetail,
  type PurchaseReturnInput,
  type PurchaseReturnListQuery,
} from '@posauto/shared/schemas/purchases';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { creatorName, documentFrom, lineGoods } from '../../db/document-header';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { runList } from '../../db/list';
import { inPeriod } from '../../db/period';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { AppError, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { postMovements, type LedgerLine } from '../stock/index';
import { moneyOut, toMinor } from './purchase-money';
import { lineProduct, returnedByLine } from './purchase-detail';
import { lockPurchase, PURCHASE_DOC } from './purchase-stock';

const SERIES = 'purchase_return_number';
const DOC_TYPE = 'purchase_return';

const header = (db: Kysely<Database>, businessId: string) =>
  documentFrom(db, 'purchase_returns', 'r', businessId)
    .innerJoin('purchases as p', sameShop('p', 'r.purchase_id'))
    .innerJoin('suppliers as s', sameShop('s', 'p.supplier_id'))
    .leftJoin('payment_methods as m', sameShop('m', 'r.refund_method_id'))
    .select([
      'r.id',
      'r.return_number',
      'r.purchase_id',
      'p.purchase_number',
      's.name as supplier_name',
      'r.branch_id',
      'b.name as branch_name',
      'r.returned_on',
      'r.status as state',
      'r.currency',
      'r.total_cost',
      'r.refund_amount',
      'm.name as refund_method_name',
      'r.note',
      'r.line_count',
      creatorName.as('created_by'),
      'r.created_at',
    ]);

type HeaderRow = Awaited<ReturnType<ReturnType<typeof header>['executeTakeFirstOrThrow']>>;

const toApi = (r: HeaderRow): PurchaseReturn => ({
  ...r,
  total_cost: moneyOut(r.total_cost, r.currency),
  refund_amount: moneyOut(r.refund_amount, r.currency),
});

/** One return with its lines (a branch user: only its branch's). */
async function detail(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<PurchaseReturnDetail> {
  let q = header(trx, ctx.businessId).where('r.id', '=', id);
  q = whereBranch(q, 'r.branch_id', ctx);
  const head = await q.executeTakeFirst();
  if (!head) throw notFound();
  const lines = await trx
    .selectFrom('purchase_return_lines as l')
    .$call(lineGoods('l'))
    .select([
      'l.id',
      'l.purchase_line_id',
      'pr.product_name',
      'v.name as variant_name',
      'pr.sku_code',
      'v.sku_code as variant_sku',
      'u.name as unit_name',
      'l.quantity',
      'l.cost',
    ])
    .where('l.business_id', '=', ctx.businessId)
    .where('l.return_id', '=', id)
    .orderBy('l.line_no')
    .execute();
  return {
    ...toApi(head),
    lines: lines.map((l) => ({
      id: l.id,
      purchase_line_id: l.purchase_line_id,
      ...lineProduct(l),
      unit_name: l.unit_name,
      quantity: formatQuantity(Number(l.quantity)),
      cost: moneyOut(l.cost, head.currency),
    })),
  };
}

type ReturnInput = z.output<typeof purchaseReturnInputSchema>;
type PurchaseLineRow = Selectable<Database['purchase_lines']>;

/** The purchase a return goes against, locked: received, of the caller's shop and branch, and not after the return. */
async function returnablePurchase(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: ReturnInput) {
  // Another shop's or another branch's purchase is simply not found.
  const purchase = await lockPurchase(trx, deps, ctx, input.purchase_id).catch((e: unknown) => {
    throw e instanceof AppError && e.statusCode === 404 ? unprocessable('purchases.errors.purchase_unknown', 'purchase_id') : e;
  });
  if (purchase.status !== 'received') throw unprocessable('purchases.errors.not_received', 'purchase_id');
  if (input.returned_on < purchase.purchase_date) throw unprocessable('purchases.errors.return_before_purchase', 'returned_on');
  return purchase;
}

/** The refund in minor units; one with money in it needs a payment method of the shop. */
async function checkedRefund(trx: Kysely<Database>, ctx: RequestContext, input: ReturnInput, currency: string) {
  const refund = toMinor(input.refund_amount, currency, 'refund_amount');
  if (input.refund_method_id) {
    const m = await trx
      .selectFrom('payment_methods')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.refund_method_id)
      .executeTakeFirst();
    if (!m) throw unprocessable('purchases.errors.method_required', 'refund_method_id');
  } else if (refund > 0) throw unprocessable('purchases.errors.method_required', 'refund_method_id');
  return refund;
}

/** Each returned line checked against what is left of its purchase line, with the landed cost it takes back. */
async function pricedLines(trx: Kysely<Database>, ctx: RequestContext, purchaseId: string, input: ReturnInput) {
  const lines = await trx
    .selectFrom('purchase_lines')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('purchase_id', '=', purchaseId)
    .execute();
  const byId = new Map<string, PurchaseLineRow>(lines.map((l) => [l.id, l]));
  const returned = await returnedByLine(trx, ctx.businessId, purchaseId);
  return input.lines.map((l, i) => {
    const line = byId.get(l.purchase_line_id);
    if (!line) throw unprocessable('purchases.errors.line_unknown', `lines.${i}.purchase_line_id`);
    const quantity = parseQuantity(l.quantity);
    const before = returned.get(line.id) ?? 0;
    const after = before + quantity;
    if (after > Number(line.quantity)) throw unprocessable('purchases.errors.return_over_received', `lines.${i}.quantity`);
    returned.set(line.id, after);
    // The landed cost taken back so far, rounded once on the running total: returning all takes exactly all.
    const landed = BigInt(Number(line.line_total) + Number(line.shipping_share));
    const costAt = (q: number) => roundDiv(landed * BigInt(q), BigInt(Number(line.quantity)), 'half-up');
    return { id: newId(), i, line, quantity, cost: costAt(after) - costAt(before) };
  });
}

/** Writes the return's lines and answers them as the ledger lines that take the goods out of stock. */
async function writeReturnLines(
  trx: Kysely<Database>,
  ctx: RequestContext,
  returnId: string,
  purchase: { id: string; branch_id: string },
  prepared: Awaited<ReturnType<typeof pricedLines>>,
): Promise<LedgerLine[]> {
  const ledger: LedgerLine[] = [];
  for (const p of prepared) {
    await trx
      .insertInto('purchase_return_lines')
      .values({
        business_id: ctx.businessId,
        id: p.id,
        return_id: returnId,
        purchase_line_id: p.line.id,
        line_no: p.i,
        product_id: p.line.product_id,
        variant_id: p.line.variant_id,
        unit_id: p.line.unit_id,
        unit_factor: p.line.unit_factor,
        quantity: p.quantity,
        cost: p.cost,
      })
      .execute();
    ledger.push({
      branchId: purchase.branch_id,
      productId: p.line.product_id,
      variantId: p.line.variant_id || null,
      quantity: p.quantity,
      unit: p.line.unit_id ? { id: p.line.unit_id, factor: Number(p.line.unit_factor) } : null,
      cost: p.cost,
      docLineId: p.id,
      // Expiry batches: the goods going back are the ones this purchase brought in.
      takeFrom: { docType: PURCHASE_DOC, docId: purchase.id },
    });
  }
  return ledger;
}

/** Posts a return inside the caller's transaction (the service's own, or the demo seed's); returns its id. */
async function createReturn(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, raw: PurchaseReturnInput): Promise<string> {
  const { kind, clock } = deps;
  const input = purchaseReturnInputSchema.parse(raw);
  const purchase = await returnablePurchase(trx, deps, ctx, input);
  const currency = purchase.currency;
  const refund = await checkedRefund(trx, ctx, input, currency);
  const id = newId();
  const number = formatDocumentNumber('PRT', await nextDocumentNumber(trx, kind, ctx.businessId, SERIES));
  const at = clock.now().toISOString();
  const prepared = await pricedLines(trx, ctx, purchase.id, input);
  const totalCost = prepared.reduce((s, p) => s + p.cost, 0);
  if (refund > totalCost) throw unprocessable('purchases.errors.refund_too_much', 'refund_amount');
  await trx
    .insertInto('purchase_returns')
    .values({
      business_id: ctx.businessId,
      id,
      return_number: number,
      purchase_id: purchase.id,
      branch_id: purchase.branch_id,
      returned_on: input.returned_on,
      status: 'posted',
      currency,
      total_cost: totalCost,
      refund_amount: refund,
      refund_method_id: input.refund_method_id ?? null,
      note: input.note,
      line_count: prepared.length,
      created_by: ctx.userId,
      created_at: at,
      voided_at: null,
    })
    .execute();
  const ledger = await writeReturnLines(trx, ctx, id, purchase, prepared);
  await postMovements(trx, kind, clock.now(), ctx, { type: 'purchase_return', docType: DOC_TYPE, docId: id, lines: ledger });
  await auditFor(clock, 'purchase_return')(trx, ctx, 'create', id, { return_number: number, purchase_id: purchase.id });
  return id;
}

/**
 * Returns to the supplier against one received purchase: never more of a line than was received minus what earlier
 * returns took back (the purchase row is locked, so two returns at once take turns). The goods leave stock at the
 * purchase's landed cost; the refund the supplier gives is recorded with the return.
 */
export function purchaseReturnsService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'purchase_return');

  const service = {
    async list(ctx: RequestContext, query: PurchaseReturnListQuery): Promise<ListResponse<PurchaseReturn>> {
      const { rows, meta } = await runList(
        db,
        kind,
        ctx.businessId,
        (biz) => inPeriod(header(db, biz), 'r.returned_on', query),
        { ...query, order: query.sort ? query.order : 'desc' },
        {
          searchColumns: ['r.return_number', 'p.purchase_number', 's.name'],
          sorts: { return_number: 'r.return_number', returned_on: 'r.returned_on', created_at: 'r.created_at' },
          defaultSort: 'r.returned_on',
          idColumn: 'r.id',
        },
        undefined,
        { ...branchFilter(ctx, 'r.branch_id', query.branch_id), 'r.purchase_id': query.purchase_id, 'p.supplier_id': query.supplier_id },
      );
      return { data: rows.map(toApi), meta };
    },

    get: (ctx: RequestContext, id: string) => detail(db, ctx, id),

    async create(ctx: RequestContext, raw: PurchaseReturnInput): Promise<PurchaseReturnDetail> {
      return db.transaction().execute(async (trx) => detail(trx, ctx, await service.createIn(trx, ctx, raw)));
    },

    /** Posts a return inside the caller's transaction (see createReturn). */
    createIn: (trx: Kysely<Database>, ctx: RequestContext, raw: PurchaseReturnInput) => createReturn(trx, deps, ctx, raw),

    /** Cancels a return: the goods come back into stock at the cost they left at; the return stays, void. */
    async cancel(ctx: RequestContext, id: string): Promise<PurchaseReturnDetail> {
      return db.transaction().execute(async (trx) => {
        const doc = await detail(trx, ctx, id);
        await lockPurchase(trx, deps, ctx, doc.purchase_id);
        const changed = await trx
          .updateTable('purchase_returns')
          .set({ status: 'void', voided_at: clock.now().toISOString() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .where('status', '=', 'posted')
          .executeTakeFirst();
        if (!Number(changed.numUpdatedRows)) throw unprocessable('stock.errors.already_void');
        const moved = await trx
          .selectFrom('stock_movements')
          .select(['branch_id', 'product_id', 'variant_id', 'quantity', 'cost_total', 'doc_line_id'])
          .where('business_id', '=', ctx.businessId)
          .where('doc_type', '=', DOC_TYPE)
          .where('doc_id', '=', id)
          .orderBy('id')
          .execute();
        if (moved.length)
          await postMovements(trx, kind, clock.now(), ctx, {
            type: 'purchase_in',
            docType: DOC_TYPE,
            docId: id,
            lines: moved.map((m) => ({
              branchId: m.branch_id,
              productId: m.product_id,
              variantId: m.variant_id || null,
              quantity: Math.abs(Number(m.quantity)),
              cost: Math.abs(Number(m.cost_total)),
              docLineId: m.doc_line_id,
              asMoved: true,
            })),
          });
        await audit(trx, ctx, 'void', id, { return_number: doc.return_number });
        return detail(trx, ctx, id);
      });
    },
  };
  return service;
}

/** A return to the supplier posted inside the caller's transaction (the demo seed's); returns the new return's id. */
export const postPurchaseReturn = (trx: Kysely<Database>, deps: Deps, ctx: RequestContext, input: PurchaseReturnInput) =>
  purchaseReturnsService(deps).createIn(trx, ctx, input);
