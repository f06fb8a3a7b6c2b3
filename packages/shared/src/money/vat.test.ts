import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUNDING_MODES } from './rounding';
import { vatExclusive, vatInclusive } from './vat';

const TEN_PERCENT = 1000;

describe('vatExclusive', () => {
  it('adds 10% VAT to a $2.75 coffee: 28 cents tax, $3.03 gross', () => {
    expect(vatExclusive(275, TEN_PERCENT)).toEqual({ net: 275, tax: 28, gross: 303 });
  });

  it('adds 10% VAT to a 10,000 riel meal: 1,000 riel tax', () => {
    expect(vatExclusive(10_000, TEN_PERCENT)).toEqual({ net: 10_000, tax: 1000, gross: 11_000 });
  });

  it('charges nothing at a zero rate', () => {
    expect(vatExclusive(275, 0)).toEqual({ net: 275, tax: 0, gross: 275 });
  });

  it('rejects a rate outside 0..100%', () => {
    expect(() => vatExclusive(275, 10_001)).toThrow(expect.objectContaining({ code: 'vat_rate_range' }));
    expect(() => vatExclusive(275, -1)).toThrow(expect.objectContaining({ code: 'vat_rate_range' }));
  });
});

describe('vatInclusive', () => {
  it('extracts 10% VAT from a $2.75 coffee: $2.50 net, 25 cents tax', () => {
    expect(vatInclusive(275, TEN_PERCENT)).toEqual({ net: 250, tax: 25, gross: 275 });
  });

  it('extracts 10% VAT from $3.80: $3.45 net, 35 cents tax', () => {
    // 380 / 1.1 = 345.45... -> 345
    expect(vatInclusive(380, TEN_PERCENT)).toEqual({ net: 345, tax: 35, gross: 380 });
  });

  it('handles refunds symmetrically', () => {
    expect(vatInclusive(-380, TEN_PERCENT)).toEqual({ net: -345, tax: -35, gross: -380 });
  });

  it('always has net + tax === gross exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...ROUNDING_MODES),
        (gross, rate, mode) => {
          const { net, tax } = vatInclusive(gross, rate, mode);
          expect(net + tax).toBe(gross);
          expect(Number.isSafeInteger(net) && Number.isSafeInteger(tax)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives back the gross when the extracted net is taxed again, within a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10_000 }), (gross, rate) => {
        const { net } = vatInclusive(gross, rate);
        expect(Math.abs(vatExclusive(net, rate).gross - gross)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
