import fc from 'fast-check';
import type { Calendar, ChargedSegment, DayKind, RateBand, RatePlan, StayPeriod } from './rates';

/**
 * The room rate rules (rates.ts, rules 1 to 8) written again the slow way, for tests only: every charged minute is
 * listed one by one, its local date and clock read from Intl for that very minute, its band looked up from the rules'
 * words, and runs of equal minutes grouped into segments; amounts in BigInt. chargeStay must agree with it exactly.
 */

const MINUTE = 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface LocalMinute {
  date: string;
  weekday: number;
  previousDate: string;
  clock: number;
}

/** The local date, weekday and clock of an instant, straight from Intl, plus the calendar date before it. */
function localMinute(timeZone: string, t: number): LocalMinute {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(t)) parts[p.type] = p.value;
  const [y, m, d] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const previous = new Date(Date.UTC(2000, 0, 1));
  previous.setUTCFullYear(y, m - 1, d - 1);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    previousDate: previous.toISOString().slice(0, 10),
    clock: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Rule 1. */
function kind(cal: Calendar, date: string, weekday: number): DayKind {
  if (cal.holidays.has(date)) return 'holiday';
  return (cal.weekendDays ?? [0, 6]).includes(weekday) ? 'weekend' : 'weekday';
}

const crosses = (b: RateBand) => b.end <= b.start;
const holds = (b: RateBand, c: number) => (crosses(b) ? c >= b.start || c < b.end : c >= b.start && c < b.end);

/** Rule 2: the band's index in the plan and the local date it started on. */
function bandOf(plan: RatePlan, cal: Calendar, at: LocalMinute): { index: number; started: string } {
  const yesterday = kind(cal, at.previousDate, (at.weekday + 6) % 7);
  const night = plan.bands.findIndex((b) => b.day_kind === yesterday && crosses(b) && at.clock < b.end);
  if (night >= 0) return { index: night, started: at.previousDate };
  const today = kind(cal, at.date, at.weekday);
  const index = plan.bands.findIndex((b) => b.day_kind === today && holds(b, at.clock));
  if (index < 0) throw new Error('reference: no band holds the minute (invalid plan)');
  const b = plan.bands[index]!;
  return { index, started: crosses(b) && at.clock < b.end ? at.previousDate : at.date };
}

/** Rule 5, as worded. */
function chargedCount(active: number, plan: RatePlan, booked: number | undefined): number {
  if (active === 0 && !((booked ?? 0) > 0)) return 0;
  const r = active % plan.block_minutes;
  let b = active - r + (r > plan.grace_minutes ? plan.block_minutes : 0);
  if (b < plan.first_block_minutes) b = plan.first_block_minutes;
  if (b < (booked ?? 0)) b = booked ?? 0;
  return b;
}

interface Minute {
  start: number;
  run: number;
  plan: RatePlan;
  room: string;
}

export interface ReferenceCharge {
  segments: ChargedSegment[];
  activeMinutes: number;
  chargedMinutes: number;
  amount: number;
}

export function referenceChargeStay(periods: readonly StayPeriod[], cal: Calendar, booked?: number): ReferenceCharge {
  // Rule 4: every whole active minute, in time order, tagged with its period.
  const active: Minute[] = [];
  periods.forEach((p, run) => {
    for (let s = p.from; s + MINUTE <= p.to; s += MINUTE) active.push({ start: s, run, plan: p.plan, room: p.room });
  });
  const last = periods[periods.length - 1];
  const total = last ? chargedCount(active.length, last.plan, booked) : 0;
  if (!last || total === 0) return { segments: [], activeMinutes: active.length, chargedMinutes: 0, amount: 0 };
  // Rule 6: the first minutes, then the extra ones after the last active minute (or the first period's start).
  const charged = active.slice(0, total);
  let next = active.length > 0 ? active[active.length - 1]!.start + MINUTE : periods[0]!.from;
  while (charged.length < total) {
    charged.push({ start: next, run: periods.length, plan: last.plan, room: last.room });
    next += MINUTE;
  }
  // Rule 7: consecutive minutes with the same period (or extra), band, band start date and rate make one segment.
  const segments: ChargedSegment[] = [];
  let previousKey = '';
  for (const m of charged) {
    const band = bandOf(m.plan, cal, localMinute(cal.timeZone, m.start));
    const rate = m.plan.bands[band.index]!.rate;
    const key = `${m.run}|${band.index}|${band.started}|${rate}`;
    const open = segments[segments.length - 1];
    if (open && key === previousKey) {
      open.minutes += 1;
      open.to = m.start + MINUTE;
    } else {
      segments.push({ room: m.room, from: m.start, to: m.start + MINUTE, minutes: 1, rate, amount: 0, extra: m.run === periods.length });
    }
    previousKey = key;
  }
  let amount = 0n;
  for (const s of segments) {
    const a = (2n * BigInt(s.minutes) * BigInt(s.rate) + 60n) / 120n; // half-up of minutes * rate / 60
    s.amount = Number(a);
    amount += a;
  }
  return { segments, activeMinutes: active.length, chargedMinutes: total, amount: Number(amount) };
}

