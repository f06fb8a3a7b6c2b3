import { roundDiv } from '../money/rounding';
import { safeSubtract } from '../money/integer';

/**
 * The karaoke room rate engine (issue #25): a stay's active time, possibly in several rooms of different types, turned
 * into charged segments. The same pure code runs in the browser's live board and in the server's bill, so both show the
 * same amount. Money is integer minor units, times are epoch milliseconds, and the shop's IANA time zone decides the
 * local clock and date (DST zones included: the offset is looked up again at every boundary).
 *
 * The rules (rates.reference.ts implements them again, minute by minute, for the property tests):
 * 1. Day kind of a local date: 'holiday' if the date is in `holidays`, else 'weekend' if its weekday is in
 *    `weekendDays` (default Saturday and Sunday), else 'weekday'.
 * 2. Rate of a local minute at date D, clock c (0..1439): if the bands of kind(D-1) hold a band crossing midnight
 *    (end <= start) with c < end, that band applies and it started on D-1 (a night that began the day before keeps the
 *    previous day's rate until it ends). Otherwise the band of kind(D) whose cyclic range holds c applies (a crossing
 *    band's range is [start, 1440) plus [0, end)); it started on D, except when c < end of a crossing band, where it
 *    started on D-1. A minute's plan is the plan of the period it falls in; its local time is that of its first instant.
 * 3. A valid plan (validatePlan): for each day kind, that kind's bands tile the 24-hour clock exactly once; start and
 *    end are integers in range, start != end (all day is start 0, end 1440), rates non-negative safe integers; the block
 *    divides an hour (BLOCK_SIZES); first block 0..600 minutes; grace 0..block-1 minutes.
 * 4. Active minutes: each period gives floor((to - from) / 1 min) whole minutes counted from `from` (the seconds after
 *    the last whole minute are not charged). T = their sum.
 * 5. Charged minutes B, by the LAST period's plan: T = 0 gives B = 0 unless time was booked; else with r = T mod block,
 *    B = T - r + (r > grace ? block : 0), then at least first_block_minutes, then at least the booked minutes.
 * 6. Charged are the first min(B, T) active minutes in time order (grace drops minutes at the end), then, when B > T,
 *    B - T extra minutes right after the last active minute (after the first period's `from` when T = 0), in the last
 *    period's room and plan, each at the rate of its own local time (extra minutes past 18:00 get the night rate).
 * 7. A segment is a run of charged minutes in one period (the extra minutes are a run of their own, `extra: true`),
 *    one band (same band of the plan, started on the same local date) and one rate; amount = minutes * rate / 60
 *    rounded half-up, exactly.
 * 8. The stay's amount is the sum of its segments' amounts, so the bill's lines always add up to its total.
 *
 * The engine never walks minute by minute: it jumps from boundary to boundary (band edges, midnight, DST changes,
 * period ends, end of charged time) and asks Intl for the local time only there; the board recomputes every running
 * stay each second.
 */

import { BLOCK_SIZES, DAY_KINDS, type DayKind } from './kinds';

export { BLOCK_SIZES, DAY_KINDS, type DayKind };

/**
 * start: minute of the day 0..1439; end: 1..1440, exclusive; end <= start crosses midnight (18:00-02:00 is start 1080,
 * end 120); end 1440 is midnight. rate: minor units per hour (integer >= 0).
 */
export interface RateBand {
  day_kind: DayKind;
  start: number;
  end: number;
  rate: number;
}

export interface RatePlan {
  bands: RateBand[];
  /** One of BLOCK_SIZES. */
  block_minutes: number;
  /** The least charged minutes once a stay has any time (0..600). */
  first_block_minutes: number;
  /** 0..block_minutes-1: a last partial block of at most this many minutes is not charged. */
  grace_minutes: number;
}

/** Epoch ms, active time only (a pause is the gap between two periods). */
export interface StayPeriod {
  from: number;
  to: number;
  plan: RatePlan;
  room: string;
}

export interface Calendar {
  timeZone: string;
  /** 'YYYY-MM-DD' local dates. */
  holidays: ReadonlySet<string>;
  /** 0 = Sunday .. 6; default [0, 6]. */
  weekendDays?: readonly number[];
}

