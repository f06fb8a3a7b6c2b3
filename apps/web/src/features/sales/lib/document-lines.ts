import type { PosUnit } from '@posauto/shared/schemas/pos';
import type { PosLookupProduct, PosLookupVariant } from '@posauto/shared/schemas/pos-lookup';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { unitLinePrice, type DraftDiscount } from './totals';

/** A line of a sale, invoice or quotation being written. */
export interface DocLine {
  key: string;
  product_id: string;
  /** The product's name; `name` adds the variant's. */
  product_name: string;
  name: string;
  sku: string | null;
  unit_name: string | null;
  variant_id: string | null;
  /** A saved line keeps its unit (sent back as it is); a new one starts in the product's sale unit. */
  unit_id?: string | null;
  /** Units the line may be sold in (from the look-up; none for a saved line, which keeps its own). */
  units: PosUnit[];
  /** The product's active variants (from the look-up; none for a saved line). */
  variants: PosLookupVariant[];
  /** The catalogue price per the product's own unit (the variant's when it has one); null for a saved line. */
  base_price: string | null;
  quantity: string;
  unit_price: string;
  /** The catalogue's price: sent only when the user changed it (edit_cost). */
  list_price: string;
  discount: DraftDiscount | null;
}

/** The lines of a saved invoice, as the form edits them: each keeps its unit and price. */
export function savedDocLines(doc: SaleDetail | null): DocLine[] {
  return (doc?.lines ?? []).map((l) => ({
    key: l.id,
    product_id: l.product_id,
    product_name: l.product_name,
    name: l.product_name,
    sku: null,
    unit_name: l.unit_name,
    variant_id: l.variant_id,
    unit_id: l.unit_id,
    units: [],
    variants: [],
    base_price: null,
    quantity: l.quantity,
    unit_price: l.unit_price,
    list_price: l.unit_price,
    discount: l.discount_type ? { type: l.discount_type, value: l.discount_value } : null,
  }));
}

/** A new line for a picked product (and variant): one, in the product's sale unit, at the catalogue's price for it. */
export function pickedDocLine(product: PosLookupProduct, variant: PosLookupVariant | null, currency: string, key: string): DocLine {
  const unit = product.units.find((u) => u.id === product.sale_unit_id) ?? null;
  const base = variant?.price ?? product.price;
  const price = unitLinePrice(base, unit?.factor ?? '1', currency) ?? base;
  return {
    key,
    product_id: product.id,
    product_name: product.name,
    name: variant ? `${product.name} (${variant.name})` : product.name,
    sku: variant?.sku ?? product.sku,
    unit_name: unit?.name ?? null,
    variant_id: variant?.id ?? null,
    unit_id: unit?.id ?? product.sale_unit_id,
    units: product.units,
    variants: product.variants,
    base_price: base,
    quantity: '1',
    unit_price: price,
    list_price: price,
    discount: null,
  };
}

/** Another unit or variant: the price follows the catalogue again (a typed price was for the old one). */
function repriced(line: DocLine, patch: Partial<DocLine>, currency: string): DocLine {
  const next = { ...line, ...patch };
  const unit = next.units.find((u) => u.id === next.unit_id);
  const price = next.base_price === null ? null : unitLinePrice(next.base_price, unit?.factor ?? '1', currency);
  return price === null ? next : { ...next, unit_price: price, list_price: price };
}

/** The line sold in another of its units, priced for it. */
export const withUnit = (line: DocLine, unitId: string, currency: string): DocLine =>
  repriced(line, { unit_id: unitId, unit_name: line.units.find((u) => u.id === unitId)?.name ?? null }, currency);

/** The line as another of its product's variants (named and priced for it); an unknown variant changes nothing. */
export function withVariant(line: DocLine, variantId: string, currency: string): DocLine {
  const v = line.variants.find((x) => x.id === variantId);
  if (!v) return line;
  return repriced(line, { variant_id: v.id, name: `${line.product_name} (${v.name})`, sku: v.sku, base_price: v.price }, currency);
}

/** What the form's settings let it send of a line: a price only when it may be and was changed, a discount when inline. */
export function docLineInput(l: DocLine, setting: { edit_cost: boolean; inline_discount: boolean }) {
  return {
    product_id: l.product_id,
    variant_id: l.variant_id,
    ...(l.unit_id !== undefined ? { unit_id: l.unit_id } : {}),
    quantity: l.quantity.trim(),
    unit_price: setting.edit_cost && l.unit_price.trim() !== l.list_price ? l.unit_price.trim() : null,
    discount: setting.inline_discount && l.discount?.value.trim() ? { type: l.discount.type, value: l.discount.value.trim() } : null,
  };
}
