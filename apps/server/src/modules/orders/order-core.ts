import type { Kysely } from 'kysely';
import { lineAmount, formatQuantity } from '@posauto/shared/money/index';
import type { TableOrder, TableState } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import { forUpdate } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import type { TableOrderLinesTable, TableOrdersTable } from '../../db/tables/restaurant';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { announce, FLOOR_LIVE } from '../kitchen/index';
import { moneyOut } from '../sales/index';
import { shopCurrency } from '../settings/index';

export type OrderRow = TableOrdersTable;
export type LineRow = TableOrderLinesTable;

/**
 * The order, visible to the caller (a branch user: of its branch), locked until the transaction ends: every change
 * to an order and its lines takes this lock first, so two waiters at the same table take turns, and what one of them
 * sends the other sees as sent.
 */
export async function lockOrder(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, lock = true): Promise<OrderRow> {
  const q = whereBranch(
    trx.selectFrom('table_orders').selectAll().where('business_id', '=', ctx.businessId).where('id', '=', id),
    'branch_id',
    ctx,
  );
  const row = await (lock ? forUpdate(deps.kind, q) : q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The order must still be open: a paid, cancelled or merged order takes nothing more. */
export function assertOpen(order: OrderRow) {
  if (order.status !== 'open') throw unprocessable('restaurant.errors.order_closed');
}

/**
 * Claims an Idempotency-Key for one change to an order: 'new' the first time; 'replay' when the same request (same
 * order, kind and body) was already applied, whose answer is then the order as it is. Taken after the order's lock,
 * so a retry racing its original waits for it and then finds the key. The same key for another request is refused.
 */
export async function claimKey(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  claim: { key: string | null; orderId: string; kind: 'add' | 'send' | 'pay' | 'open'; hash: string },
): Promise<'new' | 'replay'> {
  if (!claim.key) return 'new';
  const got = await trx
    .insertInto('table_order_requests')
    .values({
      business_id: ctx.businessId,
      idempotency_key: claim.key,
      order_id: claim.orderId,
      kind: claim.kind,
      request_hash: claim.hash,
      created_at: deps.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['business_id', 'idempotency_key']).doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  if (got) return 'new';
  const was = await trx
    .selectFrom('table_order_requests')
    .select(['order_id', 'kind', 'request_hash'])
    .where('business_id', '=', ctx.businessId)
    .where('idempotency_key', '=', claim.key)
    .executeTakeFirstOrThrow();
  if (was.order_id !== claim.orderId || was.kind !== claim.kind || was.request_hash !== claim.hash)
    throw unprocessable('restaurant.errors.key_reused');
  return 'replay';
}

/** Marks the order changed (a printed pre-bill is then out of date) and tells the branch's floor, on commit. */
export async function touched(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, order: OrderRow, linesChanged = true) {
  if (linesChanged)
    await trx
      .updateTable('table_orders')
      .set({ changed_at: deps.clock.now().toISOString() })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', order.id)
      .execute();
  await announce(trx, deps.kind, FLOOR_LIVE, ctx.businessId, order.branch_id, {
    kind: 'order',
    order_id: order.id,
    table_id: order.table_id,
  });
}

/** Whether a line has something the kitchen has not been told: a quantity or a note other than what was sent. */
export const isPending = (l: Pick<LineRow, 'quantity' | 'sent_quantity' | 'note' | 'sent_note'>) =>
  Number(l.quantity) !== Number(l.sent_quantity) || (Number(l.quantity) > 0 && l.note !== l.sent_note);

/** What the floor shows of an order: paid, ordering (something unsent, or nothing yet), billed, or sent. */
export function stateOf(order: Pick<OrderRow, 'status' | 'bill_printed_at' | 'changed_at'>, lines: readonly LineRow[]): TableState {
  if (order.status === 'paid') return 'paid';
  const active = lines.filter((l) => l.status === 'active');
  if (!active.length || lines.some(isPending)) return 'ordering';
  if (order.bill_printed_at && order.bill_printed_at >= order.changed_at) return 'billed';
  return 'sent';
}

const fullName = (first: string | null | undefined, last: string | null | undefined) => (first ? `${first} ${last ?? ''}`.trim() : null);

export async function orderLines(db: Kysely<Database>, businessId: string, orderIds: readonly string[]) {
  if (!orderIds.length) return [];
  return db
    .selectFrom('table_order_lines as l')
    .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 'l.business_id').onRef('u.id', '=', 'l.added_by'))
    .selectAll('l')
    .select(['u.first_name', 'u.last_name'])
    .where('l.business_id', '=', businessId)
    .where('l.order_id', 'in', [...orderIds])
    .orderBy('l.order_id')
    .orderBy('l.line_no')
    .execute();
}

/** The order as the API answers it: header, lines with their kitchen state, bills and what is still to send. */
export async function readOrder(db: Kysely<Database>, ctx: RequestContext, id: string): Promise<TableOrder> {
  const o = await whereBranch(
    db
      .selectFrom('table_orders as o')
      .leftJoin('floor_tables as t', (j) => j.onRef('t.business_id', '=', 'o.business_id').onRef('t.id', '=', 'o.table_id'))
      .leftJoin('floor_areas as a', (j) => j.onRef('a.business_id', '=', 't.business_id').onRef('a.id', '=', 't.area_id'))
      .leftJoin('users as w', (j) => j.onRef('w.business_id', '=', 'o.business_id').onRef('w.id', '=', 'o.waiter_id'))
      .leftJoin('rooms as r', (j) => j.onRef('r.business_id', '=', 'o.business_id').onRef('r.id', '=', 'o.room_id'))
      .leftJoin('room_stays as s', (j) => j.onRef('s.business_id', '=', 'o.business_id').onRef('s.order_id', '=', 'o.id'))
      .selectAll('o')
      .select(['t.name as table_name', 'a.name as area_name', 'w.first_name', 'w.last_name', 'r.name as room_name', 's.id as stay_id'])
      .where('o.business_id', '=', ctx.businessId)
      .where('o.id', '=', id),
    'o.branch_id',
    ctx,
  ).executeTakeFirst();
  if (!o) throw notFound();
  const currency = await shopCurrency(db, ctx.businessId);
  const lines = await orderLines(db, ctx.businessId, [id]);
  const sales = await db
    .selectFrom('sales')
    .select(['id', 'invoice_number'])
    .where('business_id', '=', ctx.businessId)
    .where('table_order_id', '=', id)
    .where('status', '=', 'completed')
    .execute();
  const numbers = new Map(sales.map((s) => [s.id, s.invoice_number]));
  const bills = new Map<number, { count: number; amount: number; sale: string | null; unpaid: number }>();
  let amount = 0;
  for (const l of lines) {
    if (l.status !== 'active') continue;
    const a = lineAmount(Number(l.quantity), Number(l.unit_price));
    amount += a;
    const b = bills.get(l.bill) ?? { count: 0, amount: 0, sale: null, unpaid: 0 };
    b.count += 1;
    b.amount += a;
    if (l.sale_id) b.sale = l.sale_id;
    else b.unpaid += 1;
    bills.set(l.bill, b);
  }
  return {
    id: o.id,
    order_number: o.order_number,
    branch_id: o.branch_id,
    table_id: o.table_id,
    table_name: o.table_name ?? null,
    area_name: o.area_name ?? null,
    status: o.status,
    state: stateOf(o, lines),
    guests: Number(o.guests),
    waiter_id: o.waiter_id,
    waiter_name: fullName(o.first_name, o.last_name),
    note: o.note,
    opened_at: o.opened_at,
    bill_printed_at: o.bill_printed_at,
    paid_at: o.paid_at,
    cleared_at: o.cleared_at,
    amount: moneyOut(amount, currency),
    pending_count: lines.filter(isPending).length,
    room_id: o.room_id ?? null,
    room_name: o.room_name ?? null,
    stay_id: o.stay_id ?? null,
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      variant_id: l.variant_id || null,
      unit_id: l.unit_id,
      name: l.product_name,
      unit_name: l.unit_name,
      quantity: formatQuantity(Number(l.quantity)),
      unit_price: moneyOut(Number(l.unit_price), currency),
      amount: moneyOut(l.status === 'active' ? lineAmount(Number(l.quantity), Number(l.unit_price)) : 0, currency),
      note: l.note,
      seat: l.seat === null ? null : Number(l.seat),
      bill: Number(l.bill),
      status: l.status,
      sent_quantity: formatQuantity(Number(l.sent_quantity)),
      sent_at: l.sent_at,
      pending: isPending(l),
      station_id: l.station_id,
      ready_at: l.ready_at,
      void_quantity: formatQuantity(Number(l.void_quantity)),
      void_reason: l.void_reason,
      sale_id: l.sale_id,
      added_by_name: fullName(l.first_name, l.last_name),
      added_at: l.added_at,
    })),
    bills: [...bills.entries()]
      .sort(([a], [b]) => a - b)
      .map(([bill, b]) => ({
        bill,
        line_count: b.count,
        amount: moneyOut(b.amount, currency),
        sale_id: b.unpaid === 0 ? b.sale : null,
        invoice_number: b.unpaid === 0 && b.sale ? (numbers.get(b.sale) ?? null) : null,
        paid: b.unpaid === 0,
      })),
  };
}
