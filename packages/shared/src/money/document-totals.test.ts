import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Discount } from './discount';
import { type DocumentInput, computeDocumentTotals } from './document-totals';
import { ROUNDING_MODES } from './rounding';
import type { Service } from './service';

const coffee = { quantity: 2000, unitPrice: 275 }; // 2 x $2.75
const pastry = { quantity: 1000, unitPrice: 150, discount: { type: 'fixed', value: 50 } } as const;

describe('computeDocumentTotals', () => {
  it('adds 10% VAT on top of a simple cafe bill', () => {
    const t = computeDocumentTotals({
      currency: 'USD',
      lines: [coffee, pastry],
      vat: { rate: 1000, inclusive: false },
    });
    expect(t.lines).toEqual([
      { gross: 550, discount: 0, net: 550 },
      { gross: 150, discount: 50, net: 100 },
    ]);
    expect(t).toMatchObject({ subtotal: 650, documentDiscount: 0, taxableBase: 650, tax: 65, total: 715 });
    expect(t.documentDiscountAllocation).toEqual([0, 0]);
  });

  it('applies line discount, then document discount, then service, then VAT', () => {
    const t = computeDocumentTotals({
      currency: 'USD',
      lines: [coffee, pastry],
      discount: { type: 'percentage', value: 1000 }, // 10% of 6.50 = 0.65
      service: { type: 'percentage', value: 500 }, // 5% of 5.85 = 0.2925 -> 0.29
      vat: { rate: 1000, inclusive: false }, // 10% of 6.14 = 0.614 -> 0.61
    });
    expect(t.documentDiscount).toBe(65);
    expect(t.documentDiscountAllocation).toEqual([55, 10]);
    expect(t.serviceCharge).toBe(29);
    expect(t.taxableBase).toBe(614);
    expect(t.tax).toBe(61);
    expect(t.total).toBe(675);
  });

  it('extracts VAT from prices that already include it', () => {
    const t = computeDocumentTotals({
      currency: 'USD',
      lines: [{ quantity: 1000, unitPrice: 275 }],
      vat: { rate: 1000, inclusive: true },
    });
    expect(t).toMatchObject({ subtotal: 275, taxableBase: 275, tax: 25, total: 275 });
  });

  it('works in riel', () => {
    const t = computeDocumentTotals({
      currency: 'KHR',
      lines: [{ quantity: 3000, unitPrice: 2500 }],
      discount: { type: 'fixed', value: 500 },
      vat: { rate: 1000, inclusive: false },
    });
    expect(t).toMatchObject({ subtotal: 7500, documentDiscount: 500, tax: 700, total: 7700 });
  });

  it('clamps a fixed document discount to the subtotal', () => {
    const t = computeDocumentTotals({
      currency: 'USD',
      lines: [coffee],
      discount: { type: 'fixed', value: 10_000 },
    });
    expect(t).toMatchObject({ documentDiscount: 550, total: 0 });
    expect(t.documentDiscountAllocation).toEqual([550]);
  });

  it('does not spread a sale discount onto a return line', () => {
    const t = computeDocumentTotals({
      currency: 'USD',
      lines: [coffee, { quantity: -1000, unitPrice: 275 }],
      discount: { type: 'fixed', value: 100 },
    });
    expect(t.subtotal).toBe(275);
    expect(t.documentDiscountAllocation).toEqual([100, 0]);
  });

  it('handles an empty document', () => {
    const t = computeDocumentTotals({
      currency: 'USD',
      lines: [],
      service: { type: 'percentage', value: 1000 },
    });
    expect(t).toMatchObject({ subtotal: 0, documentDiscount: 0, serviceCharge: 0, tax: 0, total: 0 });
    expect(t.documentDiscountAllocation).toEqual([]);
  });

  it('propagates invalid discounts as MoneyRuleError', () => {
    expect(() =>
      computeDocumentTotals({
        currency: 'USD',
        lines: [coffee],
        discount: { type: 'percentage', value: 10_001 },
      }),
    ).toThrow(expect.objectContaining({ code: 'discount_percent_range' }));
  });
});

describe('computeDocumentTotals invariants', () => {
  const discount: fc.Arbitrary<Discount> = fc.oneof(
    fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: 100_000 }) }),
  );
  const service: fc.Arbitrary<Service> = fc.record({
    type: fc.constantFrom('percentage' as const, 'fixed' as const),
    value: fc.integer({ min: 0, max: 10_000 }),
  });
  const line = fc.record(
    {
      quantity: fc.integer({ min: -50_000, max: 1_000_000 }),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
      discount,
    },
    { requiredKeys: ['quantity', 'unitPrice'] },
  );
  const documentInput: fc.Arbitrary<DocumentInput> = fc.record(
    {
      currency: fc.constantFrom('USD' as const, 'KHR' as const),
      lines: fc.array(line, { maxLength: 12 }),
      discount,
      service,
      vat: fc.record({ rate: fc.integer({ min: 0, max: 10_000 }), inclusive: fc.boolean() }),
      rounding: fc.constantFrom(...ROUNDING_MODES),
    },
    { requiredKeys: ['currency', 'lines'] },
  );

  it('balances every random document exactly', () => {
    fc.assert(
      fc.property(documentInput, (input) => {
        const t = computeDocumentTotals(input);
        const inclusive = input.vat?.inclusive ?? false;
        expect(t.total).toBe(t.subtotal - t.documentDiscount + t.serviceCharge + (inclusive ? 0 : t.tax));
        expect(t.documentDiscountAllocation.reduce((a, b) => a + b, 0)).toBe(t.documentDiscount);
        expect(t.documentDiscountAllocation).toHaveLength(input.lines.length);
        expect(t.lines.reduce((a, l) => a + l.net, 0)).toBe(t.subtotal);
        for (const l of t.lines) expect(l.gross - l.discount).toBe(l.net);
        const amounts = [
          ...t.lines.flatMap((l) => [l.gross, l.discount, l.net]),
          ...t.documentDiscountAllocation,
          t.subtotal,
          t.documentDiscount,
          t.serviceCharge,
          t.taxableBase,
          t.tax,
          t.total,
        ];
        for (const a of amounts) expect(Number.isSafeInteger(a)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never discounts a line below zero through the document discount', () => {
    fc.assert(
      fc.property(documentInput, (input) => {
        const t = computeDocumentTotals(input);
        t.lines.forEach((l, i) => {
          const share = t.documentDiscountAllocation[i] ?? 0;
          if (share !== 0) expect(Math.abs(share)).toBeLessThanOrEqual(Math.abs(l.net));
          if (share !== 0) expect(Math.sign(share)).toBe(Math.sign(l.net));
        });
      }),
    );
  });
});
