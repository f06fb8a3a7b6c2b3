import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_PERMISSIONS, CASHIER_PERMISSIONS, MANAGER_PERMISSIONS } from '@posauto/shared/permissions';
import { createTestApp, type TestContext } from '../../../test/harness';
import { newId } from '../../lib/ids';
import { auditLogPermission } from './0028-audit-log-permission';

/** The shops and roles of a database from before the key: every stored role as it was saved then. */
describe('migration 0028-audit-log-permission on a database whose roles predate the key', () => {
  let t: TestContext;
  const before = BUSINESS_PERMISSIONS.filter((p) => p !== 'audit-log');
  const ids = { full: newId(), roleAdmin: newId(), broken: newId() };
  const permissionsOf = async (name: string) => {
    const rows = await t.deps.db.selectFrom('roles').select('permissions').where('name', '=', name).execute();
    return rows.map((r) => JSON.parse(r.permissions) as string[]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const shop = await db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Coffee').executeTakeFirstOrThrow();
    const at = t.clock.now().toISOString();
    const role = (id: string, name: string, permissions: string) => ({
      business_id: shop.id,
      id,
      name,
      permissions,
      is_preset: 0,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('roles')
      .values([
        // A custom role with every shop permission: a full owner role, like the Owner itself.
        role(ids.full, 'Partner', JSON.stringify([...before].reverse())),
        // Managing roles and users is not being an owner.
        role(ids.roleAdmin, 'Role admin', JSON.stringify(['role-management', 'role-list', 'user-management'])),
        role(ids.broken, 'Broken', 'not json'),
      ])
      .execute();
    // Back to the day before: no stored role names the key, and 0028 has not run.
    for (const r of await db.selectFrom('roles').select(['business_id', 'id', 'permissions']).execute()) {
      let held: unknown;
      try {
        held = JSON.parse(r.permissions);
      } catch {
        continue;
      }
      if (Array.isArray(held))
        await db
          .updateTable('roles')
          .set({ permissions: JSON.stringify(held.filter((p) => p !== 'audit-log')) })
          .where('business_id', '=', r.business_id)
          .where('id', '=', r.id)
          .execute();
    }
    expect((await permissionsOf('Owner')).every((p) => !p.includes('audit-log'))).toBe(true);
    // 0028's step alone, as the upgrade ran it (re-running the migrator would meet the later migrations already done).
    await auditLogPermission(t.deps.kind).up(db);
  });
  afterAll(() => t.close());

  it('gives every Owner role the key, and a role that held every other shop permission', async () => {
    const owners = await permissionsOf('Owner');
    // The demo's two shops (Demo Coffee and Demo Karaoke); the platform has no Owner role.
    expect(owners).toHaveLength(2);
    for (const p of owners) expect([...p].sort()).toEqual([...BUSINESS_PERMISSIONS].sort());
    expect((await permissionsOf('Partner'))[0]).toContain('audit-log');
  });

  it('leaves the Manager and Cashier presets, a role that manages roles, a broken role and the platform as they were', async () => {
    for (const p of await permissionsOf('Manager')) expect([...p].sort()).toEqual([...MANAGER_PERMISSIONS].sort());
    for (const p of await permissionsOf('Cashier')) expect(p).not.toContain('audit-log');
    for (const p of await permissionsOf('Cashier')) expect(p).toEqual(expect.arrayContaining([...CASHIER_PERMISSIONS]));
    expect(await permissionsOf('Role admin')).toEqual([['role-management', 'role-list', 'user-management']]);
    const broken = await t.deps.db.selectFrom('roles').select('permissions').where('id', '=', ids.broken).executeTakeFirstOrThrow();
    expect(broken.permissions).toBe('not json');
    for (const p of await permissionsOf('Platform administrator')) expect(p).not.toContain('audit-log');
  });

  it('lets the demo owner open the audit log after the upgrade', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'owner@posauto.local', password: 'owner1234' },
    });
    const token = login.json().access_token as string;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/audit-log', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });
});
