import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, minorDigits } from '@posauto/shared/money/index';
import { fits, referenceSale as sale, referenceTotals } from '@posauto/shared/money/sale-pricing.reference';
import { draftTotals } from './totals';

/** The back-office sale form prices a sale as the server's commit and the till do: against the same reference. */
describe('one recipe for a sale', () => {
  it('the back-office form totals what the reference totals (no coupon nor service charge there; shipping on top)', () => {
    fc.assert(
      fc.property(sale, (g) => {
        const c = { ...g, coupon: null, service: 0 };
        fc.pre(fits(c));
        const ref = referenceTotals(c);
        const digits = minorDigits(c.currency);
        const text = (n: number | bigint) => formatDecimal(Number(n), digits);
        const t = draftTotals(
          { currency: c.currency, exchange_rate: '4100', sale_tax: formatDecimal(c.vat, 2), is_exclude_tax: !c.inclusive },
          c.lines.map((l) => ({
            quantity: formatDecimal(l.qty, 3),
            unit_price: text(c.prices[l.item]!),
            discount: l.pct ? { type: 'percent' as const, value: formatDecimal(l.pct, 2) } : null,
          })),
          c.order
            ? { type: c.order.type, value: c.order.type === 'percent' ? formatDecimal(c.order.value, 2) : text(c.order.value) }
            : null,
          text(c.shipping),
        );
        expect(t).toMatchObject({ subtotal: text(ref.subtotal), discount: text(ref.order), tax: text(ref.tax), total: text(ref.total) });
      }),
      { numRuns: 400 },
    );
  });
});
