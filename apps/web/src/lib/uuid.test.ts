import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID, different each time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => uuid()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(V4);
  });

  it('works without crypto.randomUUID, as on a page served over plain http by a LAN address', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect(typeof (globalThis.crypto as Crypto).randomUUID).toBe('undefined');
    const keys = new Set(Array.from({ length: 200 }, () => uuid()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(V4);
  });
});
