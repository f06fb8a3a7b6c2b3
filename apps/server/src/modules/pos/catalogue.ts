import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { exchangeRate, formatPercent, formatRate } from '@posauto/shared/money/index';
import type { PaymentMethodType } from '@posauto/shared/schemas/catalogue-settings';
import type {
  PosCatalogue,
  PosCatalogueQuery,
  PosProduct,
  PosServiceCharge,
  PosUnit,
  PosVariant,
  PosVariation,
} from '@posauto/shared/schemas/pos';
import type { ServiceChargeAppliesTo, ServiceChargeType } from '@posauto/shared/schemas/setting-lists';
import { sameShop } from '../../db/same-shop';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { branchScope } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { mediaUrl } from '../media/index';
import { shopSettings, shopTimeZone } from '../settings/index';
import { activeVariants, money, plain, qty, shopUnits, soldAt, unitFamilies } from './product-rows';

/** Products read (and written out) per step: memory holds one chunk, never the whole catalogue. */
const CHUNK = 1000;

/** The branch a till sells from: a branch user's own; otherwise the one asked for, or the shop's default (or first) branch. */
export async function tillBranch(deps: Deps, ctx: RequestContext, requested?: string | null) {
  let branchId = branchScope(ctx, requested);
  if (!branchId) branchId = (await shopSettings(deps.db, ctx.businessId)).defaultBranchId;
  let q = deps.db
    .selectFrom('branches')
    .select(['id', 'name', 'address', 'phone', 'status', 'updated_at'])
    .where('business_id', '=', ctx.businessId);
  q = branchId ? q.where('id', '=', branchId) : q.where('status', '=', 1).orderBy('created_at').orderBy('id').limit(1);
  const branch = await q.executeTakeFirst();
  if (!branch) {
    if (requested && !ctx.branchId) throw notFound();
    throw unprocessable('pos.errors.branch_required', 'branch_id');
  }
  return branch;
}

/**
 * The catalogue's version: changes whenever what the till sells from changes (a product, variant or code edited,
 * added or removed, a price, a category, a setting, the receipt header). Stock moving does not change it: on hand is
 * a snapshot taken when the catalogue was made (a guide for the cashier; the sale itself checks stock when it is
 * committed), so a busy branch does not send every till the whole catalogue again after each sale. Cheap next to
 * the catalogue itself: one statement of counts and maxima, hashed. Read before the catalogue, so a change made while
 * it streams gives the next request a new version.
 */
export async function catalogueVersion(deps: Deps, businessId: string, branchId: string): Promise<string> {
  const b = businessId;
  const agg = (table: string) =>
    sql`(select count(*) from ${sql.table(table)} where business_id = ${b}) || ':' || coalesce((select ${sql.raw(
      deps.kind === 'postgres' ? 'max(updated_at)::text' : 'max(updated_at)',
    )} from ${sql.table(table)} where business_id = ${b}), '')`;
  const row = await sql<Record<string, unknown>>`select
      ${agg('products')} as products,
      ${agg('product_variants')} as variants,
      ${agg('categories')} as categories,
      ${agg('units')} as units,
      ${agg('payment_methods')} as payment_methods,
      ${agg('service_charges')} as service_charges,
      ${agg('brands')} as brands,
      ${agg('variations')} as variations,
      ${agg('variation_values')} as variation_values,
      (select count(*) from product_codes where business_id = ${b}) as codes,
      (select count(*) from product_branches where business_id = ${b}) as product_branches,
      (select ${sql.raw(deps.kind === 'postgres' ? 'updated_at::text' : 'updated_at')} from general_settings where business_id = ${b}) as settings,
      (select ${sql.raw(deps.kind === 'postgres' ? 'updated_at::text' : 'updated_at')} from sale_settings where business_id = ${b}) as sale_settings,
      (select ${sql.raw(deps.kind === 'postgres' ? 'updated_at::text' : 'updated_at')} from businesses where id = ${b}) as shop,
      (select ${sql.raw(deps.kind === 'postgres' ? 'updated_at::text' : 'updated_at')} from branches where business_id = ${b} and id = ${branchId}) as branch,
      (select ${sql.raw(deps.kind === 'postgres' ? 'c.updated_at::text' : 'c.updated_at')} from sale_settings s join customers c
         on c.business_id = s.business_id and c.id = s.default_customer_id where s.business_id = ${b}) as walk_in`.execute(deps.db);
  const digest = createHash('sha256')
    .update(`${CATALOGUE_FORMAT}|${branchId}|${JSON.stringify(row.rows[0])}|${deps.config.bakongApiToken ? 1 : 0}`)
    .digest('base64url');
  return digest.slice(0, 27);
}

