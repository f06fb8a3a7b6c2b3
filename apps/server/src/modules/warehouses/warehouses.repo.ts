import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { shopSettings } from '../settings/index';

/** The warehouses list's base query: one shop's branches, with whether each is the default and how many users work there. */
export const selectWarehouses = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('branches as t')
    // Which branch is the default rides on each row of the list's one statement (db/list.ts), not in a second read.
    .leftJoin('general_settings as g', 'g.business_id', 't.business_id')
    .select((eb) => [
      't.id',
      't.name',
      't.address',
      't.phone',
      't.status',
      't.created_at',
      't.updated_at',
      sql<number>`case when g.default_branch_id = t.id then 1 else 0 end`.as('is_default'),
      eb
        .selectFrom('users as u')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('u.business_id', '=', 't.business_id')
        .whereRef('u.branch_id', '=', 't.id')
        .as('users_count'),
    ])
    .where('t.business_id', '=', businessId);

export type WarehouseRow = Awaited<ReturnType<ReturnType<typeof selectWarehouses>['executeTakeFirstOrThrow']>>;

export async function nameTaken(db: Kysely<Database>, businessId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('branches')
    .select('id')
    .where('business_id', '=', businessId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/**
 * Serialises the branch writes of one shop: the no-op update locks the shop's row on PostgreSQL (SQLite has one
 * writer at a time anyway), so two simultaneous deactivations cannot leave the shop without an active branch.
 */
export async function lockShop(trx: Kysely<Database>, businessId: string): Promise<void> {
  await trx
    .updateTable('businesses')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', businessId)
    .execute();
}

export async function defaultBranchId(db: Kysely<Database>, businessId: string): Promise<string | null> {
  return (await shopSettings(db, businessId)).defaultBranchId;
}

export async function setDefaultBranch(db: Kysely<Database>, businessId: string, branchId: string, at: string): Promise<void> {
  await db
    .updateTable('general_settings')
    .set({ default_branch_id: branchId, updated_at: at })
    .where('business_id', '=', businessId)
    .execute();
}

export async function activeBranchCount(db: Kysely<Database>, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('branches')
    .select(sql<number>`count(*)`.as('n'))
    .where('business_id', '=', businessId)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function usersAt(db: Kysely<Database>, businessId: string, branchId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('business_id', '=', businessId)
    .where('branch_id', '=', branchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
