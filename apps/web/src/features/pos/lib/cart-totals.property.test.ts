import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTOR_SCALE, formatDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import { fits, referenceSale as sale, referenceTotals, type ReferenceSale } from '@posauto/shared/money/sale-pricing.reference';
import { cartTotals, EMPTY_CART, type Cart, type CartLine } from './cart';

/**
 * The till's cart and the back-office form price a sale by the same recipe as the server's commit: each is checked
 * against the reference written again from the rules (sale-pricing.reference.ts), as the server's stored totals are
 * (apps/server/src/modules/sales/sales-totals.test.ts) and the back-office form's are (sales/lib/totals.property.test.ts).
 * Three agreeing with one reference agree with one another.
 */
function cartOf(c: ReferenceSale & { currency: CurrencyCode }): Cart {
  // One line per generated line, even for the same item: the reference prices each line on its own.
  const lines: CartLine[] = c.lines.map((l, i) => ({
    key: `line-${i}`,
    productId: `p${l.item}`,
    variantId: null,
    name: `Item ${l.item}`,
    sku: '',
    unitId: null,
    unitName: null,
    factor: FACTOR_SCALE,
    basePrice: c.prices[l.item]!,
    quantity: l.qty,
    priceOverride: null,
    discount: l.pct ? { type: 'percentage', value: l.pct } : null,
  }));
  return {
    ...EMPTY_CART,
    lines,
    discount: c.order
      ? c.order.type === 'percent'
        ? { type: 'percentage', value: c.order.value }
        : { type: 'fixed', value: c.order.value }
      : null,
    coupon: c.coupon === null ? null : { code: 'C', discount: { type: 'percentage', value: c.coupon } },
  } as Cart;
}

describe('one recipe for a sale', () => {
  it("the till's cart totals what the reference totals", () => {
    fc.assert(
      fc.property(sale, (c) => {
        fc.pre(fits(c));
        const ref = referenceTotals({ ...c, shipping: 0 });
        const service = c.service
          ? { id: 's', name: 'Service', type: 'percentage' as const, value: formatDecimal(c.service, 2), applies_to: 'all' as const }
          : null;
        const t = cartTotals(cartOf(c), { currency: c.currency, vatRate: c.vat, vatInclusive: c.inclusive, service });
        expect({
          subtotal: BigInt(t.subtotal),
          order: BigInt(t.orderDiscount),
          coupon: BigInt(t.couponDiscount),
          serviceCharge: BigInt(t.serviceCharge),
          tax: BigInt(t.tax),
          total: BigInt(t.total),
        }).toEqual(ref);
      }),
      { numRuns: 400 },
    );
  });
});
