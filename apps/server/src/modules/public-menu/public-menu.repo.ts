import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * The shop behind a menu address, with what its header and prices need; undefined for an unknown slug. The currency and
 * rate are read with the shop, not through the settings reader: an anonymous address finds its shop by slug in one
 * statement, and the menu's rate keeps its own stricter fallback (menuRate).
 */
export function findShopBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('general_settings as g', 'g.business_id', 'b.id')
    .select(['b.id', 'b.shop_name', 'b.logo', 'b.status', 'b.is_platform', 'g.currency', 'g.local_currency', 'g.exchange_rate'])
    .where('b.slug', '=', slug)
    .executeTakeFirst();
}

export function findShopById(db: Kysely<Database>, businessId: string) {
  return db.selectFrom('businesses').select(['slug', 'shop_name', 'logo']).where('id', '=', businessId).executeTakeFirst();
}

/** Every category of the shop (a menu has tens, not thousands), by name: the tree is built from these. */
export function menuCategories(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id', 'status'])
    .where('business_id', '=', businessId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The shop's active products by name, at most `limit`; no costs leave the database. */
export function menuProducts(db: Kysely<Database>, businessId: string, limit: number) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'type',
      'product_name',
      'description',
      'image',
      'category_id',
      'currency',
      'sale_cost',
      'discount_cost',
      'is_variation_cost',
    ])
    .where('business_id', '=', businessId)
    .where('status', '=', 1)
    .orderBy('product_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

const CHUNK = 500;

/** The active variants of these products, in the shop's order. */
export async function menuVariants(db: Kysely<Database>, businessId: string, productIds: readonly string[]) {
  const rows: Array<{ id: string; product_id: string; name: string; sale_cost: number }> = [];
  for (let i = 0; i < productIds.length; i += CHUNK) {
    const chunk = productIds.slice(i, i + CHUNK);
    rows.push(
      ...(await db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'name', 'sale_cost'])
        .where('business_id', '=', businessId)
        .where('product_id', 'in', chunk)
        .where('status', '=', 1)
        .orderBy('product_id')
        .orderBy('sort_order')
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}
