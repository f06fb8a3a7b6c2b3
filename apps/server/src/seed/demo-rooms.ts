import type { Kysely } from 'kysely';
import { BUSINESS_PERMISSIONS } from '@posauto/shared/permissions';
import type { BillPay } from '@posauto/shared/schemas/restaurant';
import type { RateBandInput, RoomTypeInput } from '@posauto/shared/schemas/rooms';
import type { Database } from '../db/types';
import type { Deps } from '../deps';
import type { RequestContext } from '../http/context';
import type { CreatedBusiness } from '../modules/businesses/index';
import { billPaymentService, orderBillsService, orderLinesService, sendOrder } from '../modules/orders/index';
import { roomSettingsService, roomStaysService } from '../modules/rooms/index';
import { toMinor } from '../modules/sales/index';
import { kitchenServed, type DinnerLine } from './demo-restaurant';

type Band = [start: string, end: string, rate: string];
const kinds = (weekday: Band[], weekend: Band[], holiday = weekend): RateBandInput[] => [
  ...weekday.map(([start, end, rate]) => ({ day_kind: 'weekday' as const, start, end, rate })),
  ...weekend.map(([start, end, rate]) => ({ day_kind: 'weekend' as const, start, end, rate })),
  ...holiday.map(([start, end, rate]) => ({ day_kind: 'holiday' as const, start, end, rate })),
];
/** Day and night rates (the night runs past midnight to 02:00), a dearer weekend night. */
const karaokeType = (name: string, day: string, night: string, weekendNight: string, minSpend: string, sort: number): RoomTypeInput => ({
  name,
  bands: kinds(
    [
      ['02:00', '18:00', day],
      ['18:00', '02:00', night],
    ],
    [
      ['02:00', '18:00', day],
      ['18:00', '02:00', weekendNight],
    ],
  ),
  block_minutes: 15,
  first_block_minutes: 60,
  grace_minutes: 5,
  min_spend: minSpend,
  cleaning_minutes: 10,
  sort_order: sort,
});

const KARAOKE: Array<{ type: RoomTypeInput; rooms: string[] }> = [
  { type: karaokeType('Small', '6', '9', '11', '0', 1), rooms: ['S1', 'S2', 'S3'] },
  { type: karaokeType('Medium', '9', '13', '15', '20', 2), rooms: ['M1', 'M2', 'M3'] },
  { type: karaokeType('VIP', '15', '22', '26', '60', 3), rooms: ['VIP1', 'VIP2'] },
];
const CAFE: Array<{ type: RoomTypeInput; rooms: string[] }> = [
  {
    type: {
      name: 'Meeting room',
      bands: kinds([['00:00', '24:00', '5']], [['00:00', '24:00', '6']]),
      block_minutes: 30,
      first_block_minutes: 60,
      grace_minutes: 5,
      min_spend: '0',
      cleaning_minutes: 0,
      sort_order: 1,
    },
    rooms: ['Meeting 1', 'Meeting 2'],
  },
];

const ownerOf = (shop: CreatedBusiness): RequestContext => ({
  businessId: shop.businessId,
  userId: shop.ownerId,
  branchId: null,
  permissions: new Set(BUSINESS_PERMISSIONS),
  sessionId: 'demo-seed',
  ip: null,
});

/** The shop's room types and rooms, in the branch a shop-level user's board opens on (the first by name): ids by name. */
async function setUpRooms(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness, kind: 'karaoke' | 'cafe') {
  const ids = new Map<string, string>();
  const branch = await trx
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', shop.businessId)
    .orderBy('name')
    .orderBy('id')
    .executeTakeFirst();
  if (!branch) return ids;
  const owner = ownerOf(shop);
  const settings = roomSettingsService(deps);
  for (const [i, plan] of (kind === 'karaoke' ? KARAOKE : CAFE).entries()) {
    const type = await settings.createType(trx, owner, plan.type);
    for (const [j, name] of plan.rooms.entries())
      ids.set(name, (await settings.createRoom(trx, owner, { branch_id: branch.id, type_id: type.id, name, sort_order: i * 10 + j })).id);
  }
  return ids;
}

