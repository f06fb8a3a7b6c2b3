/** IANA time zones the browser knows (the server checks the same way), the shop's region first. */
const FIRST = ['Asia/Phnom_Penh', 'Asia/Bangkok', 'Asia/Ho_Chi_Minh', 'Asia/Vientiane', 'Asia/Singapore', 'Asia/Shanghai'];

export function timeZoneOptions(current: string): string[] {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const rest = all.filter((z) => !FIRST.includes(z));
  const list = [...FIRST, ...rest, 'UTC'];
  return list.includes(current) ? [...new Set(list)] : [current, ...new Set(list)];
}
