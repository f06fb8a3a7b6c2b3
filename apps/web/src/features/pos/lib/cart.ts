import type { PosProduct, PosServiceCharge, PosSettings, PosVariant } from '@posauto/shared/schemas/pos';
import {
  type CurrencyCode,
  type Discount,
  type DocumentTotals,
  FACTOR_SCALE,
  isCurrencyCode,
  parseFactor,
  parsePercent,
  QTY_SCALE,
  roundDiv,
  type Service,
  formatDecimal,
  minorDigits,
  PERCENT_DIGITS,
  priceSale,
} from '@posauto/shared/money/index';
import { moneyMinor, safeMinor } from '../../../components/selling/lib/money-minor';

/**
 * The cart as the till keeps it: plain data (it is stored in localStorage and sent to the held-carts list), changed
 * only through the pure functions below, totalled only by the shared money module, as the server totals the sale.
 * Amounts are integers: money in minor units of the shop's currency, quantities in thousandths of the line's unit,
 * unit factors in millionths.
 */

export interface CartLine {
  /** product id, variant id and unit id: scanning the same item again adds to this line. */
  key: string;
  productId: string;
  variantId: string | null;
  name: string;
  sku: string;
  /** The unit the line is sold in (null: a product without a unit). */
  unitId: string | null;
  unitName: string | null;
  /** How many of the product's own unit one line unit holds, in millionths. */
  factor: number;
  /** Sale price per the product's own unit, minor units (from the catalogue). */
  basePrice: number;
  /** Thousandths of the line unit, always > 0. */
  quantity: number;
  /** A price per line unit typed by the cashier (only with the edit_cost setting). */
  priceOverride: number | null;
  /** Only with the inline_discount setting. */
  discount: Discount | null;
}

export interface CartCoupon {
  code: string;
  discount: Discount;
}

export interface CartCustomer {
  id: string;
  name: string;
}

export interface Cart {
  lines: CartLine[];
  /** null: the walk-in customer. */
  customer: CartCustomer | null;
  discount: Discount | null;
  coupon: CartCoupon | null;
  serviceChargeId: string | null;
  note: string;
  /** The line + and - and Delete act on. */
  selected: string | null;
}

export const EMPTY_CART: Cart = {
  lines: [],
  customer: null,
  discount: null,
  coupon: null,
  serviceChargeId: null,
  note: '',
  selected: null,
};

/** The largest quantity one line takes (a mistyped "1111111" is refused before it reaches the server). */
export const MAX_LINE_QUANTITY = 100_000 * QTY_SCALE;

const lineKey = (productId: string, variantId: string | null, unitId: string | null) => `${productId}:${variantId ?? ''}:${unitId ?? ''}`;

export { moneyMinor, safeMinor };

export function shopCurrency(settings: Pick<PosSettings, 'currency'>): CurrencyCode {
  return isCurrencyCode(settings.currency) ? settings.currency : 'USD';
}

/** A new line: one of the product's sale unit (a variant at its own price). */
export function lineFor(product: PosProduct, variant: PosVariant | null, currency: CurrencyCode): CartLine {
  const unitId = product.sale_unit_id ?? product.unit_id;
  const factor = safeFactor(product.sale_unit_factor);
  return {
    key: lineKey(product.id, variant?.id ?? null, unitId),
    productId: product.id,
    variantId: variant?.id ?? null,
    name: variant ? `${product.name} (${variant.name})` : product.name,
    sku: variant?.sku || product.sku,
    unitId,
    unitName: product.sale_unit_name,
    factor,
    basePrice: moneyMinor(variant?.price ?? product.price, currency),
    quantity: QTY_SCALE,
    priceOverride: null,
    discount: null,
  };
}

function safeFactor(text: string): number {
  try {
    return parseFactor(text);
  } catch {
    return FACTOR_SCALE;
  }
}

