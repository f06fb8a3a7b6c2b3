import type { Kysely } from 'kysely';
import { lineAmount } from '@posauto/shared/money/index';
import { chargeStay, minimumSpendShortfall, type StayPeriod } from '@posauto/shared/rooms/rates';
import type { RoomBoard, RoomState, RoomTimeBill, Stay } from '@posauto/shared/schemas/rooms';
import { formatClock, ROOM_WARN_MINUTES } from '@posauto/shared/schemas/rooms';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { floorBranch } from '../floor/index';
import { moneyOut } from '../sales/index';
import { shopCurrency } from '../settings/index';
import { cleaningUntil } from './room-stays.service';
import { enginePlanOf, shopCalendar, typePlans, type TypePlan } from './room-plans';

const fullName = (first: string | null | undefined, last: string | null | undefined) => (first ? `${first} ${last ?? ''}`.trim() : null);

/** Stays with their periods, order and food amount so far (the order's active lines at their prices). */
async function staysOf(
  db: Kysely<Database>,
  businessId: string,
  where: { ids?: string[]; branchId?: string },
  currency: string,
): Promise<Stay[]> {
  let q = db
    .selectFrom('room_stays as s')
    .innerJoin('table_orders as o', (j) => j.onRef('o.business_id', '=', 's.business_id').onRef('o.id', '=', 's.order_id'))
    .leftJoin('users as w', (j) => j.onRef('w.business_id', '=', 'o.business_id').onRef('w.id', '=', 'o.waiter_id'))
    .selectAll('s')
    .select(['o.order_number', 'o.guests', 'o.status as order_status', 'w.first_name', 'w.last_name'])
    .where('s.business_id', '=', businessId);
  if (where.ids) q = q.where('s.id', 'in', where.ids.length ? where.ids : ['-']);
  // On the board: stays not stopped, and stopped ones whose bill is not paid yet.
  if (where.branchId)
    q = q.where('s.branch_id', '=', where.branchId).where((eb) => eb.or([eb('s.stopped_at', 'is', null), eb('o.status', '=', 'open')]));
  const stays = await q.execute();
  if (!stays.length) return [];
  const ids = stays.map((s) => s.id);
  const orderIds = stays.map((s) => s.order_id);
  const [periods, lines] = await Promise.all([
    db
      .selectFrom('room_stay_periods as p')
      .innerJoin('rooms as r', (j) => j.onRef('r.business_id', '=', 'p.business_id').onRef('r.id', '=', 'p.room_id'))
      .select(['p.stay_id', 'p.seq', 'p.room_id', 'r.name as room_name', 'p.type_id', 'p.started_at', 'p.ended_at'])
      .where('p.business_id', '=', businessId)
      .where('p.stay_id', 'in', ids)
      .orderBy('p.stay_id')
      .orderBy('p.seq')
      .execute(),
    db
      .selectFrom('table_order_lines')
      .select(['order_id', 'quantity', 'unit_price'])
      .where('business_id', '=', businessId)
      .where('order_id', 'in', orderIds)
      .where('status', '=', 'active')
      .execute(),
  ]);
  const food = new Map<string, number>();
  for (const l of lines) food.set(l.order_id, (food.get(l.order_id) ?? 0) + lineAmount(Number(l.quantity), Number(l.unit_price)));
  return stays.map((s) => ({
    id: s.id,
    order_id: s.order_id,
    order_number: s.order_number,
    room_id: s.room_id,
    status: s.status,
    guests: Number(s.guests),
    booked_minutes: Number(s.booked_minutes),
    started_at: s.started_at,
    stopped_at: s.stopped_at,
    periods: periods
      .filter((p) => p.stay_id === s.id)
      .map((p) => ({
        seq: Number(p.seq),
        room_id: p.room_id,
        room_name: p.room_name,
        type_id: p.type_id,
        started_at: p.started_at,
        ended_at: p.ended_at,
      })),
    food_amount: moneyOut(food.get(s.order_id) ?? 0, currency),
    waiter_name: fullName(s.first_name, s.last_name),
    paid: Boolean(s.sale_id) || s.order_status !== 'open',
  }));
}

