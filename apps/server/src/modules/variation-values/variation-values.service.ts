import type { VariationValue, VariationValueInput, VariationValueQuery } from '@posauto/shared/schemas/setting-lists';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { crudTableService } from '../../http/crud-table';
import { unprocessable } from '../../http/errors';

export const VARIATION_VALUE_COUNTER = 'variation_values';

const selectValues = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('variation_values as t')
    .innerJoin('variations as v', sameShop('v', 't.variation_id'))
    .select(['t.id', 't.variation_id', 'v.name as variation_name', 't.name', 't.sort_order', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

type Row = Omit<VariationValue, 'status'> & { status: number };
const toApi = (r: Row): VariationValue => ({ ...r, sort_order: Number(r.sort_order), status: Boolean(r.status) });

async function checkVariation(trx: Kysely<Database>, businessId: string, variationId: string) {
  const v = await trx
    .selectFrom('variations')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '=', variationId)
    .executeTakeFirst();
  if (!v) throw unprocessable('errors.variation_missing', 'variation_id');
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

/**
 * The values of the shop's variations (Small / Medium / Large of Size). A value's name is unique within its
 * variation; its variation must be one of the shop's (another shop's answers as missing, revealing nothing).
 * Values are listed by variation (the tie-breaker is the id, i.e. creation order); sort by `sort_order` to see a
 * variation's values in the order the product form offers them.
 */
export function variationValuesService(deps: Deps) {
  return crudTableService(deps, {
    table: 'variation_values',
    entity: 'variation_value',
    counter: VARIATION_VALUE_COUNTER,
    nameTaken: 'errors.variation_value_name_taken',
    nameScope: (i: VariationValueInput) => ({ variation_id: i.variation_id }),
    list: {
      searchColumns: ['t.name', 'v.name'],
      sorts: { variation: 'v.name', name: 't.name', sort_order: 't.sort_order', created_at: 't.created_at', status: 't.status' },
      defaultSort: 'v.name',
    },
    filters: (query: VariationValueQuery) => ({ 't.variation_id': query.variation_id }),
    select: selectValues,
    toApi: (r) => toApi(r as Row),
    // A new value, or one moved to another variation, goes after that variation's last value unless told otherwise.
    async columns(i: VariationValueInput, before: VariationValue | null, trx, businessId) {
      const stays = before !== null && before.variation_id === i.variation_id;
      return {
        variation_id: i.variation_id,
        sort_order: i.sort_order ?? (stays ? before.sort_order : await nextSortOrder(trx, businessId, i.variation_id)),
      };
    },
    check: (trx, businessId, _id, input) => checkVariation(trx, businessId, input.variation_id),
    // Rows of later modules (product variants) that still name this value.
    inUse: 'errors.variation_value_in_use',
    audited: (i) => ({ name: i.name, variation_id: i.variation_id }),
  });
}
