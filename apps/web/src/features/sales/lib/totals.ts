import {
  convert,
  FACTOR_SCALE,
  formatDecimal,
  isCurrencyCode,
  minorDigits,
  money,
  parseDecimal,
  parseFactor,
  parsePercent,
  parseQuantity,
  parseRate,
  priceSale,
  rielTotal,
  roundDiv,
  type Discount,
} from '@posauto/shared/money/index';

export interface DraftDiscount {
  type: 'percent' | 'fixed';
  value: string;
}
export interface DraftLine {
  quantity: string;
  unit_price: string;
  discount: DraftDiscount | null;
}
export interface ShopMoney {
  currency: string;
  /** Riel per dollar, decimal text. */
  exchange_rate: string;
  /** Percent, decimal text ("10.00"). */
  sale_tax: string;
  is_exclude_tax: boolean;
}
export interface DraftTotals {
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
  /** The total in the other currency (riel for a dollar shop, dollars for a riel shop). */
  other: { currency: string; amount: string } | null;
}

function discountOf(d: DraftDiscount | null, digits: number): Discount | undefined {
  if (!d || !d.value.trim()) return undefined;
  return d.type === 'percent'
    ? { type: 'percentage', value: parsePercent(d.value.trim()) }
    : { type: 'fixed', value: parseDecimal(d.value.trim(), digits) };
}

/**
 * What the server will store, by priceSale, the one recipe of the server's commit (line discounts, then the order
 * discount, VAT inclusive or exclusive, shipping on top, untaxed). The other currency's figure of a dollar total is
 * the riel figure the till and the invoice show (to the nearest 100-riel note). Null while a figure cannot be read yet.
 */
export function draftTotals(shop: ShopMoney, lines: DraftLine[], discount: DraftDiscount | null, shipping: string): DraftTotals | null {
  if (!isCurrencyCode(shop.currency)) return null;
  const currency = shop.currency;
  const digits = minorDigits(currency);
  try {
    const docLines = lines.map((l) => {
      const d = discountOf(l.discount, digits);
      return {
        quantity: parseQuantity(l.quantity.trim() || '0'),
        unitPrice: parseDecimal(l.unit_price.trim() || '0', digits),
        ...(d ? { discount: d } : {}),
      };
    });
    const order = discountOf(discount, digits);
    const vatRate = parsePercent(shop.sale_tax || '0');
    const totals = priceSale({
      currency,
      lines: docLines,
      ...(order ? { orderDiscount: order } : {}),
      ...(vatRate > 0 ? { vat: { rate: vatRate, inclusive: !shop.is_exclude_tax } } : {}),
      shipping: parseDecimal(shipping.trim() || '0', digits),
    });
    const otherCode = currency === 'USD' ? 'KHR' : 'USD';
    let other: DraftTotals['other'] = null;
    if (Number(shop.exchange_rate) > 0) {
      const rate = parseRate(shop.exchange_rate);
      const grand = money(totals.grandTotal, currency);
      const converted = otherCode === 'KHR' ? rielTotal(grand, rate) : convert(grand, otherCode, rate);
      other = { currency: otherCode, amount: formatDecimal(converted.amount, minorDigits(otherCode)) };
    }
    return {
      subtotal: formatDecimal(totals.subtotal, digits),
      discount: formatDecimal(totals.documentDiscount, digits),
      tax: formatDecimal(totals.tax, digits),
      shipping: formatDecimal(totals.shipping, digits),
      total: formatDecimal(totals.grandTotal, digits),
      other,
    };
  } catch {
    return null;
  }
}

/**
 * The price of one line unit, as the server prices it: the catalogue price per the product's own unit times the
 * unit's factor ("24" for a box of 24), rounded half-up to the currency's minor unit. Null when a figure is unreadable.
 */
export function unitLinePrice(basePrice: string, factor: string, currency: string): string | null {
  if (!isCurrencyCode(currency)) return null;
  const digits = minorDigits(currency);
  try {
    const minor = parseDecimal(basePrice, digits);
    return formatDecimal(roundDiv(BigInt(minor) * BigInt(parseFactor(factor)), BigInt(FACTOR_SCALE), 'half-up'), digits);
  } catch {
    return null;
  }
}
