import { describe, expect, it } from 'vitest';
import { extendMinutes, startBody } from './start-form';

describe('the start form', () => {
  it('makes the API body: guests, booked minutes (0: open-ended) and a trimmed note', () => {
    expect(startBody(4, '0', '', '')).toEqual({ guests: 4, booked_minutes: 0, note: '' });
    expect(startBody('3', '120', '', '  birthday ')).toEqual({ guests: 3, booked_minutes: 120, note: 'birthday' });
    expect(startBody(2, 'other', 45, '')).toEqual({ guests: 2, booked_minutes: 45, note: '' });
  });

  it('says what is wrong with the translated keys the server uses', () => {
    expect(startBody('', '0', '', '')).toEqual({ error: 'rooms.errors.guests_range' });
    expect(startBody(100, '0', '', '')).toEqual({ error: 'rooms.errors.guests_range' });
    expect(startBody(2, 'other', '', '')).toEqual({ error: 'rooms.errors.minutes_range' });
    expect(startBody(2, 'other', 1441, '')).toEqual({ error: 'rooms.errors.minutes_range' });
  });

  it('checks typed extra minutes', () => {
    expect(extendMinutes(45)).toBe(45);
    expect(extendMinutes('90')).toBe(90);
    expect(extendMinutes('')).toEqual({ error: 'rooms.errors.minutes_range' });
    expect(extendMinutes(0)).toEqual({ error: 'rooms.errors.minutes_range' });
    expect(extendMinutes(1.5)).toEqual({ error: 'rooms.errors.minutes_range' });
  });
});
