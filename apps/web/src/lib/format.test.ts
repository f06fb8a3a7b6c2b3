import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, getShopTimeZone, khmerDate, setShopTimeZone } from './format';

describe('date formatting', () => {
  it('writes Khmer dates with Khmer month names', () => {
    expect(formatDate('2026-11-22T03:00:00Z', 'km')).toMatch(/វិច្ឆិកា/);
  });
  it('writes Khmer dates by hand, in Khmer digits, where the browser has no Khmer data', () => {
    expect(khmerDate(new Date(2026, 10, 22, 9, 5), true)).toBe('២២ វិច្ឆិកា ២០២៦ ០៩:០៥');
  });
  it('uses the locale for other languages', () => {
    expect(formatDate('2026-11-22T03:00:00Z', 'en')).toMatch(/2026/);
    expect(formatMonth(0, 'fr')).toMatch(/janv/);
  });
});

describe('times on the shop clock', () => {
  it('shows an instant in the shop time zone once it is set, whatever the browser zone', () => {
    // 23:30 UTC on 31 October is 06:30 on 1 November in Phnom Penh (UTC+7): the day the reports count it in.
    expect(setShopTimeZone('Asia/Phnom_Penh')).toBe(true);
    expect(setShopTimeZone('Asia/Phnom_Penh')).toBe(false);
    expect(formatDateTime('2026-10-31T23:30:00Z', 'en')).toBe('Nov 1, 2026, 6:30 AM');
    expect(khmerDate(new Date('2026-10-31T23:30:00Z'), true)).toBe('១ វិច្ឆិកា ២០២៦ ០៦:៣០');
    expect(setShopTimeZone('America/New_York')).toBe(true);
    expect(formatDate('2026-10-31T23:30:00Z', 'en')).toBe('Oct 31, 2026');
  });

  it('keeps the zone it has when given one that is not a time zone', () => {
    setShopTimeZone('Asia/Phnom_Penh');
    expect(setShopTimeZone('Not/AZone')).toBe(false);
    expect(getShopTimeZone()).toBe('Asia/Phnom_Penh');
  });
});
