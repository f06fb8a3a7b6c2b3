import { ROOM_LIMITS } from '@posauto/shared/schemas/rooms';

/** A public holiday as GET/PUT /room-holidays carry it: a local date (YYYY-MM-DD) and its name. */
export interface Holiday {
  date: string;
  name: string;
}

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export const sortHolidays = (list: readonly Holiday[]) => [...list].sort((a, b) => a.date.localeCompare(b.date));

/**
 * The list with one more holiday, in date order, or the translation key of why not. A date already listed is renamed
 * rather than listed twice: a day is a holiday or not, whatever it is called.
 */
export function withHoliday(list: readonly Holiday[], date: string, name: string): Holiday[] | string {
  const day = date.trim();
  if (!isCalendarDay(day)) return 'room_settings.holiday_date_invalid';
  const label = name.trim();
  if (label.length > ROOM_LIMITS.name) return 'validation.too_long';
  const others = list.filter((h) => h.date !== day);
  if (others.length >= ROOM_LIMITS.holidays) return 'room_settings.holidays_full';
  return sortHolidays([...others, { date: day, name: label }]);
}

export const withoutHoliday = (list: readonly Holiday[], date: string): Holiday[] => list.filter((h) => h.date !== date);

/**
 * A date shown in the user's language: read at noon UTC, which is the same calendar day in every zone from UTC-12 to
 * UTC+11 (the holiday is a date, not an instant; the shop's own zone, whatever it is, must not move it a day).
 */
export const holidayInstant = (date: string) => `${date}T12:00:00Z`;
