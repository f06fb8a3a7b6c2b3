import type { Kysely, SelectQueryBuilder, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Deps } from '../deps';
import type { Database } from '../db/types';
import { isForeignKeyViolation } from '../db/dialect/index';
import { transactional } from '../db/transaction';
import { bumpCounter, listBatches, runList, type ListFilters, type ListSpec } from '../db/list';
import { newId } from '../lib/ids';
import { auditFor } from '../kernel/audit';
import { branchFilter, whereBranch, type RequestContext } from './context';
import type { BatchedRows, CrudService } from './crud';
import { conflict, notFound } from './errors';

/** Tenant tables of one named, switchable row each, served by crudTableService. */
export type NamedTable =
  | 'brands'
  | 'units'
  | 'suppliers'
  | 'payment_methods'
  | 'variations'
  | 'service_charges'
  | 'adjustment_types'
  | 'branches'
  | 'customers'
  | 'categories'
  | 'variation_values'
  | 'coupons'
  | 'expense_categories';

/** The columns an input may write: every column of the table but the keys, name, status and time stamps. */
export type WritableColumns<T extends NamedTable> = Omit<
  Updateable<Database[T]>,
  'business_id' | 'id' | 'name' | 'status' | 'created_at' | 'updated_at'
>;
/** C with no key outside Allowed, so a misspelled column is a compile error rather than a failed insert. */
type Exactly<C, Allowed> = C & Allowed & { [K in Exclude<keyof C, keyof Allowed>]: never };

/** The list set-up of a plain setting list: search and sort by name, sort by date or status, filter by status. */
export const DEFAULT_LIST: Omit<ListSpec, 'counter'> = {
  searchColumns: ['t.name'],
  sorts: { name: 't.name', created_at: 't.created_at', status: 't.status' },
  defaultSort: 't.name',
  statusColumn: 't.status',
  idColumn: 't.id',
};

export interface CrudTableConfig<
  T extends NamedTable,
  TItem,
  TInput extends { name: string; status?: boolean | undefined },
  TRow,
  C,
  TQuery extends ListQuery = ListQuery,
> {
  table: T;
  /** audit_log.entity */
  entity: string;
  /** tenant_counters name; also the list's compiled-statement cache key. */
  counter: string;
  /** Message key of the 409 for a name the shop already uses; without it, names may repeat. */
  nameTaken?: string;
  /** Columns the name is unique within (e.g. a variation value's variation), besides the shop. */
  nameScope?: (input: TInput) => Record<string, string>;
  /** The error of a write a unique index refused (a concurrent duplicate); defaults to the nameTaken 409. */
  duplicate?: () => Error;
  /** What differs from DEFAULT_LIST (the table is aliased `t`). */
  list?: Partial<Omit<ListSpec, 'counter'>>;
  /**
   * The `t.` column holding a row's branch (`t.id` for the branches themselves): a branch user lists, reads and
   * changes only its own branch's rows (see http/context.ts); without it the rows are the whole shop's.
   */
  branchColumn?: string;
  /** Equality filters taken from the list query (qualified column -> value). */
  filters?: (query: TQuery) => ListFilters;
  /** The list's base query, already scoped to the business; the table is aliased `t`. */
  select: (db: Kysely<Database>, businessId: string) => SelectQueryBuilder<any, any, TRow>;
  toApi: (row: TRow) => TItem;
  /**
   * The columns an input writes besides the keys, name, status and time stamps; `before` is the row being
   * updated (null on create).
   */
  columns: (
    input: TInput,
    before: TItem | null,
    trx: Kysely<Database>,
    businessId: string,
  ) => Exactly<C, WritableColumns<T>> | Promise<Exactly<C, WritableColumns<T>>>;
  /** Runs first in every write (id null on create): the locks (and limits) the write's rules need. */
  lock?: (trx: Kysely<Database>, businessId: string, id: string | null) => Promise<void>;
  /** Rules beyond the unique name, checked inside the write's transaction (id is null on create). */
  check?: (trx: Kysely<Database>, businessId: string, id: string | null, input: TInput) => Promise<void>;
  /** Refuses (throws) switching off a row, by an update or the status toggle; `before` is the row as it was. */
  beforeDeactivate?: (trx: Kysely<Database>, businessId: string, before: TItem) => Promise<void>;
  /** Further writes of a create, in its transaction, after the row is inserted. */
  afterCreate?: (trx: Kysely<Database>, businessId: string, id: string, input: TInput, at: string) => Promise<void>;
  /** Refuses a delete (throw) while other rows still depend on this one. */
  beforeRemove?: (trx: Kysely<Database>, businessId: string, id: string, row: TItem) => Promise<void>;
  /** Message key of the 409 when a delete is refused by other tables' foreign keys still pointing at the row. */
  inUse?: string;
  /** Audit details of a create or update; defaults to the name. */
  audited?: (input: TInput) => Record<string, unknown>;
  /** Audit details of a delete; none by default. */
  auditRemoved?: (row: TItem) => Record<string, unknown>;
}

/**
 * The CrudService of a simple setting list: every query scoped by business_id, every write in one transaction
 * with its counter bump and audit line, a duplicate name (also a concurrent one) answered as 409.
 */
export function crudTableService<
  T extends NamedTable,
  TItem,
  TInput extends { name: string; status?: boolean | undefined },
  TRow,
  C,
  TQuery extends ListQuery = ListQuery,
