import type { Kysely, SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Deps } from '../deps';
import type { Database } from '../db/types';
import { isForeignKeyViolation } from '../db/dialect/index';
import { transactional } from '../db/transaction';
import { bumpCounter, runList, type ListSpec } from '../db/list';
import { newId } from '../lib/ids';
import { auditFor } from '../modules/audit/index';
import type { RequestContext } from './context';
import type { CrudService } from './crud';
import { conflict, notFound } from './errors';

/** Tenant tables of one named, switchable row each (name unique per shop), served by crudTableService. */
export type NamedTable =
  'brands' | 'units' | 'suppliers' | 'payment_methods' | 'variations' | 'service_charges' | 'adjustment_types' | 'branches' | 'customers';

export interface CrudTableConfig<TItem, TInput extends { name: string; status?: boolean | undefined }, TRow> {
  table: NamedTable;
  /** audit_log.entity */
  entity: string;
  /** tenant_counters name; also the list's compiled-statement cache key. */
  counter: string;
  /** Message key of the 409 for a name the shop already uses. */
  nameTaken: string;
  list: Omit<ListSpec, 'counter'>;
  /** The list's base query, already scoped to the business; the table is aliased `t`. */
  select: (db: Kysely<Database>, businessId: string) => SelectQueryBuilder<any, any, TRow>;
  toApi: (row: TRow) => TItem;
  /** The columns an input writes, besides the keys, name, status and time stamps. */
  columns: (input: TInput) => Record<string, unknown>;
  /** Rules beyond the unique name, checked inside the write's transaction (id is null on create). */
  check?: (trx: Kysely<Database>, businessId: string, id: string | null, input: TInput) => Promise<void>;
  /** Refuses a delete (throw) while other rows still depend on this one. */
  beforeRemove?: (trx: Kysely<Database>, businessId: string, id: string) => Promise<void>;
  /** Message key of the 409 when a delete is refused by other tables' foreign keys still pointing at the row. */
  inUse?: string;
}

/**
 * The CrudService of a simple setting list: every query scoped by business_id, every write in one transaction
 * with its counter bump and audit line, a duplicate name (also a concurrent one) answered as 409.
 */
export function crudTableService<TItem, TInput extends { name: string; status?: boolean | undefined }, TRow>(
  deps: Deps,
  cfg: CrudTableConfig<TItem, TInput, TRow>,
): Required<CrudService<TItem, TInput, ListQuery>> {
  const { db, kind, clock } = deps;
  const spec: ListSpec = { ...cfg.list, counter: cfg.counter };
  const table = (trx: Kysely<Database>) => trx as unknown as Kysely<Record<NamedTable, Record<string, unknown>>>;

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<TItem> {
    const row = await cfg.select(trx, ctx.businessId).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return cfg.toApi(row as TRow);
  }
  async function nameTaken(trx: Kysely<Database>, businessId: string, name: string, exceptId?: string) {
    let q = table(trx)
      .selectFrom(cfg.table)
      .select('id')
      .where('business_id', '=', businessId)
      .where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw conflict(cfg.nameTaken, 'name');
  }
  const write = transactional(db, kind, () => conflict(cfg.nameTaken, 'name'));
  async function change(trx: Kysely<Database>, ctx: RequestContext, id: string, set: Record<string, unknown>) {
    const r = await table(trx)
      .updateTable(cfg.table)
      .set({ ...set, updated_at: clock.now().toISOString() })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound();
  }
  const audit = auditFor(clock, cfg.entity);

  return {
    async list(ctx, query) {
      const { rows, meta } = await runList(db, kind, ctx.businessId, (biz) => cfg.select(db, biz), query, spec, cfg.counter);
      return { rows: rows.map(cfg.toApi), meta };
    },
    get: (ctx, id) => load(db, ctx, id),
    create: (ctx, input) =>
      write(async (trx) => {
        await nameTaken(trx, ctx.businessId, input.name);
        await cfg.check?.(trx, ctx.businessId, null, input);
        const id = newId();
        const at = clock.now().toISOString();
        await table(trx)
          .insertInto(cfg.table)
          .values({
            business_id: ctx.businessId,
            id,
            name: input.name,
            ...cfg.columns(input),
            status: input.status === false ? 0 : 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await bumpCounter(trx, kind, ctx.businessId, cfg.counter, 1);
        await audit(trx, ctx, 'create', id, { name: input.name });
        return load(trx, ctx, id);
      }),
    update: (ctx, id, input) =>
      write(async (trx) => {
        await load(trx, ctx, id);
        await nameTaken(trx, ctx.businessId, input.name, id);
        await cfg.check?.(trx, ctx.businessId, id, input);
        await change(trx, ctx, id, {
          name: input.name,
          ...cfg.columns(input),
          ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
        });
        await audit(trx, ctx, 'update', id, { name: input.name });
        return load(trx, ctx, id);
      }),
    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        await change(trx, ctx, id, { status: status ? 1 : 0 });
        await audit(trx, ctx, 'status', id, { status });
        return load(trx, ctx, id);
      }),
    async remove(ctx, id) {
      try {
        await write(async (trx) => {
          await load(trx, ctx, id);
          await cfg.beforeRemove?.(trx, ctx.businessId, id);
          await table(trx).deleteFrom(cfg.table).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
          await bumpCounter(trx, kind, ctx.businessId, cfg.counter, -1);
          await audit(trx, ctx, 'delete', id);
        });
      } catch (e) {
        if (cfg.inUse && isForeignKeyViolation(kind, e)) throw conflict(cfg.inUse);
        throw e;
      }
    },
  };
}
