import { chargeStay, type Calendar, type RatePlan, type StayCharge, type StayPeriod } from '@posauto/shared/rooms/rates';
import { ROOM_WARN_MINUTES, type EnginePlan, type RoomBoardRoom, type RoomState, type Stay } from '@posauto/shared/schemas/rooms';

/**
 * What the live board shows each second, as pure functions of the board read and the server's clock: a stay's active
 * time, its booked time left, its running amount (the rate engine, the same code as the server's bill) and the room's
 * state as it is now (a booked stay becomes "ending" between two reads of the board).
 */

const MINUTE = 60_000;

/** The server's clock as the board counts it: what it said, plus the time since it said it on this device. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** A branch's plans by room type, as the engine takes them (an engine plan is a RatePlan with its type and min spend). */
export type PlanIndex = ReadonlyMap<string, EnginePlan>;
export const planIndex = (plans: readonly EnginePlan[]): PlanIndex => new Map(plans.map((p) => [p.type_id, p]));

export const calendarOf = (timeZone: string, holidays: readonly string[]): Calendar => ({ timeZone, holidays: new Set(holidays) });

/** A stay read once into engine form: its finished periods, and the running one (ended "now") if any. */
export interface PreparedStay {
  closed: StayPeriod[];
  open: { from: number; plan: RatePlan; room: string } | null;
  /** Active milliseconds of the finished periods. */
  closedMs: number;
  booked: number;
  /** False when a period's room type has no plan on the board (the amount is then not shown, never guessed). */
  chargeable: boolean;
}

/** A placeholder plan for a period whose type is missing: never charged (chargeable is false), only timed. */
const NO_PLAN: RatePlan = { bands: [], block_minutes: 1, first_block_minutes: 0, grace_minutes: 0 };

export function prepareStay(stay: Pick<Stay, 'periods' | 'booked_minutes'>, plans: PlanIndex): PreparedStay {
  const periods = [...stay.periods].sort((a, b) => a.seq - b.seq);
  const out: PreparedStay = { closed: [], open: null, closedMs: 0, booked: stay.booked_minutes, chargeable: true };
  for (const p of periods) {
    const plan = plans.get(p.type_id);
    if (!plan) out.chargeable = false;
    const from = Date.parse(p.started_at);
    if (p.ended_at === null) {
      out.open = { from, plan: plan ?? NO_PLAN, room: p.room_name };
      continue;
    }
    const to = Math.max(from, Date.parse(p.ended_at));
    out.closed.push({ from, to, plan: plan ?? NO_PLAN, room: p.room_name });
    out.closedMs += to - from;
  }
  if (out.closed.some((p) => Number.isNaN(p.from) || Number.isNaN(p.to)) || Number.isNaN(out.open?.from ?? 0)) out.chargeable = false;
  return out;
}

/** Whole seconds of active time at `now` (pauses are the gaps between periods, not counted). */
export function activeSeconds(stay: PreparedStay, now: number): number {
  const running = stay.open ? Math.max(0, now - stay.open.from) : 0;
  return Math.floor((stay.closedMs + running) / 1000) || 0;
}

/**
 * The end the engine is asked about: the running period cut to its last whole minute. The engine charges whole
 * minutes only, so every instant of that minute gives the same result: one engine call per stay per minute, however
 * often the board draws.
 */
export function chargeEnd(stay: PreparedStay, now: number): number {
  if (!stay.open) return 0;
  return stay.open.from + Math.floor(Math.max(0, now - stay.open.from) / MINUTE) * MINUTE;
}

/** The engine's charge for the stay ending at `end` (chargeEnd), or null when it cannot be known from the board. */
export function chargeAt(stay: PreparedStay, end: number, cal: Calendar): StayCharge | null {
  if (!stay.chargeable) return null;
  const periods = stay.open ? [...stay.closed, { ...stay.open, to: end }] : stay.closed;
  try {
    return chargeStay(periods, cal, stay.booked);
  } catch {
    // A plan or periods the engine refuses (a clock corrected on the server between two reads): no figure rather than a
    // wrong one; the next read of the board brings it back.
    return null;
  }
}

interface MemoEntry {
  stay: Stay;
  plans: PlanIndex;
  cal: Calendar;
  prepared: PreparedStay;
  end: number;
  charge: StayCharge | null;
}

/**
 * The engine result of each stay, kept while its minute lasts: 40 rooms in use cost 40 map reads a second, and one
 * engine call each per minute (or when a read of the board brings a changed stay, plan or calendar).
 */
