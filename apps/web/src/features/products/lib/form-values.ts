import { guessBarcodeKind, type BarcodeKind } from '@posauto/shared/barcode';
import type { ProductDetail, ProductInput, ProductType, VariantInput } from '@posauto/shared/schemas/products';

/** One row of the variants table: what is sent, plus a stable key for React. */
export interface VariantRow {
  key: string;
  id?: string;
  value_ids: string[];
  sku_code: string;
  barcode: string;
  barcode_type: BarcodeKind | null;
  purchase_cost: string;
  sale_cost: string;
  status: boolean;
}

/** One component of a combo, with what the form shows about it (name, price) beside what is sent. */
export interface ComboRow {
  key: string;
  product_id: string;
  variant_id: string | null;
  quantity: string;
  product_name: string;
  variant_name: string | null;
  sku_code: string;
  /** The component's price (of its variant when it has one), to compare the sum with the combo's price. */
  sale_cost: string;
  /** Whether the component has variants (then one must be chosen). */
  has_variants: boolean;
}

export interface ProductFormValues {
  type: ProductType;
  product_name: string;
  sku_code: string;
  barcode: string;
  barcode_type: BarcodeKind | null;
  image: string | null;
  description: string;
  category_id: string | null;
  brand_id: string | null;
  unit_id: string | null;
  purchase_unit_id: string | null;
  sale_unit_id: string | null;
  purchase_cost: string;
  sale_cost: string;
  discount_cost: string;
  stock_alert: string;
  is_stock_manage: boolean;
  has_expiry: boolean;
  is_variation_cost: boolean;
  all_branches: boolean;
  branch_ids: string[];
  status: boolean;
  variations: Array<{ key: string; variation_id: string | null; value_ids: string[] }>;
  variants: VariantRow[];
  combo_items: ComboRow[];
}

let seq = 0;
export const rowKey = () => `r${++seq}`;

export function emptyProductValues(): ProductFormValues {
  return {
    type: 'single',
    product_name: '',
    sku_code: '',
    barcode: '',
    barcode_type: null,
    image: null,
    description: '',
    category_id: null,
    brand_id: null,
    unit_id: null,
    purchase_unit_id: null,
    sale_unit_id: null,
    purchase_cost: '0',
    sale_cost: '0',
    discount_cost: '0',
    stock_alert: '',
    is_stock_manage: true,
    has_expiry: false,
    is_variation_cost: false,
    all_branches: true,
    branch_ids: [],
    status: true,
    variations: [],
    variants: [],
    combo_items: [],
  };
}

export function valuesFromDetail(p: ProductDetail): ProductFormValues {
  return {
    type: p.type,
    product_name: p.product_name,
    sku_code: p.sku_code,
    barcode: p.barcode ?? '',
    barcode_type: p.barcode_type,
    image: p.image,
    description: p.description ?? '',
    category_id: p.category_id,
    brand_id: p.brand_id,
    unit_id: p.unit_id,
    purchase_unit_id: p.purchase_unit_id,
    sale_unit_id: p.sale_unit_id,
    purchase_cost: p.purchase_cost,
    sale_cost: p.sale_cost,
    discount_cost: p.discount_cost,
    stock_alert: p.stock_alert ?? '',
    is_stock_manage: p.is_stock_manage,
    has_expiry: p.has_expiry,
    is_variation_cost: p.is_variation_cost,
    all_branches: p.all_branches,
    branch_ids: p.branch_ids,
    status: p.status,
    variations: p.variations.map((v) => ({ key: rowKey(), variation_id: v.variation_id, value_ids: v.value_ids })),
    variants: p.variants.map((v) => ({
      key: rowKey(),
      id: v.id,
      value_ids: v.value_ids,
      sku_code: v.sku_code,
      barcode: v.barcode ?? '',
      barcode_type: v.barcode_type,
      purchase_cost: v.purchase_cost,
      sale_cost: v.sale_cost,
      status: v.status,
    })),
    combo_items: p.combo_items.map((c) => ({
      key: rowKey(),
      product_id: c.product_id,
      variant_id: c.variant_id,
      quantity: c.quantity,
      product_name: c.product_name,
      variant_name: c.variant_name,
      sku_code: c.sku_code,
      sale_cost: c.sale_cost,
      has_variants: c.variant_id !== null,
    })),
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
const barcodeKind = (code: string, kind: BarcodeKind | null) => (code.trim() ? (kind ?? guessBarcodeKind(code.trim())) : null);

function variantInput(v: VariantRow, withCost: boolean): VariantInput {
  return {
    ...(v.id ? { id: v.id } : {}),
    value_ids: v.value_ids,
    sku_code: orNull(v.sku_code),
    barcode: orNull(v.barcode),
    barcode_type: barcodeKind(v.barcode, v.barcode_type),
    ...(withCost ? { purchase_cost: v.purchase_cost.trim(), sale_cost: v.sale_cost.trim() } : {}),
    status: v.status,
  };
}

/**
 * What the form sends. Only the parts of the chosen type travel (a single product has no variants); the
 * order of `variants` and `combo_items` is the table's, so the server's `variants.2.sku_code` lands on row 3.
 */
export function toProductInput(v: ProductFormValues): ProductInput {
  const input: ProductInput = {
    type: v.type,
    product_name: v.product_name.trim(),
    sku_code: orNull(v.sku_code),
    barcode: orNull(v.barcode),
    barcode_type: barcodeKind(v.barcode, v.barcode_type),
    image: v.image,
    description: orNull(v.description),
    category_id: v.category_id,
    brand_id: v.brand_id,
    unit_id: v.unit_id,
    purchase_unit_id: v.unit_id ? v.purchase_unit_id : null,
    sale_unit_id: v.unit_id ? v.sale_unit_id : null,
    purchase_cost: v.purchase_cost.trim(),
    sale_cost: v.sale_cost.trim(),
    discount_cost: v.discount_cost.trim() || '0',
    stock_alert: orNull(v.stock_alert),
    is_stock_manage: v.is_stock_manage,
    has_expiry: v.has_expiry,
    is_variation_cost: v.type === 'variation' && v.is_variation_cost,
    branch_ids: v.all_branches ? null : v.branch_ids,
    status: v.status,
  };
  if (v.type === 'variation') {
    input.variations = v.variations.filter((x) => x.variation_id).map((x) => ({ variation_id: x.variation_id!, value_ids: x.value_ids }));
    // No rows yet: the server makes every combination at the product's cost and price.
    if (v.variants.length) input.variants = v.variants.map((row) => variantInput(row, input.is_variation_cost));
  }
  if (v.type === 'combo') {
    input.combo_items = v.combo_items.map((c) => ({ product_id: c.product_id, variant_id: c.variant_id, quantity: c.quantity.trim() }));
  }
  return input;
}

/**
 * The variants for the chosen values: every combination, keeping the row (its id, SKU, barcode and prices)
 * of a combination that was already there, so regenerating after adding a value loses nothing.
 */
export function regenerateVariants(
  combos: string[][],
  current: VariantRow[],
  defaults: { purchase_cost: string; sale_cost: string },
): VariantRow[] {
  const byValues = new Map(current.map((row) => [row.value_ids.join('|'), row]));
  return combos.map(
    (value_ids) =>
      byValues.get(value_ids.join('|')) ?? {
        key: rowKey(),
        value_ids,
        sku_code: '',
        barcode: '',
        barcode_type: null,
        purchase_cost: defaults.purchase_cost,
        sale_cost: defaults.sale_cost,
        status: true,
      },
  );
}