export interface ChargedSegment {
  room: string;
  from: number;
  to: number;
  minutes: number;
  rate: number;
  amount: number;
  extra: boolean;
}

export interface StayCharge {
  segments: ChargedSegment[];
  activeMinutes: number;
  chargedMinutes: number;
  amount: number;
}

export type RatePlanError =
  | 'rooms.errors.bands_overlap'
  | 'rooms.errors.bands_missing'
  | 'rooms.errors.band_invalid'
  | 'rooms.errors.block_invalid'
  | 'rooms.errors.rule_invalid';

const MINUTE = 60_000;
const DAY = 86_400_000;
const CLOCK_END = 1440;
const MAX_FIRST_BLOCK = 600;
const DEFAULT_WEEKEND: readonly number[] = [0, 6];

const isIntIn = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const mod = (a: number, b: number) => ((a % b) + b) % b;

function bandInvalid(b: RateBand): boolean {
  return (
    !(DAY_KINDS as readonly unknown[]).includes(b?.day_kind) ||
    !isIntIn(b.start, 0, CLOCK_END - 1) ||
    !isIntIn(b.end, 1, CLOCK_END) ||
    b.start === b.end ||
    !Number.isSafeInteger(b.rate) ||
    b.rate < 0
  );
}

/** How one day kind's bands cover the clock: a crossing band counts as its two pieces, [start, 1440) and [0, end). */
function tiling(bands: readonly RateBand[], kind: DayKind): 'ok' | 'overlap' | 'gap' {
  const pieces: [number, number][] = [];
  for (const b of bands) {
    if (b.day_kind !== kind) continue;
    if (b.end > b.start) pieces.push([b.start, b.end]);
    else pieces.push([b.start, CLOCK_END], [0, b.end]);
  }
  pieces.sort((x, y) => x[0] - y[0]);
  let cursor = 0;
  let gap = false;
  for (const [start, end] of pieces) {
    if (start < cursor) return 'overlap';
    if (start > cursor) gap = true;
    cursor = end;
  }
  return gap || cursor !== CLOCK_END ? 'gap' : 'ok';
}

/** null when the plan is usable, else the i18n key of the first problem (bands, then their tiling, then the rules). */
export function validatePlan(plan: RatePlan): RatePlanError | null {
  if (!Array.isArray(plan?.bands) || plan.bands.length === 0) return 'rooms.errors.bands_missing';
  if (plan.bands.some(bandInvalid)) return 'rooms.errors.band_invalid';
  const tilings = DAY_KINDS.map((k) => tiling(plan.bands, k));
  // An overlap anywhere is reported before a gap: a gap is often what fixing the overlap leaves.
  if (tilings.includes('overlap')) return 'rooms.errors.bands_overlap';
  if (tilings.includes('gap')) return 'rooms.errors.bands_missing';
  // The issue: "a block size that does not divide an hour" makes the hourly rate meaningless per block.
  if (!(BLOCK_SIZES as readonly number[]).includes(plan.block_minutes)) return 'rooms.errors.block_invalid';
  if (!isIntIn(plan.first_block_minutes, 0, MAX_FIRST_BLOCK) || !isIntIn(plan.grace_minutes, 0, plan.block_minutes - 1)) {
    return 'rooms.errors.rule_invalid';
  }
  return null;
}

/** What food and drinks fall short of the room's minimum spend (billed as room fee). */
export function minimumSpendShortfall(minSpend: number, spent: number): number {
  return Math.max(0, safeSubtract(minSpend, spent));
}

/** Rule 5: the minutes charged for `active` minutes under `plan` (the last period's), booked time being a minimum. */
export function chargeableMinutes(active: number, plan: RatePlan, bookedMinutes = 0): number {
  if (active === 0 && !(bookedMinutes > 0)) return 0;
  const r = active % plan.block_minutes;
  const blocks = active - r + (r > plan.grace_minutes ? plan.block_minutes : 0);
  return Math.max(blocks, plan.first_block_minutes, bookedMinutes);
}

// --- Local time ----------------------------------------------------------------------------------------------------