/** Adds one of the item: to its line when it already has one (that line becomes the selected one). */
export function addItem(cart: Cart, line: CartLine): Cart {
  const existing = cart.lines.find((l) => l.key === line.key);
  if (existing) {
    const quantity = Math.min(existing.quantity + QTY_SCALE, MAX_LINE_QUANTITY);
    return { ...cart, lines: cart.lines.map((l) => (l === existing ? { ...l, quantity } : l)), selected: line.key };
  }
  return { ...cart, lines: [...cart.lines, line], selected: line.key };
}

/** A quantity under one thousandth (zero, negative) is refused: the line keeps its quantity. */
export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > MAX_LINE_QUANTITY) return cart;
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity } : l)) };
}

/** + and - on a line: one whole unit at a time, never down to zero (Delete removes a line). */
export function stepQuantity(cart: Cart, key: string, direction: 1 | -1): Cart {
  const line = cart.lines.find((l) => l.key === key);
  if (!line) return cart;
  const next = line.quantity + direction * QTY_SCALE;
  return next > 0 ? setQuantity(cart, key, next) : cart;
}

export function removeLine(cart: Cart, key: string): Cart {
  const index = cart.lines.findIndex((l) => l.key === key);
  if (index < 0) return cart;
  const lines = cart.lines.filter((l) => l.key !== key);
  const selected = cart.selected === key ? (lines[Math.min(index, lines.length - 1)]?.key ?? null) : cart.selected;
  return { ...cart, lines, selected };
}

/** Another unit of the product's family: same quantity, the price follows the unit's factor. Merges into a line already in that unit. */
export function setUnit(cart: Cart, key: string, unit: { id: string; name: string; factor: string }): Cart {
  const line = cart.lines.find((l) => l.key === key);
  if (!line) return cart;
  const next: CartLine = {
    ...line,
    key: lineKey(line.productId, line.variantId, unit.id),
    unitId: unit.id,
    unitName: unit.name,
    factor: safeFactor(unit.factor),
    priceOverride: null,
  };
  const other = cart.lines.find((l) => l.key === next.key && l !== line);
  const lines = other
    ? cart.lines
        .filter((l) => l !== line)
        .map((l) => (l === other ? { ...l, quantity: Math.min(l.quantity + line.quantity, MAX_LINE_QUANTITY) } : l))
    : cart.lines.map((l) => (l === line ? next : l));
  return { ...cart, lines, selected: next.key };
}

export function setLinePrice(cart: Cart, key: string, price: number | null): Cart {
  if (price !== null && (!Number.isSafeInteger(price) || price < 0)) return cart;
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, priceOverride: price } : l)) };
}

export function setLineDiscount(cart: Cart, key: string, discount: Discount | null): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, discount } : l)) };
}

export function selectLine(cart: Cart, key: string | null): Cart {
  return { ...cart, selected: key };
}

/** Moves the selection up or down the lines (arrow keys). */
export function moveSelection(cart: Cart, by: 1 | -1): Cart {
  if (cart.lines.length === 0) return cart;
  const at = cart.lines.findIndex((l) => l.key === cart.selected);
  const next = at < 0 ? (by > 0 ? 0 : cart.lines.length - 1) : Math.max(0, Math.min(cart.lines.length - 1, at + by));
  return { ...cart, selected: cart.lines[next]!.key };
}

/** The price of one line unit: typed, else the catalogue price per own unit times the unit's factor. */
export function unitPrice(line: CartLine): number {
  return line.priceOverride ?? roundDiv(BigInt(line.basePrice) * BigInt(line.factor), BigInt(FACTOR_SCALE), 'half-up');
}

export function itemCount(cart: Cart): number {
  return cart.lines.reduce((n, l) => n + l.quantity, 0) / QTY_SCALE;
}

export interface TotalsContext {
  currency: CurrencyCode;
  /** VAT in hundredths of a percent; 0: none. */
  vatRate: number;
  vatInclusive: boolean;
  service: PosServiceCharge | null;
}

