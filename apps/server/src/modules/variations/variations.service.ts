import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Variation, VariationInput, VariationWithValues } from '@posauto/shared/schemas/setting-lists';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { CrudService } from '../../http/crud';
import { crudTableService } from '../../http/crud-table';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';

export const VARIATION_COUNTER = 'variations';

type VariationRow = Omit<Variation, 'values'>;

const selectVariations = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('variations as t')
    .select(['t.id', 't.name', 't.description', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

/** The values of the given variations of one shop, each variation's in its order. */
async function valuesOf(db: Kysely<Database>, businessId: string, variationIds: string[]) {
  const byVariation = new Map<string, Variation['values']>();
  if (!variationIds.length) return byVariation;
  const rows = await db
    .selectFrom('variation_values')
    .select(['variation_id', 'id', 'name', 'status'])
    .where('business_id', '=', businessId)
    .where('variation_id', 'in', variationIds)
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = byVariation.get(r.variation_id) ?? [];
    list.push({ id: r.id, name: r.name, status: Boolean(r.status) });
    byVariation.set(r.variation_id, list);
  }
  return byVariation;
}

/**
 * Variations on the generic setting-list service, each answered with its values. A variation that still has
 * values cannot be deleted (409): its values go first, so nothing is removed by surprise.
 */
export function variationsService(deps: Deps): Required<CrudService<Variation, VariationInput, ListQuery>> {
  const base = crudTableService(deps, {
    table: 'variations',
    entity: 'variation',
    counter: VARIATION_COUNTER,
    nameTaken: 'errors.variation_name_taken',
    select: selectVariations,
    toApi: (r): VariationRow => ({ ...r, status: Boolean(r.status) }),
    columns: (input: VariationInput) => ({ description: input.description || null }),
    async beforeRemove(trx, businessId, id) {
      const value = await trx
        .selectFrom('variation_values')
        .select('id')
        .where('business_id', '=', businessId)
        .where('variation_id', '=', id)
        .executeTakeFirst();
      if (value) throw conflict('errors.variation_has_values');
    },
    // Rows of later modules (product variants) that still name this variation.
    inUse: 'errors.variation_in_use',
  });

  const withValues = async (ctx: RequestContext, rows: VariationRow[]): Promise<Variation[]> => {
    const values = await valuesOf(
      deps.db,
      ctx.businessId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, values: values.get(r.id) ?? [] }));
  };
  const one = async (ctx: RequestContext, row: Promise<VariationRow>) => (await withValues(ctx, [await row]))[0]!;

  return {
    async list(ctx, query) {
      const { rows, meta } = await base.list(ctx, query);
      return { rows: await withValues(ctx, rows), meta };
    },
    get: (ctx, id) => one(ctx, base.get(ctx, id)),
    create: (ctx, input) => one(ctx, base.create(ctx, input)),
    update: (ctx, id, input) => one(ctx, base.update(ctx, id, input)),
    setStatus: (ctx, id, status) => one(ctx, base.setStatus(ctx, id, status)),
    remove: (ctx, id) => base.remove(ctx, id),
  };
}

/**
 * The shop's active variations with their active values, ordered by variation name, then each value's sort order
 * and name: the choices of the product form. A variation without active values comes with an empty list.
 */
export async function listVariationsWithValues(db: Kysely<Database>, businessId: string): Promise<VariationWithValues[]> {
  const rows = await db
    .selectFrom('variations as v')
    .leftJoin('variation_values as x', (j) =>
      j.onRef('x.business_id', '=', 'v.business_id').onRef('x.variation_id', '=', 'v.id').on('x.status', '=', 1),
    )
    .select(['v.id as variation_id', 'v.name as variation_name', 'x.id as value_id', 'x.name as value_name'])
    .where('v.business_id', '=', businessId)
    .where('v.status', '=', 1)
    .orderBy('v.name')
    .orderBy('v.id')
    .orderBy('x.sort_order')
    .orderBy('x.name')
    .orderBy('x.id')
    .execute();
  const out: VariationWithValues[] = [];
  for (const r of rows) {
    let last = out[out.length - 1];
    if (!last || last.id !== r.variation_id) out.push((last = { id: r.variation_id, name: r.variation_name, values: [] }));
    if (r.value_id !== null && r.value_name !== null) last.values.push({ id: r.value_id, name: r.value_name });
  }
  return out;
}
