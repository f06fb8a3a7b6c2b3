import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListMeta, ListQuery } from '@posauto/shared/schemas/common';
import { containsInsensitive, containsPattern, upsertCounterSql, type DialectKind } from './dialect/index';
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
  /** tenant_counters entry holding the unfiltered total, so big lists do not count rows per request. */
  counter?: string;
}

export interface ListResult<T> {
  rows: T[];
  meta: ListMeta;
}

/**
 * Applies search, status filter, sort and page to a query that is already scoped to one business.
 * `per_page: 'all'` returns every matching row.
 */
/** The list's base query for one business (already joined and scoped by business_id). */
export type ListBase<T> = (businessId: string) => SelectQueryBuilder<any, any, T>;

// Stand-ins compiled into cached statements and swapped for the real values on every run.
const MARK = { business: '\u0001business', term: '\u0001term', status: -7_654_321, limit: -7_654_322, offset: -7_654_323 } as const;
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
 * Applies search, status filter, sort and page to the business's base query. `per_page: 'all'` returns every
 * matching row. With a `cacheKey` (the base query's shape depends on nothing but the business), the SQL of each
 * shape is compiled once and reused with the request's values: building queries costs as much as running them.
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
  const search = query.search?.trim() || undefined;
  const status = query.status && spec.statusColumn ? (query.status === 'active' ? 1 : 0) : undefined;
  const sortColumn = (query.sort && spec.sorts[query.sort]) || spec.defaultSort;
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const size = query.per_page === 'all' ? null : Number(query.per_page);
  const filterColumns = Object.keys(filters)
    .filter((c) => filters[c] !== undefined)
    .sort();
  const filterShape = filterColumns.join(',');

  const filteredQuery = (biz: string, term: string | undefined, st: number | undefined, marked = false) => {
    let q = base(biz);
    if (term !== undefined) q = q.where((eb) => eb.or(spec.searchColumns.map((c) => containsInsensitive(kind, sql.ref(c), term))));
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
    limit: number | null,
    offset: number,
    marked = false,
  ) => {
    const q = filteredQuery(biz, term, st, marked).orderBy(sql.ref(sortColumn), direction).orderBy(sql.ref(spec.idColumn), direction);
    return limit === null ? q : q.limit(limit).offset(offset);
  };

  const filtered = search !== undefined || status !== undefined || filterColumns.length > 0;
  let total: number;
  if (!filtered && spec.counter) total = await readCounter(db, businessId, spec.counter);
  else if (cacheKey) {
    const compiled = compiledFor(db, `${cacheKey}|count|${search !== undefined}|${status !== undefined}|${filterShape}`, () =>
      countQuery(MARK.business, search === undefined ? undefined : MARK.term, status === undefined ? undefined : MARK.status, true),
    );
    total = Number(
      (await db.executeQuery<{ n: number }>(withValues(compiled, kind, businessId, search, status, 0, 0, filters))).rows[0]?.n ?? 0,
    );
  } else {
    total = Number(((await countQuery(businessId, search, status).executeTakeFirst()) as { n: number } | undefined)?.n ?? 0);
  }

  const lastPage = size ? Math.max(1, Math.ceil(total / size)) : 1;
  const current = size ? query.page : 1;
  const offset = size ? (current - 1) * size : 0;
  let rows: T[];
  if (cacheKey) {
    const compiled = compiledFor(
      db,
      `${cacheKey}|page|${search !== undefined}|${status !== undefined}|${sortColumn}|${direction}|${size !== null}|${filterShape}`,
      () =>
        pageQuery(
          MARK.business,
          search === undefined ? undefined : MARK.term,
          status === undefined ? undefined : MARK.status,
          size === null ? null : MARK.limit,
          MARK.offset,
          true,
        ),
    );
    rows = (await db.executeQuery<T>(withValues(compiled, kind, businessId, search, status, size ?? 0, offset, filters))).rows;
  } else {
    rows = (await pageQuery(businessId, search, status, size, offset).execute()) as T[];
  }
  return { rows, meta: { page: current, per_page: query.per_page, total, last_page: lastPage } };
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
  const parameters = compiled.parameters.map((p) => {
    if (p === MARK.business) return businessId;
    if (typeof p === 'string' && p.startsWith(FILTER_MARK)) return filters[p.slice(FILTER_MARK.length)];
    if (p === markedPattern) return containsPattern(search ?? '');
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
