import type { AdjustmentDirection, AdjustmentType, AdjustmentTypeInput } from '@posauto/shared/schemas/setting-lists';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { crudTableService } from '../../http/crud-table';

export const ADJUSTMENT_TYPE_COUNTER = 'adjustment_types';

const selectAdjustmentTypes = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('adjustment_types as t')
    .select(['t.id', 't.name', 't.direction', 't.description', 't.status', 't.created_at', 't.updated_at'])
    .where('t.business_id', '=', businessId);

/** Named reasons for a stock adjustment, each adding stock or taking it away. */
export function adjustmentTypesService(deps: Deps) {
  return crudTableService(deps, {
    table: 'adjustment_types',
    entity: 'adjustment_type',
    counter: ADJUSTMENT_TYPE_COUNTER,
    nameTaken: 'errors.adjustment_type_name_taken',
    select: selectAdjustmentTypes,
    toApi: (r): AdjustmentType => ({ ...r, direction: r.direction as AdjustmentDirection, status: Boolean(r.status) }),
    columns: (i: AdjustmentTypeInput) => ({ direction: i.direction, description: i.description || null }),
  });
}
