import type { Kysely } from 'kysely';
import type { RoomStart, StayExtend, StayMove, StayTimes } from '@posauto/shared/schemas/rooms';
import { ROOM_LIMITS, roomStartSchema, stayExtendSchema, stayMoveSchema, stayTimesSchema } from '@posauto/shared/schemas/rooms';
import type { Deps } from '../../deps';
import { formatDocumentNumber, nextDocumentNumber } from '../../db/document-number';
import { forUpdate, isUniqueViolation } from '../../db/dialect/index';
import type { Database } from '../../db/types';
import type { RoomStaysTable } from '../../db/tables/rooms';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { approverFor } from '../auth/index';
import { announce, FLOOR_LIVE } from '../kitchen/index';
import { requestHash } from '../sales/index';
import { typePlans } from './room-plans';

/** A room's order is numbered in the table orders' series (modules/orders, order-table.ts: ORDER_SERIES, ORD-). */
const ORDER_SERIES = 'table_order';
const ORDER_PREFIX = 'ORD';
const TIME_APPROVAL = {
  permission: 'table-void',
  required: 'rooms.errors.approval_required',
  cannot: 'rooms.errors.approval_failed',
} as const;

type Kind = 'start' | 'pause' | 'resume' | 'extend' | 'move' | 'stop';

/** The room, visible to the caller (a branch user: of its branch), locked until the transaction ends. */
async function lockRoom(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string) {
  const q = whereBranch(
    trx.selectFrom('rooms').selectAll().where('business_id', '=', ctx.businessId).where('id', '=', id),
    'branch_id',
    ctx,
  );
  const room = await forUpdate(deps.kind, q).executeTakeFirst();
  if (!room) throw notFound();
  return room;
}

/** The stay, visible to the caller, locked: every change to a stay takes this lock first, so two tablets take turns. */
export async function lockStay(trx: Kysely<Database>, deps: Deps, ctx: RequestContext, id: string, lock = true): Promise<RoomStaysTable> {
  const q = whereBranch(
    trx.selectFrom('room_stays').selectAll().where('business_id', '=', ctx.businessId).where('id', '=', id),
    'branch_id',
    ctx,
  );
  const stay = await (lock ? forUpdate(deps.kind, q) : q).executeTakeFirst();
  if (!stay) throw notFound();
  return stay;
}

/** A room cleaning now: since a stay stopped, until marked clean or until its type's cleaning minutes have passed. */
export function cleaningUntil(since: string | null, cleaningMinutes: number): { cleaning: boolean; until: string | null } {
  if (!since) return { cleaning: false, until: null };
  if (!cleaningMinutes) return { cleaning: true, until: null };
  const until = new Date(Date.parse(since) + cleaningMinutes * 60_000).toISOString();
  return { cleaning: true, until };
}

