import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { forgetTill, giveBack, mergeServer, saveTill, takeNumber, tillIn, TILLS_KEY } from './till-identity';

describe('the device’s till and its number series', () => {
  it('gives each number once, in order, per branch', () => {
    const s = new MemoryStorage();
    expect(takeNumber('b1', s)).toBeNull();
    saveTill({ id: 't1', code: 'T01', branch_id: 'b1', last_number: 0 }, s);
    saveTill({ id: 't2', code: 'T02', branch_id: 'b2', last_number: 7 }, s);
    expect([takeNumber('b1', s)!.number, takeNumber('b1', s)!.number, takeNumber('b2', s)!.number]).toEqual([1, 2, 8]);
    expect(tillIn('b1', s)!.last_number).toBe(2);
  });

  it('takes back only the last number given (the series keeps no gap and never repeats one)', () => {
    const s = new MemoryStorage();
    saveTill({ id: 't1', code: 'T01', branch_id: 'b1', last_number: 5 }, s);
    giveBack('b1', 4, s);
    expect(tillIn('b1', s)!.last_number).toBe(5);
    giveBack('b1', 5, s);
    expect(tillIn('b1', s)!.last_number).toBe(4);
  });

  it('goes on after the higher of its own and the server’s last number; another till starts from the server’s', () => {
    const s = new MemoryStorage();
    saveTill({ id: 't1', code: 'T01', branch_id: 'b1', last_number: 9 }, s);
    mergeServer('b1', { id: 't1', code: 'T01', last_number: 4 }, s);
    expect(tillIn('b1', s)!.last_number).toBe(9);
    mergeServer('b1', { id: 't1', code: 'T01', last_number: 12 }, s);
    expect(tillIn('b1', s)!.last_number).toBe(12);
    mergeServer('b1', { id: 't9', code: 'T09', last_number: 3 }, s);
    expect(tillIn('b1', s)).toEqual({ id: 't9', code: 'T09', branch_id: 'b1', last_number: 3 });
    forgetTill('b1', s);
    expect(tillIn('b1', s)).toBeNull();
  });

  it('reads nothing from a damaged record', () => {
    const s = new MemoryStorage();
    s.setItem(TILLS_KEY, '{not json');
    expect(tillIn('b1', s)).toBeNull();
    s.setItem(TILLS_KEY, JSON.stringify({ b1: { id: 't1', code: 'T01', last_number: 'x' } }));
    expect(tillIn('b1', s)).toBeNull();
  });
});
