import fc from 'fast-check';
import type { CurrencyCode } from './currency';

/**
 * A sale's figures written again from the rules alone, in BigInt, for tests only: the server's stored totals, the
 * till's cart and the back-office form are each checked against it (property tests), so all three agree with one
 * another without trusting priceSale.
 */
export interface ReferenceSale {
  /** Minor units per line unit. */
  prices: number[];
  /** `item` indexes `prices`; qty in thousandths; pct: the line discount in hundredths of a percent. */
  lines: { item: number; qty: number; pct: number }[];
  order: { type: 'percent' | 'fixed'; value: number } | null;
  /** A percentage coupon, hundredths of a percent. */
  coupon: number | null;
  /** Service charge, hundredths of a percent. */
  service: number;
  vat: number;
  inclusive: boolean;
  shipping?: number;
}

const PCT = 10_000n;
/** Half-up division of non-negative integers. */
const half = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** The rules, written again: line discount, order discount, coupon on what is left, service charge, VAT, shipping. */
export function referenceTotals(c: ReferenceSale) {
  const price = (i: number) => BigInt(c.prices[i]!);
  const nets = c.lines.map((l) => {
    const gross = half(BigInt(l.qty) * price(l.item), 1000n);
    return gross - half(gross * BigInt(l.pct), PCT);
  });
  const subtotal = nets.reduce((a, b) => a + b, 0n);
  const order = !c.order ? 0n : c.order.type === 'percent' ? half(subtotal * BigInt(c.order.value), PCT) : BigInt(c.order.value);
  const coupon = c.coupon === null ? 0n : half((subtotal - order) * BigInt(c.coupon), PCT);
  const discounted = subtotal - order - coupon;
  const serviceCharge = half(discounted * BigInt(c.service), PCT);
  const base = discounted + serviceCharge;
  let tax: bigint;
  let total: bigint;
  if (c.inclusive) {
    tax = base - half(base * PCT, PCT + BigInt(c.vat));
    total = base;
  } else {
    tax = half(base * BigInt(c.vat), PCT);
    total = base + tax;
  }
  return { subtotal, order, coupon, serviceCharge, tax, total: total + BigInt(c.shipping ?? 0) };
}

/** Random sales in dollars or riel, for the property tests of the server, the till and the back-office form. */
export const referenceSale = fc
  .record({
    currency: fc.constantFrom<CurrencyCode>('USD', 'KHR'),
    prices: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 3, maxLength: 3 }),
    lines: fc.array(
      fc.record({ item: fc.nat(2), qty: fc.integer({ min: 1, max: 20_000 }), pct: fc.constantFrom(0, 0, 500, 1250, 3333, 10_000) }),
      { minLength: 1, maxLength: 5 },
    ),
    order: fc.option(
      fc.record({ type: fc.constantFrom<'percent' | 'fixed'>('percent', 'fixed'), value: fc.integer({ min: 0, max: 10_000 }) }),
    ),
    coupon: fc.option(fc.integer({ min: 1, max: 10_000 })),
    service: fc.constantFrom(0, 500, 1000, 1250),
    vat: fc.constantFrom(0, 1000, 750, 2000),
    inclusive: fc.boolean(),
    shipping: fc.integer({ min: 0, max: 5_000 }),
  })
  .map((c) => ({
    ...c,
    // Riel has no minor unit to spare: whole hundreds of riel, as shops price.
    prices: c.currency === 'KHR' ? c.prices.map((p) => 100 * (1 + (p % 10_000))) : c.prices.map((p) => Math.max(1, p % 50_000)),
  }));

/** A fixed order discount is never more than the lines' subtotal (the money module caps it; the reference does not). */
export const fits = (c: ReferenceSale) =>
  !c.order || c.order.type === 'percent' || BigInt(c.order.value) <= referenceTotals({ ...c, order: null }).subtotal;