>(
  deps: Deps,
  cfg: CrudTableConfig<T, TItem, TInput, TRow, C, TQuery>,
): Required<CrudService<TItem, TInput, TQuery>> & BatchedRows<TItem, TQuery> {
  const { db, kind, clock } = deps;
  const spec: ListSpec = { ...DEFAULT_LIST, ...cfg.list, counter: cfg.counter };
  const table = (trx: Kysely<Database>) => trx as unknown as Kysely<Record<NamedTable, Record<string, unknown>>>;
  const tableName: NamedTable = cfg.table;
  const filtersOf = (ctx: RequestContext, query: TQuery): ListFilters => ({
    ...cfg.filters?.(query),
    ...(cfg.branchColumn ? branchFilter(ctx, cfg.branchColumn) : {}),
  });
  /** Limits a query to the request's branch when the rows belong to branches; `column` as the query names it. */
  const scoped = <Q extends { where(...args: any[]): unknown }>(q: Q, ctx: RequestContext, column = cfg.branchColumn) =>
    column ? whereBranch(q, column, ctx) : q;
  const ownColumn = cfg.branchColumn?.replace(/^t\./, '');
  const audited = cfg.audited ?? ((input: TInput) => ({ name: input.name }));

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<TItem> {
    const row = await scoped(cfg.select(trx, ctx.businessId).where('t.id', '=', id), ctx).executeTakeFirst();
    if (!row) throw notFound();
    return cfg.toApi(row as TRow);
  }
  async function nameTaken(trx: Kysely<Database>, businessId: string, input: TInput, exceptId?: string) {
    if (!cfg.nameTaken) return;
    let q = table(trx)
      .selectFrom(tableName)
      .select('id')
      .where('business_id', '=', businessId)
      .where(sql`lower(name)`, '=', input.name.toLowerCase());
    for (const [column, value] of Object.entries(cfg.nameScope?.(input) ?? {})) q = q.where(column, '=', value);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw conflict(cfg.nameTaken, 'name');
  }
  const write = transactional(db, kind, cfg.duplicate ?? (() => conflict(cfg.nameTaken ?? 'errors.conflict', 'name')));
  async function change(trx: Kysely<Database>, ctx: RequestContext, id: string, set: Record<string, unknown>) {
    const r = await scoped(
      table(trx)
        .updateTable(tableName)
        .set({ ...set, updated_at: clock.now().toISOString() })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', id),
      ctx,
      ownColumn,
    ).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound();
  }
  const audit = auditFor(clock, cfg.entity);

  return {
    async list(ctx, query) {
      const base = (biz: string) => cfg.select(db, biz);
      const { rows, meta } = await runList(db, kind, ctx.businessId, base, query, spec, cfg.counter, filtersOf(ctx, query));
      return { rows: rows.map(cfg.toApi), meta };
    },
    async *rows(ctx, query) {
      const base = (biz: string) => cfg.select(db, biz);
      for await (const batch of listBatches(db, kind, ctx.businessId, base, query, spec, cfg.counter, filtersOf(ctx, query)))
        yield batch.map(cfg.toApi);
    },
    get: (ctx, id) => load(db, ctx, id),
    create: (ctx, input) =>
      write(async (trx) => {
        await cfg.lock?.(trx, ctx.businessId, null);
        await nameTaken(trx, ctx.businessId, input);
        await cfg.check?.(trx, ctx.businessId, null, input);
        const id = newId();
        const at = clock.now().toISOString();
        await table(trx)
          .insertInto(tableName)
          .values({
            business_id: ctx.businessId,
            id,
            name: input.name,
            ...(await cfg.columns(input, null, trx, ctx.businessId)),
            status: input.status === false ? 0 : 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await cfg.afterCreate?.(trx, ctx.businessId, id, input, at);
        await bumpCounter(trx, kind, ctx.businessId, cfg.counter, 1);
        await audit(trx, ctx, 'create', id, audited(input));
        return load(trx, ctx, id);
      }),
    update: (ctx, id, input) =>
      write(async (trx) => {
        await cfg.lock?.(trx, ctx.businessId, id);
        const before = await load(trx, ctx, id);
        await nameTaken(trx, ctx.businessId, input, id);
        await cfg.check?.(trx, ctx.businessId, id, input);
        const columns = await cfg.columns(input, before, trx, ctx.businessId);
        if (input.status === false) await cfg.beforeDeactivate?.(trx, ctx.businessId, before);
        await change(trx, ctx, id, {
          name: input.name,
          ...columns,
          ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
        });
        await audit(trx, ctx, 'update', id, audited(input));
        return load(trx, ctx, id);
      }),
    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        await cfg.lock?.(trx, ctx.businessId, id);
        if (!status && cfg.beforeDeactivate) await cfg.beforeDeactivate(trx, ctx.businessId, await load(trx, ctx, id));
        await change(trx, ctx, id, { status: status ? 1 : 0 });
        await audit(trx, ctx, 'status', id, { status });
        return load(trx, ctx, id);
      }),
    async remove(ctx, id) {
      try {
        await write(async (trx) => {
          await cfg.lock?.(trx, ctx.businessId, id);
          const row = await load(trx, ctx, id);
          await cfg.beforeRemove?.(trx, ctx.businessId, id, row);
          await scoped(
            table(trx).deleteFrom(tableName).where('business_id', '=', ctx.businessId).where('id', '=', id),
            ctx,
            ownColumn,
          ).execute();
          await bumpCounter(trx, kind, ctx.businessId, cfg.counter, -1);
          await audit(trx, ctx, 'delete', id, cfg.auditRemoved?.(row));
        });
      } catch (e) {
        if (cfg.inUse && isForeignKeyViolation(kind, e)) throw conflict(cfg.inUse);
        throw e;
      }
    },
  };
}
