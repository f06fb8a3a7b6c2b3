import { allocate } from './allocate';
import type { CurrencyCode } from './currency';
import { type Discount, applyDiscount } from './discount';
import { type DocumentLineInput, type DocumentTotals, computeDocumentTotals } from './document-totals';
import type { Service } from './service';

export interface SalePricingInput {
  readonly currency: CurrencyCode;
  readonly lines: readonly DocumentLineInput[];
  /** The order discount: a percentage of the lines' subtotal, or a fixed amount (never more than it). */
  readonly orderDiscount?: Discount;
  /** A coupon: on what the order discount left; a fixed coupon worth more makes the rest free, never pays the customer. */
  readonly coupon?: Discount;
  readonly service?: Service;
  /** Hundredths of a percent; inclusive: the prices hold it. */
  readonly vat?: { readonly rate: number; readonly inclusive: boolean };
  /** Minor units, on top of the total, untaxed. */
  readonly shipping?: number;
}

export interface SalePricing extends DocumentTotals {
  /** The order discount and the coupon, in minor units (together the document discount). */
  readonly orderDiscount: number;
  readonly couponDiscount: number;
  readonly shipping: number;
  /** total + shipping: what the customer pays (cash rounding at payment aside). */
  readonly grandTotal: number;
  /** Each line's net after its share of the document discount. */
  readonly nets: number[];
  /** The VAT split over the lines in proportion to their nets (adding up to `tax` exactly). */
  readonly taxes: number[];
}

/**
 * The one recipe of a sale's figures, used by the server's commit, the till's cart, the back-office forms and the demo:
 * line discounts; then the order discount on the lines' subtotal and the coupon on what is left, applied together as
 * one document discount split over the lines; the service charge on the discounted subtotal; VAT on top of that or
 * inside it; shipping on top, untaxed. Exact integers throughout (computeDocumentTotals).
 */
export function priceSale(input: SalePricingInput): SalePricing {
  const base = computeDocumentTotals({ currency: input.currency, lines: input.lines });
  const orderDiscount = applyDiscount(base.subtotal, input.orderDiscount).discount;
  const couponDiscount = input.coupon ? applyDiscount(base.subtotal - orderDiscount, input.coupon).discount : 0;
  const discount = orderDiscount + couponDiscount;
  const totals = computeDocumentTotals({
    currency: input.currency,
    lines: input.lines,
    ...(discount > 0 ? { discount: { type: 'fixed' as const, value: discount } } : {}),
    ...(input.service ? { service: input.service } : {}),
    ...(input.vat && input.vat.rate > 0 ? { vat: input.vat } : {}),
  });
  const shipping = input.shipping ?? 0;
  const nets = totals.lines.map((l, i) => l.net - totals.documentDiscountAllocation[i]!);
  const taxes = allocate(
    totals.tax,
    nets.map((n) => Math.max(n, 0)),
  );
  return { ...totals, orderDiscount, couponDiscount, shipping, grandTotal: totals.total + shipping, nets, taxes };
}