// --- Random plans and stays for the property tests ------------------------------------------------------------------

const rateArb = fc.oneof(fc.constantFrom(0, 600, 800, 1200, 1250), fc.integer({ min: 0, max: 5_000 }));

/** One day kind's bands: random cut points round the clock; a first cut after midnight makes the last band cross it. */
function kindBands(kind: DayKind) {
  const cut = fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(0, 120, 360, 840, 1080, 1320));
  return fc
    .record({ cuts: fc.uniqueArray(cut, { minLength: 1, maxLength: 5 }), rates: fc.array(rateArb, { minLength: 5, maxLength: 5 }) })
    .map(({ cuts, rates }): RateBand[] => {
      const s = [...cuts].sort((a, b) => a - b);
      if (s.length === 1) return [{ day_kind: kind, start: 0, end: 1440, rate: rates[0]! }];
      return s.map((start, i) => ({
        day_kind: kind,
        start,
        end: i + 1 < s.length ? s[i + 1]! : s[0] === 0 ? 1440 : s[0]!,
        rate: rates[i]!,
      }));
    });
}

export const ratePlanArb: fc.Arbitrary<RatePlan> = fc
  .record({
    weekday: kindBands('weekday'),
    weekend: kindBands('weekend'),
    holiday: kindBands('holiday'),
    order: fc.constantFrom('kinds', 'reversed', 'mixed'),
    block: fc.constantFrom(1, 15, 30, 60),
    first: fc.oneof(fc.constantFrom(0, 30, 60, 120), fc.integer({ min: 0, max: 600 })),
    grace: fc.nat(59),
  })
  .map(({ weekday, weekend, holiday, order, block, first, grace }) => {
    let bands = [...weekday, ...weekend, ...holiday];
    if (order === 'reversed') bands = bands.reverse();
    // Interleaved kinds: the band's index, not its kind's position, is what identifies it.
    if (order === 'mixed') bands = [...bands.filter((_, i) => i % 2 === 1), ...bands.filter((_, i) => i % 2 === 0)];
    return { bands, block_minutes: block, first_block_minutes: first, grace_minutes: grace % block };
  });

/** Time zones with an instant near which stays begin: DST changes (Paris, Santiago at midnight, Lord Howe by 30 min). */
export const ZONE_ANCHORS: Record<string, readonly number[]> = {
  'Asia/Phnom_Penh': [Date.parse('2024-05-10T05:00:00Z'), Date.parse('2024-12-31T12:00:00Z')],
  'Europe/Paris': [Date.parse('2024-03-31T01:00:00Z'), Date.parse('2024-10-27T01:00:00Z')],
  'America/Santiago': [Date.parse('2024-04-07T03:00:00Z'), Date.parse('2024-09-08T04:00:00Z')],
  'Australia/Lord_Howe': [Date.parse('2024-04-06T15:00:00Z'), Date.parse('2024-10-05T15:30:00Z')],
};

export interface RandomStay {
  periods: StayPeriod[];
  cal: Calendar;
  booked: number | undefined;
}

const seconds = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MINUTE - 1 }));

/** 1 to 4 periods (pauses between them, moves between two plans and rooms), up to 30 hours, near a zone's anchor. */
export function stayArb(zones: readonly string[]): fc.Arbitrary<RandomStay> {
  return fc
    .record({
      zone: fc.constantFrom(...zones),
      anchor: fc.nat(1),
      shift: fc.integer({ min: -30 * 60, max: 6 * 60 }),
      shiftMs: seconds,
      plans: fc.array(ratePlanArb, { minLength: 2, maxLength: 2 }),
      parts: fc.array(
        fc.record({
          gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90 })),
          gapMs: seconds,
          length: fc.oneof(fc.integer({ min: 0, max: 360 }), fc.constantFrom(0, 1, 20, 130)),
          lengthMs: seconds,
          plan: fc.nat(1),
          room: fc.constantFrom('A', 'B'),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      holidays: fc.uniqueArray(fc.integer({ min: -2, max: 2 }), { maxLength: 3 }),
      weekendDays: fc.option(fc.constantFrom([0, 6], [5, 6], [0], []), { nil: undefined }),
      booked: fc.option(fc.oneof(fc.integer({ min: 0, max: 600 }), fc.constantFrom(60, 120)), { nil: undefined }),
    })
    .map((r) => {
      const start = ZONE_ANCHORS[r.zone]![r.anchor]! + r.shift * MINUTE + r.shiftMs;
      let at = start;
      const periods = r.parts.map((p, i) => {
        const from = at + (i === 0 ? 0 : p.gap * MINUTE + p.gapMs);
        at = from + p.length * MINUTE + p.lengthMs;
        return { from, to: at, plan: r.plans[p.plan]!, room: p.room };
      });
      const holidays = new Set(r.holidays.map((k) => new Date(start + k * 86_400_000).toISOString().slice(0, 10)));
      const cal: Calendar = { timeZone: r.zone, holidays, ...(r.weekendDays ? { weekendDays: r.weekendDays } : {}) };
      return { periods, cal, booked: r.booked };
    });
}
