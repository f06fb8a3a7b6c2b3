import { describe, expect, it } from 'vitest';
import { timeOfDay } from './room-time';

describe('time of day on the shop clock', () => {
  it('writes 24-hour local time in the board time zone', () => {
    expect(timeOfDay('2025-03-04T14:05:00Z', 'Asia/Phnom_Penh', 'en')).toBe('21:05');
    expect(timeOfDay('2025-03-04T17:30:00Z', 'Asia/Phnom_Penh', 'fr')).toBe('00:30');
    expect(timeOfDay('later', 'Asia/Phnom_Penh', 'en')).toBe('later');
  });
});
