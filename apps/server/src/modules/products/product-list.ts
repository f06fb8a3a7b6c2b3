import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Product, ProductListQuery } from '@posauto/shared/schemas/products';
import type { DialectKind } from '../../db/dialect/index';
import {
  INDEXED_WORDS,
  nameSearchShape,
  nameSearchValue,
  productSearchIds,
  productSearchWhere,
  SEARCH_COLLECTS_HITS_FIRST,
  type ProductNameSearch,
} from '../../db/dialect/product-search';
import { LIST_ALL_LIMIT } from '@posauto/shared/schemas/common';
import { listMeta, readCounter, type ListResult } from '../../db/list';
import type { Database } from '../../db/types';
import { productsByIds } from './product-view';
import { PRODUCT_COUNTER } from './product-write';

type MediaDeps = Parameters<typeof productsByIds>[1];

/** Sort key -> columns; each ends in id (stable pages) and follows an index of 0009 where one exists. */
const SORTS: Record<string, readonly string[]> = {
  product_name: ['p.product_name', 'p.id'],
  sku_code: ['p.sku_code', 'p.id'],
  sale_cost: ['p.sale_cost', 'p.id'],
  created_at: ['p.created_at', 'p.id'],
  status: ['p.status', 'p.product_name', 'p.id'],
};

/** Stand-ins compiled into cached statements and swapped for the request's values on every run. */
const M = {
  biz: '\u0001biz',
  status: '\u0001status',
  category: '\u0001category',
  brand: '\u0001brand',
  type: '\u0001type',
  sku: '\u0001sku',
  barcode: '\u0001barcode',
  name: '\u0001name',
  likes: Array.from({ length: INDEXED_WORDS }, (_, i) => `\u0001like${i}`),
  rest: '\u0001rest',
  limit: -7_654_322,
  offset: -7_654_323,
} as const;
type Marker = string | number;

const compiled = new WeakMap<Kysely<Database>, Map<string, CompiledQuery>>();

async function runCached<R>(
  db: Kysely<Database>,
  key: string,
  build: () => { compile(): CompiledQuery },
  values: ReadonlyMap<Marker, unknown>,
): Promise<R[]> {
  let byKey = compiled.get(db);
  if (!byKey) compiled.set(db, (byKey = new Map()));
  let query = byKey.get(key);
  if (!query) byKey.set(key, (query = build().compile()));
  const parameters = query.parameters.map((p) => (values.has(p as Marker) ? values.get(p as Marker) : p));
  return (await db.executeQuery<R>({ ...query, parameters })).rows;
}

interface Shape {
  status: boolean;
  category: boolean;
  brand: boolean;
  type: boolean;
  /** The name search's shape (null: no search). */
  search: Pick<ProductNameSearch, 'mode' | 'indexed' | 'rest'> | null;
}

/** The values of a search term for a statement's markers. */
function searchValues(term: string, name: ProductNameSearch): [Marker, unknown][] {
  return [
    [M.sku, term.toLowerCase()],
    [M.barcode, term],
    [M.name, name.name],
    [M.rest, name.restWords],
    ...name.likes.map((l, i): [Marker, unknown] => [M.likes[i]!, l]),
  ];
}

const searchKey = (shape: Shape) => (shape.search ? nameSearchShape(shape.search) : 'none');

/**
 * The filtered products of one shop. Search: an exact SKU (any case) or barcode through product_codes' key,
 * including variants' codes, or a name holding every word of the term through the name indexes (dialect/product-search).
 */
function filtered(db: Kysely<Database>, kind: DialectKind, shape: Shape): SelectQueryBuilder<any, any, object> {
  let q =
    kind === 'sqlite' && shape.search
      ? // From the hits to their products (see productSearchIds), not from every product to the hits.
        db
          .selectFrom(sql`(${productSearchIds(M.biz, M.sku, M.barcode, shape.search, M)})`.as('s'))
          .crossJoin('products as p')
          .where('p.business_id', '=', M.biz)
          .whereRef('p.id', '=', sql.ref('s.product_id'))
      : db.selectFrom('products as p').where('p.business_id', '=', M.biz);
  if (shape.status) q = q.where('p.status', '=', M.status as unknown as number);
  if (shape.category) q = q.where('p.category_id', '=', M.category);
  if (shape.brand) q = q.where('p.brand_id', '=', M.brand);
  if (shape.type) q = q.where('p.type', '=', M.type as 'single');
  if (shape.search && kind === 'postgres') {
    q = q.where(productSearchWhere(M.biz, M.sku, M.barcode, shape.search, M));
  }
  return q as SelectQueryBuilder<any, any, object>;
}

