import { sql, type Kysely } from 'kysely';
import { FLOOR_LIMITS } from '@posauto/shared/schemas/restaurant';
import type { Database } from '../../db/types';
import { conflict, unprocessable } from '../../http/errors';

/** The branch-owned set-up tables: each has business_id, id, branch_id and a name unique per branch. */
export type FloorTableName = 'floor_areas' | 'floor_tables' | 'kitchen_stations';

export const NAME_TAKEN = 'restaurant.errors.name_taken';

const LIMITS: Record<FloorTableName, number> = {
  floor_areas: FLOOR_LIMITS.areasPerBranch,
  floor_tables: FLOOR_LIMITS.tablesPerBranch,
  kitchen_stations: FLOOR_LIMITS.stationsPerBranch,
};

/** 409 when another row of the branch already has this name, whatever its case. */
export async function assertNameFree(
  trx: Kysely<Database>,
  table: FloorTableName,
  at: { businessId: string; branchId: string },
  name: string,
  exceptId: string | null,
): Promise<void> {
  const db = trx as unknown as Kysely<Record<FloorTableName, { business_id: string; id: string; branch_id: string; name: string }>>;
  let q = db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', at.businessId)
    .where('branch_id', '=', at.branchId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(NAME_TAKEN, 'name');
}

/** 422 when the branch already holds as many of these as FLOOR_LIMITS allows. */
export async function assertRoom(
  trx: Kysely<Database>,
  table: FloorTableName,
  at: { businessId: string; branchId: string },
): Promise<void> {
  const db = trx as unknown as Kysely<Record<FloorTableName, { business_id: string; branch_id: string }>>;
  const row = await db
    .selectFrom(table)
    .select(sql<number | string>`count(*)`.as('n'))
    .where('business_id', '=', at.businessId)
    .where('branch_id', '=', at.branchId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= LIMITS[table]) throw unprocessable('restaurant.errors.too_many');
}

/** Whether a table has an order that is not cleared yet (open, or paid and the table not freed). */
export async function tableInUse(trx: Kysely<Database>, businessId: string, tableId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('table_orders')
    .select('id')
    .where('business_id', '=', businessId)
    .where('table_id', '=', tableId)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
