import { describe, expect, it, vi } from 'vitest';
import type { EnginePlan, RoomBoardRoom, Stay } from '@posauto/shared/schemas/rooms';
import {
  activeSeconds,
  announceKey,
  boardLive,
  calendarOf,
  changedRooms,
  chargeEnd,
  chargeMemo,
  clockOffset,
  clockText,
  liveState,
  msToNextSecond,
  planIndex,
  prepareStay,
  roomLive,
  timeLevel,
} from './board-live';

// The real engine, counted: the board must ask it once per stay per minute, not once per second.
const engine = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@posauto/shared/rooms/rates', async (importOriginal) => {
  const real = await importOriginal<typeof import('@posauto/shared/rooms/rates')>();
  return {
    ...real,
    chargeStay: (...args: Parameters<typeof real.chargeStay>) => {
      engine.calls += 1;
      return real.chargeStay(...args);
    },
  };
});

const MIN = 60_000;
const T0 = Date.parse('2025-03-04T12:00:00.000Z'); // a Tuesday, 19:00 in Phnom Penh
const iso = (ms: number) => new Date(ms).toISOString();

/** $6.00 an hour all day every day (600 cents), blocks of 15 minutes, at least an hour, 5 minutes' grace. */
function plan(typeId = 'type-1', rate = 600): EnginePlan {
  const bands = (['weekday', 'weekend', 'holiday'] as const).map((day_kind) => ({ day_kind, start: 0, end: 1440, rate }));
  return { type_id: typeId, bands, block_minutes: 15, first_block_minutes: 60, grace_minutes: 5, min_spend: 0 };
}

function stay(over: Partial<Stay> = {}): Stay {
  return {
    id: 'stay-1',
    order_id: 'order-1',
    order_number: 'T-1',
    room_id: 'room-1',
    status: 'running',
    guests: 4,
    booked_minutes: 0,
    started_at: iso(T0),
    stopped_at: null,
    periods: [{ seq: 1, room_id: 'room-1', room_name: 'A1', type_id: 'type-1', started_at: iso(T0), ended_at: null }],
    food_amount: '8.00',
    waiter_name: null,
    paid: false,
    ...over,
  };
}

function room(id: string, over: Partial<RoomBoardRoom> = {}): RoomBoardRoom {
  return {
    id,
    branch_id: 'b1',
    type_id: 'type-1',
    type_name: 'Small',
    name: id,
    sort_order: 0,
    state: 'free',
    cleaning_since: null,
    cleaning_until: null,
    stay: null,
    ...over,
  };
}

const plans = planIndex([plan()]);
const cal = calendarOf('Asia/Phnom_Penh', []);

describe('the board clock', () => {
  it('counts from the server time, whatever the tablet clock says', () => {
    expect(clockOffset('2025-03-04T12:00:10.000Z', T0)).toBe(10_000);
    expect(clockOffset('not a time', T0)).toBe(0);
  });

  it('wakes just after the next second of the server clock', () => {
    expect(msToNextSecond(1_000_200, 0)).toBe(805);
    expect(msToNextSecond(1_000_200, 300)).toBe(505);
    expect(msToNextSecond(1_000_200, -1_000_300)).toBe(105);
  });

  it('writes durations as h:mm:ss, without a sign', () => {
    expect(clockText(0)).toBe('0:00:00');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(-65)).toBe('0:01:05');
    expect(clockText(36_000)).toBe('10:00:00');
  });
});

describe('a stay in engine form', () => {
  it('splits finished and running periods, in their order, and counts the active time only', () => {
    const s = stay({
      periods: [
        { seq: 2, room_id: 'room-2', room_name: 'B2', type_id: 'type-1', started_at: iso(T0 + 15 * MIN), ended_at: null },
        { seq: 1, room_id: 'room-1', room_name: 'A1', type_id: 'type-1', started_at: iso(T0), ended_at: iso(T0 + 10 * MIN) },
      ],
    });
    const p = prepareStay(s, plans);
    expect(p.closed.map((x) => x.room)).toEqual(['A1']);
    expect(p.open?.room).toBe('B2');
    expect(p.chargeable).toBe(true);
    // 10 minutes, a 5-minute pause, then 1 min 30.5 s running.
    expect(activeSeconds(p, T0 + 16 * MIN + 30_500)).toBe(10 * 60 + 90);
  });

  it('is timed but not charged when a period type has no plan on the board', () => {
    const gone = stay({ periods: [{ ...stay().periods[0]!, type_id: 'gone' }] });
    expect(prepareStay(gone, plans).chargeable).toBe(false);
    const live = roomLive(room('A1', { state: 'in_use', stay: gone }), plans, cal, T0 + 2 * MIN, chargeMemo());
    expect(live).toMatchObject({ seconds: 120, amount: null, state: 'in_use' });
  });

  it('asks the engine about the running period cut to its last whole minute', () => {
    const p = prepareStay(stay(), plans);
    expect(chargeEnd(p, T0 + 59_999)).toBe(T0);
    expect(chargeEnd(p, T0 + 61_000)).toBe(T0 + MIN);
    // A tablet whose clock is behind the start: nothing yet, never a negative period.
    expect(chargeEnd(p, T0 - 5_000)).toBe(T0);
  });
});

