import { formatDecimal, isCurrencyCode, lineAmount, minorDigits, parseDecimal, parseQuantity } from '@posauto/shared/money/index';
import type { Product } from '@posauto/shared/schemas/products';
import type { PurchaseDetail } from '@posauto/shared/schemas/purchases';

/** A line being bought: the item, its variant and unit, quantity, unit cost and (for expiry-tracked items) expiry. */
export interface PurchaseLine {
  key: string;
  product_id: string;
  name: string;
  variation: boolean;
  has_expiry: boolean;
  /** Any unit of the item's family (the product's own unit), to offer its other units. */
  family_unit_id: string | null;
  variant_id: string | null;
  unit_id: string | null;
  quantity: string;
  unit_cost: string;
  expiry_date: string;
}

/** The lines of a saved purchase, as the form edits them. */
export function purchaseLinesOf(p: PurchaseDetail | null): PurchaseLine[] {
  return (p?.lines ?? []).map((l) => ({
    key: l.id,
    product_id: l.product_id,
    name: `${l.product_name} · ${l.sku_code}`,
    variation: Boolean(l.variant_id),
    has_expiry: l.has_expiry,
    family_unit_id: l.unit_id,
    variant_id: l.variant_id,
    unit_id: l.unit_id,
    quantity: l.quantity,
    unit_cost: l.unit_cost,
    expiry_date: l.expiry_date ?? '',
  }));
}

/** A new line for a picked product: one of it, in its own unit, at its last purchase cost. */
export function purchaseLineOf(p: Product): PurchaseLine {
  return {
    key: `${p.id}-${Date.now()}`,
    product_id: p.id,
    name: `${p.product_name} · ${p.sku_code}`,
    variation: p.type === 'variation',
    has_expiry: p.has_expiry,
    family_unit_id: p.unit_id,
    variant_id: null,
    unit_id: p.unit_id,
    quantity: '1',
    unit_cost: p.purchase_cost,
    expiry_date: '',
  };
}

/** The lines as the purchase sends them (an expiry only for an item that tracks one). */
export const purchaseLinesInput = (lines: readonly PurchaseLine[]) =>
  lines.map((l) => ({
    product_id: l.product_id,
    variant_id: l.variant_id,
    unit_id: l.unit_id,
    quantity: l.quantity.trim(),
    unit_cost: l.unit_cost.trim(),
    expiry_date: l.has_expiry && l.expiry_date ? l.expiry_date : null,
  }));

/**
 * The subtotal and grand total as typed so far, in the currency's exact minor units (what the server will store);
 * null while a quantity or an amount is not a number yet (the form shows a dash then). Blank counts as zero.
 */
export function purchaseDraftTotals(
  lines: ReadonlyArray<Pick<PurchaseLine, 'quantity' | 'unit_cost'>>,
  shipping: string,
  currency: string,
): { subtotal: string; grand: string } | null {
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  try {
    const sub = lines.reduce(
      (s, l) => s + lineAmount(parseQuantity(l.quantity.trim() || '0'), parseDecimal(l.unit_cost.trim() || '0', digits)),
      0,
    );
    const ship = parseDecimal(shipping.trim() || '0', digits);
    return { subtotal: formatDecimal(sub, digits), grand: formatDecimal(sub + ship, digits) };
  } catch {
    return null;
  }
}
