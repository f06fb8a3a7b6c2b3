/**
 * Calendar days in a shop's time zone, as 'YYYY-MM-DD' strings. A shop's "today" and its week and month
 * boundaries follow its own clock on the wall, not the server's or UTC.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Phnom_Penh';
const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const dayUtc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOf = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

/** The calendar day of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return ymd(w.y, w.m, w.d);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instantMs: number, timeZone: string): number {
  const w = wallClock(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The first instant of a calendar day in a time zone. Usually local midnight; on a day whose midnight is skipped by
 * daylight saving (America/Santiago, 2024-09-08: 00:00 jumps to 01:00) it is the moment of the jump, and on a day
 * that begins after a repeated hour, the one midnight that belongs to it.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const wall = dayUtc(day);
  let t = wall - offsetAt(wall, timeZone);
  t = wall - offsetAt(t, timeZone);
  if (startsDay(t, day, timeZone)) return new Date(t);
  // Midnight does not exist or was missed: the earliest second whose calendar day is `day`. Offsets lie within
  // UTC-12..UTC+14, so it is between wall - 15 h and wall + 13 h.
  let lo = wall - 15 * HOUR_MS; // before the day
  let hi = wall + 13 * HOUR_MS; // within or after the day's start
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (localDay(new Date(mid), timeZone) >= day) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** Whether `t` lies in `day` and the second before it does not. */
function startsDay(t: number, day: string, timeZone: string): boolean {
  return localDay(new Date(t), timeZone) === day && localDay(new Date(t - 1000), timeZone) < day;
}

export function addDays(day: string, days: number): string {
  return dayOf(dayUtc(day) + days * DAY_MS);
}

/** ISO 8601 week of a calendar day: weeks run Monday to Sunday; week 1 holds the year's first Thursday. */
export function isoWeek(day: string): { year: number; week: number } {
  const t = dayUtc(day);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const thursday = t + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return { year, week };
}

/** The Monday that starts ISO week 1 of an ISO week-year. */
export function isoWeekYearStart(year: number): string {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return dayOf(jan4 - weekday * DAY_MS);
}
