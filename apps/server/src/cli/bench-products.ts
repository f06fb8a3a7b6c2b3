/**
 * Benchmark products: the i-th (1-based) is "<Flavour> <Kind> 000123" with SKU "BNC-000123" and an in-store EAN-13
 * made from i, so a name fragment such as "mango smoothie" matches one product in 200 (40 flavours x 25 kinds
 * repeat every 200) and every SKU and barcode is found exactly once.
 */
import { inStoreEan13 } from '@posauto/shared/barcode';
import type { Insertable } from 'kysely';
import type { ProductCodesTable, ProductsTable } from '../db/tables/products';
import { newId } from '../lib/ids';

/** 30 bound values per product row: 500 rows stay below SQLite's (32766) and PostgreSQL's (65535) parameter limits. */
export const PRODUCT_BENCH_BATCH = 500;

const FLAVOURS = [
  'Mango',
  'Coconut',
  'Vanilla',
  'Caramel',
  'Hazelnut',
  'Matcha',
  'Taro',
  'Lychee',
  'Passion',
  'Lemon',
  'Lime',
  'Ginger',
  'Honey',
  'Mocha',
  'Strawberry',
  'Blueberry',
  'Banana',
  'Durian',
  'Jackfruit',
  'Pandan',
  'Jasmine',
  'Peach',
  'Melon',
  'Papaya',
  'Guava',
  'Tamarind',
  'Palm sugar',
  'Cinnamon',
  'Almond',
  'Pistachio',
  'Cherry',
  'Orange',
  'Apple',
  'Grape',
  'Kiwi',
  'Avocado',
  'Cocoa',
  'Butter',
  'Salted',
  'Rose',
];
const KINDS = [
  'Smoothie',
  'Latte',
  'Frappe',
  'Tea',
  'Soda',
  'Shake',
  'Juice',
  'Cake',
  'Muffin',
  'Cookie',
  'Croissant',
  'Donut',
  'Tart',
  'Pudding',
  'Ice cream',
  'Yogurt',
  'Macaron',
  'Brownie',
  'Waffle',
  'Crepe',
  'Bread',
  'Roll',
  'Scone',
  'Bagel',
  'Pie',
];

export const benchProductName = (i: number) => `${FLAVOURS[i % FLAVOURS.length]} ${KINDS[i % KINDS.length]} ${String(i).padStart(6, '0')}`;
export const benchProductSku = (i: number) => `BNC-${String(i).padStart(6, '0')}`;
export const benchProductBarcode = (i: number) => inStoreEan13(String(i).padStart(11, '0'));

/** Products from..to (inclusive) of one business, created a second apart starting at `base` ms. */
export function benchProductRows(businessId: string, from: number, to: number, base: number, categoryIds: readonly string[]) {
  const products: Array<Insertable<ProductsTable>> = [];
  const codes: Array<Insertable<ProductCodesTable>> = [];
  for (let i = from; i <= to; i++) {
    const t = base + i * 1000;
    const id = newId(t);
    const at = new Date(t).toISOString();
    const sku = benchProductSku(i);
    const barcode = benchProductBarcode(i);
    const price = 100 + (i % 400) * 5;
    products.push({
      business_id: businessId,
      id,
      type: 'single',
      product_name: benchProductName(i),
      sku_code: sku,
      barcode,
      barcode_type: 'ean13',
      image: null,
      description: null,
      category_id: categoryIds.length ? categoryIds[i % categoryIds.length]! : null,
      brand_id: null,
      unit_id: null,
      purchase_unit_id: null,
      sale_unit_id: null,
      currency: 'USD',
      purchase_cost: Math.floor(price * 0.4),
      sale_cost: price,
      discount_cost: 0,
      stock_alert: null,
      is_stock_manage: 1,
      has_expiry: 0,
      is_variation_cost: 0,
      all_branches: 1,
      status: i % 10 === 0 ? 0 : 1,
      created_at: at,
      updated_at: at,
    });
    codes.push({ business_id: businessId, kind: 'sku', code: sku.toLowerCase(), product_id: id, variant_id: '' });
    codes.push({ business_id: businessId, kind: 'barcode', code: barcode, product_id: id, variant_id: '' });
  }
  return { products, codes };
}
