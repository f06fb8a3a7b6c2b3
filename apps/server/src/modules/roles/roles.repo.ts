import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, RolesTable } from '../../db/types';
import { sameShop } from '../../db/same-shop';

/** Roles of one business with how many users hold each; every query is scoped by businessId. */
export function selectRoles(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id',
      'r.name',
      'r.permissions',
      'r.is_preset',
      'r.is_owner',
      'r.max_discount',
      'r.created_at',
      'r.updated_at',
      eb
        .selectFrom('users as u')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('u.business_id', '=', 'r.business_id')
        .whereRef('u.role_id', '=', 'r.id')
        .as('users_count'),
    ])
    .where('r.business_id', '=', businessId);
}

export type RoleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectRoles>['executeTakeFirst']>>>;

export function findRole(db: Kysely<Database>, businessId: string, id: string): Promise<RoleRow | undefined> {
  return selectRoles(db, businessId).where('r.id', '=', id).executeTakeFirst();
}

/** Role names are unique per shop whatever their case (both sides folded by the database's lower()). */
export async function nameTaken(db: Kysely<Database>, businessId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('roles')
    .select('id')
    .where('business_id', '=', businessId)
    .where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function countUsers(db: Kysely<Database>, businessId: string, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('business_id', '=', businessId)
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function packageOf(db: Kysely<Database>, businessId: string): Promise<string> {
  const row = await db.selectFrom('businesses').select('package').where('id', '=', businessId).executeTakeFirst();
  return row?.package ?? '';
}

export async function insertRole(db: Kysely<Database>, row: Insertable<RolesTable>): Promise<void> {
  await db.insertInto('roles').values(row).execute();
}

export async function updateRole(db: Kysely<Database>, businessId: string, id: string, set: Updateable<RolesTable>): Promise<number> {
  const r = await db.updateTable('roles').set(set).where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteRole(db: Kysely<Database>, businessId: string, id: string): Promise<number> {
  const r = await db.deleteFrom('roles').where('business_id', '=', businessId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The largest discount the user's own role gives (hundredths of a percent; the Owner role: everything). */
export async function userDiscountLimit(db: Kysely<Database>, businessId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .select(['r.max_discount', 'r.is_owner'])
    .where('u.business_id', '=', businessId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!r) return 0;
  return r.is_owner ? 10_000 : Number(r.max_discount);
}