interface Zone {
  readonly fmt: Intl.DateTimeFormat;
  /** Offsets by instant: the board asks for the same boundaries (from + k minutes) every second. */
  readonly offsets: Map<number, number>;
}

const zones = new Map<string, Zone>();
const OFFSET_CACHE_SIZE = 4096;

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    // en-US with the Gregorian calendar and Latin digits whatever the runtime's default locale; h23 so that midnight
    // is hour 0, not 24.
    const fmt = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zone = { fmt, offsets: new Map() };
    zones.set(timeZone, zone);
  }
  return zone;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): plain integers, any year. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** 'YYYY-MM-DD' of a day number (civil_from_days), the holiday list's format. */
function dateKey(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The zone's UTC offset at instant t, in ms (local wall clock = t + offset). */
function offsetAt(zone: Zone, t: number): number {
  const hit = zone.offsets.get(t);
  if (hit !== undefined) return hit;
  let y = 0;
  let mo = 0;
  let d = 0;
  let h = 0;
  let mi = 0;
  let s = 0;
  for (const p of zone.fmt.formatToParts(t)) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') mo = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
    else if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') mi = Number(p.value);
    else if (p.type === 'second') s = Number(p.value);
  }
  // Intl shows whole seconds: compare with the instant cut to its second.
  const offset = daysFromCivil(y, mo, d) * DAY + ((h * 60 + mi) * 60 + s) * 1000 - (t - mod(t, 1000));
  if (zone.offsets.size >= OFFSET_CACHE_SIZE) zone.offsets.clear();
  zone.offsets.set(t, offset);
  return offset;
}

// --- The walk ------------------------------------------------------------------------------------------------------

/** A plan checked once per call, with each day kind's midnight-crossing band (index into bands, or -1). */
interface Prepared {
  readonly bands: readonly RateBand[];
  readonly crossing: readonly number[];
}

function prepare(plan: RatePlan): Prepared {
  const error = validatePlan(plan);
  // The forms and the schema refuse a bad plan first; reaching here with one is a programming error.
  if (error) throw new RangeError(error);
  const crossing = DAY_KINDS.map((k) => plan.bands.findIndex((b) => b.day_kind === k && b.end <= b.start));
  return { bands: plan.bands, crossing };
}

/** Rule 2 for local date `day`, clock c: the band, the day it started (day or day - 1), and the clock it ends at. */
interface BandHit {
  index: number;
  startDay: number;
  until: number;
}

function bandAt(p: Prepared, prevKind: number, kind: number, day: number, c: number): BandHit {
  const night = p.crossing[prevKind]!;
  if (night >= 0 && c < p.bands[night]!.end) return { index: night, startDay: day - 1, until: p.bands[night]!.end };
  const name = DAY_KINDS[kind];
  for (let i = 0; i < p.bands.length; i++) {
    const b = p.bands[i]!;
    if (b.day_kind !== name) continue;
    if (b.end > b.start) {
      if (c >= b.start && c < b.end) return { index: i, startDay: day, until: b.end };
    } else if (c >= b.start) {
      return { index: i, startDay: day, until: CLOCK_END };
    } else if (c < b.end) {
      return { index: i, startDay: day - 1, until: b.end };
    }
  }
  throw new RangeError('rooms.errors.bands_missing'); // unreachable for a validated plan
}

/** minutes * rate / 60, half-up, exactly (BigInt only when the product leaves the safe range). */
function amountOf(minutes: number, rate: number): number {
  const product = minutes * rate;
  return roundDiv(Number.isSafeInteger(product) ? product : BigInt(minutes) * BigInt(rate), 60, 'half-up');
}

interface Walk {
  readonly zone: Zone;
  readonly cal: Calendar;
  readonly weekend: readonly number[];
  readonly segments: ChargedSegment[];
}

function kindOf(w: Walk, day: number): number {
  if (w.cal.holidays.size > 0 && w.cal.holidays.has(dateKey(day))) return 2;
  return w.weekend.includes(mod(day + 4, 7)) ? 1 : 0; // 1970-01-01 was a Thursday
}

/**
 * Charges `count` minutes from instant `t0` in one room and plan. Each step starts at a boundary, reads the local time
 * there once and runs to the next local clock event (band end, midnight) or DST change, whichever comes first.
 */
