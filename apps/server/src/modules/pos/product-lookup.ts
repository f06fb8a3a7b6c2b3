import { sql, type SelectQueryBuilder } from 'kysely';
import type { PosLookupProduct, PosProductLookup, PosProductLookupQuery } from '@posauto/shared/schemas/pos-lookup';
import { nameSearchValue, productSearchIds, productSearchWhere, SEARCH_COLLECTS_HITS_FIRST } from '../../db/dialect/product-search';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { branchScope } from '../../http/context';
import { notFound } from '../../http/errors';
import { activeVariants, money, shopUnits, soldAt, unitFamilies } from './product-rows';

/**
 * The product finder of the sale documents (invoices, quotations, back-office sales): a page of the shop's active
 * products matching every word typed (or an exact SKU or barcode, also a variant's), with what a sale line needs of
 * each: prices, variants and the units it may be sold in. No cost and no stock: the clerks using it hold a selling
 * permission, not product-list. One page is two reads for the ids (through the product search indexes, see
 * db/dialect/product-search) and three set-based reads for the page's rows.
 */
export async function lookupProducts(deps: Deps, ctx: RequestContext, query: PosProductLookupQuery): Promise<PosProductLookup> {
  const b = ctx.businessId;
  const branchId = branchScope(ctx, query.branch_id);
  if (branchId && !ctx.branchId) {
    // Another shop's branch is not found, as everywhere (a branch user is always answered for its own).
    const branch = await deps.db
      .selectFrom('branches')
      .select('id')
      .where('business_id', '=', b)
      .where('id', '=', branchId)
      .executeTakeFirst();
    if (!branch) throw notFound();
  }
  const term = query.q?.trim() || undefined;
  const name = term === undefined ? undefined : nameSearchValue(deps.kind, term);
  const markers = name && { name: name.name, likes: name.likes, rest: name.restWords };

  let q = (
    deps.kind === 'sqlite' && name && term
      ? // From the search's hits to their products (see productSearchIds), not from every product to the hits.
        deps.db
          .selectFrom(sql`(${productSearchIds(b, term.toLowerCase(), term, name, markers!)})`.as('s'))
          .crossJoin('products as p')
          .where('p.business_id', '=', b)
          .whereRef('p.id', '=', sql.ref('s.product_id'))
      : deps.db.selectFrom('products as p').where('p.business_id', '=', b)
  ) as SelectQueryBuilder<any, any, object>;
  q = q.where('p.status', '=', 1);
  if (name && term && deps.kind === 'postgres') q = q.where(productSearchWhere(b, term.toLowerCase(), term, name, markers!));
  if (branchId) {
    q = q.where(soldAt(branchId));
  }
  const size = query.per_page;
  const offset = (query.page - 1) * size;
  // One more than the page: whether a next page exists, without counting every match.
  const rows: Array<{ id: string }> =
    name && SEARCH_COLLECTS_HITS_FIRST[deps.kind]
      ? await deps.db
          .with(
            (cte) => cte('hits').materialized(),
            () => q.select(['p.id as id', 'p.product_name as product_name']),
          )
          .selectFrom('hits')
          .select('hits.id')
          .orderBy('hits.product_name')
          .orderBy('hits.id')
          .limit(size + 1)
          .offset(offset)
          .execute()
      : await q
          .select('p.id')
          .orderBy('p.product_name')
          .orderBy('p.id')
          .limit(size + 1)
          .offset(offset)
          .execute();
  const ids = rows.slice(0, size).map((r) => r.id);
  return { data: await lookupRows(deps, b, ids), page: query.page, has_more: rows.length > size };
}

/** The page's products in the order of `ids`, with their active variants and sale units. */
async function lookupRows(deps: Deps, businessId: string, ids: string[]): Promise<PosLookupProduct[]> {
  if (ids.length === 0) return [];
  const [products, variants, units] = await Promise.all([
    deps.db
      .selectFrom('products')
      .select([
        'id',
        'type',
        'product_name',
        'sku_code',
        'barcode',
        'status',
        'unit_id',
        'sale_unit_id',
        'currency',
        'sale_cost',
        'is_variation_cost',
      ])
      .where('business_id', '=', businessId)
      .where('id', 'in', ids)
      .execute(),
    activeVariants(deps, businessId, ids),
    // A shop holds tens of units: their families are worked out once for the page.
    shopUnits(deps, businessId),
  ]);
  const families = unitFamilies(units);
  const variantsOf = new Map<string, typeof variants>();
  for (const v of variants) (variantsOf.get(v.product_id) ?? variantsOf.set(v.product_id, []).get(v.product_id)!).push(v);
  const byId = new Map(products.map((p) => [p.id, p]));
  const out: PosLookupProduct[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (!p) continue; // deleted between the two reads
    const own = p.unit_id ? (families.get(p.unit_id) ?? []) : [];
    const saleUnit = (p.sale_unit_id && own.find((u) => u.id === p.sale_unit_id)) || null;
    out.push({
      id,
      name: p.product_name,
      sku: p.sku_code,
      barcode: p.barcode ?? null,
      type: p.type,
      status: Boolean(p.status),
      price: money(p.sale_cost, p.currency),
      unit_id: p.unit_id,
      sale_unit_id: saleUnit?.id ?? p.unit_id,
      units: own,
      variants: (p.type === 'variation' ? (variantsOf.get(id) ?? []) : []).map((v) => ({
        id: v.id,
        name: v.name,
        sku: v.sku_code,
        barcode: v.barcode ?? null,
        price: money(p.is_variation_cost ? v.sale_cost : p.sale_cost, p.currency),
      })),
    });
  }
  return out;
}
