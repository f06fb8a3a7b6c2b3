import type { Kysely } from 'kysely';
import { parseQuantity } from '@posauto/shared/money/index';
import type { OrderAdd, OrderLineUpdate, OrderLineVoid } from '@posauto/shared/schemas/restaurant';
import { orderAddSchema, orderLineUpdateSchema, orderLineVoidSchema } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { prepareLines, requestHash } from '../sales/index';
import { shopSettings } from '../settings/index';
import { assertOpen, claimKey, lockOrder, touched, type OrderRow } from './order-core';

/**
 * Lines come to an order, change and go. Every change takes the order's lock first (order-core.ts). A line keeps what
 * the kitchen was told (`sent_quantity`, `sent_note`): only its unsent part can simply go; what the kitchen knows is
 * voided, with a reason, and the next send tells the kitchen (a void ticket line).
 */

/** The bill new lines join: the first bill none of whose lines is paid yet; after every bill was paid, a new one. */
async function openBill(trx: Kysely<Database>, ctx: RequestContext, orderId: string): Promise<number> {
  const rows = await trx
    .selectFrom('table_order_lines')
    .select(['bill', 'sale_id'])
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'active')
    .execute();
  const paid = new Set(rows.filter((r) => r.sale_id).map((r) => Number(r.bill)));
  for (let b = 1; ; b++) if (!paid.has(b)) return b;
}

/** The shop's catalogue says what a line is and costs (the sale's own line rules: active, sold at the branch, variant). */
async function catalogueLines(trx: Kysely<Database>, ctx: RequestContext, order: OrderRow, input: ReturnType<typeof orderAddSchema.parse>) {
  const g = await shopSettings(trx, ctx.businessId);
  const asSale = {
    lines: input.lines.map((l) => ({
      product_id: l.product_id,
      variant_id: l.variant_id ?? null,
      unit_id: l.unit_id,
      quantity: l.quantity,
    })),
  } as unknown as Parameters<typeof prepareLines>[2];
  const { lines } = await prepareLines(
    trx,
    ctx,
    asSale,
    order.branch_id,
    { currency: g.currency, editCost: false, inlineDiscount: false },
    false,
  );
  const ids = [...new Set(input.lines.map((l) => l.product_id))];
  const cats = await trx
    .selectFrom('products')
    .select(['id', 'category_id'])
    .where('business_id', '=', ctx.businessId)
    .where('id', 'in', ids)
    .execute();
  const unitIds = [...new Set(lines.map((l) => l.unit?.id).filter((u): u is string => Boolean(u)))];
  const units = unitIds.length
    ? await trx
        .selectFrom('units')
        .select(['id', 'short_name'])
        .where('business_id', '=', ctx.businessId)
        .where('id', 'in', unitIds)
        .execute()
    : [];
  return { lines, category: new Map(cats.map((c) => [c.id, c.category_id])), unitName: new Map(units.map((u) => [u.id, u.short_name])) };
}

async function lockLine(trx: Kysely<Database>, ctx: RequestContext, order: OrderRow, lineId: string) {
  const line = await trx
    .selectFrom('table_order_lines')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', order.id)
    .where('id', '=', lineId)
    .executeTakeFirst();
  if (!line) throw notFound();
  if (line.sale_id) throw unprocessable('restaurant.errors.line_paid');
  return line;
}

