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