/** Stays started now in the rooms named: the board's rooms in use at first sign-in, every other one booked for two hours. */
async function startNow(trx: Kysely<Database>, deps: Deps, owner: RequestContext, ids: ReadonlyMap<string, string>, inUse: string[]) {
  const stays = roomStaysService(deps);
  for (const [i, name] of inUse.entries()) {
    const room = ids.get(name);
    // The board counts the booked one down.
    if (room) await stays.start(trx, owner, room, { guests: 2 + i * 2, booked_minutes: i % 2 ? 120 : 0 }, null);
  }
}

/**
 * Rooms billed by time: Demo Karaoke's three room types (day and night rates, a dearer weekend night, a minimum spend
 * in the bigger rooms) and eight rooms (karaokeRooms gives them their history); Demo Coffee's meeting rooms rented by
 * the hour. Some rooms are in use at first sign-in: a running stay, a booked one.
 */
export async function seedDemoRooms(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness, kind: 'karaoke' | 'cafe', inUse: string[]) {
  await startNow(trx, deps, ownerOf(shop), await setUpRooms(trx, deps, shop, kind), inUse);
}

/** Demo Karaoke's room types by name, and its rooms' types by room name. */
const ROOMS_OF = new Map(KARAOKE.map((k) => [k.type.name, k.rooms]));
const TYPE_OF = new Map(KARAOKE.flatMap((k) => k.rooms.map((r) => [r, k.type.name] as const)));
/** Stays of a karaoke evening, Sunday to Saturday: fuller at the weekend. */
const STAYS = [3, 2, 2, 3, 3, 4, 4];
/** Where a moved stay goes: a bigger room (the party grew), or out of VIP into a Medium one (it thinned out). */
const MOVE_TO: Record<string, string> = { Small: 'Medium', Medium: 'VIP', VIP: 'Medium' };
/** Guests a room of each type takes: the least, and how many more at most. */
const GUESTS: Record<string, [number, number]> = { Small: [2, 3], Medium: [4, 4], VIP: [6, 6] };
/** Minutes a room stays out of use after its stay stops: its type's ten of cleaning, and a few to spare. */
const TURNAROUND = 15;
/** The latest a stay of the history ends: 01:00, after midnight of its evening. */
const LAST_END = 25 * 60;

/** One stay of the history, as data: in minutes past midnight of its evening's day (past 1440: after midnight). */
export interface StayPlan {
  room: string;
  start: number;
  end: number;
  guests: number;
  /** Prepaid minutes (0: open-ended), extended by an hour at `extendAt` when the guests stay on. */
  booked: number;
  extendAt: number | null;
  pause: [from: number, to: number] | null;
  move: { at: number; to: string } | null;
  /** When the guests order: drinks as they sit down, then more and food. */
  rounds: number[];
  /** Marked clean by hand after the stop; else free once its type's cleaning minutes have passed. */
  clean: boolean;
}

/**
 * An evening's stays: two to four (fewer early in the week), from 18:00 (now and then a little before, at the day
 * rate) until 01:00 at the latest, each in a room left free and clean by the one before; one in five prepaid, some
 * paused, and one or two of the history moved to a room of another type. `limit` (minutes past the day's midnight) is
 * the end of the history: a stay not paid and cleaned a quarter of an hour before it is left out. `count` carries
 * across evenings: the stays planned so far and the moves among them.
 */
