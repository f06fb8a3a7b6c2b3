import type { Kysely } from 'kysely';
import { DAY_KINDS, validatePlan, type Calendar, type DayKind, type RatePlan } from '@posauto/shared/rooms/rates';
import { formatClock, parseClock, type EnginePlan, type RoomType, type RoomTypeInput } from '@posauto/shared/schemas/rooms';
import type { Database } from '../../db/types';
import { unprocessable } from '../../http/errors';
import { moneyOut, toMinor } from '../sales/index';
import { shopTimeZone } from '../settings/index';

/** A room type as the engine and the bill need it: its plan, minimum spend (minor units), product and cleaning time. */
export interface TypePlan {
  id: string;
  name: string;
  plan: RatePlan;
  minSpend: number;
  productId: string;
  cleaningMinutes: number;
}

/** The bands a type's input describes, in engine form (minutes of the day, minor units per hour). */
export function bandsOf(input: Pick<RoomTypeInput, 'bands'>, currency: string) {
  return input.bands.map((b, i) => ({
    day_kind: b.day_kind as DayKind,
    // The schema has checked the clock text; 24:00 as a start is no minute of the day.
    start: parseClock(b.start) === 1440 ? -1 : parseClock(b.start)!,
    end: parseClock(b.end)!,
    rate: toMinor(b.rate, currency, `bands.${i}.rate`),
  }));
}

/** The rate plans of the shop's room types (all, or those named), by type id. */
export async function typePlans(db: Kysely<Database>, businessId: string, ids?: readonly string[]): Promise<Map<string, TypePlan>> {
  if (ids && !ids.length) return new Map();
  let types = db.selectFrom('room_types').selectAll().where('business_id', '=', businessId);
  let bands = db.selectFrom('room_rate_bands').selectAll().where('business_id', '=', businessId);
  if (ids) {
    types = types.where('id', 'in', [...ids]);
    bands = bands.where('type_id', 'in', [...ids]);
  }
  // In the settings' order: the board shows its types in it.
  const [typeRows, bandRows] = await Promise.all([
    types.orderBy('sort_order').orderBy('name').execute(),
    bands.orderBy('day_kind').orderBy('start_minute').execute(),
  ]);
  const out = new Map<string, TypePlan>();
  for (const t of typeRows)
    out.set(t.id, {
      id: t.id,
      name: t.name,
      plan: {
        bands: [],
        block_minutes: Number(t.block_minutes),
        first_block_minutes: Number(t.first_block_minutes),
        grace_minutes: Number(t.grace_minutes),
      },
      minSpend: Number(t.min_spend),
      productId: t.product_id,
      cleaningMinutes: Number(t.cleaning_minutes),
    });
  for (const b of bandRows)
    out
      .get(b.type_id)
      ?.plan.bands.push({ day_kind: b.day_kind, start: Number(b.start_minute), end: Number(b.end_minute), rate: Number(b.rate) });
  return out;
}

/** The shop's calendar for the engine: its time zone and public holidays (weekends are Saturday and Sunday). */
export async function shopCalendar(db: Kysely<Database>, businessId: string): Promise<Calendar & { holidayList: string[] }> {
  const [timeZone, rows] = await Promise.all([
    shopTimeZone(db, businessId),
    db.selectFrom('room_holidays').select('day').where('business_id', '=', businessId).orderBy('day').execute(),
  ]);
  const holidayList = rows.map((r) => r.day);
  return { timeZone, holidays: new Set(holidayList), holidayList };
}

export const enginePlanOf = (t: TypePlan): EnginePlan => ({
  type_id: t.id,
  bands: t.plan.bands,
  block_minutes: t.plan.block_minutes,
  first_block_minutes: t.plan.first_block_minutes,
  grace_minutes: t.plan.grace_minutes,
  min_spend: t.minSpend,
});

/** A type as the settings screen reads it: bands as "HH:MM" text and money text, in the order of the day kinds. */
export function roomTypeOut(t: TypePlan & { sortOrder: number; roomCount: number }, currency: string): RoomType {
  const order = (k: DayKind) => DAY_KINDS.indexOf(k);
  return {
    id: t.id,
    name: t.name,
    bands: [...t.plan.bands]
      .sort((a, b) => order(a.day_kind) - order(b.day_kind) || a.start - b.start)
      .map((b) => ({ day_kind: b.day_kind, start: formatClock(b.start), end: formatClock(b.end), rate: moneyOut(b.rate, currency) })),
    block_minutes: t.plan.block_minutes,
    first_block_minutes: t.plan.first_block_minutes,
    grace_minutes: t.plan.grace_minutes,
    min_spend: moneyOut(t.minSpend, currency),
    cleaning_minutes: t.cleaningMinutes,
    sort_order: t.sortOrder,
    room_count: t.roomCount,
  };
}

/** Refuses a plan the engine cannot charge by (overlapping or missing bands, a block that does not divide an hour). */
export function assertPlan(plan: RatePlan) {
  if (plan.bands.some((b) => b.start < 0)) throw unprocessable('rooms.errors.band_invalid', 'bands');
  const problem = validatePlan(plan);
  if (problem) throw unprocessable(problem, problem === 'rooms.errors.block_invalid' ? 'block_minutes' : 'bands');
}
