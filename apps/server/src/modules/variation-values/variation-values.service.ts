import type { VariationValue, VariationValueInput, VariationValueQuery } from '@posauto/shared/schemas/setting-lists';
import { sql, type Kysely } from 'kysely';
import type { Deps } from '../../deps';
import { isForeignKeyViolation } from '../../db/dialect/index';
import { bumpCounter, runList, type ListSpec } from '../../db/list';
import { transactional } from '../../db/transaction';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import type { CrudService } from '../../http/crud';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../audit/index';

export const VARIATION_VALUE_COUNTER = 'variation_values';

/**
 * Values are listed by variation (the tie-breaker is the id, i.e. creation order); sort by `sort_order` to see a
 * variation's values in the order the product form offers them.
 */
const LIST: ListSpec = {
  searchColumns: ['t.name', 'v.name'],
  sorts: { variation: 'v.name', name: 't.name', sort_order: 't.sort_order', created_at: 't.created_at', status: 't.status' },
  defaultSort: 'v.name',
  statusColumn: 't.status',
  idColumn: 't.id',
  counter: VARIATION_VALUE_COUNTER,
};

const selectValues = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('variation_values as t')
    .innerJoin('variations as v', (j) => j.onRef('v.business_id', '=', 't.business_id').onRef('v.id', '=', 't.variation_id'))
    .select(['t.id', 't.variation_id', 'v.name as variation_name', 't.name', 't.sort_order', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

type Row = Omit<VariationValue, 'status'> & { status: number };
const toApi = (r: Row): VariationValue => ({ ...r, sort_order: Number(r.sort_order), status: Boolean(r.status) });

/**
 * The values of the shop's variations (Small / Medium / Large of Size). A value's name is unique within its
 * variation; its variation must be one of the shop's (another shop's answers as missing, revealing nothing).
 */
export function variationValuesService(deps: Deps): Required<CrudService<VariationValue, VariationValueInput, VariationValueQuery>> {
  const { db, kind, clock } = deps;
  const write = transactional(db, kind, () => conflict('errors.variation_value_name_taken', 'name'));
  const audit = auditFor(clock, 'variation_value');

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<VariationValue> {
    const row = await selectValues(trx, ctx.businessId).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return toApi(row as Row);
  }
  async function checkVariation(trx: Kysely<Database>, businessId: string, variationId: string) {
    const v = await trx
      .selectFrom('variations')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', '=', variationId)
      .executeTakeFirst();
    if (!v) throw unprocessable('errors.variation_missing', 'variation_id');
  }
  async function checkName(trx: Kysely<Database>, businessId: string, input: VariationValueInput, exceptId?: string) {
    let q = trx
      .selectFrom('variation_values')
      .select('id')
      .where('business_id', '=', businessId)
      .where('variation_id', '=', input.variation_id)
      .where(sql`lower(name)`, '=', input.name.toLowerCase());
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw conflict('errors.variation_value_name_taken', 'name');
  }
  /** After the variation's last value. */
  async function nextSortOrder(trx: Kysely<Database>, businessId: string, variationId: string): Promise<number> {
    const row = await trx
      .selectFrom('variation_values')
      .select((eb) => eb.fn.max('sort_order').as('last'))
      .where('business_id', '=', businessId)
      .where('variation_id', '=', variationId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 1 : Number(row.last) + 1;
  }
  async function change(
    trx: Kysely<Database>,
    ctx: RequestContext,
    id: string,
    set: Partial<Omit<Database['variation_values'], 'business_id' | 'id'>>,
  ) {
    const r = await trx
      .updateTable('variation_values')
      .set({ ...set, updated_at: clock.now().toISOString() })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound();
  }

  return {
    async list(ctx, query) {
      const { rows, meta } = await runList(db, kind, ctx.businessId, (biz) => selectValues(db, biz), query, LIST, VARIATION_VALUE_COUNTER, {
        't.variation_id': query.variation_id,
      });
      return { rows: rows.map((r) => toApi(r as Row)), meta };
    },
    get: (ctx, id) => load(db, ctx, id),
    create: (ctx, input) =>
      write(async (trx) => {
        await checkVariation(trx, ctx.businessId, input.variation_id);
        await checkName(trx, ctx.businessId, input);
        const id = newId();
        const at = clock.now().toISOString();
        await trx
          .insertInto('variation_values')
          .values({
            business_id: ctx.businessId,
            id,
            variation_id: input.variation_id,
            name: input.name,
            sort_order: input.sort_order ?? (await nextSortOrder(trx, ctx.businessId, input.variation_id)),
            status: input.status === false ? 0 : 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await bumpCounter(trx, kind, ctx.businessId, VARIATION_VALUE_COUNTER, 1);
        await audit(trx, ctx, 'create', id, { name: input.name, variation_id: input.variation_id });
        return load(trx, ctx, id);
      }),
    update: (ctx, id, input) =>
      write(async (trx) => {
        const current = await load(trx, ctx, id);
        await checkVariation(trx, ctx.businessId, input.variation_id);
        await checkName(trx, ctx.businessId, input, id);
        const moved = current.variation_id !== input.variation_id;
        const sortOrder = input.sort_order ?? (moved ? await nextSortOrder(trx, ctx.businessId, input.variation_id) : current.sort_order);
        await change(trx, ctx, id, {
          variation_id: input.variation_id,
          name: input.name,
          sort_order: sortOrder,
          ...(input.status === undefined ? {} : { status: input.status ? 1 : 0 }),
        });
        await audit(trx, ctx, 'update', id, { name: input.name, variation_id: input.variation_id });
        return load(trx, ctx, id);
      }),
    setStatus: (ctx, id, status) =>
      write(async (trx) => {
        await change(trx, ctx, id, { status: status ? 1 : 0 });
        await audit(trx, ctx, 'status', id, { status });
        return load(trx, ctx, id);
      }),
    remove: (ctx, id) =>
      write(async (trx) => {
        await load(trx, ctx, id);
        try {
          await trx.deleteFrom('variation_values').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
        } catch (e) {
          // Rows of later modules (product variants) that still name this value.
          if (isForeignKeyViolation(kind, e)) throw conflict('errors.variation_value_in_use');
          throw e;
        }
        await bumpCounter(trx, kind, ctx.businessId, VARIATION_VALUE_COUNTER, -1);
        await audit(trx, ctx, 'delete', id);
      }),
  };
}
