import { allocate } from './allocate';
import { type CurrencyCode, assertCurrency } from './currency';
import { type Discount, applyDiscount } from './discount';
import { safeAdd, safeSubtract, safeSum } from './integer';
import { lineAmount } from './quantity';
import type { RoundingMode } from './rounding';
import { type Service, serviceCharge } from './service';
import { vatExclusive, vatInclusive } from './vat';

export interface DocumentLineInput {
  /** thousandths of the base unit (QTY_SCALE) */
  readonly quantity: number;
  /** minor units of the document currency */
  readonly unitPrice: number;
  readonly discount?: Discount;
}

export interface DocumentInput {
  readonly currency: CurrencyCode;
  readonly lines: readonly DocumentLineInput[];
  /** whole-document discount, applied to the subtotal of line nets */
  readonly discount?: Discount;
  readonly service?: Service;
  /** rate in hundredths of a percent (10% -> 1000) */
  readonly vat?: { readonly rate: number; readonly inclusive: boolean };
  /** rounding for every intermediate step; defaults to commercial half-up */
  readonly rounding?: RoundingMode;
}

export interface DocumentLineTotals {
  readonly gross: number;
  readonly discount: number;
  readonly net: number;
}

export interface DocumentTotals {
  readonly currency: CurrencyCode;
  readonly lines: DocumentLineTotals[];
  /** sum of line nets */
  readonly subtotal: number;
  readonly documentDiscount: number;
  /** documentDiscount split over the lines in proportion to their nets */
  readonly documentDiscountAllocation: number[];
  readonly serviceCharge: number;
  /** subtotal - documentDiscount + serviceCharge */
  readonly taxableBase: number;
  readonly tax: number;
  readonly total: number;
}

/**
 * Order: line discount -> document discount -> service charge on the
 * discounted subtotal -> VAT on (discounted subtotal + service charge).
 * With inclusive VAT the prices already contain the tax, so it is extracted
 * and total === taxableBase.
 */
export function computeDocumentTotals(input: DocumentInput): DocumentTotals {
  assertCurrency(input.currency);
  const mode = input.rounding ?? 'half-up';

  const lines = input.lines.map((line) => {
    const gross = lineAmount(line.quantity, line.unitPrice, mode);
    const { discount, net } = applyDiscount(gross, line.discount, mode);
    return { gross, discount, net };
  });
  const subtotal = safeSum(lines.map((l) => l.net));

  const documentDiscount = applyDiscount(subtotal, input.discount, mode).discount;
  // Only lines on the same side as the discount carry it, so a return line
  // never absorbs part of a sale discount (and no line can be pushed past zero).
  const weights = lines.map((l) => (documentDiscount >= 0 ? Math.max(l.net, 0) : Math.max(-l.net, 0)));
  const documentDiscountAllocation = allocate(documentDiscount, weights);

  const discounted = safeSubtract(subtotal, documentDiscount);
  const service = serviceCharge(discounted, input.service, mode);
  const taxableBase = safeAdd(discounted, service);

  let tax = 0;
  let total = taxableBase;
  if (input.vat !== undefined) {
    if (input.vat.inclusive) {
      tax = vatInclusive(taxableBase, input.vat.rate, mode).tax;
    } else {
      const breakdown = vatExclusive(taxableBase, input.vat.rate, mode);
      tax = breakdown.tax;
      total = breakdown.gross;
    }
  }

  return {
    currency: input.currency,
    lines,
    subtotal,
    documentDiscount,
    documentDiscountAllocation,
    serviceCharge: service,
    taxableBase,
    tax,
    total,
  };
}
