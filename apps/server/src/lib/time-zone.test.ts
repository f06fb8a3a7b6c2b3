import { describe, expect, it } from 'vitest';
import { addDays, isoWeek, isoWeekYearStart, isTimeZone, localDay, startOfLocalDay } from './time-zone';

describe('calendar days in a time zone', () => {
  it("gives Phnom Penh's date, seven hours ahead of UTC", () => {
    expect(localDay(new Date('2026-11-21T16:59:59Z'), 'Asia/Phnom_Penh')).toBe('2026-11-21');
    expect(localDay(new Date('2026-11-21T17:00:00Z'), 'Asia/Phnom_Penh')).toBe('2026-11-22');
  });

  it('starts a Phnom Penh day at 17:00 UTC the day before', () => {
    expect(startOfLocalDay('2026-11-22', 'Asia/Phnom_Penh').toISOString()).toBe('2026-11-21T17:00:00.000Z');
  });

  it('starts a day at local midnight on both sides of a daylight saving change', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('starts a day whose midnight is skipped at the first instant that exists, 01:00 local', () => {
    // America/Santiago springs from 00:00 (-04) to 01:00 (-03) on 2024-09-08; 03:00Z is still 2024-09-07 there.
    expect(startOfLocalDay('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(localDay(new Date('2024-09-08T03:59:59Z'), 'America/Santiago')).toBe('2024-09-07');
    expect(startOfLocalDay('2024-09-09', 'America/Santiago').toISOString()).toBe('2024-09-09T03:00:00.000Z');
  });

  it('starts the day after a repeated hour at its one midnight, after both passes of 23:00', () => {
    // America/Santiago falls back at 00:00 (-03) to 23:00 (-04) on the night of 2024-04-06; 23:xx happens twice.
    expect(startOfLocalDay('2024-04-06', 'America/Santiago').toISOString()).toBe('2024-04-06T03:00:00.000Z');
    expect(startOfLocalDay('2024-04-07', 'America/Santiago').toISOString()).toBe('2024-04-07T04:00:00.000Z');
    expect(startOfLocalDay('2024-04-08', 'America/Santiago').toISOString()).toBe('2024-04-08T04:00:00.000Z');
  });

  it('adds days across month ends and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-21', -29)).toBe('2026-10-23');
  });

  it('numbers ISO weeks, including the days that belong to a neighbouring year', () => {
    expect(isoWeek('2026-11-21')).toEqual({ year: 2026, week: 47 });
    expect(isoWeek('2025-12-29')).toEqual({ year: 2026, week: 1 });
    expect(isoWeek('2026-01-04')).toEqual({ year: 2026, week: 1 });
    expect(isoWeek('2026-01-05')).toEqual({ year: 2026, week: 2 });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-04')).toEqual({ year: 2027, week: 1 });
  });

  it('finds the Monday that starts ISO week 1', () => {
    expect(isoWeekYearStart(2026)).toBe('2025-12-29');
    expect(isoWeekYearStart(2027)).toBe('2027-01-04');
  });

  it('tells a real time zone from a made-up one', () => {
    expect(isTimeZone('Asia/Phnom_Penh')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(null)).toBe(false);
  });
});
