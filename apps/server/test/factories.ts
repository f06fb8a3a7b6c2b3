/**
 * Factories shared by the server suites: another shop with its owner, another user, role or branch owner of a shop,
 * a request context built from the database (for service tests), and row counts for "nothing changed" checks.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Permission } from '@posauto/shared/permissions';
import type { Deps } from '../src/deps';
import type { RequestContext } from '../src/http/context';
import { newId } from '../src/lib/ids';
import { hashPassword } from '../src/lib/secrets';
import { addUser, createBusiness, type CreatedBusiness, type NewBusiness } from '../src/modules/businesses/index';

export interface TestShop extends CreatedBusiness {
  login: { email: string; password: string };
}

/** A second shop (Premium, two branches, preset roles, unless told otherwise) whose owner holds every permission of its package. */
export async function createShop(
  deps: Deps,
  options: {
    shopName?: string;
    status?: NewBusiness['status'];
    email?: string;
    package?: NewBusiness['package'];
    branches?: string[];
  } = {},
): Promise<TestShop> {
  const email = options.email ?? `owner-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'other-owner-1234';
  const passwordHash = await hashPassword(password);
  const created = await deps.db.transaction().execute((trx) =>
    createBusiness(
      trx,
      {
        shopName: options.shopName ?? 'Other Shop',
        shopType: 'coffee_shop',
        package: options.package ?? 'premium',
        status: options.status ?? 'active',
        branches: options.branches ?? ['Main', 'Second'],
        owner: { firstName: 'Other', lastName: 'Owner', email, passwordHash },
      },
      deps.clock.now().toISOString(),
    ),
  );
  return { ...created, login: { email, password } };
}

/** The context a signed-in user would get, read from the database by email. */
export async function contextFor(deps: Deps, email: string): Promise<RequestContext> {
  const u = await deps.db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) => j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'))
    .select(['u.id', 'u.business_id', 'u.branch_id', 'r.permissions'])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    businessId: u.business_id,
    userId: u.id,
    branchId: u.branch_id,
    permissions: new Set(JSON.parse(u.permissions) as Permission[]),
    sessionId: `test-${randomBytes(4).toString('hex')}`,
    ip: '127.0.0.1',
  };
}

/** Another user of an existing shop, with one of its preset roles, optionally tied to a branch. */
export async function addShopUser(
  deps: Deps,
  options: { businessId: string; roleId: string; branchId: string | null },
): Promise<{ userId: string; login: { email: string; password: string } }> {
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'shop-user-1234';
  const passwordHash = await hashPassword(password);
  const userId = await deps.db
    .transaction()
    .execute((trx) =>
      addUser(trx, { ...options, firstName: 'Shop', lastName: 'User', email, passwordHash }, deps.clock.now().toISOString()),
    );
  return { userId, login: { email, password } };
}

/** A role of the shop's own (not a preset) with only these permissions, written straight to the table. */
export async function addRole(deps: Deps, businessId: string, name: string, permissions: readonly string[]): Promise<string> {
  const id = newId();
  const at = deps.clock.now().toISOString();
  await deps.db
    .insertInto('roles')
    .values({
      business_id: businessId,
      id,
      name,
      permissions: JSON.stringify(permissions),
      is_preset: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** The id of the shop's preset "Owner" role. */
export async function ownerRoleId(deps: Deps, businessId: string): Promise<string> {
  const role = await deps.db
    .selectFrom('roles')
    .select('id')
    .where('business_id', '=', businessId)
    .where('name', '=', 'Owner')
    .executeTakeFirstOrThrow();
  return role.id;
}

/**
 * Another user with the Owner role, tied to the branch of a colleague (the user with this e-mail) and in the same
 * shop: every permission, but one branch's records only.
 */
export async function addBranchOwner(deps: Deps, colleagueEmail: string): ReturnType<typeof addShopUser> {
  const colleague = await deps.db
    .selectFrom('users')
    .select(['business_id', 'branch_id'])
    .where('email', '=', colleagueEmail)
    .executeTakeFirstOrThrow();
  const roleId = await ownerRoleId(deps, colleague.business_id);
  return addShopUser(deps, { businessId: colleague.business_id, roleId, branchId: colleague.branch_id });
}

/** A stock notification written straight to the table, as the stock module will write them. */
export async function insertStockNotification(
  deps: Deps,
  row: {
    businessId: string;
    branchId: string;
    name: string;
    stockLevel: number;
    createdAt?: string;
    readAt?: string | null;
    image?: string | null;
  },
): Promise<string> {
  const id = newId();
  await deps.db
    .insertInto('stock_notifications')
    .values({
      business_id: row.businessId,
      id,
      branch_id: row.branchId,
      product_id: null,
      name: row.name,
      image: row.image ?? null,
      stock_level: row.stockLevel,
      created_at: row.createdAt ?? deps.clock.now().toISOString(),
      read_at: row.readAt ?? null,
    })
    .execute();
  return id;
}

type TenantTable = 'categories' | 'audit_log' | 'sessions' | 'users' | 'stock_notifications';

/** Rows of one table belonging to one shop, counted by the database itself. */
export async function countRows(deps: Deps, table: TenantTable, businessId: string): Promise<number> {
  const row = await deps.db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