/** Bumped when the catalogue's shape or content rules change, so a till's cached catalogue is not kept past a release. */
const CATALOGUE_FORMAT = 'pos-catalogue-2';

type Head = Omit<PosCatalogue, 'products'>;

/** Everything of the catalogue but its products: a few small reads. */
async function catalogueHead(
  deps: Deps,
  ctx: RequestContext,
  branch: Awaited<ReturnType<typeof tillBranch>>,
  version: string,
): Promise<Head> {
  const b = ctx.businessId;
  const [settings, shopZone, saleSettings, shop, categories, methods, charges] = await Promise.all([
    // The whole settings row, not the shop-settings reader: the head answers its receipt fields too (VATIN, footer), and
    // what it answers is versioned (catalogueVersion) and cached by every till, so it stays as it was, byte for byte.
    deps.db.selectFrom('general_settings').selectAll().where('business_id', '=', b).executeTakeFirstOrThrow(),
    // The time zone as every other answer reads it (a zone the runtime does not know reads as Phnom Penh).
    shopTimeZone(deps.db, b),
    deps.db
      .selectFrom('sale_settings as s')
      .leftJoin('customers as c', sameShop('c', 's.default_customer_id'))
      .select([
        's.default_customer_id',
        'c.name as customer_name',
        's.default_payment_method_id',
        's.receipt_show_logo',
        's.receipt_show_address',
        's.receipt_show_vatin',
        's.receipt_paper_width',
        's.receipt_auto_print',
      ])
      .where('s.business_id', '=', b)
      .executeTakeFirst(),
    deps.db.selectFrom('businesses').select(['shop_name', 'address', 'phone', 'logo']).where('id', '=', b).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('categories')
      .select(['id', 'name', 'parent_id', 'icon'])
      .where('business_id', '=', b)
      .where('status', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('payment_methods')
      .select(['id', 'name', 'type'])
      .where('business_id', '=', b)
      .where('status', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('service_charges')
      .select(['id', 'name', 'type', 'value', 'currency', 'applies_to'])
      .where('business_id', '=', b)
      .where('status', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  const currency = settings.currency;
  return {
    version,
    generated_at: deps.clock.now().toISOString(),
    branch: { id: branch.id, name: branch.name, address: branch.address, phone: branch.phone },
    shop: {
      name: shop.shop_name,
      address: shop.address,
      phone: shop.phone,
      vatin: settings.vatin_number ?? null,
      logo_url: mediaUrl(deps, shop.logo),
      receipt_footer: settings.receipt_footer ?? null,
    },
    settings: {
      currency,
      exchange_rate: plain(formatRate(exchangeRate(Number(settings.exchange_rate)))),
      vat_rate: plain(formatPercent(Number(settings.sale_tax))),
      vat_inclusive: !settings.is_exclude_tax,
      inline_discount: Boolean(settings.inline_discount),
      edit_cost: Boolean(settings.edit_cost),
      edit_date: Boolean(settings.edit_date),
      out_of_stock_sale: Boolean(settings.out_of_stock_sale),
      time_zone: shopZone,
      khqr_check: Boolean(deps.config.bakongApiToken),
    },
    sale_settings: {
      walk_in_customer:
        saleSettings?.default_customer_id && saleSettings.customer_name
          ? { id: saleSettings.default_customer_id, name: saleSettings.customer_name }
          : null,
      default_payment_method_id: saleSettings?.default_payment_method_id ?? null,
      receipt_show_logo: Boolean(saleSettings?.receipt_show_logo ?? 1),
      receipt_show_address: Boolean(saleSettings?.receipt_show_address ?? 1),
      receipt_show_vatin: Boolean(saleSettings?.receipt_show_vatin ?? 1),
      receipt_paper_width: Number(saleSettings?.receipt_paper_width) === 58 ? 58 : 80,
      receipt_auto_print: Boolean(saleSettings?.receipt_auto_print ?? 0),
    },
    payment_methods: methods.map((m) => ({ id: m.id, name: m.name, type: m.type as PaymentMethodType })),
    service_charges: charges.map((c): PosServiceCharge => ({
      id: c.id,
      name: c.name,
      type: c.type as ServiceChargeType,
      value: c.type === 'percentage' ? plain(formatPercent(Number(c.value))) : money(c.value, c.currency ?? currency),
      applies_to: c.applies_to as ServiceChargeAppliesTo,
    })),
    categories,
  };
}

/** The ids of the active products sold at the branch, by name: small enough to hold whole (100,000 ids is a few MB). */
async function productIds(deps: Deps, businessId: string, branchId: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.business_id', '=', businessId)
    .where('p.status', '=', 1)
    .where(soldAt(branchId))
    .orderBy('p.product_name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * What each active variant of the chunk is made of (Size: Small): variations in the order the shop made them (ids are
 * time-ordered, as the products module names variants), values in the shop's order.
 */
function variantValues(deps: Deps, businessId: string, ids: string[]) {
  return deps.db
    .selectFrom('product_variant_values as x')
    .innerJoin('product_variants as pv', sameShop('pv', 'x.variant_id'))
    .innerJoin('variations as va', sameShop('va', 'x.variation_id'))
    .innerJoin('variation_values as vv', sameShop('vv', 'x.variation_value_id'))
    .select([
      'pv.product_id',
      'x.variant_id',
      'x.variation_id',
      'va.name as variation_name',
      'x.variation_value_id',
      'vv.name as value_name',
    ])
    .where('x.business_id', '=', businessId)
    .where('pv.product_id', 'in', ids)
    .where('pv.status', '=', 1)
    .orderBy('x.variation_id')
    .orderBy('vv.sort_order')
    .orderBy('vv.name')
    .execute();
}

/**
 * A product's variations (those its active variants use) and each variant's value of every one of them, in that order.
 * A variant missing a value gets fewer ids than there are variations: the till then lists the variants by name.
 */
function variationsOf(rows: Awaited<ReturnType<typeof variantValues>>) {
  const variations: PosVariation[] = [];
  const byVariant = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let v = variations.at(-1);
    if (v?.id !== r.variation_id) variations.push((v = { id: r.variation_id, name: r.variation_name, values: [] }));
    if (!v.values.some((x) => x.id === r.variation_value_id)) v.values.push({ id: r.variation_value_id, name: r.value_name });
    (byVariant.get(r.variant_id) ?? byVariant.set(r.variant_id, new Map()).get(r.variant_id)!).set(r.variation_id, r.variation_value_id);
  }
  const valueIds = (variantId: string) =>
    variations.flatMap((v) => {
      const id = byVariant.get(variantId)?.get(v.id);
      return id ? [id] : [];
    });
  return { variations, valueIds };
}

/** One chunk of products with their variants, their variations and stock at the branch: four set-based reads. */
async function productChunk(
  deps: Deps,
  businessId: string,
  branchId: string,
  ids: string[],
  families: Map<string, PosUnit[]>,
  unitNames: Map<string, string>,
): Promise<PosProduct[]> {
  const [products, variants, stock, values] = await Promise.all([
    deps.db
      .selectFrom('products')
      .select([
        'id',
        'type',
        'product_name',
        'sku_code',
        'barcode',
        'category_id',
        'brand_id',
        'image',
        'unit_id',
        'sale_unit_id',
        'currency',
        'sale_cost',
        'is_stock_manage',
        'is_variation_cost',
      ])
      .where('business_id', '=', businessId)
      .where('id', 'in', ids)
      .execute(),
    activeVariants(deps, businessId, ids),
    deps.db
      .selectFrom('stock_levels')
      .select(['product_id', 'variant_id', 'on_hand'])
      .where('business_id', '=', businessId)
      .where('branch_id', '=', branchId)
      .where('product_id', 'in', ids)
      .execute(),
    variantValues(deps, businessId, ids),
  ]);
  const valuesOf = new Map<string, typeof values>();
  for (const r of values) (valuesOf.get(r.product_id) ?? valuesOf.set(r.product_id, []).get(r.product_id)!).push(r);
  const onHand = new Map(stock.map((s) => [`${s.product_id}/${s.variant_id}`, Number(s.on_hand)]));
  const variantsOf = new Map<string, typeof variants>();
  for (const v of variants) (variantsOf.get(v.product_id) ?? variantsOf.set(v.product_id, []).get(v.product_id)!).push(v);

  const byId = new Map(products.map((p) => [p.id, p]));
  const out: PosProduct[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) continue; // deleted while the catalogue streamed
    // A combo has no stock of its own (its components move); a product not managing stock has none to show.
    const managed = Boolean(p.is_stock_manage) && p.type !== 'combo';
    const own = p.type === 'variation' ? (variantsOf.get(id) ?? []) : [];
    const made = variationsOf(p.type === 'variation' ? (valuesOf.get(id) ?? []) : []);
    const posVariants: PosVariant[] = own.map((v) => ({
      id: v.id,
      name: v.name,
      sku: v.sku_code,
      barcodes: v.barcode ? [v.barcode] : [],
      price: money(p.is_variation_cost ? v.sale_cost : p.sale_cost, p.currency),
      on_hand: managed ? qty(onHand.get(`${id}/${v.id}`) ?? 0) : null,
      value_ids: made.valueIds(v.id),
    }));
    const productOnHand = !managed
      ? null
      : p.type === 'variation'
        ? qty(own.reduce((sum, v) => sum + (onHand.get(`${id}/${v.id}`) ?? 0), 0))
        : qty(onHand.get(`${id}/`) ?? 0);
    const units = p.unit_id ? (families.get(p.unit_id) ?? []) : [];
    const saleUnit = (p.sale_unit_id && units.find((u) => u.id === p.sale_unit_id)) || units.find((u) => u.id === p.unit_id) || null;
    out.push({
      id,
      name: p.product_name,
      sku: p.sku_code,
      type: p.type,
      category_id: p.category_id,
      brand_id: p.brand_id,
      image_url: mediaUrl(deps, p.image),
      price: money(p.sale_cost, p.currency),
      unit_id: p.unit_id,
      sale_unit_id: saleUnit?.id ?? p.unit_id,
      sale_unit_name: saleUnit?.name ?? (p.unit_id ? (unitNames.get(p.unit_id) ?? null) : null),
      sale_unit_factor: saleUnit?.factor ?? '1',
      // product_codes holds exactly these (its SKU lower-cased, its barcode as scanned), read here from the row itself.
      codes: p.barcode ? [p.sku_code.toLowerCase(), p.barcode] : [p.sku_code.toLowerCase()],
      manages_stock: managed,
      on_hand: productOnHand,
      variations: made.variations,
      variants: posVariants,
      units,
    });
  }
  return out;
}

export interface CatalogueAnswer {
  version: string;
  /** null: the caller's copy is current (304). */
  body: Readable | null;
}

/**
 * The till's catalogue as a JSON stream: the small head first, then the products a chunk at a time (each chunk four
 * set-based reads), so memory holds one chunk whatever the size of the shop. `ifNoneMatch` (the version the till
 * holds) answers null when nothing changed.
 */
export async function catalogue(
  deps: Deps,
  ctx: RequestContext,
  query: PosCatalogueQuery,
  current: (version: string) => boolean,
): Promise<CatalogueAnswer> {
  const branch = await tillBranch(deps, ctx, query.branch_id);
  const version = await catalogueVersion(deps, ctx.businessId, branch.id);
  if (current(version)) return { version, body: null };
  const [head, ids, units] = await Promise.all([
    catalogueHead(deps, ctx, branch, version),
    productIds(deps, ctx.businessId, branch.id),
    shopUnits(deps, ctx.businessId),
  ]);
  const families = unitFamilies(units);
  const unitNames = new Map(units.map((u) => [u.id, u.name]));
  async function* chunks(): AsyncGenerator<string> {
    const headJson = JSON.stringify(head);
    yield `${headJson.slice(0, -1)},"products":[`;
    let first = true;
    for (let i = 0; i < ids.length; i += CHUNK) {
      const products = await productChunk(deps, ctx.businessId, branch.id, ids.slice(i, i + CHUNK), families, unitNames);
      if (products.length === 0) continue;
      const json = products.map((p) => JSON.stringify(p)).join(',');
      yield first ? json : `,${json}`;
      first = false;
    }
    yield ']}';
  }
  return { version, body: Readable.from(chunks()) };
}