/** The stays of a branch's board (not stopped, or stopped and unpaid), by start. */
export async function listStays(db: Kysely<Database>, ctx: RequestContext, requested?: string | null): Promise<Stay[]> {
  const branch = await floorBranch(db, ctx, requested);
  const stays = await staysOf(db, ctx.businessId, { branchId: branch.id }, await shopCurrency(db, ctx.businessId));
  return stays.sort((a, b) => a.started_at.localeCompare(b.started_at));
}

export async function readStay(db: Kysely<Database>, ctx: RequestContext, id: string): Promise<Stay> {
  const [stay] = await staysOf(db, ctx.businessId, { ids: [id] }, await shopCurrency(db, ctx.businessId));
  if (!stay || (ctx.branchId && (await branchOfStay(db, ctx.businessId, id)) !== ctx.branchId)) throw notFound();
  return stay;
}

async function branchOfStay(db: Kysely<Database>, businessId: string, id: string) {
  return (
    await db.selectFrom('room_stays').select('branch_id').where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst()
  )?.branch_id;
}

/** The engine's periods of a stay: each period at its type's plan; a running one ends `now`. */
export function enginePeriods(stay: Stay, plans: ReadonlyMap<string, TypePlan>, now: number): StayPeriod[] {
  return stay.periods.map((p) => ({
    from: Date.parse(p.started_at),
    to: p.ended_at ? Date.parse(p.ended_at) : now,
    plan: plans.get(p.type_id)!.plan,
    room: p.room_name,
  }));
}

/** What the board shows of a room: its stay's state (paused, ending within the first warning), cleaning, or free. */
function stateOf(stay: Stay | null, cleaning: boolean, active: number): RoomState {
  if (stay && !stay.stopped_at) {
    if (stay.status === 'paused') return 'paused';
    if (stay.booked_minutes > 0 && stay.booked_minutes - active <= ROOM_WARN_MINUTES[0]) return 'ending';
    return 'in_use';
  }
  return cleaning ? 'cleaning' : 'free';
}

/**
 * The live room board of a branch: every room with its state and stay, and what the browser needs to count each
 * stay's amount every second by the same engine the bill uses (plans, calendar, the server's time).
 */
export async function readBoard(db: Kysely<Database>, ctx: RequestContext, clock: Clock, requested?: string | null): Promise<RoomBoard> {
  const branch = await floorBranch(db, ctx, requested);
  const currency = await shopCurrency(db, ctx.businessId);
  const [rooms, plans, calendar, stays] = await Promise.all([
    db
      .selectFrom('rooms as r')
      .innerJoin('room_types as t', (j) => j.onRef('t.business_id', '=', 'r.business_id').onRef('t.id', '=', 'r.type_id'))
      .select([
        'r.id',
        'r.branch_id',
        'r.type_id',
        't.name as type_name',
        'r.name',
        'r.sort_order',
        'r.cleaning_since',
        't.cleaning_minutes',
      ])
      .where('r.business_id', '=', ctx.businessId)
      .where('r.branch_id', '=', branch.id)
      .orderBy('t.sort_order')
      .orderBy('r.sort_order')
      .orderBy('r.name')
      .execute(),
    typePlans(db, ctx.businessId),
    shopCalendar(db, ctx.businessId),
    staysOf(db, ctx.businessId, { branchId: branch.id }, currency),
  ]);
  const now = clock.now();
  const byRoom = new Map<string, Stay>();
  // A room shows its stay that has not stopped; else the last stopped one still unpaid.
  for (const s of stays) {
    const there = byRoom.get(s.room_id);
    if (!there || (there.stopped_at && (!s.stopped_at || s.stopped_at > there.stopped_at))) byRoom.set(s.room_id, s);
  }
  return {
    branch_id: branch.id,
    rooms: rooms.map((r) => {
      const stay = byRoom.get(r.id) ?? null;
      const c = cleaningUntil(r.cleaning_since, Number(r.cleaning_minutes));
      const cleaning = c.cleaning && (!c.until || c.until > now.toISOString());
      const active = stay ? chargeStay(enginePeriods(stay, plans, now.getTime()), calendar).activeMinutes : 0;
      return {
        id: r.id,
        branch_id: r.branch_id,
        type_id: r.type_id,
        type_name: r.type_name,
        name: r.name,
        sort_order: Number(r.sort_order),
        state: stateOf(stay, cleaning, active),
        cleaning_since: cleaning ? r.cleaning_since : null,
        cleaning_until: cleaning ? c.until : null,
        stay,
      };
    }),
    types: [...plans.values()].map((t) => ({ id: t.id, name: t.name })),
    plans: [...plans.values()].map(enginePlanOf),
    time_zone: calendar.timeZone,
    holidays: calendar.holidayList,
    currency,
    server_time: now.toISOString(),
  };
}

