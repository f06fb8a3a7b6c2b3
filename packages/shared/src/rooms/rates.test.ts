import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Calendar, type RateBand, type RatePlan, type StayPeriod, chargeStay, minimumSpendShortfall, validatePlan } from './rates';
import { referenceChargeStay, stayArb } from './rates.reference';

const PP = 'Asia/Phnom_Penh';
const cal = (holidays: string[] = [], timeZone = PP): Calendar => ({ timeZone, holidays: new Set(holidays) });
/** Phnom Penh wall clock (UTC+7, no DST) to epoch ms. */
const at = (date: string, clock: string) => Date.parse(`${date}T${clock}:00+07:00`);

const band = (day_kind: RateBand['day_kind'], start: number, end: number, rate: number): RateBand => ({ day_kind, start, end, rate });
/** Weekdays: 02:00-14:00 $6/h, 14:00-18:00 $8/h, 18:00-02:00 $12/h; weekends $10 and $15 from 18:00; holidays $20 all day. */
const standard: RatePlan = {
  bands: [
    band('weekday', 120, 840, 600),
    band('weekday', 840, 1080, 800),
    band('weekday', 1080, 120, 1200),
    band('weekend', 120, 1080, 1000),
    band('weekend', 1080, 120, 1500),
    band('holiday', 0, 1440, 2000),
  ],
  block_minutes: 15,
  first_block_minutes: 60,
  grace_minutes: 5,
};
const vip: RatePlan = {
  bands: [band('weekday', 0, 1440, 3000), band('weekend', 0, 1440, 3000), band('holiday', 0, 1440, 3000)],
  block_minutes: 30,
  first_block_minutes: 0,
  grace_minutes: 0,
};
const stay = (from: number, to: number, plan = standard, room = 'A'): StayPeriod => ({ from, to, plan, room });
const seg = (room: string, from: number, to: number, minutes: number, rate: number, amount: number, extra = false) => ({
  room,
  from,
  to,
  minutes,
  rate,
  amount,
  extra,
});

