import { sql, type Expression } from 'kysely';
import { formatDecimal, roundDiv, safeAdd } from '@posauto/shared/money/index';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import type { RoomReportQuery, RoomReportResponse, RoomReportRow } from '@posauto/shared/schemas/room-report';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { countedReturn, countedSale } from '../../kernel/counted';
import { resolvePeriod } from '../../kernel/report-kit';
import { addDays, startOfLocalDay } from '../../lib/time-zone';
import { moneyOut } from '../sales/index';

/**
 * The room report (schemas/room-report.ts states its rules): every figure comes from the stored stays, their periods
 * and the sale lines and returns of the sales that paid them; the rate engine is not run again and nothing new is
 * stored.
 */

/** What is added up per room: counts and minutes, money in minor units. */
export interface RoomSums {
  stays: number;
  used: number;
  charged: number;
  room: number;
  min: number;
  food: number;
}

const noSums = (): RoomSums => ({ stays: 0, used: 0, charged: 0, room: 0, min: 0, food: 0 });

export const addSums = (a: RoomSums, b: RoomSums): RoomSums => ({
  stays: a.stays + b.stays,
  used: a.used + b.used,
  charged: a.charged + b.charged,
  room: safeAdd(a.room, b.room),
  min: safeAdd(a.min, b.min),
  food: safeAdd(a.food, b.food),
});

/**
 * A time line of a room's bill, as room-board.ts (roomBill) names it: "S1 15:00–17:30 (02:30)", the room's name then,
 * the segment's local start and end, and its charged minutes. The minimum spend's line ("VIP (min. 50.00)") is on a
 * room type's product too but is not shaped so.
 */
const TIME_LINE = /^(.*) \d{2}:\d{2}–\d{2}:\d{2} \((\d+):(\d{2})\)$/;

export function parseTimeLine(name: string): { room: string; minutes: number } | null {
  const m = TIME_LINE.exec(name);
  return m ? { room: m[1]!, minutes: Number(m[2]) * 60 + Number(m[3]) } : null;
}

/** A stay's period as the report reads it: its room (and that room's name now), the type it had then, its minutes. */
export interface ReportPeriod {
  room_id: string;
  room_name: string;
  type_id: string;
  minutes: number;
}

/** A sale line on a room type's product (time or minimum spend), net of discounts, VAT and its returns. */
export interface RoomLine {
  name: string;
  type_id: string;
  net: number;
}

/**
 * Which room of the stay each time line belongs to. The lines come in segment order, and a segment is charged in one
 * period's room, so a line goes to the period room its name starts with, searched from the room of the line before it
 * (a stay may come back to a room it left); a room renamed since the bill is found by the line's product instead (the
 * type the period had), from that same place; failing both, it stays with the line before's room. The minimum spend's
 * line, and any line not shaped as time, answer null: the caller counts it in the room the stay ended in.
 */
export function attributeRoomLines(periods: ReportPeriod[], lines: RoomLine[]): Array<{ room_id: string | null; minutes: number }> {
  let at = 0;
  return lines.map((line) => {
    const time = parseTimeLine(line.name);
    if (!time || !periods.length) return { room_id: null, minutes: 0 };
    const from = (test: (p: ReportPeriod) => boolean) => {
      const after = periods.findIndex((p, i) => i >= at && test(p));
      return after >= 0 ? after : periods.findIndex(test);
    };
    const byName = from((p) => p.room_name === time.room);
    const found = byName >= 0 ? byName : from((p) => p.type_id === line.type_id);
    if (found >= 0) at = found;
    return { room_id: periods[at]!.room_id, minutes: time.minutes };
  });
}

