import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, type SelectQueryNode } from 'kysely';
import { LIST_ALL_LIMIT, type ListMeta, type ListQuery } from '@posauto/shared/schemas/common';
import { containsPattern, preparedOnPostgres, upsertCounterSql, type DialectKind } from './dialect/index';
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
  lowered: '\u0001lowered',
  status: -7_654_321,
  limit: -7_654_322,
  offset: -7_654_323,
} as const;
const FILTER_MARK = '\u0001filter:';
/** The search term's stand-in as the "contains" pattern it is compiled into. */
const MARKED_PATTERN = containsPattern(MARK.term);
/** The window column that carries a rare search's count along with its page (removed from the rows). */
const TOTAL_COLUMN = 'posauto_list_total';

/**
 * Equality filters of one request: qualified column -> value (undefined: not filtered). Columns come from the
 * code, never from the request; values are parameters, swapped into cached statements like the others.
 */
export type ListFilters = Readonly<Record<string, string | number | undefined>>;
const compiledLists = new WeakMap<Kysely<Database>, Map<string, CompiledQuery>>();

/**
 * `prepared`: also run it as a prepared statement on PostgreSQL (planned once per connection; see preparedOnPostgres).
 * Only for statements whose plan does not hang on the values (key lookups; a page whose LIMIT and OFFSET are written
 * in: as values, a generic plan could not know that a page is 10 rows).
 */
function compiledFor(db: Kysely<Database>, key: string, build: () => { compile(): CompiledQuery }, prepared = false): CompiledQuery {
  let byKey = compiledLists.get(db);
  if (!byKey) compiledLists.set(db, (byKey = new Map()));
  let compiled = byKey.get(key);
  if (!compiled) {
    byKey.set(key, (compiled = build().compile()));
    if (prepared) preparedOnPostgres(compiled.sql);
  }
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
  const size = query.per_page === 'all' ? null : Number(query.per_page);
  const current = size ? query.page : 1;
  const limit = size ?? LIST_ALL_LIMIT;
  const offset = size ? (current - 1) * size : 0;
  let rows: T[];
  let total: number;
  if (list.pageWithTotal) {
    // One pass through the index for both (see pageWithTotal); a page past the end still needs the count.
    const page = await list.pageWithTotal(limit, offset);
    rows = page.rows;
    total = page.total ?? (offset === 0 ? 0 : await list.total());
  } else if (list.counted) {
    // The unfiltered total rides along with the page (see page()); an empty page reads it on its own.
    rows = await list.page(limit, offset, true);
    const carried = rows.length ? Number((rows[0] as Record<string, unknown>)[TOTAL_COLUMN]) : undefined;
    for (const row of rows) delete (row as Partial<Record<typeof TOTAL_COLUMN, number>>)[TOTAL_COLUMN];
    total = carried ?? (await list.total());
  } else {
    total = await list.total();
    rows = await list.page(limit, offset);
  }
  const lastPage = size ? Math.max(1, Math.ceil(total / size)) : 1;
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
): {
  total: () => Promise<number>;
  /** `withCounter`: each row also carries the list's counter as TOTAL_COLUMN (only when `counted`). */
  page: (limit: number, offset: number, withCounter?: boolean) => Promise<T[]>;
  /** The total is the list's tenant counter: page(…, true) reads it in the same statement. */
  counted: boolean;
  /** The page and the count of every matching row, in one query: only for searches the statistics know to be rare. */
  pageWithTotal?: (limit: number, offset: number) => Promise<{ rows: T[]; total: number | undefined }>;
} {
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
        marked ? MARK.lowered : searched.lowered,
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
  const pageQuery = (
    biz: string,
    term: string | undefined,
    st: number | undefined,
    limit: number | RawBuilder<number>,
    offset: number | RawBuilder<number>,
    marked = false,
  ) =>
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

  const counted = !filtered && spec.counter !== undefined && cacheKey !== undefined;
  async function page(limit: number, offset: number, withCounter = false): Promise<T[]> {
    if (!cacheKey) return (await pageQuery(businessId, search, status, limit, offset).execute()) as T[];
    // The counter as a scalar subquery of the page: one statement instead of two. On PostgreSQL a round trip costs
    // the server more than the page's own work (the stock page: three statements a request, now two).
    const counter = withCounter && counted ? spec.counter! : undefined;
    // The first page of a plain list on PostgreSQL (what nearly every screen opens on) has its LIMIT and OFFSET written
    // into the statement, so that it can be a prepared statement: planned once per connection, not on every request
    // (planning was most of the stock page's time). Its plan hangs on no value: the shop and filters are keys.
    const first = kind === 'postgres' && searchShape === 'none' && offset === 0;
    // SQLite runs a page in about half the time when its LIMIT is a number in the text rather than a parameter (the
    // stock page at 100,000 products: 53 us against 99 us): the sort under it then keeps only that many rows. The
    // limits are few (the page sizes, LIST_ALL_LIMIT, LIST_BATCH), so are the statements; the offset stays a value.
    const literalLimit = first || kind === 'sqlite';
    const compiled = compiledFor(
      db,
      `${cacheKey}|page|${searchShape}|${status !== undefined}|${sortColumn}|${direction}|${filterShape}|${literalLimit ? limit : ''}|${first ? 0 : ''}|${counter ?? ''}`,
      () => {
        const q = pageQuery(
          MARK.business,
          search === undefined ? undefined : MARK.term,
          status === undefined ? undefined : MARK.status,
          literalLimit ? sql.lit(limit) : MARK.limit,
          first ? sql.lit(0) : MARK.offset,
          true,
        );
        return counter === undefined
          ? q
          : q.select(
              sql<number>`(SELECT tc.value FROM tenant_counters tc WHERE tc.business_id = ${MARK.business} AND tc.name = ${sql.lit(counter)})`.as(
                TOTAL_COLUMN,
              ),
            );
      },
      first,
    );
    return (await db.executeQuery<T>(withValues(compiled, kind, businessId, search, status, limit, offset, filters))).rows;
  }

  /**
   * A rare term's few hits, counted by a window over them in the page's own query: the index is read once instead of
   * twice (count, then page), which is most of such a search's time. Only where the statistics say the term is rare
   * (a common one would carry every hit through the window), and never over a grouped or DISTINCT base, whose rows a
   * window would count before they are merged.
   */
  async function pageWithTotal(limit: number, offset: number): Promise<{ rows: T[]; total: number | undefined }> {
    const withTotal = (q: ReturnType<typeof pageQuery>) => q.select(sql<number>`count(*) over ()`.as(TOTAL_COLUMN));
    const found = cacheKey
      ? (
          await db.executeQuery<T & Record<typeof TOTAL_COLUMN, number>>(
            withValues(
              compiledFor(
                db,
                `${cacheKey}|pagetotal|${searchShape}|${status !== undefined}|${sortColumn}|${direction}|${filterShape}`,
                () =>
                  withTotal(
                    pageQuery(MARK.business, MARK.term, status === undefined ? undefined : MARK.status, MARK.limit, MARK.offset, true),
                  ),
              ),
              kind,
              businessId,
              search,
              status,
              limit,
              offset,
              filters,
            ),
          )
        ).rows
      : ((await withTotal(pageQuery(businessId, search, status, limit, offset)).execute()) as Array<
          T & Record<typeof TOTAL_COLUMN, number>
        >);
    const total = found.length ? Number(found[0]![TOTAL_COLUMN]) : undefined;
    for (const row of found) delete (row as Partial<Record<typeof TOTAL_COLUMN, number>>)[TOTAL_COLUMN];
    return { rows: found, total };
  }
  return { total, page, counted, ...(searched?.rare && !mergesRows(base, businessId, cacheKey) ? { pageWithTotal } : {}) };
}

