import type { Kysely } from 'kysely';
import { formatPercent, formatQuantity, formatRate, lineAmount } from '@posauto/shared/money/index';
import type { BillPay, PreBill } from '@posauto/shared/schemas/restaurant';
import { billPaySchema } from '@posauto/shared/schemas/restaurant';
import type { SaleInput } from '@posauto/shared/schemas/sales';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { roomBill, type RoomTimeLine } from '../rooms/index';
import { moneyOut, postSale, priceSaleDraft, requestHash, rielOf } from '../sales/index';
import { shopCurrency } from '../settings/index';
import { assertOpen, claimKey, lockOrder, touched, type OrderRow } from './order-core';

/** A bill's unpaid lines, as the lines of a sale (the product, variant, unit and quantity; the catalogue prices them). */
async function billLines(trx: Kysely<Database>, ctx: RequestContext, order: OrderRow, bill: number) {
  const lines = await trx
    .selectFrom('table_order_lines')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', order.id)
    .where('bill', '=', bill)
    .where('status', '=', 'active')
    .where('sale_id', 'is', null)
    .where('quantity', '>', 0)
    .orderBy('line_no')
    .execute();
  return lines;
}

const asSaleLines = (lines: Awaited<ReturnType<typeof billLines>>) =>
  lines.map((l) => ({
    product_id: l.product_id,
    variant_id: l.variant_id || null,
    unit_id: l.unit_id,
    quantity: formatQuantity(Number(l.quantity)),
  }));

/** A room's time as the first lines of its first bill: one line per charged segment, priced by the rate engine. */
async function roomTimeOf(trx: Kysely<Database>, ctx: RequestContext, order: OrderRow, bill: number, now: Date) {
  const room = order.room_id && bill === 1 ? await roomBill(trx, ctx, order.id, now) : null;
  if (!room) return { room: null, lines: [] as { product_id: string; quantity: string; unit_price: string }[], names: [] as string[] };
  const currency = await shopCurrency(trx, ctx.businessId);
  return {
    room,
    lines: room.lines.map((l: RoomTimeLine) => ({ product_id: l.productId, quantity: '1', unit_price: moneyOut(l.amount, currency) })),
    names: room.lines.map((l) => l.name),
  };
}

async function tableName(trx: Kysely<Database>, businessId: string, tableId: string | null) {
  if (!tableId) return null;
  const t = await trx
    .selectFrom('floor_tables')
    .select('name')
    .where('business_id', '=', businessId)
    .where('id', '=', tableId)
    .executeTakeFirst();
  return t?.name ?? null;
}

/**
 * Bills: the pre-bill (priced by the sale's own steps, writing nothing but, when printed, the time it was printed),
 * and paying a bill, which is one sale committed by the till's rules (commitSale: number, payments, the caller's
 * drawer, stock through the ledger, audit) in the same transaction that marks the bill's lines paid. The order is
 * paid when no unpaid line is left; the table then waits to be cleared.
 */
export function orderBillsService(deps: Deps) {
  const { clock } = deps;
  return {
    async preBill(
      trx: Kysely<Database>,
      ctx: RequestContext,
      orderId: string,
      q: { bill: number; service_charge_id?: string | null | undefined },
      print: boolean,
    ): Promise<PreBill> {
      const order = await lockOrder(trx, deps, ctx, orderId, print);
      const lines = await billLines(trx, ctx, order, q.bill);
      const now = clock.now();
      const time = await roomTimeOf(trx, ctx, order, q.bill, now);
      if (!lines.length && !time.lines.length) throw unprocessable('restaurant.errors.bill_empty');
      const input = {
        lines: [...time.lines, ...asSaleLines(lines)],
        service_charge_id: q.service_charge_id ?? null,
        shipping: '0',
      } as unknown as Parameters<typeof priceSaleDraft>[2];
      const draft = await priceSaleDraft(trx, ctx, input, order.branch_id, now, time.names);
      const c = draft.settings.currency;
      if (print) {
        assertOpen(order);
        await trx
          .updateTable('table_orders')
          .set({ bill_printed_at: now.toISOString() })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', order.id)
          .execute();
        await touched(trx, deps, ctx, order, false);
      }
      const serviceName = draft.service
        ? ((
            await trx
              .selectFrom('service_charges')
              .select('name')
              .where('business_id', '=', ctx.businessId)
              .where('id', '=', draft.service.id)
              .executeTakeFirst()
          )?.name ?? null)
        : null;
      const waiter = order.waiter_id
        ? await trx
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('business_id', '=', ctx.businessId)
            .where('id', '=', order.waiter_id)
            .executeTakeFirst()
        : undefined;
      return {
        order_id: order.id,
        order_number: order.order_number,
        bill: q.bill,
        table_name: await tableName(trx, ctx.businessId, order.table_id),
        waiter_name: waiter ? `${waiter.first_name} ${waiter.last_name}`.trim() : null,
        guests: Number(order.guests),
        printed_at: now.toISOString(),
        lines: draft.lines.slice(time.lines.length).map((l, i) => ({
          name: l.name,
          quantity: formatQuantity(l.quantity),
          unit_price: moneyOut(l.unitPrice, c),
          amount: moneyOut(lineAmount(l.quantity, l.unitPrice), c),
          note: lines[i]!.note,
        })),
        subtotal: moneyOut(draft.totals.subtotal, c),
        service_charge: moneyOut(draft.totals.serviceCharge, c),
        service_charge_name: serviceName,
        tax: moneyOut(draft.totals.tax, c),
        vat_rate: formatPercent(draft.settings.vatRate),
        grand_total: moneyOut(draft.totals.grandTotal, c),
        grand_total_khr: String(rielOf(draft.totals.grandTotal, c, draft.settings.rate)),
        exchange_rate: formatRate(draft.settings.rate),
        currency: c,
        room: time.room?.bill ?? null,
      };
    },

    /**
     * Pays one bill: once per Idempotency-Key (a retry answers the sale it made); a bill already paid, or with nothing
     * to pay, is refused and nothing changes. Answers the sale's id, or null on a retry (the caller reads the order).
     */
  };
}