function walkPiece(w: Walk, t0: number, count: number, plan: Prepared, room: string, extra: boolean): void {
  let open: { seg: ChargedSegment; index: number; startDay: number } | null = null;
  let k = 0;
  while (k < count) {
    const t = t0 + k * MINUTE;
    const offset = offsetAt(w.zone, t);
    const local = t + offset;
    const day = Math.floor(local / DAY);
    const c = Math.floor((local - day * DAY) / MINUTE);
    const hit = bandAt(plan, kindOf(w, day - 1), kindOf(w, day), day, c);
    let n = Math.min(hit.until - c, count - k);
    // While the offset holds, the clock moves one minute per minute; find where it stops holding (at most one DST
    // change within a day's run).
    if (n > 1 && offsetAt(w.zone, t + (n - 1) * MINUTE) !== offset) {
      let lo = 0;
      let hi = n - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (offsetAt(w.zone, t + mid * MINUTE) === offset) lo = mid;
        else hi = mid;
      }
      n = hi;
    }
    const rate = plan.bands[hit.index]!.rate;
    if (open && open.index === hit.index && open.startDay === hit.startDay && open.seg.rate === rate) {
      open.seg.minutes += n;
      open.seg.to += n * MINUTE;
    } else {
      const seg: ChargedSegment = { room, from: t, to: t + n * MINUTE, minutes: n, rate, amount: 0, extra };
      w.segments.push(seg);
      open = { seg, index: hit.index, startDay: hit.startDay };
    }
    k += n;
  }
}

function checkPeriods(periods: readonly StayPeriod[]): void {
  let previousTo = -Infinity;
  for (const p of periods) {
    if (!Number.isSafeInteger(p.from) || !Number.isSafeInteger(p.to) || p.to < p.from || p.from < previousTo) {
      throw new RangeError('periods must be integer epoch ms, in time order, not overlapping');
    }
    previousTo = p.to;
  }
}

/** The stay's charged segments and totals under rules 4 to 8 (see the top of this file). */
export function chargeStay(periods: readonly StayPeriod[], cal: Calendar, bookedMinutes?: number): StayCharge {
  const booked = bookedMinutes ?? 0;
  if (!Number.isSafeInteger(booked) || booked < 0) throw new RangeError('bookedMinutes must be a non-negative integer');
  checkPeriods(periods);
  const counts = periods.map((p) => Math.floor((p.to - p.from) / MINUTE));
  const active = counts.reduce((a, b) => a + b, 0);
  // Every plan is checked up front, so a bad one fails the same way whether or not its minutes end up charged.
  const prepared = new Map<RatePlan, Prepared>();
  for (const p of periods) if (!prepared.has(p.plan)) prepared.set(p.plan, prepare(p.plan));
  const planOf = (plan: RatePlan) => prepared.get(plan)!;
  const last = periods[periods.length - 1];
  // No period, no plan and no room to charge booked time to: nothing is charged.
  const charged = last ? chargeableMinutes(active, last.plan, booked) : 0;
  if (!last || charged === 0) return { segments: [], activeMinutes: active, chargedMinutes: 0, amount: 0 };

  const w: Walk = { zone: zoneOf(cal.timeZone), cal, weekend: cal.weekendDays ?? DEFAULT_WEEKEND, segments: [] };
  let left = charged;
  let extraFrom = periods[0]!.from;
  for (let i = 0; i < periods.length && left > 0; i++) {
    const p = periods[i]!;
    const n = Math.min(counts[i]!, left);
    if (n === 0) continue;
    walkPiece(w, p.from, n, planOf(p.plan), p.room, false);
    left -= n;
    extraFrom = p.from + n * MINUTE;
  }
  if (left > 0) walkPiece(w, extraFrom, left, planOf(last.plan), last.room, true);

  let amount = 0;
  for (const seg of w.segments) {
    seg.amount = amountOf(seg.minutes, seg.rate);
    amount += seg.amount;
  }
  if (!Number.isSafeInteger(amount)) throw new RangeError('stay amount is outside the safe integer range');
  return { segments: w.segments, activeMinutes: active, chargedMinutes: charged, amount };
}