export function orderLinesService(deps: Deps) {
  const { clock } = deps;
  const audit = auditFor(clock, 'table_order');
  return {
    /** Adds lines, once per Idempotency-Key: a retry of the same addition adds nothing. Answers whether it was new. */
    async add(trx: Kysely<Database>, ctx: RequestContext, orderId: string, raw: OrderAdd, key: string | null): Promise<boolean> {
      const input = orderAddSchema.parse(raw);
      const order = await lockOrder(trx, deps, ctx, orderId);
      if ((await claimKey(trx, deps, ctx, { key, orderId, kind: 'add', hash: requestHash(input) })) === 'replay') return false;
      assertOpen(order);
      const { lines, category, unitName } = await catalogueLines(trx, ctx, order, input);
      const bill = await openBill(trx, ctx, order.id);
      const at = clock.now().toISOString();
      const rows = lines.map((l, i) => ({
        business_id: ctx.businessId,
        id: newId(),
        order_id: order.id,
        line_no: Number(order.line_seq) + i + 1,
        product_id: l.productId,
        variant_id: l.variantId,
        unit_id: l.unit?.id ?? null,
        product_name: l.name,
        unit_name: l.unit ? (unitName.get(l.unit.id) ?? null) : null,
        category_id: category.get(l.productId) ?? null,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        note: input.lines[i]!.note,
        seat: input.lines[i]!.seat ?? null,
        bill,
        status: 'active' as const,
        sent_quantity: 0,
        sent_note: '',
        void_quantity: 0,
        added_by: ctx.userId,
        added_at: at,
        updated_at: at,
      }));
      await trx.insertInto('table_order_lines').values(rows).execute();
      await trx
        .updateTable('table_orders')
        .set({ line_seq: Number(order.line_seq) + rows.length })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', order.id)
        .execute();
      await touched(trx, deps, ctx, order);
      return true;
    },

    /** More of a line, its note or its seat. Less than the kitchen was told is a void (with a reason), not an edit. */
    async update(trx: Kysely<Database>, ctx: RequestContext, orderId: string, lineId: string, raw: OrderLineUpdate) {
      const input = orderLineUpdateSchema.parse(raw);
      const order = await lockOrder(trx, deps, ctx, orderId);
      assertOpen(order);
      const line = await lockLine(trx, ctx, order, lineId);
      if (line.status !== 'active') throw unprocessable('restaurant.errors.line_void');
      const set: { quantity?: number; note?: string; seat?: number | null; updated_at: string } = { updated_at: clock.now().toISOString() };
      if (input.quantity !== undefined) {
        const q = parseQuantity(input.quantity);
        if (q < Number(line.sent_quantity)) throw unprocessable('restaurant.errors.void_needed', 'quantity');
        set.quantity = q;
      }
      if (input.note !== undefined) set.note = input.note;
      if (input.seat !== undefined) set.seat = input.seat;
      await trx.updateTable('table_order_lines').set(set).where('business_id', '=', ctx.businessId).where('id', '=', line.id).execute();
      await touched(trx, deps, ctx, order);
    },

    /** A line the kitchen never heard of goes without a trace; one it knows must be voided. */
    async remove(trx: Kysely<Database>, ctx: RequestContext, orderId: string, lineId: string) {
      const order = await lockOrder(trx, deps, ctx, orderId);
      assertOpen(order);
      const line = await lockLine(trx, ctx, order, lineId);
      if (Number(line.sent_quantity) > 0 || line.sent_at) throw unprocessable('restaurant.errors.void_needed');
      await trx.deleteFrom('table_order_lines').where('business_id', '=', ctx.businessId).where('id', '=', line.id).execute();
      await touched(trx, deps, ctx, order);
    },

    /**
     * Takes back a quantity of a line (all of it by default): a reason always; without `table-void`, the approval of
     * someone who holds it (order-approval.ts, checked before the transaction). Audited with both names. The kitchen
     * hears of it at the next send.
     */
    async void(
      trx: Kysely<Database>,
      ctx: RequestContext,
      orderId: string,
      lineId: string,
      raw: OrderLineVoid,
      approver: { id: string } | null,
    ) {
      const input = orderLineVoidSchema.parse(raw);
      if (!approver && !ctx.permissions.has('table-void')) throw unprocessable('restaurant.errors.approval_required', 'approver_email');
      const order = await lockOrder(trx, deps, ctx, orderId);
      assertOpen(order);
      const line = await lockLine(trx, ctx, order, lineId);
      if (line.status !== 'active') throw unprocessable('restaurant.errors.line_void');
      const q = input.quantity === undefined ? Number(line.quantity) : parseQuantity(input.quantity);
      if (q <= 0 || q > Number(line.quantity)) throw unprocessable('restaurant.errors.void_over', 'quantity');
      const left = Number(line.quantity) - q;
      await trx
        .updateTable('table_order_lines')
        .set({
          quantity: left,
          status: left === 0 ? 'void' : 'active',
          void_quantity: Number(line.void_quantity) + q,
          void_reason: input.reason,
          voided_by: ctx.userId,
          approved_by: approver?.id ?? null,
          updated_at: clock.now().toISOString(),
        })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', line.id)
        .execute();
      await audit(trx, ctx, 'line_voided', order.id, {
        order_number: order.order_number,
        line_id: line.id,
        product: line.product_name,
        quantity: input.quantity ?? null,
        reason: input.reason,
        ...(approver ? { approved_by: approver.id } : {}),
      });
      await touched(trx, deps, ctx, order);
    },
  };
}
