import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListMeta, ListQuery } from '@posauto/shared/schemas/common';
import { containsInsensitive, upsertCounterSql, type DialectKind } from './dialect/index';
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
export async function runList<T>(
  db: Kysely<Database>,
  kind: DialectKind,
  businessId: string,
  base: SelectQueryBuilder<any, any, T>,
  query: ListQuery,
  spec: ListSpec,
): Promise<ListResult<T>> {
  let q = base;
  const search = query.search?.trim();
  if (search) {
    q = q.where((eb) => eb.or(spec.searchColumns.map((c) => containsInsensitive(kind, sql.ref(c), search))));
  }
  if (query.status && spec.statusColumn) {
    q = q.where(sql.ref(spec.statusColumn), '=', query.status === 'active' ? 1 : 0);
  }
  const filtered = Boolean(search) || Boolean(query.status && spec.statusColumn);

  const total = !filtered && spec.counter
    ? await readCounter(db, businessId, spec.counter)
    : Number((await q.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirst() as { n: number } | undefined)?.n ?? 0);

  const sortColumn = (query.sort && spec.sorts[query.sort]) || spec.defaultSort;
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  let page = q.orderBy(sql.ref(sortColumn), direction).orderBy(sql.ref(spec.idColumn), direction);

  const size = query.per_page === 'all' ? null : Number(query.per_page);
  const lastPage = size ? Math.max(1, Math.ceil(total / size)) : 1;
  const current = size ? query.page : 1;
  if (size) page = page.limit(size).offset((current - 1) * size);
  const rows = await page.execute();
  return { rows, meta: { page: current, per_page: query.per_page, total, last_page: lastPage } };
}

export async function readCounter(db: Kysely<Database>, businessId: string, name: string): Promise<number> {
  const row = await db
    .selectFrom('tenant_counters')
    .select('value')
    .where('business_id', '=', businessId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Call inside the same transaction as the insert or delete it counts. */
export async function bumpCounter(db: Kysely<Database>, kind: DialectKind, businessId: string, name: string, delta: number): Promise<void> {
  await upsertCounterSql(kind, businessId, name, delta).execute(db);
}