/** Active minutes of a period as the rate engine counts them (rule 4 of rooms/rates.ts): whole minutes from its start. */
export const periodMinutes = (startedAt: string, endedAt: string | null) =>
  endedAt ? Math.max(0, Math.floor((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000)) : 0;

const sumOf = (expr: Expression<unknown>) => sql<number | string>`COALESCE(SUM(${expr}), 0)`;
/** A sale line's net amount without VAT, as the item sale report counts it (the net holds VAT when prices include it). */
const lineNet = sql<number>`sl.net_amount - CASE WHEN ss.vat_inclusive = 1 THEN sl.tax_amount ELSE 0 END`;

/**
 * The period's paid stays, `room_stays as rs`, with the sale that paid their time as `s`: a stay whose time started
 * on one of the period's shop-local days, of the period's branch, paid by a counted sale (a void sale un-pays it).
 */
function paidStays(deps: Deps, businessId: string, period: ReportPeriodInfo) {
  const from = startOfLocalDay(period.from, period.time_zone).toISOString();
  const to = startOfLocalDay(addDays(period.to, 1), period.time_zone).toISOString();
  let q = deps.db
    .selectFrom('room_stays as rs')
    .innerJoin('sales as s', (j) => j.onRef('s.business_id', '=', 'rs.business_id').onRef('s.id', '=', 'rs.sale_id'))
    .where('rs.business_id', '=', businessId)
    .where(countedSale('s'))
    .where('rs.started_at', '>=', from)
    .where('rs.started_at', '<', to);
  if (period.branch_id) q = q.where('rs.branch_id', '=', period.branch_id);
  return q;
}

/** Every line of every counted sale of the stays' orders (`ss`, `sl`), and the room type whose product it is (`rt`). */
const stayLines = (deps: Deps, businessId: string, period: ReportPeriodInfo) =>
  paidStays(deps, businessId, period)
    .innerJoin('sales as ss', (j) => j.onRef('ss.business_id', '=', 'rs.business_id').onRef('ss.table_order_id', '=', 'rs.order_id'))
    .where(countedSale('ss'))
    .innerJoin('sale_lines as sl', (j) => j.onRef('sl.business_id', '=', 'ss.business_id').onRef('sl.sale_id', '=', 'ss.id'))
    .leftJoin('room_types as rt', (j) => j.onRef('rt.business_id', '=', 'sl.business_id').onRef('rt.product_id', '=', 'sl.product_id'));

/** The stored facts of the period's paid stays: the stays, their periods, their room lines, their food and returns. */
async function stayFacts(deps: Deps, businessId: string, period: ReportPeriodInfo) {
  const [stays, periods, roomLines, food, returned] = await Promise.all([
    paidStays(deps, businessId, period).select(['rs.id', 'rs.room_id']).execute(),
    paidStays(deps, businessId, period)
      .innerJoin('room_stay_periods as p', (j) => j.onRef('p.business_id', '=', 'rs.business_id').onRef('p.stay_id', '=', 'rs.id'))
      .select(['p.stay_id', 'p.seq', 'p.room_id', 'p.type_id', 'p.started_at', 'p.ended_at'])
      .orderBy('p.stay_id')
      .orderBy('p.seq')
      .execute(),
    stayLines(deps, businessId, period)
      .where('rt.id', 'is not', null)
      .select(['rs.id as stay_id', 'sl.id as line_id', 'sl.product_name', 'rt.id as type_id', lineNet.as('net')])
      .orderBy('rs.id')
      .orderBy('ss.sold_at')
      .orderBy('ss.id')
      .orderBy('sl.line_no')
      .execute(),
    stayLines(deps, businessId, period)
      .where('rt.id', 'is', null)
      .select(['rs.id as stay_id', sumOf(lineNet).as('net')])
      .groupBy('rs.id')
      .execute(),
    // What came back of those lines, whenever: a return's amount always holds its VAT.
    stayLines(deps, businessId, period)
      .innerJoin('sale_return_lines as rl', (j) => j.onRef('rl.business_id', '=', 'sl.business_id').onRef('rl.sale_line_id', '=', 'sl.id'))
      .innerJoin('sale_returns as sr', (j) => j.onRef('sr.business_id', '=', 'rl.business_id').onRef('sr.id', '=', 'rl.return_id'))
      .where(countedReturn('sr'))
      .select(['rs.id as stay_id', 'sl.id as line_id', 'rt.id as type_id', sumOf(sql`rl.amount - rl.tax_amount`).as('net')])
      .groupBy(['rs.id', 'sl.id', 'rt.id'])
      .execute(),
  ]);
  return { stays, periods, roomLines, food, returned };
}

type Facts = Awaited<ReturnType<typeof stayFacts>>;

/** Each room's sums over the stays (rooms by id; a room no longer listed is simply not shown). */
export function sumByRoom(facts: Facts, roomNames: ReadonlyMap<string, string>): Map<string, RoomSums> {
  const sums = new Map<string, RoomSums>();
  const at = (roomId: string) => sums.get(roomId) ?? sums.set(roomId, noSums()).get(roomId)!;
  const returnedOf = new Map<string, number>(facts.returned.map((r) => [r.line_id, Number(r.net)]));
  const foodBack = new Map<string, number>();
  for (const r of facts.returned) if (r.type_id === null) foodBack.set(r.stay_id, (foodBack.get(r.stay_id) ?? 0) + Number(r.net));
  const foodOf = new Map<string, number>(facts.food.map((f) => [f.stay_id, Number(f.net)]));
  const group = <T extends { stay_id: string }>(list: T[]) => {
    const out = new Map<string, T[]>();
    for (const x of list) (out.get(x.stay_id) ?? out.set(x.stay_id, []).get(x.stay_id)!).push(x);
    return out;
  };
  const periodsOf = group(facts.periods);
  const linesOf = group(facts.roomLines);
  for (const stay of facts.stays) {
    const periods: ReportPeriod[] = (periodsOf.get(stay.id) ?? []).map((p) => ({
      room_id: p.room_id,
      room_name: roomNames.get(p.room_id) ?? '',
      type_id: p.type_id,
      minutes: periodMinutes(p.started_at, p.ended_at),
    }));
    for (const p of periods) at(p.room_id).used += p.minutes;
    const lines = (linesOf.get(stay.id) ?? []).map((l) => ({
      name: l.product_name,
      type_id: l.type_id!,
      net: Number(l.net) - (returnedOf.get(l.line_id) ?? 0),
    }));
    const last = at(stay.room_id);
    attributeRoomLines(periods, lines).forEach((a, i) => {
      const net = lines[i]!.net;
      if (a.room_id === null) last.min = safeAdd(last.min, net);
      else {
        const x = at(a.room_id);
        x.room = safeAdd(x.room, net);
        x.charged += a.minutes;
      }
    });
    last.stays += 1;
    last.food = safeAdd(last.food, (foodOf.get(stay.id) ?? 0) - (foodBack.get(stay.id) ?? 0));
  }
  return sums;
}

/** Days of the period, both ends included. */
export const periodDayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The answer's figures of some sums over `rooms` rooms that could each be used `available` minutes. */
export function roomFigures(s: RoomSums, rooms: number, available: number, currency: string) {
  const capacity = rooms * available;
  const revenue = safeAdd(safeAdd(s.room, s.min), s.food);
  const perStay = (amount: number) => (s.stays ? moneyOut(roundDiv(amount, s.stays, 'half-up'), currency) : null);
  return {
    stays: s.stays,
    used_minutes: s.used,
    charged_minutes: s.charged,
    // Tenths of a percent, half up: used × 1000 / capacity.
    occupancy: formatDecimal(capacity > 0 ? roundDiv(s.used * 1000, capacity, 'half-up') : 0, 1),
    room_revenue: moneyOut(s.room, currency),
    min_spend: moneyOut(s.min, currency),
    food_revenue: moneyOut(s.food, currency),
    revenue: moneyOut(revenue, currency),
    food_per_stay: perStay(s.food),
    revenue_per_stay: perStay(revenue),
  };
}

/** Every room of the shop with its type and branch, and the shop's room types (the filter's choices). */
async function roomsOf(deps: Deps, businessId: string) {
  const [rooms, types] = await Promise.all([
    deps.db
      .selectFrom('rooms as r')
      .innerJoin('room_types as t', (j) => j.onRef('t.business_id', '=', 'r.business_id').onRef('t.id', '=', 'r.type_id'))
      .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'r.business_id').onRef('b.id', '=', 'r.branch_id'))
      .select(['r.id', 'r.name', 'r.sort_order', 'r.type_id', 'r.branch_id', 'b.name as branch_name'])
      .where('r.business_id', '=', businessId)
      .execute(),
    deps.db.selectFrom('room_types').select(['id', 'name', 'sort_order']).where('business_id', '=', businessId).execute(),
  ]);
  // Sorted here, not by the database: both databases then answer in one order (their collations differ).
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  types.sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || byName(a, b));
  const typeRank = new Map(types.map((t, i) => [t.id, i]));
  rooms.sort(
    (a, b) =>
      typeRank.get(a.type_id)! - typeRank.get(b.type_id)! ||
      a.branch_name.localeCompare(b.branch_name) ||
      a.branch_id.localeCompare(b.branch_id) ||
      Number(a.sort_order) - Number(b.sort_order) ||
      byName(a, b),
  );
  return { rooms, types };
}

