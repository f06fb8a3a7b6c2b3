import type { Language } from '@posauto/shared/i18n/index';
import { localeOf } from '../../../lib/format';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * "21:05": an instant's time of day on the shop's clock (the board's time zone), 24-hour in every language, as a
 * room's start, end or cleaning time is read at the counter. Text that is not a time is shown as it came.
 */
export function timeOfDay(iso: string, timeZone: string | undefined, lang: Language): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const key = `${lang}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    } catch {
      // A zone this browser does not know: its own clock rather than nothing.
      f = new Intl.DateTimeFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    formats.set(key, f);
  }
  return f.format(at);
}