export function planEvening(rnd: () => number, weekday: number, limit: number, count: { stays: number; moves: number }): StayPlan[] {
  const freeAt = new Map<string, number>();
  const free = (room: string, minute: number) => (freeAt.get(room) ?? 0) <= minute;
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(rnd() * list.length)];
  const weekend = weekday === 0 || weekday === 6;
  const starts = Array.from({ length: STAYS[weekday]! - (rnd() < 0.3 ? 1 : 0) }, () =>
    rnd() < 0.12 ? 17 * 60 + 15 + Math.floor(rnd() * 40) : 18 * 60 + Math.floor(rnd() * 270),
  ).sort((a, b) => a - b);
  const plans: StayPlan[] = [];
  for (const start of starts) {
    const r = rnd();
    const wanted = r < 0.45 ? 'Small' : r < (weekend ? 0.72 : 0.82) ? 'Medium' : 'VIP';
    const end = Math.min(start + 75 + 5 * Math.floor(rnd() * 31), LAST_END);
    const room = pick(ROOMS_OF.get(wanted)!.filter((x) => free(x, start))) ?? [...TYPE_OF.keys()].find((x) => free(x, start));
    if (!room || end + 7 > limit - TURNAROUND) continue;
    const type = TYPE_OF.get(room)!;
    const d = end - start;
    const index = count.stays++;
    const booked = rnd() < 0.2 ? (d >= 150 ? 120 : 60) : 0;
    const pauseFrom = start + Math.floor(d * 0.6);
    const pauseTo = pauseFrom + 15 + 5 * Math.floor(rnd() * 4);
    let move: StayPlan['move'] = null;
    if (count.moves < 2 && index >= 10 + 25 * count.moves) {
      const at = start + Math.floor(d * 0.3);
      const to = ROOMS_OF.get(MOVE_TO[type]!)!.find((x) => free(x, at));
      if (to) move = { at, to };
      if (to) count.moves++;
    }
    freeAt.set(room, move ? move.at + 5 : end + TURNAROUND);
    if (move) freeAt.set(move.to, end + TURNAROUND);
    const [least, more] = GUESTS[type]!;
    plans.push({
      room,
      start,
      end,
      guests: least + Math.floor(rnd() * (more + 1)),
      booked,
      extendAt: booked && d > booked + 20 ? start + booked - 10 : null,
      pause: index % 6 === 2 && pauseTo <= end - 15 ? [pauseFrom, pauseTo] : null,
      move,
      rounds: [start + 3, start + Math.floor(d * 0.45), ...(d >= 180 ? [start + Math.floor(d * 0.8)] : [])],
      clean: rnd() < 0.5,
    });
  }
  return plans;
}

/** What a room's evening borrows from the till's (demo-karaoke.ts): its cashier, its dice, its stock, its tenders. */
export interface RoomTill {
  /** Who takes the payment, at the till, into the drawer open that evening. */
  cashier: RequestContext;
  rnd: () => number;
  /** `units` of a product by name ('bucket': the beer bucket) if the stock kept for the evening lets them go; else null. */
  item: (name: string, units: number) => DinnerLine | null;
  /** How a bill of `due` (minor units) is paid. */
  tender: (due: number) => BillPay['payments'];
  /** A regular now and then; null: a walk-in. */
  customer: () => string | null;
  /** The room service charge the cashier puts on a room's bill. */
  serviceChargeId: string | null;
}

/** What a room orders at its round `i`: beer first (buckets in the bigger rooms), soft drinks, snacks, then food. */
function roundOf(i: number, type: string, till: RoomTill): DinnerLine[] {
  const { rnd, item } = till;
  const lines: DinnerLine[] = [];
  const add = (name: string, units: number) => {
    const line = item(name, units);
    if (line) lines.push(line);
  };
  const big = type !== 'Small';
  const beer = rnd() < 0.6 ? 'Angkor beer can' : 'Cambodia beer can';
  if (rnd() < [big ? 0.6 : 0.3, 0.3, 0.1][i]!) add('bucket', big && rnd() < 0.5 ? 2 : 1);
  else add(beer, [4, 3, 2][i]! + Math.floor(rnd() * 6));
  if (rnd() < [0.6, 0.3, 0.4][i]!) add(rnd() < 0.5 ? 'Coca-Cola can' : 'Drinking water', 2 + Math.floor(rnd() * 3));
  if (rnd() < [0.5, 0.3, 0.2][i]!) add('Potato chips', 1 + Math.floor(rnd() * 3));
  if (rnd() < [0.15, 0.6, 0.2][i]!) add(rnd() < 0.5 ? 'Beef lok lak' : 'Fried rice with chicken', 1 + Math.floor(rnd() * 2));
  // A room whose first round only wanted what ran short still orders something: fried rice is made to order.
  if (!lines.length && i === 0) add('Fried rice with chicken', 1);
  return lines;
}

/** Something done at a moment of an evening: minutes past midnight of its day (past 1440: after midnight). */
export interface RoomStep {
  minute: number;
  run: () => Promise<void>;
}

/** Demo Karaoke's rooms over its history (karaokeRooms). */
export interface RoomHistory {
  /** The room types and rooms, set up on the history's opening day. */
  setUp(at: Deps): Promise<void>;
  /** An evening's stays as steps in time order, each run with the clock at its minute (`at`), up to now. */
  evening(day: string, till: RoomTill, at: (minutes: number) => Deps): RoomStep[];
  /** The rooms in use at first sign-in (seedDemoRooms). */
  startNow(inUse: string[]): Promise<void>;
}