/** Paying a bill: one till sale (see orderBillsService). */
export function billPaymentService(deps: Deps) {
  const { clock } = deps;
  return {
    async pay(
      trx: Kysely<Database>,
      ctx: RequestContext,
      orderId: string,
      bill: number,
      raw: BillPay,
      key: string,
    ): Promise<{ saleId: string; created: boolean }> {
      const input = billPaySchema.parse(raw);
      const order = await lockOrder(trx, deps, ctx, orderId);
      if ((await claimKey(trx, deps, ctx, { key, orderId, kind: 'pay', hash: requestHash({ bill, ...input }) })) === 'replay') {
        const sale = await trx
          .selectFrom('sales')
          .select('id')
          .where('business_id', '=', ctx.businessId)
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        if (sale) return { saleId: sale.id, created: false };
      }
      assertOpen(order);
      const lines = await billLines(trx, ctx, order, bill);
      const time = await roomTimeOf(trx, ctx, order, bill, clock.now());
      if (time.room && !time.room.stopped) throw unprocessable('rooms.errors.not_stopped');
      if (!lines.length && !time.lines.length) throw unprocessable('restaurant.errors.bill_paid');
      const pending = lines.filter((l) => Number(l.quantity) !== Number(l.sent_quantity) && Number(l.sent_quantity) > 0);
      if (pending.length) throw unprocessable('restaurant.errors.send_first');
      const sale: SaleInput = {
        document: 'sale',
        sale_type: 'pos_retail',
        customer_id: input.customer_id ?? null,
        lines: [...time.lines, ...asSaleLines(lines)],
        discount: input.discount ?? null,
        coupon_code: input.coupon_code ?? null,
        service_charge_id: input.service_charge_id ?? null,
        payments: input.payments,
        change_in: input.change_in,
        discount_approval_id: input.discount_approval_id ?? null,
        note: input.note,
      };
      const saleId = await postSale(trx, deps, ctx, sale, {
        idempotencyKey: key,
        table: {
          orderId: order.id,
          tableId: order.table_id,
          tableName: await tableName(trx, ctx.businessId, order.table_id),
          waiterId: order.waiter_id,
        },
        serviceNames: time.names,
      });
      if (time.room)
        await trx
          .updateTable('room_stays')
          .set({ sale_id: saleId })
          .where('business_id', '=', ctx.businessId)
          .where('order_id', '=', order.id)
          .execute();
      const at = clock.now().toISOString();
      // A room's bill may be its time alone (no line to mark; `in ()` is no SQL on PostgreSQL).
      if (lines.length)
        await trx
          .updateTable('table_order_lines')
          .set({ sale_id: saleId, updated_at: at })
          .where('business_id', '=', ctx.businessId)
          .where(
            'id',
            'in',
            lines.map((l) => l.id),
          )
          .execute();
      const unpaid = await trx
        .selectFrom('table_order_lines')
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('order_id', '=', order.id)
        .where('status', '=', 'active')
        .where('sale_id', 'is', null)
        .where('quantity', '>', 0)
        .executeTakeFirst();
      const timeUnpaid = order.room_id
        ? await trx
            .selectFrom('room_stays')
            .select('id')
            .where('business_id', '=', ctx.businessId)
            .where('order_id', '=', order.id)
            .where('sale_id', 'is', null)
            .executeTakeFirst()
        : undefined;
      // A room's order leaves no table to clear: paid, it is done (the room itself is cleaning since its stop).
      if (!unpaid && !timeUnpaid)
        await trx
          .updateTable('table_orders')
          .set({ status: 'paid', paid_at: at, ...(order.room_id ? { cleared_at: at } : {}) })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', order.id)
          .execute();
      await touched(trx, deps, ctx, order, false);
      return { saleId, created: true };
    },
  };
}
