import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { LIST_ALL_LIMIT, type ListMeta, type ListQuery } from '@posauto/shared/schemas/common';
import { containsPattern, upsertCounterSql, type DialectKind } from './dialect/index';
import { listSearchValue, refreshSearchStats, withListSearch, type ListSearchValue } from './list-search';
import type { Database } from './types';

/** How one list is searched, sorted and counted; the only per-list configuration the machinery needs. */
export interface ListSpec {
  /** Qualified columns matched by the search box (case-insensitive "contains"). */
  searchColumns: readonly string[];
  /** API sort key -> qualified column. */
  sorts: Readonly<Record<string, string>>;
  defaultSort: string;
  /** Qualified 0/1 status column, when the list can be filtered by status. */
  statusColumn?: string;
  /** Qualified id column, the tie-breaker that keeps pages stable. */
  idColumn: string;
  /** More tie-breakers after the id column, when one list row is several keys (an item in each branch). */
  tieBreakers?: readonly string[];
  /** tenant_counters entry holding the unfiltered total, so big lists do not count rows per request. */
  counter?: string;
}

export interface ListResult<T> {
  rows: T[];
  meta: ListMeta;
}

/** The list's base query for one business (already joined and scoped by business_id). */
export type ListBase<T> = (businessId: string) => SelectQueryBuilder<any, any, T>;

// Stand-ins compiled into cached statements and swapped for the real values on every run.
const MARK = {
  business: '\u0001business',
  term: '\u0001term',
  searchValue: '\u0001search',
  fragment1: '\u0001fragment1',
  fragment2: '\u0001fragment2',
  status: -7_654_321,
  limit: -7_654_322,
  offset: -7_654_323,
} as const;
const FILTER_MARK = '\u0001filter:';

/**
 * Equality filters of one request: qualified column -> value (undefined: not filtered). Columns come from the
 * code, never from the request; values are parameters, swapped into cached statements like the others.
 */
export type ListFilters = Readonly<Record<string, string | number | undefined>>;
const compiledLists = new WeakMap<Kysely<Database>, Map<string, CompiledQuery>>();

function compiledFor(db: Kysely<Database>, key: string, build: () => { compile(): CompiledQuery }): CompiledQuery {
  let byKey = compiledLists.get(db);
  if (!byKey) compiledLists.set(db, (byKey = new Map()));
  let compiled = byKey.get(key);
  if (!compiled) byKey.set(key, (compiled = build().compile()));
  return compiled;
}

/**
 * Applies search, status filter, sort and page to the business's base query. `per_page: 'all'` returns the first
 * LIST_ALL_LIMIT matching rows (the meta says so when there were more). With a `cacheKey` (the base query's shape
 * depends on nothing but the business), the SQL of each shape is compiled once and reused with the request's
 * values: building queries costs as much as running them.
 */
export async function runList<T>(
  db: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  base: ListBase<T>,
  query: ListQuery,
  spec: ListSpec,
  cacheKey?: string,
  filters: ListFilters = {},
): Promise<ListResult<T>> {
  const list = listQueries(db, kind, businessId, base, query, spec, cacheKey, filters);
  const total = await list.total();
  const size = query.per_page === 'all' ? null : Number(query.per_page);
  const lastPage = size ? Math.max(1, Math.ceil(total / size)) : 1;
  const current = size ? query.page : 1;
  const rows = await list.page(size ?? LIST_ALL_LIMIT, size ? (current - 1) * size : 0);
  return { rows, meta: listMeta(query, current, total, lastPage) };
}

/** A list's meta; "All" over more than LIST_ALL_LIMIT rows says it answered only the first ones. */
export function listMeta(query: ListQuery, page: number, total: number, lastPage: number): ListMeta {
  const capped = query.per_page === 'all' && total > LIST_ALL_LIMIT;
  return { page, per_page: query.per_page, total, last_page: lastPage, ...(capped ? { capped: true, limit: LIST_ALL_LIMIT } : {}) };
}

/** Rows fetched per query when a list is read whole (exports): memory stays at one batch whatever the table's size. */
export const LIST_BATCH = 500;

/**
 * Every row of a list (its search, filters and sort, no page), read in batches of LIST_BATCH so a whole table is
 * never held in memory.
 */
export async function* listBatches<T>(
  db: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  base: ListBase<T>,
  query: ListQuery,
  spec: ListSpec,
  cacheKey?: string,
  filters: ListFilters = {},
): AsyncGenerator<T[]> {
  const list = listQueries(db, kind, businessId, base, query, spec, cacheKey, filters);
  for (let offset = 0; ; offset += LIST_BATCH) {
    const rows = await list.page(LIST_BATCH, offset);
    if (rows.length) yield rows;
    if (rows.length < LIST_BATCH) return;
  }
}