/** What every change to a stay uses: the key's claim, the room's freedom, periods, the stay's row, the floor's news. */
function stayKit(deps: Deps) {
  const { clock } = deps;
  const audit = auditFor(clock, 'room_stay');

  /** 'new' the first time; the stay's id on a retry of the same request; a key reused for another change is refused. */
  async function claim(trx: Kysely<Database>, ctx: RequestContext, key: string | null, kind: Kind, stayId: string, body: unknown) {
    if (!key) return null;
    const hash = requestHash({ kind, body });
    const got = await trx
      .insertInto('room_stay_requests')
      .values({
        business_id: ctx.businessId,
        idempotency_key: key,
        stay_id: stayId,
        kind,
        request_hash: hash,
        created_at: clock.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['business_id', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    if (got) return null;
    const was = await trx
      .selectFrom('room_stay_requests')
      .select(['stay_id', 'kind', 'request_hash'])
      .where('business_id', '=', ctx.businessId)
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    if (was.kind !== kind || was.request_hash !== hash || (kind !== 'start' && was.stay_id !== stayId))
      throw unprocessable('rooms.errors.key_reused');
    return was.stay_id;
  }

  async function assertFree(
    trx: Kysely<Database>,
    ctx: RequestContext,
    room: { id: string; type_id: string; cleaning_since: string | null },
  ) {
    const busy = await trx
      .selectFrom('room_stays')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('room_id', '=', room.id)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    if (busy) throw unprocessable('rooms.errors.room_busy');
    const type = (await typePlans(trx, ctx.businessId, [room.type_id])).get(room.type_id);
    const c = cleaningUntil(room.cleaning_since, type?.cleaningMinutes ?? 0);
    if (c.cleaning && (!c.until || c.until > clock.now().toISOString())) throw unprocessable('rooms.errors.room_cleaning');
  }

  async function endPeriod(trx: Kysely<Database>, ctx: RequestContext, stay: RoomStaysTable, at: string) {
    await trx
      .updateTable('room_stay_periods')
      .set({ ended_at: at })
      .where('business_id', '=', ctx.businessId)
      .where('stay_id', '=', stay.id)
      .where('seq', '=', stay.period_seq)
      .where('ended_at', 'is', null)
      .execute();
  }

  async function newPeriod(
    trx: Kysely<Database>,
    ctx: RequestContext,
    stay: RoomStaysTable,
    room: { id: string; type_id: string },
    at: string,
  ) {
    const seq = Number(stay.period_seq) + 1;
    await trx
      .insertInto('room_stay_periods')
      .values({
        business_id: ctx.businessId,
        stay_id: stay.id,
        seq,
        room_id: room.id,
        type_id: room.type_id,
        started_at: at,
        ended_at: null,
      })
      .execute();
    return seq;
  }

  async function setStay(trx: Kysely<Database>, ctx: RequestContext, id: string, values: Partial<RoomStaysTable>) {
    await trx.updateTable('room_stays').set(values).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  }

  const tell = (trx: Kysely<Database>, ctx: RequestContext, branchId: string, stay: { id: string; order_id?: string }, roomId: string) =>
    announce(trx, deps.kind, FLOOR_LIVE, ctx.businessId, branchId, { kind: 'room', order_id: stay.order_id ?? null, table_id: roomId });

  const assertNotStopped = (stay: RoomStaysTable) => {
    if (stay.status === 'stopped') throw unprocessable('rooms.errors.stopped');
  };

  return { clock, audit, claim, assertFree, endPeriod, newPeriod, setStay, tell, assertNotStopped };
}

/**
 * A stay's life: start (the order opens and the first period starts at the server's time), pause and resume (paused
 * time is the gap between periods, never charged), extend (booked minutes: a countdown and the least time charged),
 * move (the period ends in one room and the next starts in the other, of any type), stop (the room goes cleaning),
 * clean, and a correction of recorded times with an approval. Each change locks the stay (or the room), applies once
 * per Idempotency-Key, is audited and tells the branch's floor channel on commit.
 */
function stayStartService(deps: Deps) {
  const { clock, audit, claim, assertFree, endPeriod, newPeriod, setStay, tell, assertNotStopped } = stayKit(deps);
  return {
    lockStay: (trx: Kysely<Database>, ctx: RequestContext, id: string) => lockStay(trx, deps, ctx, id),

    /** Answers the stay's id (the same one on a retry). */
    async start(trx: Kysely<Database>, ctx: RequestContext, roomId: string, raw: RoomStart, key: string | null): Promise<string> {
      const input = roomStartSchema.parse(raw);
      const room = await lockRoom(trx, deps, ctx, roomId);
      const id = newId();
      const replay = await claim(trx, ctx, key, 'start', id, { roomId, ...input });
      if (replay) return replay;
      await assertFree(trx, ctx, room);
      const at = clock.now().toISOString();
      const orderId = newId();
      const number = formatDocumentNumber(ORDER_PREFIX, await nextDocumentNumber(trx, deps.kind, ctx.businessId, ORDER_SERIES));
      await trx
        .insertInto('table_orders')
        .values({
          business_id: ctx.businessId,
          id: orderId,
          order_number: number,
          branch_id: room.branch_id,
          table_id: null,
          room_id: room.id,
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
      try {
        await trx
          .insertInto('room_stays')
          .values({
            business_id: ctx.businessId,
            id,
            branch_id: room.branch_id,
            order_id: orderId,
            room_id: room.id,
            status: 'running',
            booked_minutes: input.booked_minutes,
            started_at: at,
            stopped_at: null,
            period_seq: 1,
            started_by: ctx.userId,
            sale_id: null,
          })
          .execute();
      } catch (e) {
        // Two tablets starting the room at once: the one-stay-per-room index lets one through.
        if (isUniqueViolation(deps.kind, e)) throw unprocessable('rooms.errors.room_busy');
        throw e;
      }
      await trx
        .insertInto('room_stay_periods')
        .values({
          business_id: ctx.businessId,
          stay_id: id,
          seq: 1,
          room_id: room.id,
          type_id: room.type_id,
          started_at: at,
          ended_at: null,
        })
        .execute();
      await audit(trx, ctx, 'start', id, {
        room: room.name,
        order_number: number,
        guests: input.guests,
        booked_minutes: input.booked_minutes,
      });
      await tell(trx, ctx, room.branch_id, { id, order_id: orderId }, room.id);
      return id;
    },

    async pause(trx: Kysely<Database>, ctx: RequestContext, stayId: string, key: string | null) {
      const stay = await lockStay(trx, deps, ctx, stayId);
      if (await claim(trx, ctx, key, 'pause', stayId, {})) return;
      assertNotStopped(stay);
      if (stay.status === 'paused') throw unprocessable('rooms.errors.already_paused');
      const at = clock.now().toISOString();
      await endPeriod(trx, ctx, stay, at);
      await setStay(trx, ctx, stayId, { status: 'paused' });
      await audit(trx, ctx, 'pause', stayId, { at });
      await tell(trx, ctx, stay.branch_id, stay, stay.room_id);
    },

    async resume(trx: Kysely<Database>, ctx: RequestContext, stayId: string, key: string | null) {
      const stay = await lockStay(trx, deps, ctx, stayId);
      if (await claim(trx, ctx, key, 'resume', stayId, {})) return;
      assertNotStopped(stay);
      if (stay.status !== 'paused') throw unprocessable('rooms.errors.not_paused');
      const room = await lockRoom(trx, deps, ctx, stay.room_id);
      const at = clock.now().toISOString();
      const seq = await newPeriod(trx, ctx, stay, room, at);
      await setStay(trx, ctx, stayId, { status: 'running', period_seq: seq });
      await audit(trx, ctx, 'resume', stayId, { at });
      await tell(trx, ctx, stay.branch_id, stay, stay.room_id);
    },

    async extend(trx: Kysely<Database>, ctx: RequestContext, stayId: string, raw: StayExtend, key: string | null) {
      const input = stayExtendSchema.parse(raw);
      const stay = await lockStay(trx, deps, ctx, stayId);
      if (await claim(trx, ctx, key, 'extend', stayId, input)) return;
      assertNotStopped(stay);
      const booked = Number(stay.booked_minutes) + input.minutes;
      if (booked > ROOM_LIMITS.bookedMinutes) throw unprocessable('rooms.errors.minutes_range', 'minutes');
      await setStay(trx, ctx, stayId, { booked_minutes: booked });
      await audit(trx, ctx, 'extend', stayId, { minutes: input.minutes, booked_minutes: booked });
      await tell(trx, ctx, stay.branch_id, stay, stay.room_id);
    },
  };
}

/** Moving, stopping, cleaning and correcting a stay's times (see roomStaysService). */
function stayChangesService(deps: Deps) {
  const { clock, audit, claim, assertFree, endPeriod, newPeriod, setStay, tell, assertNotStopped } = stayKit(deps);
  return {
    async move(trx: Kysely<Database>, ctx: RequestContext, stayId: string, raw: StayMove, key: string | null) {
      const input = stayMoveSchema.parse(raw);
      const stay = await lockStay(trx, deps, ctx, stayId);
      if (await claim(trx, ctx, key, 'move', stayId, input)) return;
      assertNotStopped(stay);
      if (input.room_id === stay.room_id) throw unprocessable('rooms.errors.same_room', 'room_id');
      const target = await lockRoom(trx, deps, ctx, input.room_id).catch(() => {
        throw unprocessable('rooms.errors.other_branch', 'room_id');
      });
      if (target.branch_id !== stay.branch_id) throw unprocessable('rooms.errors.other_branch', 'room_id');
      await assertFree(trx, ctx, target);
      const at = clock.now().toISOString();
      let seq = Number(stay.period_seq);
      // A paused stay moves without a period: its next one starts in the new room when it resumes.
      if (stay.status === 'running') {
        await endPeriod(trx, ctx, stay, at);
        seq = await newPeriod(trx, ctx, stay, target, at);
      }
      await setStay(trx, ctx, stayId, { room_id: target.id, period_seq: seq });
      await trx
        .updateTable('table_orders')
        .set({ room_id: target.id })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', stay.order_id)
        .execute();
      await audit(trx, ctx, 'move', stayId, { from: stay.room_id, to: target.id, at });
      await tell(trx, ctx, stay.branch_id, stay, stay.room_id);
    },

    async stop(trx: Kysely<Database>, ctx: RequestContext, stayId: string, key: string | null) {
      const stay = await lockStay(trx, deps, ctx, stayId);
      if (await claim(trx, ctx, key, 'stop', stayId, {})) return;
      assertNotStopped(stay);
      const at = clock.now().toISOString();
      if (stay.status === 'running') await endPeriod(trx, ctx, stay, at);
      await setStay(trx, ctx, stayId, { status: 'stopped', stopped_at: at });
      await trx
        .updateTable('rooms')
        .set({ cleaning_since: at, updated_at: at })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', stay.room_id)
        .execute();
      await audit(trx, ctx, 'stop', stayId, { at });
      await tell(trx, ctx, stay.branch_id, stay, stay.room_id);
    },

    async clean(trx: Kysely<Database>, ctx: RequestContext, roomId: string) {
      const room = await lockRoom(trx, deps, ctx, roomId);
      if (!room.cleaning_since) throw unprocessable('rooms.errors.not_cleaning');
      await trx
        .updateTable('rooms')
        .set({ cleaning_since: null, updated_at: clock.now().toISOString() })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', roomId)
        .execute();
      await auditFor(clock, 'room')(trx, ctx, 'clean', roomId, {});
      await tell(trx, ctx, room.branch_id, { id: '' }, room.id);
    },

    /** A correction of one period's recorded start or end: a reason always, an approval without `table-void`. */
    async times(trx: Kysely<Database>, ctx: RequestContext, stayId: string, raw: StayTimes) {
      const input = stayTimesSchema.parse(raw);
      const stay = await lockStay(trx, deps, ctx, stayId);
      if (stay.sale_id) throw unprocessable('rooms.errors.stopped');
      const approver = ctx.permissions.has('table-void')
        ? null
        : await approverFor(deps, ctx, input.approver_email, input.approver_password, TIME_APPROVAL);
      const periods = await trx
        .selectFrom('room_stay_periods')
        .selectAll()
        .where('business_id', '=', ctx.businessId)
        .where('stay_id', '=', stayId)
        .orderBy('seq')
        .execute();
      const i = periods.findIndex((p) => Number(p.seq) === input.period);
      if (i < 0) throw unprocessable('rooms.errors.times_invalid', 'period');
      const p = periods[i]!;
      const from = input.started_at ? new Date(input.started_at).toISOString() : p.started_at;
      const to = input.ended_at ? new Date(input.ended_at).toISOString() : p.ended_at;
      const now = clock.now().toISOString();
      const before = periods[i - 1]?.ended_at ?? null;
      const after = periods[i + 1]?.started_at ?? null;
      const bad =
        from > now ||
        (to !== null && (to <= from || to > now)) ||
        (input.ended_at && p.ended_at === null) ||
        (before !== null && from < before) ||
        (after !== null && to !== null && to > after);
      if (bad) throw unprocessable('rooms.errors.times_invalid', input.started_at ? 'started_at' : 'ended_at');
      await trx
        .updateTable('room_stay_periods')
        .set({ started_at: from, ended_at: to })
        .where('business_id', '=', ctx.businessId)
        .where('stay_id', '=', stayId)
        .where('seq', '=', p.seq)
        .execute();
      if (i === 0) await setStay(trx, ctx, stayId, { started_at: from });
      if (i === periods.length - 1 && stay.status === 'stopped' && to) await setStay(trx, ctx, stayId, { stopped_at: to });
      await audit(trx, ctx, 'times', stayId, {
        period: input.period,
        was: { started_at: p.started_at, ended_at: p.ended_at },
        now: { started_at: from, ended_at: to },
        reason: input.reason,
        approved_by: approver?.id ?? null,
      });
      await tell(trx, ctx, stay.branch_id, stay, stay.room_id);
    },
  };
}

export function roomStaysService(deps: Deps) {
  return { ...stayStartService(deps), ...stayChangesService(deps) };
}
