import { describe, expect, it } from 'vitest';
import { newId } from './ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids', () => {
  it('are UUIDv7 and sort in the order they were made, also many in one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry the time they were made, or the time given', () => {
    const at = Date.parse('2026-11-21T08:00:00Z');
    expect(parseInt(newId(at).replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const before = Date.now();
    const ms = parseInt(newId().replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
  });
});