// 2024-05-08 is a Wednesday, 2024-05-10 a Friday.
describe('chargeStay: worked examples', () => {
  it('17:10-19:20 on a weekday: 130 minutes charged as 135, 50 at $8 and 85 at $12', () => {
    const c = chargeStay([stay(at('2024-05-08', '17:10'), at('2024-05-08', '19:20'))], cal());
    expect(c.segments).toEqual([
      seg('A', at('2024-05-08', '17:10'), at('2024-05-08', '18:00'), 50, 800, 667),
      seg('A', at('2024-05-08', '18:00'), at('2024-05-08', '19:20'), 80, 1200, 1600),
      seg('A', at('2024-05-08', '19:20'), at('2024-05-08', '19:25'), 5, 1200, 100, true),
    ]);
    expect(c).toMatchObject({ activeMinutes: 130, chargedMinutes: 135, amount: 667 + 1700 });
  });

  it('charges a 20-minute stay as the 60-minute first block', () => {
    const c = chargeStay([stay(at('2024-05-08', '15:00'), at('2024-05-08', '15:20'))], cal());
    expect(c.segments).toEqual([
      seg('A', at('2024-05-08', '15:00'), at('2024-05-08', '15:20'), 20, 800, 267),
      seg('A', at('2024-05-08', '15:20'), at('2024-05-08', '16:00'), 40, 800, 533, true),
    ]);
    expect(c).toMatchObject({ activeMinutes: 20, chargedMinutes: 60, amount: 800 });
  });

  it("keeps Friday's night rate into Saturday until 02:00, then the weekend rate", () => {
    const c = chargeStay([stay(at('2024-05-10', '23:00'), at('2024-05-11', '03:00'))], cal());
    expect(c.segments).toEqual([
      seg('A', at('2024-05-10', '23:00'), at('2024-05-11', '02:00'), 180, 1200, 3600),
      seg('A', at('2024-05-11', '02:00'), at('2024-05-11', '03:00'), 60, 1000, 1000),
    ]);
    expect(c.amount).toBe(4600);
  });

  it('charges the holiday rate on a holiday, after the night that began the day before', () => {
    expect(chargeStay([stay(at('2024-05-08', '17:10'), at('2024-05-08', '19:10'))], cal(['2024-05-08'])).segments).toEqual([
      seg('A', at('2024-05-08', '17:10'), at('2024-05-08', '19:10'), 120, 2000, 4000),
    ]);
    const c = chargeStay([stay(at('2024-05-07', '23:00'), at('2024-05-08', '03:00'))], cal(['2024-05-08']));
    expect(c.segments.map((s) => [s.minutes, s.rate, s.amount])).toEqual([
      [180, 1200, 3600],
      [60, 2000, 2000],
    ]);
  });

  it('skips pauses and lets the grace drop the last minutes (77 active minutes charged as 75)', () => {
    const c = chargeStay(
      [stay(at('2024-05-08', '15:00'), at('2024-05-08', '15:40')), stay(at('2024-05-08', '16:00'), at('2024-05-08', '16:37') + 30_000)],
      cal(),
    );
    expect(c.segments).toEqual([
      seg('A', at('2024-05-08', '15:00'), at('2024-05-08', '15:40'), 40, 800, 533),
      seg('A', at('2024-05-08', '16:00'), at('2024-05-08', '16:35'), 35, 800, 467),
    ]);
    expect(c).toMatchObject({ activeMinutes: 77, chargedMinutes: 75, amount: 1000 });
  });

  it('charges a move to another room type separately, the last plan deciding the blocks', () => {
    const c = chargeStay(
      [stay(at('2024-05-08', '17:00'), at('2024-05-08', '17:30')), stay(at('2024-05-08', '17:30'), at('2024-05-08', '18:10'), vip, 'B')],
      cal(),
    );
    expect(c.segments).toEqual([
      seg('A', at('2024-05-08', '17:00'), at('2024-05-08', '17:30'), 30, 800, 400),
      seg('B', at('2024-05-08', '17:30'), at('2024-05-08', '18:10'), 40, 3000, 2000),
      seg('B', at('2024-05-08', '18:10'), at('2024-05-08', '18:30'), 20, 3000, 1000, true),
    ]);
    expect(c).toMatchObject({ activeMinutes: 70, chargedMinutes: 90, amount: 3400 });
  });

  it('charges booked time as a minimum: 120 minutes booked, 50 used', () => {
    const c = chargeStay([stay(at('2024-05-08', '15:00'), at('2024-05-08', '15:50'))], cal(), 120);
    expect(c.segments).toEqual([
      seg('A', at('2024-05-08', '15:00'), at('2024-05-08', '15:50'), 50, 800, 667),
      seg('A', at('2024-05-08', '15:50'), at('2024-05-08', '17:00'), 70, 800, 933, true),
    ]);
    expect(c).toMatchObject({ activeMinutes: 50, chargedMinutes: 120, amount: 1600 });
  });

  it('charges nothing without time, booked time from the start, and nothing without a period', () => {
    const t = at('2024-05-08', '15:00');
    expect(chargeStay([stay(t, t + 59_999)], cal())).toEqual({ segments: [], activeMinutes: 0, chargedMinutes: 0, amount: 0 });
    expect(chargeStay([stay(t, t + 59_999)], cal(), 60).segments).toEqual([seg('A', t, t + 3_600_000, 60, 800, 800, true)]);
    expect(chargeStay([], cal(), 60)).toEqual({ segments: [], activeMinutes: 0, chargedMinutes: 0, amount: 0 });
  });

  it('follows the clock back at the end of summer time (Paris, 2024-10-27 03:00 CEST -> 02:00 CET)', () => {
    const plan: RatePlan = {
      bands: (['weekday', 'weekend', 'holiday'] as const).flatMap((k) => [band(k, 0, 150, 1000), band(k, 150, 1440, 2000)]),
      block_minutes: 1,
      first_block_minutes: 0,
      grace_minutes: 0,
    };
    const from = Date.parse('2024-10-27T01:45:00+02:00');
    const c = chargeStay([stay(from, Date.parse('2024-10-27T03:15:00+01:00'), plan)], cal([], 'Europe/Paris'));
    // 01:45-02:30 CEST, 02:30-03:00 CEST, 02:00-02:30 CET again, 02:30-03:15 CET.
    expect(c.segments.map((s) => [s.from - from, s.minutes, s.rate, s.amount])).toEqual([
      [0, 45, 1000, 750],
      [45 * 60_000, 30, 2000, 1000],
      [75 * 60_000, 30, 1000, 500],
      [105 * 60_000, 45, 2000, 1500],
    ]);
    expect(c.amount).toBe(3750);
  });

  it('refuses an invalid plan, periods out of order and negative booked time', () => {
    const t = at('2024-05-08', '15:00');
    expect(() => chargeStay([stay(t, t + 600_000, { ...standard, block_minutes: 7 })], cal())).toThrow('rooms.errors.block_invalid');
    expect(() => chargeStay([stay(t, t + 600_000), stay(t, t + 600_000)], cal())).toThrow(RangeError);
    expect(() => chargeStay([stay(t, t + 600_000)], cal(), -1)).toThrow(RangeError);
  });
});

