import type { Kysely } from 'kysely';
import { formatQuantity } from '@posauto/shared/money/index';
import type { KitchenTicket, TicketLineKind } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import { nextDocumentNumber } from '../../db/document-number';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { newId } from '../../lib/ids';
import { localDay } from '../../lib/time-zone';
import { shopTimeZone } from '../settings/index';
import { announce, KITCHEN_LIVE } from './live';

/** One line's change since the kitchen last heard of it: what a ticket line says. */
export interface TicketChange {
  orderLineId: string;
  lineNo: number;
  name: string;
  unitName: string | null;
  kind: TicketLineKind;
  /** QTY_SCALE, signed: the difference (or, for a note change, the line's quantity). */
  quantity: number;
  note: string;
  seat: number | null;
  /** The station that prepares it; null: the branch has no station for it (and no default). */
  stationId: string | null;
}

/**
 * Makes the tickets of one send: one per station, each holding that station's changes, numbered per branch and
 * shop-local day (1, 2, 3...: short enough to call out in a kitchen). Runs inside the sender's transaction, on the
 * order's locked row, after the lines' sent state was read: the same changes can never make a second ticket. The
 * branch's kitchen displays hear of it on commit.
 */
export async function makeTickets(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  order: { id: string; branchId: string; tableId: string | null },
  changes: readonly TicketChange[],
  at: Date,
): Promise<string[]> {
  const byStation = new Map<string | null, TicketChange[]>();
  for (const c of changes) byStation.set(c.stationId, [...(byStation.get(c.stationId) ?? []), c]);
  const day = localDay(at, await shopTimeZone(trx, ctx.businessId));
  const ids: string[] = [];
  for (const [stationId, lines] of byStation) {
    const id = newId();
    const number = await nextDocumentNumber(trx, deps.kind, ctx.businessId, `kitchen_ticket:${order.branchId}:${day}`);
    await trx
      .insertInto('kitchen_tickets')
      .values({
        business_id: ctx.businessId,
        id,
        ticket_number: number,
        branch_id: order.branchId,
        station_id: stationId,
        order_id: order.id,
        status: 'open',
        created_by: ctx.userId,
        created_at: at.toISOString(),
        ready_at: null,
        done_at: null,
      })
      .execute();
    await trx
      .insertInto('kitchen_ticket_lines')
      .values(
        lines.map((l) => ({
          business_id: ctx.businessId,
          id: newId(),
          ticket_id: id,
          order_line_id: l.orderLineId,
          line_no: l.lineNo,
          product_name: l.name,
          unit_name: l.unitName,
          quantity: l.quantity,
          kind: l.kind,
          note: l.note,
          seat: l.seat,
          ready_at: null,
        })),
      )
      .execute();
    ids.push(id);
  }
  if (ids.length) await announce(trx, deps.kind, KITCHEN_LIVE, ctx.businessId, order.branchId, { kind: 'ticket', order_id: order.id });
  return ids;
}

const name = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** Tickets with their lines, as the kitchen display shows them: the table is the order's table now, after any move or merge. */
export async function readTickets(
  db: Kysely<Database>,
  businessId: string,
  where: { ids?: readonly string[]; branchId?: string | null; stationId?: string; status?: 'open' | 'done'; since?: string },
): Promise<KitchenTicket[]> {
  let q = db
    .selectFrom('kitchen_tickets as k')
    .innerJoin('table_orders as o', (j) => j.onRef('o.business_id', '=', 'k.business_id').onRef('o.id', '=', 'k.order_id'))
    // A merged order's tickets follow the lines into the order they joined.
    .leftJoin('table_orders as m', (j) => j.onRef('m.business_id', '=', 'o.business_id').onRef('m.id', '=', 'o.merged_into'))
    .leftJoin('floor_tables as t', (j) =>
      j.onRef('t.business_id', '=', 'k.business_id').on((eb) => eb('t.id', '=', eb.fn.coalesce('m.table_id', 'o.table_id'))),
    )
    .leftJoin('kitchen_stations as s', (j) => j.onRef('s.business_id', '=', 'k.business_id').onRef('s.id', '=', 'k.station_id'))
    .leftJoin('users as w', (j) => j.onRef('w.business_id', '=', 'o.business_id').onRef('w.id', '=', 'o.waiter_id'))
    .select([
      'k.id',
      'k.ticket_number',
      'k.branch_id',
      'k.station_id',
      's.name as station_name',
      's.print_tickets',
      'k.order_id',
      'o.order_number',
      't.name as table_name',
      'w.first_name',
      'w.last_name',
      'k.status',
      'k.created_at',
      'k.ready_at',
    ])
    .where('k.business_id', '=', businessId);
  if (where.ids) q = q.where('k.id', 'in', where.ids.length ? [...where.ids] : ['']);
  if (where.branchId) q = q.where('k.branch_id', '=', where.branchId);
  if (where.stationId) q = q.where('k.station_id', '=', where.stationId);
  if (where.status === 'open') q = q.where('k.status', '!=', 'done');
  if (where.status === 'done') q = q.where('k.status', '=', 'done');
  if (where.since) q = q.where('k.created_at', '>=', where.since);
  const tickets = await q
    .orderBy(where.status === 'done' ? 'k.done_at' : 'k.created_at', where.status === 'done' ? 'desc' : 'asc')
    .orderBy('k.id')
    .limit(200)
    .execute();
  if (!tickets.length) return [];
  const lines = await db
    .selectFrom('kitchen_ticket_lines')
    .select(['id', 'ticket_id', 'order_line_id', 'product_name', 'unit_name', 'quantity', 'kind', 'note', 'seat', 'ready_at'])
    .where('business_id', '=', businessId)
    .where(
      'ticket_id',
      'in',
      tickets.map((t) => t.id),
    )
    .orderBy('ticket_id')
    .orderBy('line_no')
    .execute();
  const byTicket = new Map<string, typeof lines>();
  for (const l of lines) byTicket.set(l.ticket_id, [...(byTicket.get(l.ticket_id) ?? []), l]);
  return tickets.map((t) => ({
    id: t.id,
    ticket_number: Number(t.ticket_number),
    branch_id: t.branch_id,
    station_id: t.station_id,
    station_name: t.station_name ?? null,
    order_id: t.order_id,
    order_number: t.order_number,
    table_name: t.table_name ?? null,
    waiter_name: name(t.first_name ?? null, t.last_name ?? null),
    status: t.status,
    created_at: t.created_at,
    ready_at: t.ready_at,
    print: Boolean(t.print_tickets),
    lines: (byTicket.get(t.id) ?? []).map((l) => ({
      id: l.id,
      order_line_id: l.order_line_id,
      name: l.unit_name ? `${l.product_name} (${l.unit_name})` : l.product_name,
      quantity: formatQuantity(Number(l.quantity)),
      kind: l.kind,
      note: l.note,
      seat: l.seat === null ? null : Number(l.seat),
      ready_at: l.ready_at,
    })),
  }));
}
