import { describe, expect, it } from 'vitest';
import { isCalendarDay, withHoliday, withoutHoliday } from './holidays';

const LIST = [
  { date: '2026-01-01', name: 'New year' },
  { date: '2026-04-14', name: 'Khmer New Year' },
];

describe('public holidays', () => {
  it('adds a day in date order, trimmed', () => {
    expect(withHoliday(LIST, '2026-03-08', ' Women ')).toEqual([
      { date: '2026-01-01', name: 'New year' },
      { date: '2026-03-08', name: 'Women' },
      { date: '2026-04-14', name: 'Khmer New Year' },
    ]);
  });

  it('renames a day already listed rather than listing it twice', () => {
    expect(withHoliday(LIST, '2026-01-01', 'International New Year')).toEqual([
      { date: '2026-01-01', name: 'International New Year' },
      { date: '2026-04-14', name: 'Khmer New Year' },
    ]);
  });

  it('refuses a day that is not on the calendar, and a name too long', () => {
    expect(withHoliday(LIST, '2026-02-30', 'x')).toBe('room_settings.holiday_date_invalid');
    expect(withHoliday(LIST, '', 'x')).toBe('room_settings.holiday_date_invalid');
    expect(withHoliday(LIST, '2026-05-01', 'x'.repeat(61))).toBe('validation.too_long');
    expect(isCalendarDay('2028-02-29')).toBe(true);
  });

  it('refuses a day more than the limit', () => {
    const full = Array.from({ length: 366 }, (_, i) => ({ date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), name: '' }));
    expect(withHoliday(full, '2030-01-01', '')).toBe('room_settings.holidays_full');
    expect(withHoliday(full, '2026-01-01', 'renamed')).not.toBe('room_settings.holidays_full');
  });

  it('removes a day', () => {
    expect(withoutHoliday(LIST, '2026-01-01')).toEqual([{ date: '2026-04-14', name: 'Khmer New Year' }]);
  });
});