export function chargeMemo() {
  const entries = new Map<string, MemoEntry>();
  return {
    get(stay: Stay, plans: PlanIndex, cal: Calendar, now: number): { prepared: PreparedStay; charge: StayCharge | null } {
      let e = entries.get(stay.id);
      if (!e || e.stay !== stay || e.plans !== plans || e.cal !== cal) {
        e = { stay, plans, cal, prepared: prepareStay(stay, plans), end: Number.NaN, charge: null };
        entries.set(stay.id, e);
      }
      const end = chargeEnd(e.prepared, now);
      if (end !== e.end) {
        e.charge = chargeAt(e.prepared, end, cal);
        e.end = end;
      }
      return e;
    },
    /** Forgets stays no longer on the board. */
    keep(ids: ReadonlySet<string>): void {
      for (const id of entries.keys()) if (!ids.has(id)) entries.delete(id);
    },
  };
}
export type ChargeMemo = ReturnType<typeof chargeMemo>;

/** How close a booked stay is to its end: amber at 10 minutes left, red at 5 and after (ROOM_WARN_MINUTES). */
export type TimeLevel = 'none' | 'warn' | 'late' | 'over';

export function timeLevel(remainingSeconds: number | null): TimeLevel {
  if (remainingSeconds === null) return 'none';
  if (remainingSeconds <= 0) return 'over';
  if (remainingSeconds <= ROOM_WARN_MINUTES[1] * 60) return 'late';
  if (remainingSeconds <= ROOM_WARN_MINUTES[0] * 60) return 'warn';
  return 'none';
}

/**
 * The room's state now. A running stay is "ending" once its level warns (the server said so only if it was already
 * true when it answered); a room whose cleaning time has run out is free (the server frees it by itself then too).
 */
export function liveState(room: Pick<RoomBoardRoom, 'state' | 'stay' | 'cleaning_until'>, level: TimeLevel, now: number): RoomState {
  const status = room.stay?.status;
  if (status === 'paused') return 'paused';
  if (status === 'running') return level === 'none' ? 'in_use' : 'ending';
  if (room.state === 'cleaning' && room.cleaning_until && Date.parse(room.cleaning_until) <= now) return 'free';
  return room.state;
}

/** One room's figures at one second: primitives, so a card that did not change is not drawn again. */
export interface RoomLive {
  state: RoomState;
  level: TimeLevel;
  /** Active seconds of the stay (null: no stay). */
  seconds: number | null;
  /** Booked seconds left (negative: over); null when nothing was booked. */
  remaining: number | null;
  /** The time's amount in minor units (null: no stay, or not computable). */
  amount: number | null;
}

const IDLE: Omit<RoomLive, 'state'> = { level: 'none', seconds: null, remaining: null, amount: null };

export function roomLive(room: RoomBoardRoom, plans: PlanIndex, cal: Calendar, now: number, memo: ChargeMemo): RoomLive {
  const stay = room.stay;
  if (!stay || stay.status === 'stopped') return { ...IDLE, state: liveState(room, 'none', now) };
  const { prepared, charge } = memo.get(stay, plans, cal, now);
  const seconds = activeSeconds(prepared, now);
  const remaining = stay.booked_minutes > 0 ? stay.booked_minutes * 60 - seconds : null;
  const level = stay.status === 'running' ? timeLevel(remaining) : 'none';
  return { state: liveState(room, level, now), level, seconds, remaining, amount: charge?.amount ?? null };
}

/** Every room's figures at `now`; stays gone from the board are forgotten by the memo. */
export function boardLive(
  rooms: readonly RoomBoardRoom[],
  plans: PlanIndex,
  cal: Calendar,
  now: number,
  memo: ChargeMemo,
): Map<string, RoomLive> {
  const out = new Map<string, RoomLive>();
  const stays = new Set<string>();
  for (const room of rooms) {
    if (room.stay) stays.add(room.stay.id);
    out.set(room.id, roomLive(room, plans, cal, now, memo));
  }
  memo.keep(stays);
  return out;
}

/** What a screen reader is told about: the state, and for a booked stay each warning step (not the seconds). */
export const announceKey = (live: Pick<RoomLive, 'state' | 'level'>): string => `${live.state}:${live.level}`;

/** The rooms whose announced state changed since the last look (a room new to the board is not a change). */
export function changedRooms(before: ReadonlyMap<string, string>, now: ReadonlyMap<string, RoomLive>): string[] {
  const changed: string[] = [];
  for (const [id, live] of now) {
    const was = before.get(id);
    if (was !== undefined && was !== announceKey(live)) changed.push(id);
  }
  return changed;
}

/** "1:05:09": hours, minutes and seconds of a duration (its sign is said in words by the caller). */
export function clockText(totalSeconds: number): string {
  const s = Math.abs(Math.trunc(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Delay to the next second of the server's clock (a little after it, so the drawn second has really begun). */
export function msToNextSecond(localNow: number, offset: number): number {
  const server = localNow + offset;
  return 1000 - (((server % 1000) + 1000) % 1000) + 5;
}
