import { describe, expect, it } from 'vitest';
import { clockOffset, quantityText, waitedMinutes, waitLevel } from './waiting';
import { newAutoPrintState, ticketsToPrint } from './auto-print';
import { validStation } from './station-choice';

describe('waiting time', () => {
  const at = '2025-01-01T10:00:00.000Z';
  const t0 = Date.parse(at);

  it('counts whole minutes, never below zero', () => {
    expect(waitedMinutes(at, t0 - 5_000)).toBe(0);
    expect(waitedMinutes(at, t0 + 59_999)).toBe(0);
    expect(waitedMinutes(at, t0 + 60_000)).toBe(1);
    expect(waitedMinutes('not a date', t0)).toBe(0);
  });

  it('warns from 10 minutes and is late from 20', () => {
    expect(waitLevel(0)).toBe('ok');
    expect(waitLevel(9)).toBe('ok');
    expect(waitLevel(10)).toBe('warning');
    expect(waitLevel(19)).toBe('warning');
    expect(waitLevel(20)).toBe('late');
    expect(waitLevel(95)).toBe('late');
    expect(waitLevel(waitedMinutes(at, t0 + 10 * 60_000 - 1))).toBe('ok');
    expect(waitLevel(waitedMinutes(at, t0 + 20 * 60_000))).toBe('late');
  });

  it("follows the server's clock", () => {
    expect(clockOffset('2025-01-01T10:00:30.000Z', t0)).toBe(30_000);
    expect(clockOffset(undefined, t0)).toBe(0);
  });
});

describe('quantities on a ticket', () => {
  it('drops the sign and trailing zeros', () => {
    expect(quantityText('2')).toBe('2');
    expect(quantityText('-1.000')).toBe('1');
    expect(quantityText('2.500')).toBe('2.5');
    expect(quantityText('10')).toBe('10');
  });
});

describe('automatic printing', () => {
  it('prints only what arrives after the first read, once', () => {
    const s = newAutoPrintState();
    expect(ticketsToPrint(s, [{ id: 'a', print: true }])).toEqual([]);
    expect(
      ticketsToPrint(s, [
        { id: 'a', print: true },
        { id: 'b', print: true },
        { id: 'c', print: false },
      ]),
    ).toEqual(['b']);
    expect(ticketsToPrint(s, [{ id: 'b', print: true }])).toEqual([]);
  });
});

describe('station choice', () => {
  it('keeps a stored station only while it exists', () => {
    expect(validStation('s1', [{ id: 's1' }])).toBe('s1');
    expect(validStation('gone', [{ id: 's1' }])).toBe('');
    expect(validStation('s1', undefined)).toBe('s1');
    expect(validStation('', [{ id: 's1' }])).toBe('');
  });
});
