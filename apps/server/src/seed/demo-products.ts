import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ean13CheckDigit } from '@posauto/shared/barcode';
import { formatDecimal, parseDecimal, PERCENT_SCALE, percentOf } from '@posauto/shared/money/index';
import { variantCombinations, type ProductInput } from '@posauto/shared/schemas/products';
import type { Kysely } from 'kysely';
import type { Deps } from '../deps';
import type { Database } from '../db/types';
import { mediaStore, recordUpload } from '../modules/media/index';
import { createProduct } from '../modules/products/index';
import { COFFEE_PRODUCTS, KARAOKE_PRODUCTS, type DemoProduct } from './demo-products-data';

/** The pictures ship beside the server: assets/ next to dist/ (built) or next to src/ (from source). */
function picturesDir(): string | null {
  for (const rel of ['../assets/demo-images/', '../../assets/demo-images/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  return null;
}

/** Demo prices are dollars (2 minor digits), added and scaled as integer cents by the money module. */
const cents = (dollars: string) => parseDecimal(dollars, 2);
const dollars = (c: number) => formatDecimal(c, 2);

interface Lookups {
  category: Map<string, string>;
  brand: Map<string, string>;
  unit: Map<string, string>;
  /** variation name -> { id, values: value name -> id } */
  variation: Map<string, { id: string; values: Map<string, string> }>;
  product: Map<string, { id: string; variants: Map<string, string> }>;
}

async function lookups(trx: Kysely<Database>, businessId: string): Promise<Lookups> {
  const byName = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((r) => [r.name, r.id]));
  const [categories, brands, units, variations, values] = await Promise.all([
    trx.selectFrom('categories').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    trx.selectFrom('brands').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    trx.selectFrom('units').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    trx.selectFrom('variations').select(['id', 'name']).where('business_id', '=', businessId).execute(),
    trx.selectFrom('variation_values').select(['id', 'name', 'variation_id']).where('business_id', '=', businessId).execute(),
  ]);
  const variation = new Map(variations.map((v) => [v.name, { id: v.id, values: byName(values.filter((x) => x.variation_id === v.id)) }]));
  return { category: byName(categories), brand: byName(brands), unit: byName(units), variation, product: new Map() };
}

const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`demo seed: ${what} is missing`);
  return value;
};

function toInput(p: DemoProduct, l: Lookups, image: string | null): ProductInput {
  const unitId = must(l.unit.get(p.unit), `unit ${p.unit}`);
  const base: ProductInput = {
    type: p.combo ? 'combo' : p.variations ? 'variation' : 'single',
    product_name: p.name,
    barcode: p.ean12 ? `${p.ean12}${ean13CheckDigit(p.ean12)}` : null,
    barcode_type: p.ean12 ? 'ean13' : null,
    image,
    description: p.description ?? null,
    category_id: must(l.category.get(p.category), `category ${p.category}`),
    brand_id: p.brand ? must(l.brand.get(p.brand), `brand ${p.brand}`) : null,
    unit_id: unitId,
    purchase_unit_id: unitId,
    sale_unit_id: unitId,
    purchase_cost: p.cost,
    sale_cost: p.price,
    discount_cost: p.discount ?? '0',
    is_stock_manage: !p.madeToOrder,
    has_expiry: Boolean(p.hasExpiry),
    is_variation_cost: Boolean(p.variations?.some((v) => v.extra)),
    branch_ids: null,
  };
  if (p.variations) {
    const chosen = p.variations.map((v) => {
      const found = must(l.variation.get(v.name), `variation ${v.name}`);
      return {
        variation_id: found.id,
        value_ids: v.values.map((n) => must(found.values.get(n), `value ${n}`)),
        extra: v.extra,
        names: v.values,
      };
    });
    base.variations = chosen.map(({ variation_id, value_ids }) => ({ variation_id, value_ids }));
    base.variants = variantCombinations(chosen).map((ids) => {
      // What the chosen values add to the price (Large +1.00), and the cost grows with the price.
      const extra = ids.reduce((sum, id, i) => {
        const v = chosen[i]!;
        const add = v.extra?.[v.value_ids.indexOf(id)];
        return add ? sum + cents(add) : sum;
      }, 0);
      // 30% of the extra price is extra cost.
      const cost = cents(p.cost) + percentOf(extra, 30 * PERCENT_SCALE);
      return { value_ids: ids, sale_cost: dollars(cents(p.price) + extra), purchase_cost: dollars(cost) };
    });
  }
  if (p.combo) {
    base.combo_items = p.combo.map((c) => {
      const item = must(l.product.get(c.product), `product ${c.product}`);
      const variantId = c.variant
        ? must(item.variants.get(c.variant.join(' / ')), `variant ${c.variant.join(' / ')} of ${c.product}`)
        : null;
      return { product_id: item.id, variant_id: variantId, quantity: c.quantity };
    });
  }
  return base;
}

/**
 * Copies one picture into the shop's media for one product, recorded as a product-image upload that the product
 * then takes (an image belongs to one record, so two products showing one picture have a copy each).
 */
async function picture(trx: Kysely<Database>, deps: Deps, dir: string | null, businessId: string, p: DemoProduct): Promise<string | null> {
  if (!dir) return null;
  const key = `${businessId}/${createHash('md5').update(`demo:${p.image}:${p.name}`).digest('hex')}.webp`;
  await mediaStore(deps.config).put(key, readFileSync(`${dir}${p.image}.webp`), 'image/webp');
  await recordUpload(trx, businessId, key, 'product', deps.clock.now().toISOString());
  return key;
}

async function seedShopProducts(trx: Kysely<Database>, deps: Deps, businessId: string, ownerId: string, products: DemoProduct[]) {
  const l = await lookups(trx, businessId);
  const dir = picturesDir();
  const ctx = { businessId, userId: ownerId, ip: null };
  for (const p of products) {
    const id = await createProduct(trx, deps, ctx, toInput(p, l, await picture(trx, deps, dir, businessId, p)));
    const variants = await trx
      .selectFrom('product_variants')
      .select(['id', 'name'])
      .where('business_id', '=', businessId)
      .where('product_id', '=', id)
      .execute();
    l.product.set(p.name, { id, variants: new Map(variants.map((v) => [v.name, v.id])) });
  }
}

/** About forty products of all three types, with pictures, for Demo Coffee, and a smaller menu for Demo Karaoke. */
export async function seedDemoProducts(
  trx: Kysely<Database>,
  deps: Deps,
  coffee: { businessId: string; ownerId: string },
  karaoke: { businessId: string; ownerId: string },
): Promise<void> {
  await seedShopProducts(trx, deps, coffee.businessId, coffee.ownerId, COFFEE_PRODUCTS);
  await seedShopProducts(trx, deps, karaoke.businessId, karaoke.ownerId, KARAOKE_PRODUCTS);
}