const merging = new Map<string, boolean>();

/** Whether a list's base query groups or de-duplicates its rows (asked once per cached list). */
function mergesRows(base: ListBase<unknown>, businessId: string, cacheKey: string | undefined): boolean {
  const known = cacheKey === undefined ? undefined : merging.get(cacheKey);
  if (known !== undefined) return known;
  const node = base(businessId).toOperationNode() as SelectQueryNode;
  const merges = node.groupBy !== undefined || node.distinctOn !== undefined || (node.frontModifiers ?? []).length > 0;
  if (cacheKey !== undefined) merging.set(cacheKey, merges);
  return merges;
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
  let searched: ListSearchValue | undefined;
  const parameters = compiled.parameters.map((p) => {
    if (p === MARK.business) return businessId;
    if (typeof p === 'string' && p.startsWith(FILTER_MARK)) return filters[p.slice(FILTER_MARK.length)];
    if (p === MARKED_PATTERN) return containsPattern(search ?? '');
    if (p === MARK.searchValue) return (searched ??= listSearchValue(search ?? '')).value;
    if (p === MARK.fragment1) return (searched ??= listSearchValue(search ?? '')).fragments[0];
    if (p === MARK.fragment2) return (searched ??= listSearchValue(search ?? '')).fragments[1];
    if (p === MARK.lowered) return (searched ??= listSearchValue(search ?? '')).lowered;
    if (p === MARK.status) return status;
    if (p === MARK.limit) return limit;
    if (p === MARK.offset) return offset;
    return p;
  });
  void kind;
  return { ...compiled, parameters };
}

export async function readCounter(db: Kysely<Database>, businessId: string, name: string): Promise<number> {
  const compiled = compiledFor(
    db,
    'tenant_counters',
    () => db.selectFrom('tenant_counters').select('value').where('business_id', '=', MARK.business).where('name', '=', '\u0001name'),
    true,
  );
  const parameters = compiled.parameters.map((p) => (p === MARK.business ? businessId : p === '\u0001name' ? name : p));
  const row = (await db.executeQuery<{ value: number }>({ ...compiled, parameters })).rows[0];
  return Number(row?.value ?? 0);
}

/** Call inside the same transaction as the insert or delete it counts. */
export async function bumpCounter(db: Kysely<Database>, kind: DialectKind, businessId: string, name: string, delta: number): Promise<void> {
  await upsertCounterSql(kind, businessId, name, delta).execute(db);
}