describe('validatePlan', () => {
  const weekday = (bands: RateBand[]): RatePlan => ({
    ...standard,
    bands: [...bands, ...standard.bands.filter((b) => b.day_kind !== 'weekday')],
  });

  it('accepts the tiling with a band crossing midnight, and an all-day band', () => {
    expect(validatePlan(standard)).toBeNull();
    expect(validatePlan(vip)).toBeNull();
  });

  it('refuses overlapping bands', () => {
    expect(validatePlan(weekday([band('weekday', 0, 900, 1), band('weekday', 800, 1440, 1)]))).toBe('rooms.errors.bands_overlap');
    expect(validatePlan(weekday([band('weekday', 1080, 120, 1), band('weekday', 1320, 600, 1), band('weekday', 600, 1080, 1)]))).toBe(
      'rooms.errors.bands_overlap',
    );
  });

  it('refuses a gap or a day kind without bands', () => {
    expect(validatePlan(weekday([band('weekday', 0, 800, 1), band('weekday', 900, 1440, 1)]))).toBe('rooms.errors.bands_missing');
    expect(validatePlan(weekday([band('weekday', 1080, 120, 1), band('weekday', 130, 1080, 1)]))).toBe('rooms.errors.bands_missing');
    expect(validatePlan({ ...standard, bands: standard.bands.filter((b) => b.day_kind !== 'holiday') })).toBe('rooms.errors.bands_missing');
    expect(validatePlan({ ...standard, bands: [] })).toBe('rooms.errors.bands_missing');
  });

  it('refuses malformed bands', () => {
    for (const bad of [
      band('weekday', 600, 600, 1),
      band('weekday', 0, 1441, 1),
      band('weekday', 0, 1440, -1),
      band('weekday', 0, 1440, 1.5),
    ]) {
      expect(validatePlan(weekday([bad]))).toBe('rooms.errors.band_invalid');
    }
  });

  it('refuses a block that does not divide an hour, and grace or first block out of range', () => {
    expect(validatePlan({ ...standard, block_minutes: 7 })).toBe('rooms.errors.block_invalid');
    expect(validatePlan({ ...standard, grace_minutes: 15 })).toBe('rooms.errors.rule_invalid');
    expect(validatePlan({ ...standard, block_minutes: 1, grace_minutes: 1 })).toBe('rooms.errors.rule_invalid');
    expect(validatePlan({ ...standard, first_block_minutes: 601 })).toBe('rooms.errors.rule_invalid');
    expect(validatePlan({ ...standard, block_minutes: 60, grace_minutes: 59, first_block_minutes: 600 })).toBeNull();
  });
});

describe('minimumSpendShortfall', () => {
  it('is what the spend falls short of the minimum, never negative', () => {
    expect(minimumSpendShortfall(5000, 3250)).toBe(1750);
    expect(minimumSpendShortfall(5000, 7000)).toBe(0);
    expect(minimumSpendShortfall(0, 0)).toBe(0);
  });
});

describe('chargeStay against the minute-by-minute reference', () => {
  const agrees = (zones: string[]) =>
    fc.assert(
      fc.property(stayArb(zones), ({ periods, cal: c, booked }) => {
        const engine = chargeStay(periods, c, booked);
        expect(engine).toEqual(referenceChargeStay(periods, c, booked));
        expect(engine.amount).toBe(engine.segments.reduce((a, s) => a + s.amount, 0));
        expect(engine.chargedMinutes).toBe(engine.segments.reduce((a, s) => a + s.minutes, 0));
      }),
      { numRuns: 300 },
    );

  it('agrees in Asia/Phnom_Penh', () => agrees(['Asia/Phnom_Penh']));
  it('agrees in Europe/Paris across DST changes', () => agrees(['Europe/Paris']));
  it('agrees across DST at midnight (Santiago) and by half an hour (Lord Howe)', () => agrees(['America/Santiago', 'Australia/Lord_Howe']));
});

describe('chargeStay on a busy board', () => {
  it('charges 40 six-hour stays', () => {
    const start = at('2024-05-10', '14:00');
    const stays = Array.from({ length: 40 }, (_, i) => [stay(start + i * 600_000, start + i * 600_000 + 6 * 3_600_000 + i * 1000)]);
    const charges = stays.map((s) => chargeStay(s, cal()));
    expect(charges.every((c) => c.activeMinutes === 360 && c.chargedMinutes === 360 && c.amount > 0)).toBe(true);
  });
});
