import { describe, expect, it } from 'vitest';
import type { RoomType } from '@posauto/shared/schemas/rooms';
import {
  addBand,
  band,
  copyWeekday,
  draftProblems,
  draftToInput,
  draftToPlan,
  flatBandIndex,
  newTypeDraft,
  rateMinor,
  sameBands,
  typeToDraft,
  type BandDraft,
  type TypeDraft,
} from './plan-form';

/** Bands without their React keys, to compare. */
const plain = (list: readonly BandDraft[]) => list.map(({ start, end, rate }) => ({ start, end, rate }));

const SAVED: RoomType = {
  id: 't1',
  name: 'VIP',
  bands: [
    { day_kind: 'weekday', start: '18:00', end: '02:00', rate: '12.00' },
    { day_kind: 'weekday', start: '02:00', end: '18:00', rate: '8.00' },
    { day_kind: 'weekend', start: '00:00', end: '24:00', rate: '15.00' },
    { day_kind: 'holiday', start: '00:00', end: '24:00', rate: '20.00' },
  ],
  block_minutes: 30,
  first_block_minutes: 60,
  grace_minutes: 10,
  min_spend: '50.00',
  cleaning_minutes: 15,
  sort_order: 2,
  room_count: 4,
};

function filled(rate = '10'): TypeDraft {
  const d = newTypeDraft();
  d.name = 'Standard';
  for (const k of ['weekday', 'weekend', 'holiday'] as const) d.bands[k] = [band('00:00', '24:00', rate)];
  return d;
}

describe('a new room type', () => {
  it('starts with one all-day band per kind of day at the same rate, blocks of 15, a first hour and 5 minutes of grace', () => {
    const d = newTypeDraft();
    expect(plain(d.bands.weekday)).toEqual([{ start: '00:00', end: '24:00', rate: '' }]);
    expect(plain(d.bands.weekend)).toEqual(plain(d.bands.weekday));
    expect(plain(d.bands.holiday)).toEqual(plain(d.bands.weekday));
    expect(d).toMatchObject({ block_minutes: 15, first_block_minutes: 60, grace_minutes: 5, min_spend: '0', cleaning_minutes: 0 });
  });
});

describe('the form and the API body', () => {
  it('reads a saved type with each kind of day in clock order', () => {
    const d = typeToDraft(SAVED);
    expect(plain(d.bands.weekday)).toEqual([
      { start: '02:00', end: '18:00', rate: '8.00' },
      { start: '18:00', end: '02:00', rate: '12.00' },
    ]);
    expect(d).toMatchObject({ name: 'VIP', block_minutes: 30, first_block_minutes: 60, grace_minutes: 10, min_spend: '50.00' });
  });

  it('writes the body with weekday, weekend, then holiday bands, trimmed, and back to the same form', () => {
    const d = typeToDraft(SAVED);
    d.name = '  VIP  ';
    d.bands.weekend[0]!.rate = ' 15.5 ';
    const body = draftToInput(d);
    expect(body).toEqual({
      name: 'VIP',
      bands: [
        { day_kind: 'weekday', start: '02:00', end: '18:00', rate: '8.00' },
        { day_kind: 'weekday', start: '18:00', end: '02:00', rate: '12.00' },
        { day_kind: 'weekend', start: '00:00', end: '24:00', rate: '15.5' },
        { day_kind: 'holiday', start: '00:00', end: '24:00', rate: '20.00' },
      ],
      block_minutes: 30,
      first_block_minutes: 60,
      grace_minutes: 10,
      min_spend: '50.00',
      cleaning_minutes: 15,
      sort_order: 2,
    });
    const again = typeToDraft({ ...SAVED, bands: body.bands as RoomType['bands'] });
    expect(plain(again.bands.weekday)).toEqual(plain(d.bands.weekday));
  });

  it('sends no minimum spend as 0', () => {
    const d = filled();
    d.min_spend = ' ';
    expect(draftToInput(d).min_spend).toBe('0');
  });

  it('numbers a band as the server does in its field errors', () => {
    const d = typeToDraft(SAVED);
    expect(flatBandIndex(d.bands, 'weekday', 1)).toBe(1);
    expect(flatBandIndex(d.bands, 'weekend', 0)).toBe(2);
    expect(flatBandIndex(d.bands, 'holiday', 0)).toBe(3);
  });
});

describe('the engine plan', () => {
  it('turns times into minutes and rates into minor units of the currency', () => {
    const plan = draftToPlan(typeToDraft(SAVED), 'USD')!;
    expect(plan.bands[1]).toEqual({ day_kind: 'weekday', start: 1080, end: 120, rate: 1200 });
    expect(plan.bands[2]).toEqual({ day_kind: 'weekend', start: 0, end: 1440, rate: 1500 });
    expect(plan).toMatchObject({ block_minutes: 30, first_block_minutes: 60, grace_minutes: 10 });
    expect(rateMinor('4000', 'KHR')).toBe(4000);
    expect(rateMinor('2.5', 'USD')).toBe(250);
    // Trailing zeros are exact, as the server reads them.
    expect(rateMinor('2.500', 'USD')).toBe(250);
    expect(rateMinor('4100.00', 'KHR')).toBe(4100);
    expect(rateMinor('40.', 'KHR')).toBe(40);
  });

  it('is not made while a band is unreadable', () => {
    const d = filled();
    d.bands.weekend[0]!.end = '25:00';
    expect(draftToPlan(d, 'USD')).toBeNull();
    expect(rateMinor('2.505', 'USD')).toBeNull();
    expect(rateMinor('100.5', 'KHR')).toBeNull();
    expect(rateMinor('-1', 'USD')).toBeNull();
  });
});