export async function roomReport(deps: Deps, ctx: RequestContext, query: RoomReportQuery): Promise<RoomReportResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const cur = period.currency;
  const { rooms, types } = await roomsOf(deps, ctx.businessId);
  const sums = sumByRoom(await stayFacts(deps, ctx.businessId, period), new Map(rooms.map((r) => [r.id, r.name])));
  const available = periodDayCount(period.from, period.to) * 24 * 60;
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const listed = rooms.filter(
    (r) => (!period.branch_id || r.branch_id === period.branch_id) && (!query.type_id || r.type_id === query.type_id),
  );
  const rows: RoomReportRow[] = listed.map((r) => ({
    room_id: r.id,
    room_name: r.name,
    type_id: r.type_id,
    type_name: typeName.get(r.type_id) ?? '',
    branch_id: r.branch_id,
    branch_name: r.branch_name,
    ...roomFigures(sums.get(r.id) ?? noSums(), 1, available, cur),
  }));
  const byType = new Map<string, { rooms: number; sums: RoomSums }>();
  let all = noSums();
  for (const r of listed) {
    const s = sums.get(r.id) ?? noSums();
    const t = byType.get(r.type_id) ?? { rooms: 0, sums: noSums() };
    byType.set(r.type_id, { rooms: t.rooms + 1, sums: addSums(t.sums, s) });
    all = addSums(all, s);
  }
  return {
    period,
    available_minutes: available,
    rows,
    types: [...byType].map(([id, t]) => ({
      type_id: id,
      type_name: typeName.get(id) ?? '',
      rooms: t.rooms,
      ...roomFigures(t.sums, t.rooms, available, cur),
    })),
    totals: { rooms: listed.length, ...roomFigures(all, listed.length, available, cur) },
    room_types: types.map((t) => ({ id: t.id, name: t.name })),
  };
}