describe('the running amount', () => {
  it('follows the rate plan: the first hour at least, then blocks of 15 minutes past the grace', () => {
    const memo = chargeMemo();
    const r = room('A1', { state: 'in_use', stay: stay() });
    expect(roomLive(r, plans, cal, T0 + 10 * MIN, memo).amount).toBe(600);
    expect(roomLive(r, plans, cal, T0 + 65 * MIN, memo).amount).toBe(600); // 5 minutes' grace
    expect(roomLive(r, plans, cal, T0 + 66 * MIN, memo).amount).toBe(750);
  });

  it('is computed once per stay per minute, however often the board draws (40 rooms, a minute of seconds)', () => {
    const memo = chargeMemo();
    const rooms = Array.from({ length: 40 }, (_, i) =>
      room(`R${i}`, { state: 'in_use', stay: stay({ id: `stay-${i}`, started_at: iso(T0 + i * 1000) }) }),
    );
    for (const r of rooms) r.stay!.periods = [{ ...r.stay!.periods[0]!, started_at: r.stay!.started_at }];
    engine.calls = 0;
    for (let s = 0; s < 60; s++) boardLive(rooms, plans, cal, T0 + 5 * MIN + s * 1000, memo);
    // Each stay crosses one minute boundary in that minute: two engine calls each at most.
    expect(engine.calls).toBeLessThanOrEqual(80);
    expect(engine.calls).toBeGreaterThanOrEqual(40);
  });

  it('is computed again when a read of the board brings a changed stay', () => {
    const memo = chargeMemo();
    const first = stay();
    const a = memo.get(first, plans, cal, T0 + 10 * MIN).charge;
    expect(memo.get(first, plans, cal, T0 + 10 * MIN + 59_000).charge).toBe(a);
    const extended = { ...first, booked_minutes: 120 };
    expect(memo.get(extended, plans, cal, T0 + 10 * MIN).charge?.amount).toBe(1200);
  });

  it('stops with a paused stay: its figures no longer move', () => {
    const paused = stay({ status: 'paused', periods: [{ ...stay().periods[0]!, ended_at: iso(T0 + 20 * MIN) }] });
    const memo = chargeMemo();
    const r = room('A1', { state: 'paused', stay: paused });
    const a = roomLive(r, plans, cal, T0 + 30 * MIN, memo);
    const b = roomLive(r, plans, cal, T0 + 90 * MIN, memo);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ state: 'paused', seconds: 20 * 60, amount: 600, level: 'none' });
  });
});

describe('state and warnings', () => {
  it('warns amber at 10 minutes left, red at 5 and after', () => {
    expect(timeLevel(null)).toBe('none');
    expect(timeLevel(10 * 60 + 1)).toBe('none');
    expect(timeLevel(10 * 60)).toBe('warn');
    expect(timeLevel(5 * 60 + 1)).toBe('warn');
    expect(timeLevel(5 * 60)).toBe('late');
    expect(timeLevel(1)).toBe('late');
    expect(timeLevel(0)).toBe('over');
    expect(timeLevel(-90)).toBe('over');
  });

  it('turns a booked stay "ending" between two reads of the board, and counts its time down', () => {
    const r = room('A1', { state: 'in_use', stay: stay({ booked_minutes: 60 }) });
    const memo = chargeMemo();
    expect(roomLive(r, plans, cal, T0 + 49 * MIN, memo)).toMatchObject({ state: 'in_use', level: 'none', remaining: 11 * 60 });
    expect(roomLive(r, plans, cal, T0 + 50 * MIN, memo)).toMatchObject({ state: 'ending', level: 'warn', remaining: 10 * 60 });
    expect(roomLive(r, plans, cal, T0 + 61 * MIN, memo)).toMatchObject({ state: 'ending', level: 'over', remaining: -60 });
  });

  it('frees a cleaning room when its cleaning time is over', () => {
    const cleaning = { state: 'cleaning' as const, stay: null, cleaning_until: iso(T0 + 10 * MIN) };
    expect(liveState(cleaning, 'none', T0 + 9 * MIN)).toBe('cleaning');
    expect(liveState(cleaning, 'none', T0 + 10 * MIN)).toBe('free');
    expect(liveState({ ...cleaning, cleaning_until: null }, 'none', T0 + 99 * MIN)).toBe('cleaning');
  });

  it('announces a change of state or of warning, not the seconds, and not a room just arrived', () => {
    const before = new Map([
      ['A1', announceKey({ state: 'in_use', level: 'none' })],
      ['A2', announceKey({ state: 'ending', level: 'warn' })],
    ]);
    const now = new Map([
      ['A1', { state: 'in_use' as const, level: 'none' as const, seconds: 99, remaining: null, amount: 1 }],
      ['A2', { state: 'ending' as const, level: 'late' as const, seconds: 5, remaining: 300, amount: 1 }],
      ['A3', { state: 'free' as const, level: 'none' as const, seconds: null, remaining: null, amount: null }],
    ]);
    expect(changedRooms(before, now)).toEqual(['A2']);
  });
});