function listQueries<T>(
  db: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  base: ListBase<T>,
  query: ListQuery,
  spec: ListSpec,
  cacheKey: string | undefined,
  filters: ListFilters,
): { total: () => Promise<number>; page: (limit: number, offset: number) => Promise<T[]> } {
  const search = query.search?.trim() || undefined;
  const status = query.status && spec.statusColumn ? (query.status === 'active' ? 1 : 0) : undefined;
  const sortColumn = (query.sort && spec.sorts[query.sort]) || spec.defaultSort;
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const filterColumns = Object.keys(filters)
    .filter((c) => filters[c] !== undefined)
    .sort();
  const filterShape = filterColumns.join(',');
  // The search's path through the index (see list-search.ts) is part of the statement's shape.
  if (search !== undefined) refreshSearchStats(db, kind);
  const searched = search === undefined ? undefined : listSearchValue(search);
  const searchShape = searched?.mode ?? 'none';

  const filteredQuery = (biz: string, term: string | undefined, st: number | undefined, marked = false) => {
    let q = base(biz);
    if (term !== undefined && searched)
      q = withListSearch(
        kind,
        q,
        spec.searchColumns,
        biz,
        term,
        marked ? MARK.searchValue : searched.value,
        searched.mode,
        marked ? [MARK.fragment1, MARK.fragment2] : searched.fragments,
      );
    if (st !== undefined) q = q.where(sql.ref(spec.statusColumn!), '=', st);
    for (const c of filterColumns) q = q.where(sql.ref(c), '=', marked ? `${FILTER_MARK}${c}` : filters[c]);
    return q;
  };
  const countQuery = (biz: string, term: string | undefined, st: number | undefined, marked = false) =>
    filteredQuery(biz, term, st, marked)
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('n'));
  const pageQuery = (biz: string, term: string | undefined, st: number | undefined, limit: number, offset: number, marked = false) =>
    filteredQuery(biz, term, st, marked)
      .orderBy(sql.ref(sortColumn), direction)
      .orderBy(sql.ref(spec.idColumn), direction)
      .$call((q) => (spec.tieBreakers ?? []).reduce((o, c) => o.orderBy(sql.ref(c), direction), q))
      .limit(limit)
      .offset(offset);

  const filtered = search !== undefined || status !== undefined || filterColumns.length > 0;
  async function total(): Promise<number> {
    if (!filtered && spec.counter) return readCounter(db, businessId, spec.counter);
    if (cacheKey) {
      const compiled = compiledFor(db, `${cacheKey}|count|${searchShape}|${status !== undefined}|${filterShape}`, () =>
        countQuery(MARK.business, search === undefined ? undefined : MARK.term, status === undefined ? undefined : MARK.status, true),
      );
      return Number(
        (await db.executeQuery<{ n: number }>(withValues(compiled, kind, businessId, search, status, 0, 0, filters))).rows[0]?.n ?? 0,
      );
    }
    return Number(((await countQuery(businessId, search, status).executeTakeFirst()) as { n: number } | undefined)?.n ?? 0);
  }

  async function page(limit: number, offset: number): Promise<T[]> {
    if (!cacheKey) return (await pageQuery(businessId, search, status, limit, offset).execute()) as T[];
    const compiled = compiledFor(
      db,
      `${cacheKey}|page|${searchShape}|${status !== undefined}|${sortColumn}|${direction}|${filterShape}`,
      () =>
        pageQuery(
          MARK.business,
          search === undefined ? undefined : MARK.term,
          status === undefined ? undefined : MARK.status,
          MARK.limit,
          MARK.offset,
          true,
        ),
    );
    return (await db.executeQuery<T>(withValues(compiled, kind, businessId, search, status, limit, offset, filters))).rows;
  }
  return { total, page };
}

function withValues(
  compiled: CompiledQuery,
  kind: DialectKind,
  businessId: string,
  search: string | undefined,
  status: number | undefined,
  limit: number,
  offset: number,
  filters: ListFilters,
): CompiledQuery {
  const markedPattern = containsPattern(MARK.term);
  let searched: ListSearchValue | undefined;
  const parameters = compiled.parameters.map((p) => {
    if (p === MARK.business) return businessId;
    if (typeof p === 'string' && p.startsWith(FILTER_MARK)) return filters[p.slice(FILTER_MARK.length)];
    if (p === markedPattern) return containsPattern(search ?? '');
    if (p === MARK.searchValue) return (searched ??= listSearchValue(search ?? '')).value;
    if (p === MARK.fragment1) return (searched ??= listSearchValue(search ?? '')).fragments[0];
    if (p === MARK.fragment2) return (searched ??= listSearchValue(search ?? '')).fragments[1];
    if (p === MARK.status) return status;
    if (p === MARK.limit) return limit;
    if (p === MARK.offset) return offset;
    return p;
  });
  void kind;
  return { ...compiled, parameters };
}

export async function readCounter(db: Kysely<Database>, businessId: string, name: string): Promise<number> {
  const compiled = compiledFor(db, 'tenant_counters', () =>
    db.selectFrom('tenant_counters').select('value').where('business_id', '=', MARK.business).where('name', '=', '\u0001name'),
  );
  const parameters = compiled.parameters.map((p) => (p === MARK.business ? businessId : p === '\u0001name' ? name : p));
  const row = (await db.executeQuery<{ value: number }>({ ...compiled, parameters })).rows[0];
  return Number(row?.value ?? 0);
}

/** Call inside the same transaction as the insert or delete it counts. */
export async function bumpCounter(db: Kysely<Database>, kind: DialectKind, businessId: string, name: string, delta: number): Promise<void> {
  await upsertCounterSql(kind, businessId, name, delta).execute(db);
}