export interface CartTotals extends DocumentTotals {
  /** The order discount (percent or fixed) in minor units. */
  orderDiscount: number;
  /** The coupon's share of the document discount. */
  couponDiscount: number;
}

export function totalsContext(settings: PosSettings, serviceCharges: readonly PosServiceCharge[], cart: Cart): TotalsContext {
  let vatRate = 0;
  try {
    vatRate = parsePercent(settings.vat_rate || '0');
  } catch {
    vatRate = 0;
  }
  return {
    currency: shopCurrency(settings),
    vatRate,
    vatInclusive: settings.vat_inclusive,
    service: serviceCharges.find((s) => s.id === cart.serviceChargeId) ?? null,
  };
}

export function serviceOf(service: PosServiceCharge | null, currency: CurrencyCode): Service | undefined {
  if (!service) return undefined;
  return service.type === 'percentage'
    ? { type: 'percentage', value: parsePercent(service.value) }
    : { type: 'fixed', value: moneyMinor(service.value, currency) };
}

/**
 * Totals by priceSale, the one recipe the server's commit uses too (line discounts, the order discount, a coupon on
 * what it left, the service charge, VAT): what the till shows is what the sale will record.
 */
export function cartTotals(cart: Cart, ctx: TotalsContext): CartTotals {
  const service = serviceOf(ctx.service, ctx.currency);
  return priceSale({
    currency: ctx.currency,
    lines: cart.lines.map((l) => ({ quantity: l.quantity, unitPrice: unitPrice(l), ...(l.discount ? { discount: l.discount } : {}) })),
    ...(cart.discount ? { orderDiscount: cart.discount } : {}),
    ...(cart.coupon ? { coupon: cart.coupon.discount } : {}),
    ...(service ? { service } : {}),
    ...(ctx.vatRate > 0 ? { vat: { rate: ctx.vatRate, inclusive: ctx.vatInclusive } } : {}),
  });
}

/** A discount as the sales API takes it (percent as "12.5", fixed as money text). */
export function discountInput(d: Discount | null, currency: CurrencyCode): { type: 'percent' | 'fixed'; value: string } | null {
  if (!d) return null;
  if (d.type === 'percentage') return { type: 'percent', value: formatDecimal(d.value, PERCENT_DIGITS) };
  return { type: 'fixed', value: formatDecimal(d.value, minorDigits(currency)) };
}

/** Reads a stored cart back, dropping anything that is not the right shape (an old version, a hand edit). */
export function reviveCart(raw: unknown): Cart {
  if (!raw || typeof raw !== 'object') return EMPTY_CART;
  const c = raw as Partial<Cart>;
  const lines = Array.isArray(c.lines)
    ? c.lines.filter(
        (l): l is CartLine =>
          Boolean(l) &&
          typeof l.key === 'string' &&
          typeof l.productId === 'string' &&
          Number.isSafeInteger(l.quantity) &&
          l.quantity > 0 &&
          Number.isSafeInteger(l.basePrice) &&
          Number.isSafeInteger(l.factor) &&
          l.factor > 0,
      )
    : [];
  return {
    lines,
    customer: c.customer && typeof c.customer.id === 'string' ? c.customer : null,
    discount: validDiscount(c.discount) ? c.discount! : null,
    coupon: c.coupon && typeof c.coupon.code === 'string' && validDiscount(c.coupon.discount) ? c.coupon : null,
    serviceChargeId: typeof c.serviceChargeId === 'string' ? c.serviceChargeId : null,
    note: typeof c.note === 'string' ? c.note : '',
    selected: typeof c.selected === 'string' ? c.selected : null,
  };
}

function validDiscount(d: unknown): boolean {
  if (!d || typeof d !== 'object') return false;
  const x = d as Discount;
  return (
    (x.type === 'percentage' && Number.isSafeInteger(x.value) && x.value >= 0 && x.value <= 10_000) ||
    (x.type === 'fixed' && Number.isSafeInteger(x.value) && x.value >= 0)
  );
}
