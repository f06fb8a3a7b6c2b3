import type { Kysely } from 'kysely';
import type { ComboItem, Product, ProductDetail, Variant } from '@posauto/shared/schemas/products';
import type { Database } from '../../db/types';
import type { ProductVariantRow } from '../../db/tables/products';
import { mediaUrl } from '../media/index';
import { formatAmount, formatQty } from './money-fields';
import * as repo from './products.repo';

type MediaDeps = Parameters<typeof mediaUrl>[0];

/** The branches a product is sold in, for its stock column. */
export type BranchList = Array<{ id: string; name: string }>;

/** `onHand`: thousandths of the base unit per branch id (none: nothing moved there yet). */
export function toProduct(
  deps: MediaDeps,
  r: repo.ProductListRow,
  stockBranches: BranchList,
  variants: { n: number; min: number | null; max: number | null },
  onHand: (branchId: string) => number = () => 0,
): Product {
  const money = (v: number) => formatAmount(v, r.currency);
  return {
    id: r.id,
    type: r.type,
    product_name: r.product_name,
    sku_code: r.sku_code,
    barcode: r.barcode,
    barcode_type: r.barcode_type,
    image: r.image,
    image_url: mediaUrl(deps, r.image),
    description: r.description,
    category_id: r.category_id,
    category_name: r.category_name ?? null,
    brand_id: r.brand_id,
    brand_name: r.brand_name ?? null,
    unit_id: r.unit_id,
    unit_name: r.unit_name ?? null,
    purchase_unit_id: r.purchase_unit_id,
    sale_unit_id: r.sale_unit_id,
    currency: r.currency,
    purchase_cost: money(r.purchase_cost),
    sale_cost: money(r.sale_cost),
    discount_cost: money(r.discount_cost),
    stock_alert: r.stock_alert === null ? null : formatQty(r.stock_alert),
    is_stock_manage: Boolean(r.is_stock_manage),
    has_expiry: Boolean(r.has_expiry),
    is_variation_cost: Boolean(r.is_variation_cost),
    all_branches: Boolean(r.all_branches),
    variant_count: variants.n,
    // Variants that sell at their own prices: the lowest and the highest of the active ones.
    price_range:
      r.type === 'variation' && r.is_variation_cost && variants.min !== null && variants.max !== null
        ? { min: money(variants.min), max: money(variants.max) }
        : null,
    stock: stockBranches.map((b) => ({ branch_id: b.id, branch_name: b.name, quantity: formatQty(onHand(b.id)) })),
    status: Boolean(r.status),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Ids per statement: far below SQLite's and PostgreSQL's parameter limits (an export reads every product). */
const CHUNK = 1000;

/** Products of one page (in the given order) with their variant counts and per-branch stock. */
export async function productsByIds(db: Kysely<Database>, deps: MediaDeps, businessId: string, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  if (ids.length > CHUNK) {
    const out: Product[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await productsByIds(db, deps, businessId, ids.slice(i, i + CHUNK))));
    return out;
  }
  const [rows, counts, branches, restricted, stock] = await Promise.all([
    repo.findProducts(db, businessId, ids),
    repo.variantCounts(db, businessId, ids),
    repo.branchesOf(db, businessId),
    repo.productBranchIds(db, businessId, ids),
    repo.stockOf(db, businessId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const soldIn = new Map<string, Set<string>>();
  for (const pb of restricted) (soldIn.get(pb.product_id) ?? soldIn.set(pb.product_id, new Set()).get(pb.product_id)!).add(pb.branch_id);
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const stockBranches = r.all_branches ? branches : branches.filter((b) => soldIn.get(id)?.has(b.id));
    const variants = counts.get(id) ?? { n: 0, min: null, max: null };
    return [toProduct(deps, r, stockBranches, variants, (b) => stock.get(`${id}/${b}`) ?? 0)];
  });
}

export function toVariant(v: ProductVariantRow, valueIds: string[], currency: string): Variant {
  return {
    id: v.id,
    name: v.name,
    value_ids: valueIds,
    sku_code: v.sku_code,
    barcode: v.barcode,
    barcode_type: v.barcode_type,
    purchase_cost: formatAmount(v.purchase_cost, currency),
    sale_cost: formatAmount(v.sale_cost, currency),
    status: Boolean(v.status),
  };
}

/** Variants of a product with their value ids in the product's variation order. */
export async function variantsWithValues(db: Kysely<Database>, businessId: string, productId: string) {
  const variants = await repo.variantsOf(db, businessId, productId);
  const values = await repo.variantValuesOf(
    db,
    businessId,
    variants.map((v) => v.id),
  );
  const byVariant = new Map<string, Map<string, string>>();
  for (const v of values)
    (byVariant.get(v.variant_id) ?? byVariant.set(v.variant_id, new Map()).get(v.variant_id)!).set(v.variation_id, v.variation_value_id);
  return { variants, byVariant };
}

/** Variations are kept in the order the shop created them (ids are time-ordered), so every product names its variants alike. */
export const variationOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function productDetail(db: Kysely<Database>, deps: MediaDeps, businessId: string, id: string): Promise<ProductDetail | null> {
  const [product] = await productsByIds(db, deps, businessId, [id]);
  if (!product) return null;
  const branchIds = product.all_branches ? [] : (await repo.productBranchIds(db, businessId, [id])).map((b) => b.branch_id).sort();
  const { variants, byVariant } = await variantsWithValues(db, businessId, id);
  const variationIds = [...new Set([...byVariant.values()].flatMap((m) => [...m.keys()]))].sort(variationOrder);
  const [variations, values] = await Promise.all([
    repo.variationsByIds(db, businessId, variationIds),
    repo.valuesByIds(db, businessId, [...new Set([...byVariant.values()].flatMap((m) => [...m.values()]))]),
  ]);
  const variationName = new Map(variations.map((v) => [v.id, v.name]));
  const sortedValues = [...values].sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || a.name.localeCompare(b.name));
  const combo = await repo.comboItemsOf(db, businessId, id);
  return {
    ...product,
    branch_ids: branchIds,
    variations: variationIds.map((vid) => ({
      variation_id: vid,
      variation_name: variationName.get(vid) ?? '',
      value_ids: sortedValues.filter((v) => v.variation_id === vid).map((v) => v.id),
    })),
    variants: variants.map((v) =>
      toVariant(v, variationIds.map((vid) => byVariant.get(v.id)?.get(vid) ?? '').filter(Boolean), product.currency),
    ),
    combo_items: combo.map((c): ComboItem => ({
      product_id: c.item_product_id,
      variant_id: c.item_variant_id || null,
      product_name: c.product_name,
      variant_name: c.variant_name ?? null,
      sku_code: c.variant_sku ?? c.product_sku,
      quantity: formatQty(c.quantity),
      sale_cost: formatAmount(c.variant_price ?? c.product_price, c.currency),
    })),
  };
}
