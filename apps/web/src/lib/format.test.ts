import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, khmerDate } from './format';

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