/** A line of room time on the sale: the type's product, a name that says when, and the amount the engine charged. */
export interface RoomTimeLine {
  productId: string;
  name: string;
  amount: number;
}

/**
 * A room's bill: its stay's time charged by the engine (segment by segment, at each period's type's rates), the
 * pauses, and what the food and drinks fall short of the last room type's minimum spend (billed as room fee). Answers
 * the lines the sale carries for it, in the order the bill shows them. Null when the order is not a room's, or its
 * time is paid.
 */
export async function roomBill(
  db: Kysely<Database>,
  ctx: RequestContext,
  orderId: string,
  now: Date,
): Promise<{ bill: RoomTimeBill; lines: RoomTimeLine[]; stopped: boolean } | null> {
  const row = await db
    .selectFrom('room_stays')
    .select(['id', 'sale_id'])
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row || row.sale_id) return null;
  const currency = await shopCurrency(db, ctx.businessId);
  const [stay] = await staysOf(db, ctx.businessId, { ids: [row.id] }, currency);
  if (!stay) return null;
  const [plans, calendar] = await Promise.all([typePlans(db, ctx.businessId), shopCalendar(db, ctx.businessId)]);
  const charge = chargeStay(enginePeriods(stay, plans, now.getTime()), calendar, stay.booked_minutes);
  const last = plans.get(stay.periods.at(-1)!.type_id)!;
  const foodMinor = await foodOf(db, ctx.businessId, orderId);
  const shortfall = minimumSpendShortfall(last.minSpend, foodMinor);
  const local = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: calendar.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(ms);
    return parts;
  };
  const typeOfRoom = new Map(stay.periods.map((p) => [p.room_name, p.type_id]));
  const lines: RoomTimeLine[] = charge.segments.map((s) => ({
    productId: plans.get(typeOfRoom.get(s.room) ?? last.id)!.productId,
    name: `${s.room} ${local(s.from)}–${local(s.to)} (${formatClock(s.minutes)})`,
    amount: s.amount,
  }));
  if (shortfall > 0)
    lines.push({ productId: last.productId, name: `${last.name} (min. ${moneyOut(last.minSpend, currency)})`, amount: shortfall });
  const pauses = stay.periods.slice(1).map((p, i) => {
    const from = stay.periods[i]!.ended_at!;
    return { started_at: from, ended_at: p.started_at, minutes: Math.floor((Date.parse(p.started_at) - Date.parse(from)) / 60_000) };
  });
  return {
    stopped: stay.status === 'stopped',
    lines,
    bill: {
      stay_id: stay.id,
      segments: charge.segments.map((s) => ({
        room_name: s.room,
        started_at: new Date(s.from).toISOString(),
        ended_at: new Date(s.to).toISOString(),
        minutes: s.minutes,
        rate: moneyOut(s.rate, currency),
        amount: moneyOut(s.amount, currency),
        extra: s.extra,
      })),
      pauses,
      active_minutes: charge.activeMinutes,
      charged_minutes: charge.chargedMinutes,
      time_amount: moneyOut(charge.amount, currency),
      min_spend: moneyOut(last.minSpend, currency),
      food_amount: moneyOut(foodMinor, currency),
      min_spend_shortfall: moneyOut(shortfall, currency),
    },
  };
}

/** The food and drinks of a room's order at their prices: what the minimum spend is measured against. */
async function foodOf(db: Kysely<Database>, businessId: string, orderId: string) {
  const lines = await db
    .selectFrom('table_order_lines')
    .select(['quantity', 'unit_price'])
    .where('business_id', '=', businessId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'active')
    .execute();
  return lines.reduce((sum, l) => sum + lineAmount(Number(l.quantity), Number(l.unit_price)), 0);
}
