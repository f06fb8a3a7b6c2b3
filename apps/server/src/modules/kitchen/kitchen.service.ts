import type { Kysely } from 'kysely';
import type { KitchenTicket } from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import { forUpdate } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { announce, FLOOR_LIVE, KITCHEN_LIVE } from './live';
import { readTickets } from './tickets';

/** A ticket of the caller's shop (a branch user: of its branch), locked until the transaction ends; 404 otherwise. */
async function lockTicket(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  const q = whereBranch(
    trx
      .selectFrom('kitchen_tickets')
      .select(['id', 'branch_id', 'order_id', 'status'])
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id),
    'branch_id',
    ctx,
  );
  const t = await forUpdate(deps.kind, q).executeTakeFirst();
  if (!t) throw notFound();
  return t;
}

/**
 * What the cook does: a line or a whole ticket ready (the waiter's floor shows it), a ticket done (bumped off the
 * display) or recalled. A line marked ready marks its order line ready too. Each change reaches the branch's kitchen
 * displays and its floor on commit.
 */
export function kitchenService(deps: Deps) {
  const { db, clock } = deps;
  async function tell(trx: Kysely<Database>, ctx: RequestContext, t: { id: string; branch_id: string; order_id: string }) {
    await announce(trx, deps.kind, KITCHEN_LIVE, ctx.businessId, t.branch_id, { kind: 'ticket', ticket_id: t.id, order_id: t.order_id });
    await announce(trx, deps.kind, FLOOR_LIVE, ctx.businessId, t.branch_id, { kind: 'order', order_id: t.order_id });
  }
  /** A ticket of the caller's shop (a branch user: of its branch); 404 otherwise. */
  async function answer(ctx: RequestContext, id: string): Promise<KitchenTicket> {
    const [t] = await readTickets(db, ctx.businessId, { ids: [id] });
    if (!t || (ctx.branchId && t.branch_id !== ctx.branchId)) throw notFound();
    return t;
  }
  /** Marks lines ready (all of the ticket's, or one), and the ticket ready once every line is. */
  async function ready(ctx: RequestContext, ticketId: string, lineId: string | null) {
    await db.transaction().execute(async (trx) => {
      const t = await lockTicket(trx, deps, ctx, ticketId);
      const at = clock.now().toISOString();
      let lines = trx
        .updateTable('kitchen_ticket_lines')
        .set({ ready_at: at })
        .where('business_id', '=', ctx.businessId)
        .where('ticket_id', '=', t.id)
        .where('ready_at', 'is', null);
      if (lineId) lines = lines.where('id', '=', lineId);
      const done = await lines.returning('order_line_id').execute();
      if (done.length)
        await trx
          .updateTable('table_order_lines')
          .set({ ready_at: at })
          .where('business_id', '=', ctx.businessId)
          .where(
            'id',
            'in',
            done.map((d) => d.order_line_id),
          )
          .execute();
      const left = await trx
        .selectFrom('kitchen_ticket_lines')
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('ticket_id', '=', t.id)
        .where('ready_at', 'is', null)
        .executeTakeFirst();
      if (!left && t.status === 'open')
        await trx
          .updateTable('kitchen_tickets')
          .set({ status: 'ready', ready_at: at })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', t.id)
          .execute();
      await tell(trx, ctx, t);
    });
    return answer(ctx, ticketId);
  }
  async function setStatus(ctx: RequestContext, id: string, status: 'done' | 'open') {
    await db.transaction().execute(async (trx) => {
      const t = await lockTicket(trx, deps, ctx, id);
      const at = clock.now().toISOString();
      await trx
        .updateTable('kitchen_tickets')
        .set(status === 'done' ? { status: 'done', done_at: at } : { status: 'open', done_at: null, ready_at: null })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', t.id)
        .execute();
      if (status === 'open')
        await trx
          .updateTable('kitchen_ticket_lines')
          .set({ ready_at: null })
          .where('business_id', '=', ctx.businessId)
          .where('ticket_id', '=', t.id)
          .execute();
      await tell(trx, ctx, t);
    });
    return answer(ctx, id);
  }
  return {
    async list(ctx: RequestContext, q: { branch_id?: string | undefined; station_id?: string | undefined; status: 'open' | 'done' }) {
      const branchId = ctx.branchId ?? q.branch_id ?? null;
      const since = q.status === 'done' ? new Date(clock.now().getTime() - 12 * 3600_000).toISOString() : undefined;
      const data = await readTickets(db, ctx.businessId, {
        branchId,
        ...(q.station_id ? { stationId: q.station_id } : {}),
        status: q.status,
        ...(since ? { since } : {}),
      });
      return { data, server_time: clock.now().toISOString() };
    },
    ready: (ctx: RequestContext, id: string) => ready(ctx, id, null),
    get: answer,
    async lineReady(ctx: RequestContext, ticketId: string, lineId: string) {
      const line = await db
        .selectFrom('kitchen_ticket_lines')
        .select('ticket_id')
        .where('business_id', '=', ctx.businessId)
        .where('ticket_id', '=', ticketId)
        .where('id', '=', lineId)
        .executeTakeFirst();
      if (!line) throw notFound();
      return ready(ctx, ticketId, lineId);
    },
    done: (ctx: RequestContext, id: string) => setStatus(ctx, id, 'done'),
    recall: (ctx: RequestContext, id: string) => setStatus(ctx, id, 'open'),
  };
}
