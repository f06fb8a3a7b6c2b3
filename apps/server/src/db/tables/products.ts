import type { Selectable } from 'kysely';

/** Table types of the products module (see db/types.ts for the conventions and 0009-products.ts for the rules). */
export type ProductType = 'single' | 'variation' | 'combo';
export type BarcodeType = 'ean13' | 'code128';

export interface ProductsTable {
  business_id: string;
  id: string;
  type: ProductType;
  product_name: string;
  sku_code: string;
  barcode: string | null;
  barcode_type: BarcodeType | null;
  /** The media store's key of the resized image, or null. */
  image: string | null;
  description: string | null;
  category_id: string | null;
  brand_id: string | null;
  unit_id: string | null;
  purchase_unit_id: string | null;
  sale_unit_id: string | null;
  currency: string;
  /** Integer minor units of `currency`. */
  purchase_cost: number;
  sale_cost: number;
  discount_cost: number;
  /** At QTY_SCALE in the base unit; null = the shop's default_stock_alert. */
  stock_alert: number | null;
  is_stock_manage: number;
  has_expiry: number;
  is_variation_cost: number;
  all_branches: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface ProductVariantsTable {
  business_id: string;
  id: string;
  product_id: string;
  name: string;
  sku_code: string;
  barcode: string | null;
  barcode_type: BarcodeType | null;
  purchase_cost: number;
  sale_cost: number;
  sort_order: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface ProductVariantValuesTable {
  business_id: string;
  variant_id: string;
  variation_id: string;
  variation_value_id: string;
}

export interface ComboItemsTable {
  business_id: string;
  product_id: string;
  item_product_id: string;
  /** '' when the component has no variants. */
  item_variant_id: string;
  /** At QTY_SCALE. */
  quantity: number;
  sort_order: number;
}

export interface ProductBranchesTable {
  business_id: string;
  product_id: string;
  branch_id: string;
}

export interface ProductCodesTable {
  business_id: string;
  kind: 'sku' | 'barcode';
  /** SKUs lower-cased; barcodes as scanned. */
  code: string;
  product_id: string;
  variant_id: string;
}

export interface ProductTables {
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_variant_values: ProductVariantValuesTable;
  combo_items: ComboItemsTable;
  product_branches: ProductBranchesTable;
  product_codes: ProductCodesTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type ProductVariantRow = Selectable<ProductVariantsTable>;