export async function listProducts(
  db: Kysely<Database>,
  kind: DialectKind,
  deps: MediaDeps,
  businessId: string,
  query: ProductListQuery,
): Promise<ListResult<Product>> {
  const term = query.search?.trim() || undefined;
  const name = term === undefined ? undefined : nameSearchValue(kind, term);
  const shape: Shape = {
    status: query.status !== undefined,
    category: query.category_id !== undefined,
    brand: query.brand_id !== undefined,
    type: query.type !== undefined,
    search: name ?? null,
  };
  const values = new Map<Marker, unknown>([
    [M.biz, businessId],
    [M.status, query.status === 'active' ? 1 : 0],
    [M.category, query.category_id],
    [M.brand, query.brand_id],
    [M.type, query.type],
    ...(term === undefined || name === undefined ? [] : searchValues(term, name)),
  ]);
  const shapeKey = `${kind}|${shape.status}|${shape.category}|${shape.brand}|${shape.type}|${searchKey(shape)}`;
  const size = query.per_page === 'all' ? null : Number(query.per_page);

  const isFiltered = shape.status || shape.category || shape.brand || shape.type || shape.search !== null;
  const total = isFiltered
    ? Number(
        (
          await runCached<{ n: number }>(
            db,
            `products|count|${shapeKey}`,
            () => filtered(db, kind, shape).select(sql<number>`count(*)`.as('n')),
            values,
          )
        )[0]?.n ?? 0,
      )
    : await readCounter(db, businessId, PRODUCT_COUNTER);

  const columns = SORTS[query.sort ?? 'product_name'] ?? SORTS.product_name!;
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const current = size ? query.page : 1;
  values.set(M.limit, size ?? LIST_ALL_LIMIT); // "All" answers the first LIST_ALL_LIMIT rows
  values.set(M.offset, size ? (current - 1) * size : 0);
  // Ids first (index-only where an index fits), then the page's rows by primary key: joins and counts for 10 rows, not 100,000.
  const ids = await runCached<{ id: string }>(
    db,
    `products|page|${shapeKey}|${query.sort ?? ''}|${direction}`,
    () => {
      if (!shape.search || !SEARCH_COLLECTS_HITS_FIRST[kind]) {
        let q = filtered(db, kind, shape).select('p.id');
        for (const c of columns) q = q.orderBy(sql.ref(c), direction);
        return q.limit(M.limit).offset(M.offset);
      }
      // The search's hits through the search indexes first, then sorted (see SEARCH_COLLECTS_HITS_FIRST).
      const keys = [...new Set(['p.id', ...columns])];
      let q = db
        .with(
          (cte) => cte('hits').materialized(),
          () => filtered(db, kind, shape).select(keys.map((k) => sql.ref(k).as(k.slice(2)))),
        )
        .selectFrom('hits')
        .select('hits.id');
      for (const c of columns) q = q.orderBy(sql.ref(`hits.${c.slice(2)}`), direction);
      return q.limit(M.limit).offset(M.offset);
    },
    values,
  );
  const rows = await productsByIds(
    db,
    deps,
    businessId,
    ids.map((r) => r.id),
  );
  return { rows, meta: listMeta(query, current, total, size ? Math.max(1, Math.ceil(total / size)) : 1) };
}

/** The first `limit` products (by name) matching a search: the global search's product records. */
export async function searchProducts(
  db: Kysely<Database>,
  kind: DialectKind,
  deps: MediaDeps,
  businessId: string,
  term: string,
  limit: number,
): Promise<Product[]> {
  term = term.trim();
  if (term === '') return [];
  const name = nameSearchValue(kind, term);
  const shape: Shape = { status: false, category: false, brand: false, type: false, search: name };
  const values = new Map<Marker, unknown>([[M.biz, businessId], ...searchValues(term, name), [M.limit, limit], [M.offset, 0]]);
  const ids = await runCached<{ id: string }>(
    db,
    `products|search|${kind}|${searchKey(shape)}`,
    () => filtered(db, kind, shape).select('p.id').orderBy('p.product_name').orderBy('p.id').limit(M.limit).offset(M.offset),
    values,
  );
  return productsByIds(
    db,
    deps,
    businessId,
    ids.map((r) => r.id),
  );
}
