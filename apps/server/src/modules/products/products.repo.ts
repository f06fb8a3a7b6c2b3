import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';

/** Kysely only; every function takes the business id. */

/** Product rows with the names the list shows (category, brand, unit). */
export const selectProducts = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('products as p')
    .leftJoin('categories as c', sameShop('c', 'p.category_id'))
    .leftJoin('brands as b', sameShop('b', 'p.brand_id'))
    .leftJoin('units as u', sameShop('u', 'p.unit_id'))
    .select([
      'p.id',
      'p.type',
      'p.product_name',
      'p.sku_code',
      'p.barcode',
      'p.barcode_type',
      'p.image',
      'p.description',
      'p.category_id',
      'c.name as category_name',
      'p.brand_id',
      'b.name as brand_name',
      'p.unit_id',
      'u.name as unit_name',
      'p.purchase_unit_id',
      'p.sale_unit_id',
      'p.currency',
      'p.purchase_cost',
      'p.sale_cost',
      'p.discount_cost',
      'p.stock_alert',
      'p.is_stock_manage',
      'p.has_expiry',
      'p.is_variation_cost',
      'p.all_branches',
      'p.status',
      'p.created_at',
      'p.updated_at',
    ])
    .where('p.business_id', '=', businessId);

export type ProductListRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;

export function findProducts(db: Kysely<Database>, businessId: string, ids: readonly string[]): Promise<ProductListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db, businessId).where('p.id', 'in', ids).execute();
}

export function findProductRow(db: Kysely<Database>, businessId: string, id: string) {
  return db.selectFrom('products').selectAll().where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
}

export function branchesOf(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('branches')
    .select(['id', 'name', 'status'])
    .where('business_id', '=', businessId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function productBranchIds(db: Kysely<Database>, businessId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_branches')
    .select(['product_id', 'branch_id'])
    .where('business_id', '=', businessId)
    .where('product_id', 'in', productIds)
    .execute();
}

/** On hand per product and branch, its variants added up (thousandths of the base unit), from the stock ledger's levels. */
export async function stockOf(db: Kysely<Database>, businessId: string, productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_levels')
    .select(['product_id', 'branch_id', (e) => e.fn.sum<number>('on_hand').as('on_hand')])
    .where('business_id', '=', businessId)
    .where('product_id', 'in', productIds)
    .groupBy(['product_id', 'branch_id'])
    .execute();
  return new Map(rows.map((r) => [`${r.product_id}/${r.branch_id}`, Number(r.on_hand)]));
}

/** Per product: how many variants it has, and the lowest and highest price of its active ones (null: none active). */
export async function variantCounts(
  db: Kysely<Database>,
  businessId: string,
  productIds: readonly string[],
): Promise<Map<string, { n: number; min: number | null; max: number | null }>> {
  if (productIds.length === 0) return new Map();
  const active = sql<number | null>`case when status = 1 then sale_cost end`;
  const rows = await db
    .selectFrom('product_variants')
    .select((eb) => [
      'product_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.min<number | null>(active).as('min'),
      eb.fn.max<number | null>(active).as('max'),
    ])
    .where('business_id', '=', businessId)
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  const num = (v: number | null) => (v === null ? null : Number(v));
  return new Map(rows.map((r) => [r.product_id, { n: Number(r.n), min: num(r.min), max: num(r.max) }]));
}

export function variantsOf(db: Kysely<Database>, businessId: string, productId: string) {
  return db
    .selectFrom('product_variants')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function variantValuesOf(db: Kysely<Database>, businessId: string, variantIds: readonly string[]) {
  if (variantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_variant_values')
    .select(['variant_id', 'variation_id', 'variation_value_id'])
    .where('business_id', '=', businessId)
    .where('variant_id', 'in', variantIds)
    .execute();
}

export function variationsByIds(db: Kysely<Database>, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variations')
    .select(['id', 'name', 'status'])
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .execute();
}

export function valuesByIds(db: Kysely<Database>, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('variation_values')
    .select(['id', 'variation_id', 'name', 'sort_order', 'status'])
    .where('business_id', '=', businessId)
    .where('id', 'in', ids)
    .execute();
}

export function comboItemsOf(db: Kysely<Database>, businessId: string, productId: string) {
  return db
    .selectFrom('combo_items as ci')
    .innerJoin('products as p', sameShop('p', 'ci.item_product_id'))
    .leftJoin('product_variants as v', (j) =>
      j
        .onRef('v.business_id', '=', 'ci.business_id')
        .onRef('v.id', '=', 'ci.item_variant_id')
        .onRef('v.product_id', '=', 'ci.item_product_id'),
    )
    .select([
      'ci.item_product_id',
      'ci.item_variant_id',
      'ci.quantity',
      'ci.sort_order',
      'p.product_name',
      'p.currency',
      'v.name as variant_name',
      'p.sku_code as product_sku',
      'v.sku_code as variant_sku',
      'p.sale_cost as product_price',
      'v.sale_cost as variant_price',
    ])
    .where('ci.business_id', '=', businessId)
    .where('ci.product_id', '=', productId)
    .orderBy('ci.sort_order')
    .execute();
}

/** True when some combo lists this product (or one of its variants) as a component. */
export async function usedInCombo(db: Kysely<Database>, businessId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('combo_items')
    .select('product_id')
    .where('business_id', '=', businessId)
    .where('item_product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who holds a code in the shop: product and variant ('' for the product itself). */
export function codeOwners(db: Kysely<Database>, businessId: string, kind: 'sku' | 'barcode', codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_codes')
    .select(['code', 'product_id', 'variant_id'])
    .where('business_id', '=', businessId)
    .where('kind', '=', kind)
    .where('code', 'in', codes)
    .execute();
}
