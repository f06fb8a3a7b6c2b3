import type { Kysely } from 'kysely';
import { parseQuantity } from '@posauto/shared/money/index';
import type { OrderMerge, OrderMove, OrderOpen, OrderSplit } from '@posauto/shared/schemas/restaurant';
import { orderMergeSchema, orderMoveSchema, orderOpenSchema, orderSplitSchema } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { announce, KITCHEN_LIVE } from '../kitchen/index';
import { assertOpen, lockOrder, touched, type OrderRow } from './order-core';

export const ORDER_SERIES = 'table_order';
const PREFIX = 'ORD';

/** A table of the caller's shop (a branch user: of its branch); 404 otherwise. */
async function tableOf(trx: Kysely<Database>, ctx: RequestContext, id: string) {
  const t = await trx
    .selectFrom('floor_tables')
    .select(['id', 'branch_id', 'name'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!t || (ctx.branchId && t.branch_id !== ctx.branchId)) throw notFound();
  return t;
}

/** The order on a table now (open, or paid and not cleared), if any. */
export function orderOnTable(trx: Kysely<Database>, businessId: string, tableId: string) {
  return trx
    .selectFrom('table_orders')
    .select(['id'])
    .where('business_id', '=', businessId)
    .where('table_id', '=', tableId)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
}

/** A room's order moves with its stay (modules/rooms) and ends when its room stops and its bill is paid. */
function assertNotRoom(order: Pick<OrderRow, 'room_id'>) {
  if (order.room_id) throw unprocessable('rooms.errors.room_order');
}

/** The bills some line of which is paid: nothing more joins them. */
async function paidBills(trx: Kysely<Database>, ctx: RequestContext, orderId: string) {
  const rows = await trx
    .selectFrom('table_order_lines')
    .select('bill')
    .distinct()
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', orderId)
    .where('sale_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => Number(r.bill)));
}

/**
 * The table's life: open it (one order per table, until cleared: a partial unique index, so two waiters opening it
 * at once end on the same order), move it, merge another table's order into it, split it into bills, clear it after
 * payment, or cancel an order the kitchen knows nothing of.
 */
export function orderTableService(deps: Deps) {
  const { clock } = deps;
  const audit = auditFor(clock, 'table_order');
  return {
    /** Answers the new order's id, or the id of the order the table already has (and false). */
    async open(trx: Kysely<Database>, ctx: RequestContext, raw: OrderOpen): Promise<{ id: string; created: boolean }> {
      const input = orderOpenSchema.parse(raw);
      const table = await tableOf(trx, ctx, input.table_id);
      const there = await orderOnTable(trx, ctx.businessId, table.id);
      if (there) return { id: there.id, created: false };
      const id = newId();
      const at = clock.now().toISOString();
      const number = formatDocumentNumber(PREFIX, await nextDocumentNumber(trx, deps.kind, ctx.businessId, ORDER_SERIES));
      await trx
        .insertInto('table_orders')
        .values({
          business_id: ctx.businessId,
          id,
          order_number: number,
          branch_id: table.branch_id,
          table_id: table.id,
          status: 'open',
          guests: input.guests,
          waiter_id: ctx.userId,
          note: input.note,
          line_seq: 0,
          opened_at: at,
          changed_at: at,
          created_by: ctx.userId,
        })
        .execute();
      await touched(trx, deps, ctx, { id, branch_id: table.branch_id, table_id: table.id } as OrderRow, false);
      return { id, created: true };
    },

    async move(trx: Kysely<Database>, ctx: RequestContext, orderId: string, raw: OrderMove) {
      const input = orderMoveSchema.parse(raw);
      const order = await lockOrder(trx, deps, ctx, orderId);
      assertOpen(order);
      assertNotRoom(order);
      const table = await tableOf(trx, ctx, input.table_id);
      if (table.branch_id !== order.branch_id) throw unprocessable('restaurant.errors.table_other_branch', 'table_id');
      if (table.id === order.table_id) return;
      if (await orderOnTable(trx, ctx.businessId, table.id)) throw conflict('restaurant.errors.table_taken');
      await trx
        .updateTable('table_orders')
        .set({ table_id: table.id })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', order.id)
        .execute();
      await audit(trx, ctx, 'order_moved', order.id, { order_number: order.order_number, from: order.table_id, to: table.id });
      await touched(trx, deps, ctx, order, false);
      // The kitchen shows the table an order is at now.
      await announce(trx, deps.kind, KITCHEN_LIVE, ctx.businessId, order.branch_id, { kind: 'order', order_id: order.id });
    },

    /** Brings another open order of the branch into this one: its lines, and its tickets (the kitchen sees one table). */
    async merge(trx: Kysely<Database>, ctx: RequestContext, orderId: string, raw: OrderMerge) {
      const input = orderMergeSchema.parse(raw);
      if (input.order_id === orderId) throw unprocessable('restaurant.errors.merge_same', 'order_id');
      // Both orders locked, always in the same order: two waiters merging the same two tables both ways cannot deadlock.
      const [first, second] = orderId < input.order_id ? [orderId, input.order_id] : [input.order_id, orderId];
      const a = await lockOrder(trx, deps, ctx, first);
      const b = await lockOrder(trx, deps, ctx, second);
      const [into, from] = a.id === orderId ? [a, b] : [b, a];
      assertOpen(into);
      assertOpen(from);
      // A table's order may join a room's (its guests came to sing); a room's order carries its stay and stays put.
      assertNotRoom(from);
      if (from.branch_id !== into.branch_id) throw unprocessable('restaurant.errors.table_other_branch', 'order_id');
      if ((await paidBills(trx, ctx, from.id)).size) throw unprocessable('restaurant.errors.order_has_payments', 'order_id');
      const lines = await trx
        .selectFrom('table_order_lines')
        .select(['id', 'line_no'])
        .where('business_id', '=', ctx.businessId)
        .where('order_id', '=', from.id)
        .orderBy('line_no')
        .execute();
      const openBills = await paidBills(trx, ctx, into.id);
      let bill = 1;
      while (openBills.has(bill)) bill++;
      let seq = Number(into.line_seq);
      for (const l of lines)
        await trx
          .updateTable('table_order_lines')
          .set({ order_id: into.id, line_no: ++seq, bill })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', l.id)
          .execute();
      await trx
        .updateTable('kitchen_tickets')
        .set({ order_id: into.id })
        .where('business_id', '=', ctx.businessId)
        .where('order_id', '=', from.id)
        .execute();
      const at = clock.now().toISOString();
      await trx
        .updateTable('table_orders')
        .set({ line_seq: seq, guests: Number(into.guests) + Number(from.guests), changed_at: at })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', into.id)
        .execute();
      await trx
        .updateTable('table_orders')
        .set({ status: 'cancelled', cleared_at: at, merged_into: into.id })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', from.id)
        .execute();
      await audit(trx, ctx, 'order_merged', into.id, { order_number: into.order_number, merged: from.order_number, lines: lines.length });
      await touched(trx, deps, ctx, from, false);
      await touched(trx, deps, ctx, into, false);
      await announce(trx, deps.kind, KITCHEN_LIVE, ctx.businessId, into.branch_id, { kind: 'order', order_id: into.id });
    },
  };
}

/** Splitting an order into bills, and its end: the table cleared after payment, or an order cancelled. */
export function orderSplitService(deps: Deps) {
  const { clock } = deps;
  const audit = auditFor(clock, 'table_order');
  return {
    async split(trx: Kysely<Database>, ctx: RequestContext, orderId: string, raw: OrderSplit) {
      const input = orderSplitSchema.parse(raw);
      const order = await lockOrder(trx, deps, ctx, orderId);
      assertOpen(order);
      const paid = await paidBills(trx, ctx, order.id);
      const lines = await trx
        .selectFrom('table_order_lines')
        .selectAll()
        .where('business_id', '=', ctx.businessId)
        .where('order_id', '=', order.id)
        .where('status', '=', 'active')
        .where('sale_id', 'is', null)
        .execute();
      const at = clock.now().toISOString();
      const setBill = (id: string, bill: number) =>
        trx
          .updateTable('table_order_lines')
          .set({ bill, updated_at: at })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
      if (input.by === 'join' || input.by === 'seat') {
        let first = 1;
        while (paid.has(first)) first++;
        if (input.by === 'seat' && paid.size) throw unprocessable('restaurant.errors.order_has_payments');
        for (const l of lines) await setBill(l.id, input.by === 'seat' ? Number(l.seat ?? 1) : first);
      } else {
        let seq = Number(order.line_seq);
        for (const [i, m] of input.moves.entries()) {
          const l = lines.find((x) => x.id === m.line_id);
          if (!l) throw unprocessable('restaurant.errors.line_not_splittable', `moves.${i}.line_id`);
          if (paid.has(m.bill)) throw unprocessable('restaurant.errors.bill_paid', `moves.${i}.bill`);
          const q = parseQuantity(m.quantity);
          const have = Number(l.quantity);
          if (q <= 0 || q > have) throw unprocessable('restaurant.errors.split_over', `moves.${i}.quantity`);
          if (q === have) {
            await setBill(l.id, m.bill);
            continue;
          }
          // Part of a line becomes a line of its own; what the kitchen was told is shared out, so no ticket follows.
          const sentPart = Math.min(q, Number(l.sent_quantity));
          await trx
            .updateTable('table_order_lines')
            .set({ quantity: have - q, sent_quantity: Number(l.sent_quantity) - sentPart, updated_at: at })
            .where('business_id', '=', ctx.businessId)
            .where('id', '=', l.id)
            .execute();
          l.quantity = have - q;
          l.sent_quantity = Number(l.sent_quantity) - sentPart;
          await trx
            .insertInto('table_order_lines')
            .values({
              ...l,
              id: newId(),
              line_no: ++seq,
              quantity: q,
              sent_quantity: sentPart,
              void_quantity: 0,
              void_reason: null,
              bill: m.bill,
              split_from: l.id,
              updated_at: at,
            })
            .execute();
        }
        await trx
          .updateTable('table_orders')
          .set({ line_seq: seq })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', order.id)
          .execute();
      }
      await touched(trx, deps, ctx, order, false);
    },

    /** After payment: the table is free again. */
    async clear(trx: Kysely<Database>, ctx: RequestContext, orderId: string) {
      const order = await lockOrder(trx, deps, ctx, orderId);
      if (order.status !== 'paid') throw unprocessable('restaurant.errors.not_paid');
      if (order.cleared_at) return;
      await trx
        .updateTable('table_orders')
        .set({ cleared_at: clock.now().toISOString() })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', order.id)
        .execute();
      await touched(trx, deps, ctx, order, false);
    },

    /** An order the kitchen knows nothing of (never sent, or every sent line voided and the void sent) and nothing paid. */
    async cancel(trx: Kysely<Database>, ctx: RequestContext, orderId: string) {
      const order = await lockOrder(trx, deps, ctx, orderId);
      assertOpen(order);
      assertNotRoom(order);
      const known = await trx
        .selectFrom('table_order_lines')
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('order_id', '=', order.id)
        .where((eb) => eb.or([eb('sent_quantity', '>', 0), eb('sale_id', 'is not', null)]))
        .executeTakeFirst();
      if (known) throw unprocessable('restaurant.errors.cancel_sent');
      const at = clock.now().toISOString();
      await trx
        .updateTable('table_orders')
        .set({ status: 'cancelled', cleared_at: at })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', order.id)
        .execute();
      await audit(trx, ctx, 'order_cancelled', order.id, { order_number: order.order_number });
      await touched(trx, deps, ctx, order, false);
    },
  };
}
