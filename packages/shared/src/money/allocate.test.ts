import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate';

describe('allocate', () => {
  it('splits $1.00 in three as 34, 33, 33 (earlier index gets the extra cent)', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('splits proportionally to the weights', () => {
    expect(allocate(100, [275, 275, 50])).toEqual([46, 46, 8]);
    expect(allocate(1000, [1, 3])).toEqual([250, 750]);
  });

  it('gives the remainder to the largest fractional shares first', () => {
    // exact shares: 1.4, 2.8, 0.8 -> floors 1, 2, 0 with 2 units left for the two largest remainders
    expect(allocate(5, [7, 14, 4])).toEqual([1, 3, 1]);
  });

  it('gives nothing to a zero weight', () => {
    expect(allocate(100, [0, 1, 0, 1])).toEqual([0, 50, 0, 50]);
  });

  it('splits as evenly as possible when every weight is zero', () => {
    expect(allocate(10, [0, 0, 0])).toEqual([4, 3, 3]);
  });

  it('mirrors a positive split for a negative total', () => {
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(-5, [7, 14, 4])).toEqual([-1, -3, -1]);
  });

  it('handles a zero total and an empty list', () => {
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    expect(allocate(0, [])).toEqual([]);
  });

  it('rejects negative weights and a non-zero total with nowhere to go', () => {
    expect(() => allocate(10, [1, -1])).toThrow(RangeError);
    expect(() => allocate(10, [])).toThrow(RangeError);
  });

  it('copes with weights whose products exceed the safe integer range', () => {
    const w = Number.MAX_SAFE_INTEGER;
    expect(allocate(Number.MAX_SAFE_INTEGER, [w, w])).toEqual([(Number.MAX_SAFE_INTEGER + 1) / 2, (Number.MAX_SAFE_INTEGER - 1) / 2]);
  });

  const total = fc.integer({ min: -1e12, max: 1e12 });
  const weights = fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 20 });

  it('always sums exactly to the total', () => {
    fc.assert(
      fc.property(total, weights, (t, ws) => {
        expect(allocate(t, ws).reduce((a, b) => a + b, 0)).toBe(t);
      }),
      { numRuns: 1000 },
    );
  });

  it('never differs from the exact proportional share by one or more', () => {
    fc.assert(
      fc.property(total, weights, (t, ws) => {
        const parts = allocate(t, ws);
        const sum = ws.reduce((a, b) => a + BigInt(b), 0n);
        // With all-zero weights the exact share is an even split.
        const eff = sum === 0n ? ws.map(() => 1n) : ws.map((w) => BigInt(w));
        const denom = sum === 0n ? BigInt(ws.length) : sum;
        parts.forEach((p, i) => {
          // |p - t*w/W| < 1  <=>  |p*W - t*w| < W, kept in integers
          const diff = BigInt(p) * denom - BigInt(t) * (eff[i] ?? 0n);
          expect(diff < 0n ? -diff : diff).toBeLessThan(denom);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('is deterministic and keeps the sign of the total', () => {
    fc.assert(
      fc.property(total, weights, (t, ws) => {
        const parts = allocate(t, ws);
        expect(allocate(t, ws)).toEqual(parts);
        for (const p of parts) expect(t >= 0 ? p >= 0 : p <= 0).toBe(true);
      }),
    );
  });
});