/**
 * Demo Karaoke's rooms and their history, every step through the services the room board and the order screen call,
 * with the clock set to its moment: the waiter starts a room, sends its rounds to the bar and the kitchen (served
 * there), pauses, extends, moves and stops it, prints the bill; the till's cashier takes the payment into the
 * evening's drawer (one sale: the room time on the room type's product, the minimum spend, food and drinks); the
 * waiter marks the room clean, or its cleaning time runs out.
 */
export function karaokeRooms(trx: Kysely<Database>, deps: Deps, shop: CreatedBusiness, waiter: RequestContext | null): RoomHistory {
  let ids = new Map<string, string>();
  const count = { stays: 0, moves: 0 };

  const stepsOf = (p: StayPlan, till: RoomTill, at: (minutes: number) => Deps): RoomStep[] => {
    const who = waiter!;
    const stay = { id: '', orderId: '', due: 0 };
    const key = () => crypto.randomUUID();
    const iso = (m: number) => at(m).clock.now().toISOString();
    const step = (minute: number, run: (d: Deps) => Promise<unknown>): RoomStep => ({
      minute,
      run: async () => void (await run(at(minute))),
    });
    const steps = [
      step(p.start, async (d) => {
        stay.id = await roomStaysService(d).start(trx, who, ids.get(p.room)!, { guests: p.guests, booked_minutes: p.booked }, key());
        const row = await trx
          .selectFrom('room_stays')
          .select('order_id')
          .where('business_id', '=', who.businessId)
          .where('id', '=', stay.id);
        stay.orderId = (await row.executeTakeFirstOrThrow()).order_id;
      }),
      ...(p.move ? [step(p.move.at, (d) => roomStaysService(d).move(trx, who, stay.id, { room_id: ids.get(p.move!.to)! }, key()))] : []),
      ...(p.pause
        ? [
            step(p.pause[0], (d) => roomStaysService(d).pause(trx, who, stay.id, key())),
            step(p.pause[1], (d) => roomStaysService(d).resume(trx, who, stay.id, key())),
          ]
        : []),
      ...(p.extendAt === null ? [] : [step(p.extendAt, (d) => roomStaysService(d).extend(trx, who, stay.id, { minutes: 60 }, key()))]),
      ...p.rounds.map((m, i) =>
        step(m, async (d) => {
          const lines = roundOf(i, TYPE_OF.get(p.room)!, till);
          if (!lines.length) return;
          const add = lines.map((l) => ({ product_id: l.productId, quantity: String(l.units) }));
          await orderLinesService(d).add(trx, who, stay.orderId, { lines: add }, key());
          await sendOrder(trx, at(m + 1), who, stay.orderId, key());
          await kitchenServed(trx, who.businessId, stay.orderId, iso(m + 9), iso(m + 11));
        }),
      ),
      step(p.end, (d) => roomStaysService(d).stop(trx, who, stay.id, key())),
      step(p.end + 2, async (d) => {
        const bill = await orderBillsService(d).preBill(trx, who, stay.orderId, { bill: 1, service_charge_id: till.serviceChargeId }, true);
        stay.due = toMinor(bill.grand_total, bill.currency, 'grand_total');
      }),
      step(p.end + 5, (d) => {
        const pay = { customer_id: till.customer(), service_charge_id: till.serviceChargeId, payments: till.tender(stay.due) };
        return billPaymentService(d).pay(trx, till.cashier, stay.orderId, 1, pay, key());
      }),
    ];
    if (p.clean) steps.push(step(p.end + 7, (d) => roomStaysService(d).clean(trx, who, ids.get(p.move?.to ?? p.room)!)));
    return steps;
  };

  return {
    async setUp(at) {
      ids = await setUpRooms(trx, at, shop, 'karaoke');
    },
    evening(day, till, at) {
      if (!waiter || !ids.size) return [];
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const limit = (deps.clock.now().getTime() - at(0).clock.now().getTime()) / 60_000;
      const steps = planEvening(till.rnd, weekday, limit, count).flatMap((p) => stepsOf(p, till, at));
      // Stable: a stay's own steps keep their order within a minute.
      return steps.sort((a, b) => a.minute - b.minute);
    },
    startNow: (inUse) => startNow(trx, deps, ownerOf(shop), ids, inUse),
  };
}