describe('what stops the form', () => {
  it('nothing for a whole plan', () => {
    expect(draftProblems(filled(), 'USD')).toEqual({ fields: {}, plan: null });
    expect(draftProblems(typeToDraft(SAVED), 'USD')).toEqual({ fields: {}, plan: null });
  });

  it('names the field the server would name', () => {
    const d = filled();
    d.name = ' ';
    d.bands.weekend = [band('00:00', '24:00', ''), band('7', '24:00', '5')];
    const p = draftProblems(d, 'USD');
    expect(p.fields.name).toBe('validation.required');
    expect(p.fields['bands.1.rate']).toBe('validation.money_invalid');
    expect(p.fields['bands.2.start']).toBe('rooms.errors.band_invalid');
  });

  it('refuses more decimals than the currency has, and a start at 24:00', () => {
    const d = filled('1.005');
    d.bands.holiday = [band('24:00', '24:00', '1')];
    const p = draftProblems(d, 'USD');
    expect(p.fields['bands.0.rate']).toBe('validation.money_precision');
    expect(p.fields['bands.2.start']).toBe('rooms.errors.band_invalid');
    expect(draftProblems(filled('1.5'), 'KHR').fields['bands.0.rate']).toBe('validation.money_precision');
  });

  it('reports overlaps before gaps, as validatePlan does', () => {
    const d = filled();
    d.bands.weekday = [band('00:00', '12:00', '5'), band('11:00', '24:00', '5')];
    d.bands.weekend = [band('00:00', '12:00', '5')];
    expect(draftProblems(d, 'USD').plan).toBe('rooms.errors.bands_overlap');
    d.bands.weekday = [band('00:00', '12:00', '5'), band('12:00', '24:00', '5')];
    expect(draftProblems(d, 'USD').plan).toBe('rooms.errors.bands_missing');
  });

  it('checks the grace against the block', () => {
    const d = filled();
    d.block_minutes = 1;
    d.grace_minutes = 5;
    expect(draftProblems(d, 'USD').plan).toBe('rooms.errors.rule_invalid');
    d.grace_minutes = '';
    expect(draftProblems(d, 'USD').fields.grace_minutes).toBe('rooms.errors.rule_invalid');
  });
});

describe('editing bands', () => {
  it('copies the weekday bands to the weekend and holiday', () => {
    const d = typeToDraft(SAVED);
    const copied = copyWeekday(d.bands);
    expect(plain(copied.weekend)).toEqual(plain(d.bands.weekday));
    expect(plain(copied.holiday)).toEqual(plain(d.bands.weekday));
    expect(copied.weekday).toBe(d.bands.weekday);
    // New keys: the copies are other rows than the weekday's.
    expect(copied.weekend[0]!.key).not.toBe(d.bands.weekday[0]!.key);
  });

  it('tells bands that are the same as typed from different ones', () => {
    const d = typeToDraft(SAVED);
    expect(sameBands(copyWeekday(d.bands).weekend, d.bands.weekday)).toBe(true);
    expect(sameBands(d.bands.weekend, d.bands.weekday)).toBe(false);
    expect(sameBands([band('00:00', '24:00', '5')], [band('00:00', '24:00', '5.0')])).toBe(false);
  });

  it('adds a band over the first uncovered time, at the last rate', () => {
    expect(plain(addBand([band('00:00', '18:00', '5')]))).toEqual([
      { start: '00:00', end: '18:00', rate: '5' },
      { start: '18:00', end: '24:00', rate: '5' },
    ]);
    expect(plain(addBand([band('06:00', '24:00', '5')])).at(-1)).toEqual({ start: '00:00', end: '06:00', rate: '5' });
    expect(plain(addBand([]))).toEqual([{ start: '00:00', end: '24:00', rate: '' }]);
  });

  it('splits the longest band when the day is covered, so the plan stays whole', () => {
    expect(plain(addBand([band('00:00', '24:00', '5')]))).toEqual([
      { start: '00:00', end: '12:00', rate: '5' },
      { start: '12:00', end: '24:00', rate: '5' },
    ]);
    expect(plain(addBand([band('04:00', '20:00', '5'), band('20:00', '04:00', '9')]))).toEqual([
      { start: '04:00', end: '12:00', rate: '5' },
      { start: '12:00', end: '20:00', rate: '5' },
      { start: '20:00', end: '04:00', rate: '9' },
    ]);
    // A split that falls at midnight ends the first half at 24:00.
    expect(plain(addBand([band('08:00', '16:00', '5'), band('16:00', '08:00', '9')]))).toEqual([
      { start: '08:00', end: '16:00', rate: '5' },
      { start: '16:00', end: '24:00', rate: '9' },
      { start: '00:00', end: '08:00', rate: '9' },
    ]);
  });

  it('appends an all-day band when a time is unreadable', () => {
    expect(plain(addBand([band('0', '24:00', '5')])).at(-1)).toEqual({ start: '00:00', end: '24:00', rate: '5' });
  });
});
