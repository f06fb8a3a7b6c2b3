import type { Kysely } from 'kysely';
import type { TicketLineKind } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { unprocessable } from '../../http/errors';
import { makeTickets, type TicketChange } from '../kitchen/index';
import { requestHash } from '../sales/index';
import { assertOpen, claimKey, isPending, lockOrder, touched, type LineRow } from './order-core';

/**
 * The station that prepares each category at a branch: the category's own station, else its parent's, else the
 * branch's default station; null when the branch has none of these (the ticket then has no station).
 */
async function stationsFor(trx: Kysely<Database>, businessId: string, branchId: string, categoryIds: readonly string[]) {
  const links = await trx
    .selectFrom('kitchen_station_categories')
    .select(['category_id', 'station_id'])
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .execute();
  const own = new Map(links.map((l) => [l.category_id, l.station_id]));
  const parents = categoryIds.length
    ? await trx
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('business_id', '=', businessId)
        .where('id', 'in', [...categoryIds])
        .execute()
    : [];
  const parentOf = new Map(parents.map((p) => [p.id, p.parent_id]));
  const fallback = await trx
    .selectFrom('kitchen_stations')
    .select('id')
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return (categoryId: string | null): string | null => {
    if (categoryId && own.has(categoryId)) return own.get(categoryId)!;
    const parent = categoryId ? parentOf.get(categoryId) : null;
    if (parent && own.has(parent)) return own.get(parent)!;
    return fallback?.id ?? null;
  };
}

/** What the kitchen must hear of a line now: the difference from what it was told, or null when nothing changed. */
export function changeOf(
  l: Pick<LineRow, 'quantity' | 'sent_quantity' | 'note' | 'sent_note'>,
): { kind: TicketLineKind; quantity: number } | null {
  const now = Number(l.quantity);
  const sent = Number(l.sent_quantity);
  if (now === sent) return now > 0 && l.note !== l.sent_note ? { kind: 'note', quantity: now } : null;
  if (sent === 0) return { kind: 'new', quantity: now };
  if (now === 0) return { kind: 'void', quantity: -sent };
  return { kind: now > sent ? 'more' : 'less', quantity: now - sent };
}

/**
 * "Send": one ticket per station holding only what changed since the last send (new lines, changed quantities and
 * notes, voids), and the lines brought up to date -- in one transaction on the order's locked row. Two waiters
 * sending the same table take turns at the lock; the second finds nothing left to send (422) unless something changed
 * in between. A retry with the same Idempotency-Key answers the order and makes nothing. Answers the tickets made.
 */
export async function sendOrder(
  trx: Kysely<Database>,
  deps: Deps,
  ctx: RequestContext,
  orderId: string,
  key: string | null,
): Promise<string[]> {
  const order = await lockOrder(trx, deps, ctx, orderId);
  if ((await claimKey(trx, deps, ctx, { key, orderId, kind: 'send', hash: requestHash({ send: orderId }) })) === 'replay') return [];
  assertOpen(order);
  const lines = await trx
    .selectFrom('table_order_lines')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', order.id)
    .orderBy('line_no')
    .execute();
  const pending = lines.filter(isPending);
  if (!pending.length) throw unprocessable('restaurant.errors.nothing_to_send');
  const cats = [...new Set(pending.map((l) => l.category_id).filter((c): c is string => Boolean(c)))];
  const stationOf = await stationsFor(trx, ctx.businessId, order.branch_id, cats);
  const changes: TicketChange[] = [];
  for (const l of pending) {
    const change = changeOf(l);
    if (!change) continue;
    changes.push({
      orderLineId: l.id,
      lineNo: Number(l.line_no),
      name: l.product_name,
      unitName: l.unit_name,
      kind: change.kind,
      quantity: change.quantity,
      note: l.note,
      seat: l.seat === null ? null : Number(l.seat),
      // A line keeps the station it was first sent to: its void or change goes where it is being cooked.
      stationId: l.station_id ?? stationOf(l.category_id),
    });
  }
  const now = deps.clock.now();
  const at = now.toISOString();
  // The lines first, the tickets last: a ticket's number locks its branch's series until commit (db/document-number.ts),
  // so every other table of the branch sending now waits only for this order's ticket rows, not for its line updates.
  for (const c of changes) {
    const l = pending.find((p) => p.id === c.orderLineId)!;
    await trx
      .updateTable('table_order_lines')
      .set({
        sent_quantity: l.quantity,
        sent_note: l.note,
        sent_at: at,
        station_id: c.stationId,
        // More of a line that was ready is not ready yet.
        ...(c.kind === 'more' || c.kind === 'new' ? { ready_at: null } : {}),
      })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', l.id)
      .execute();
  }
  await touched(trx, deps, ctx, order, false);
  const ids = await makeTickets(trx, deps, ctx, { id: order.id, branchId: order.branch_id, tableId: order.table_id }, changes, now);
  return ids;
}
