import { FACTOR_DIGITS, FACTOR_SCALE, formatDecimal, parseFactor } from '@posauto/shared/money/index';
import type { Unit, UnitInput } from '@posauto/shared/schemas/catalogue-settings';
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { crudTableService } from '../../http/crud-table';
import { conflict, unprocessable } from '../../http/errors';
import { parentLinkProblem } from '../../lib/parent-link';

export const UNIT_COUNTER = 'units';

const selectUnits = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('units as t')
    .leftJoin('units as b', sameShop('b', 't.base_unit_id'))
    .select([
      't.id',
      't.name',
      't.short_name',
      't.base_unit_id',
      'b.name as base_unit_name',
      't.operation_value',
      't.status',
      't.created_at',
      't.updated_at',
    ])
    .where('t.business_id', '=', businessId);

/** 24_000_000 -> "24", 333_333 -> "0.333333": the exact stored factor, without trailing zeros. */
export const formatFactor = (factor: number) => formatDecimal(factor, FACTOR_DIGITS).replace(/\.?0+$/, '');

const BASE_ERRORS = { self: 'errors.unit_base_self', missing: 'errors.unit_base_missing', cycle: 'errors.unit_base_cycle' } as const;

async function baseOf(db: Kysely<Database>, businessId: string, id: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('units')
    .select('base_unit_id')
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.base_unit_id : undefined;
}

/** A base unit is 1 of itself; a unit's base must exist in the shop and must not lead back to the unit. */
async function checkBase(db: Kysely<Database>, businessId: string, id: string | null, input: UnitInput) {
  const baseId = input.base_unit_id ?? null;
  if (!baseId) {
    if (input.operation_value !== undefined && parseFactor(input.operation_value) !== FACTOR_SCALE)
      throw unprocessable('errors.unit_base_value', 'operation_value');
    return;
  }
  const problem = await parentLinkProblem(id, baseId, (unitId) => baseOf(db, businessId, unitId));
  if (problem) throw unprocessable(BASE_ERRORS[problem], 'base_unit_id');
}

export function unitsService(deps: Deps) {
  return crudTableService(deps, {
    table: 'units',
    entity: 'unit',
    counter: UNIT_COUNTER,
    nameTaken: 'errors.unit_name_taken',
    list: { searchColumns: ['t.name', 't.short_name'] },
    select: selectUnits,
    toApi: (r): Unit => ({
      ...r,
      base_unit_name: r.base_unit_name ?? null,
      operation_value: formatFactor(Number(r.operation_value)),
      status: Boolean(r.status),
    }),
    columns: (i: UnitInput) => ({
      short_name: i.short_name,
      base_unit_id: i.base_unit_id ?? null,
      operation_value: i.base_unit_id ? parseFactor(i.operation_value ?? '1') : FACTOR_SCALE,
    }),
    check: checkBase,
    async beforeRemove(trx, businessId, id) {
      const user = await trx
        .selectFrom('units')
        .select('id')
        .where('business_id', '=', businessId)
        .where('base_unit_id', '=', id)
        .executeTakeFirst();
      if (user) throw conflict('errors.unit_in_use');
      const product = await trx
        .selectFrom('products')
        .select('id')
        .where('business_id', '=', businessId)
        .where((eb) => eb.or([eb('unit_id', '=', id), eb('purchase_unit_id', '=', id), eb('sale_unit_id', '=', id)]))
        .executeTakeFirst();
      if (product) throw conflict('errors.unit_used_by_products');
    },
  });
}
