import { isCurrencyCode, lineAmount, minorDigits, parseDecimal, parseQuantity, type CurrencyCode } from '@posauto/shared/money/index';

/** Money and quantities arrive as exact decimal text; these turn them into integers without floats. */

export function currencyOf(code: string | undefined | null): CurrencyCode {
  return isCurrencyCode(code) ? code : 'USD';
}

/** Minor units of a decimal text in `currency`, or null when the text is not a valid amount for it. */
export function toMinor(text: string | null | undefined, currency: CurrencyCode): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    return parseDecimal(text.trim(), minorDigits(currency));
  } catch {
    return null;
  }
}

/** Quantity at QTY_SCALE of a decimal text, or null when it is not one. */
export function toQuantity(text: string | null | undefined): number | null {
  if (!text || !text.trim()) return null;
  try {
    return parseQuantity(text.trim());
  } catch {
    return null;
  }
}

/** The on-hand total over every branch (quantities at QTY_SCALE). */
export function totalStock(stock: ReadonlyArray<{ quantity: string }>): number {
  return stock.reduce((sum, s) => sum + (toQuantity(s.quantity) ?? 0), 0);
}

/** Sum of quantity × price of a combo's components, in minor units; null when any line is not yet a number. */
export function comboComponentsTotal(lines: ReadonlyArray<{ quantity: string; sale_cost: string }>, currency: CurrencyCode): number | null {
  let total = 0;
  for (const line of lines) {
    const qty = toQuantity(line.quantity);
    const price = toMinor(line.sale_cost, currency);
    if (qty === null || price === null) return null;
    total += lineAmount(qty, price);
  }
  return total;
}
