import { sql, type Kysely, type Updateable } from 'kysely';
import { forUpdate, type DialectKind } from '../../db/dialect/index';
import type { Database, UsersTable } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { whereBranch } from '../../http/context';

/**
 * Which staff a request may see: always one shop; the branch-users screens only users bound to a branch; a
 * branch user (branchId set) only the users of their own branch (whereBranch). Every read and write below applies it.
 */
export interface UserScope {
  businessId: string;
  branchId: string | null;
  branchUsersOnly: boolean;
}

const COLUMNS = [
  'u.id',
  'u.first_name',
  'u.last_name',
  'u.gender',
  'u.email',
  'u.phone',
  'u.role_id',
  'r.name as role_name',
  'r.permissions as role_permissions',
  'r.is_owner as role_is_owner',
  'u.branch_id',
  'b.name as branch_name',
  'u.status',
  'u.is_owner',
  'u.created_at',
  'u.updated_at',
] as const;

/** The list's base query: the shop's staff with their role and branch, before the caller's branch is applied. */
export function selectUsers(db: Kysely<Database>, businessId: string, branchUsersOnly: boolean) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .leftJoin('branches as b', sameShop('b', 'u.branch_id'))
    .select(COLUMNS)
    .where('u.business_id', '=', businessId);
  if (branchUsersOnly) q = q.where('u.branch_id', 'is not', null);
  return q;
}

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirst']>>>;

export function findUser(db: Kysely<Database>, scope: UserScope, id: string): Promise<UserRow | undefined> {
  return whereBranch(
    selectUsers(db, scope.businessId, scope.branchUsersOnly).where('u.id', '=', id),
    'u.branch_id',
    scope,
  ).executeTakeFirst();
}

/** Emails sign people in across every shop, so one is taken whichever shop holds it. */
export async function emailTaken(db: Kysely<Database>, email: string, exceptUserId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return Boolean(await q.executeTakeFirst());
}

export function findRole(db: Kysely<Database>, businessId: string, roleId: string) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions', 'is_owner'])
    .where('business_id', '=', businessId)
    .where('id', '=', roleId)
    .executeTakeFirst();
}

export async function branchExists(db: Kysely<Database>, businessId: string, branchId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('branches').select('id').where('business_id', '=', businessId).where('id', '=', branchId).executeTakeFirst(),
  );
}

export async function insertUser(db: Kysely<Database>, row: Database['users']): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Updates one user inside the scope; answers how many rows changed (0: not the caller's to change). */
export async function updateUser(db: Kysely<Database>, scope: UserScope, id: string, set: Updateable<UsersTable>): Promise<number> {
  let q = db.updateTable('users').set(set).where('business_id', '=', scope.businessId).where('id', '=', id);
  if (scope.branchUsersOnly) q = q.where('branch_id', 'is not', null);
  const r = await whereBranch(q, 'branch_id', scope).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteUser(db: Kysely<Database>, scope: UserScope, id: string): Promise<number> {
  let q = db.deleteFrom('users').where('business_id', '=', scope.businessId).where('id', '=', id);
  if (scope.branchUsersOnly) q = q.where('branch_id', 'is not', null);
  const r = await whereBranch(q, 'branch_id', scope).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The shop's active owners with their role, the owners' rows locked first (always in id order, so two
 * changes to owners wait for each other instead of deadlocking or both seeing the other still there).
 */
export async function activeOwners(db: Kysely<Database>, kind: DialectKind, businessId: string) {
  await forUpdate(
    kind,
    db.selectFrom('users').select('id').where('business_id', '=', businessId).where('is_owner', '=', 1).orderBy('id'),
  ).execute();
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .select(['u.id', 'u.role_id', 'r.permissions', 'r.is_owner as role_is_owner'])
    .where('u.business_id', '=', businessId)
    .where('u.is_owner', '=', 1)
    .where('u.status', '=', 'active')
    .execute();
}

/** The shop's branches for the forms' selects; a branch user gets only their own. */
export function branchOptions(db: Kysely<Database>, businessId: string, branchId: string | null) {
  let q = db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', businessId);
  if (branchId) q = q.where('id', '=', branchId);
  return q
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
