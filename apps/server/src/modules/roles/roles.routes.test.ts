import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_PERMISSIONS, CASHIER_PERMISSIONS, PERMISSION_GROUPS } from '@posauto/shared/permissions';
import type { Role } from '@posauto/shared/schemas/accounts';
import { addShopUser, createShop, type TestShop } from '../../../test/factories';
import { bearer, CASHIER, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

const BASE = '/api/v1/roles';
const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('role routes', () => {
  let t: TestContext;
  let owner: string;
  let cashier: string;
  let otherShop: TestShop;
  let other: string;
  let foreign: Role;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await loginAs(t.app, OWNER);
    cashier = await loginAs(t.app, CASHIER);
    otherShop = await createShop(t.deps, { shopName: 'Rival Karaoke' });
    other = await loginAs(t.app, otherShop.login);
    foreign = (await call('POST', BASE, other, { name: 'Rival night shift', permissions: ['sale-pos'] })).json().data;
  });
  afterAll(() => t.close());

  function call(method: Method, url: string, token: string | null, payload?: unknown, lang: string | null = 'en') {
    const headers: Record<string, string> = token === null ? {} : bearer(token);
    if (lang) headers['accept-language'] = lang;
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const snapshot = async () => (await call('GET', `${BASE}?per_page=all&sort=name`, owner)).json().data as Role[];
  const roleNamed = async (name: string) => (await snapshot()).find((r) => r.name === name)!;
  /** A user of the demo shop holding a new role with exactly these permissions, signed in. */
  async function signedInWith(permissions: string[], name = `Role ${Math.random().toString(36).slice(2, 8)}`) {
    const role = (await call('POST', BASE, owner, { name, permissions })).json().data as Role;
    const shopId = (await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow())
      .business_id;
    const user = await addShopUser(t.deps, { businessId: shopId, roleId: role.id, branchId: null });
    return { role, token: await loginAs(t.app, user.login), userId: user.userId };
  }

  describe('who may call', () => {
    it('answers 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', BASE],
        ['POST', BASE],
        ['GET', `${BASE}/export`],
        ['GET', `${BASE}/${MISSING_ID}`],
        ['PUT', `${BASE}/${MISSING_ID}`],
        ['DELETE', `${BASE}/${MISSING_ID}`],
        ['GET', '/api/v1/permissions'],
      ] as const) {
        const res = await call(method, url, null, method === 'POST' || method === 'PUT' ? { name: 'Sneaky', permissions: [] } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue' });
      }
    });

    it('answers 403 to the demo cashier, who holds no role permission, and changes nothing', async () => {
      const before = await snapshot();
      const cashierRole = before.find((r) => r.name === 'Cashier')!;
      const attempts: Array<[Method, string, unknown?]> = [
        ['GET', BASE],
        ['GET', `${BASE}/${cashierRole.id}`],
        ['GET', `${BASE}/export?format=csv`],
        ['GET', '/api/v1/permissions'],
        ['POST', BASE, { name: 'Cashier made', permissions: [] }],
        ['PUT', `${BASE}/${cashierRole.id}`, { name: 'Cashier plus', permissions: [...BUSINESS_PERMISSIONS] }],
        ['DELETE', `${BASE}/${cashierRole.id}`],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(method, url, cashier, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('asks each action for its own permission: role-list reads, role-create creates, role-edit edits, role-delete deletes', async () => {
      const { token: reader } = await signedInWith(['role-list']);
      const cashierRole = await roleNamed('Cashier');
      expect((await call('GET', BASE, reader)).statusCode).toBe(200);
      expect((await call('GET', `${BASE}/${cashierRole.id}`, reader)).statusCode).toBe(200);
      expect((await call('GET', '/api/v1/permissions', reader)).statusCode).toBe(200);
      expect((await call('POST', BASE, reader, { name: 'Reader made', permissions: [] })).statusCode).toBe(403);
      expect((await call('PUT', `${BASE}/${cashierRole.id}`, reader, { name: 'Cashier', permissions: [] })).statusCode).toBe(403);
      expect((await call('DELETE', `${BASE}/${cashierRole.id}`, reader)).statusCode).toBe(403);

      const { token: creator } = await signedInWith(['role-create']);
      expect((await call('GET', BASE, creator)).statusCode).toBe(403);
      expect((await call('POST', BASE, creator, { name: 'Creator made', permissions: ['role-create'] })).statusCode).toBe(201);
    });
  });

  describe('invalid input', () => {
    it('answers 400 with a message per field in English', async () => {
      const before = await snapshot();
      const res = await call('POST', BASE, owner, { name: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: { name: 'Please enter role name', permissions: 'Incorrect Data' },
      });
      const long = await call('POST', BASE, owner, { name: 'x'.repeat(61), permissions: [] });
      expect(long.json().errors).toEqual({ name: 'This text is too long' });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a permission key that does not exist, naming the field', async () => {
      const before = await snapshot();
      const res = await call('POST', BASE, owner, { name: 'Made up', permissions: ['sale-pos', 'launch-missiles'] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: { permissions: 'This permission does not exist' },
      });
      const update = await call('PUT', `${BASE}/${(await roleNamed('Cashier')).id}`, owner, { name: 'Cashier', permissions: ['SALE-POS'] });
      expect(update.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 for a malformed id and for a sort the list does not know', async () => {
      expect((await call('GET', `${BASE}/not-a-uuid`, owner)).json().errors).toEqual({ id: 'Incorrect Data' });
      expect((await call('GET', `${BASE}?sort=permissions`, owner)).statusCode).toBe(400);
    });
  });

  describe("another shop's roles", () => {
    it("answers 404 for another shop's role on get, update and delete, and leaves it as it was", async () => {
      for (const [method, body] of [['GET'], ['PUT', { name: 'Stolen', permissions: [] }], ['DELETE']] as const) {
        const res = await call(method, `${BASE}/${foreign.id}`, owner, body);
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual({ message: 'We could not find what you asked for' });
      }
      expect((await call('GET', `${BASE}/${foreign.id}`, other)).json()).toEqual(foreign);
    });

    it('answers 404 for a well-formed id that does not exist', async () => {
      expect((await call('GET', `${BASE}/${MISSING_ID}`, owner)).statusCode).toBe(404);
      expect((await call('DELETE', `${BASE}/${MISSING_ID}`, owner)).statusCode).toBe(404);
    });

    it("never lists another shop's roles", async () => {
      expect((await snapshot()).map((r) => r.id)).not.toContain(foreign.id);
    });
  });

  it('lists the preset roles with their permissions and how many users hold each', async () => {
    const roles = await snapshot();
    const cashierRole = roles.find((r) => r.name === 'Cashier')!;
    expect(cashierRole).toMatchObject({
      is_preset: true,
      users_count: 1,
      max_discount: '10.00',
      permissions: [...CASHIER_PERMISSIONS].sort((a, b) => BUSINESS_PERMISSIONS.indexOf(a) - BUSINESS_PERMISSIONS.indexOf(b)),
    });
    expect(roles.find((r) => r.name === 'Owner')).toMatchObject({
      is_preset: true,
      is_owner: true,
      users_count: 1,
      permissions: [...BUSINESS_PERMISSIONS],
    });
    expect(Object.keys(cashierRole).sort()).toEqual([
      'created_at',
      'id',
      'is_owner',
      'is_preset',
      'max_discount',
      'name',
      'permissions',
      'updated_at',
      'users_count',
    ]);
    const found = (await call('GET', `${BASE}?search=cash`, owner)).json();
    expect(found.data.map((r: Role) => r.name)).toEqual(['Cashier']);
    expect(found.meta.total).toBe(1);
  });

  it('creates, reads, updates and deletes a role', async () => {
    const created = await call('POST', BASE, owner, { name: '  Barista  ', permissions: ['sale-pos', 'product-list', 'sale-pos'] });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('You have created successfully');
    const role = created.json().data as Role;
    expect(role).toMatchObject({ name: 'Barista', permissions: ['product-list', 'sale-pos'], users_count: 0, is_preset: false });
    expect((await call('GET', `${BASE}/${role.id}`, owner)).json()).toEqual(role);

    const updated = await call('PUT', `${BASE}/${role.id}`, owner, { name: 'Head barista', permissions: ['sale-pos', 'stock-listing'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'You have updated successfully',
      data: { name: 'Head barista', permissions: ['stock-listing', 'sale-pos'] },
    });

    const deleted = await call('DELETE', `${BASE}/${role.id}`, owner);
    expect(deleted.json()).toEqual({ message: 'You have successfully deleted' });
    expect((await call('GET', `${BASE}/${role.id}`, owner)).statusCode).toBe(404);
  });

  it('has no status toggle: roles are not switched on and off', async () => {
    const res = await call('PATCH', `${BASE}/${(await roleNamed('Cashier')).id}/status`, owner, { status: false });
    expect(res.statusCode).toBe(404);
  });

  it('answers 409 for a role name that exists in any case, and changes nothing', async () => {
    const before = await snapshot();
    const res = await call('POST', BASE, owner, { name: 'cASHIER', permissions: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A role with this name already exists',
      errors: { name: 'A role with this name already exists' },
    });
    const rename = await call('PUT', `${BASE}/${(await roleNamed('Manager')).id}`, owner, {
      name: 'OWNER',
      permissions: (await roleNamed('Manager')).permissions,
    });
    expect(rename.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
    // Another shop may use the same name.
    expect((await call('POST', BASE, other, { name: 'Barista', permissions: [] })).statusCode).toBe(201);
  });

  it('refuses to delete a role in use, saying how many users hold it', async () => {
    const res = await call('DELETE', `${BASE}/${(await roleNamed('Cashier')).id}`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This role is given to 1 user(s). Give them another role before deleting it.' });
    expect((await roleNamed('Cashier')).users_count).toBe(1);
  });

  it('refuses to grant a permission the caller does not hold, without naming it', async () => {
    const { token } = await signedInWith(['role-create', 'role-edit', 'role-list', 'sale-pos']);
    // A role the caller may change (they hold all it gives), but not widen beyond what they hold.
    const till = (
      await call('POST', BASE, owner, { name: `Till ${Math.random().toString(36).slice(2, 8)}`, permissions: ['sale-pos'] })
    ).json().data as Role;
    const before = await snapshot();
    for (const [method, url, body] of [
      ['POST', BASE, { name: 'Escalation', permissions: ['sale-pos', 'user-management'] }],
      ['PUT', `${BASE}/${till.id}`, { name: till.name, permissions: ['sale-pos', 'delete-user'] }],
      ['POST', BASE, { name: 'Platform', permissions: ['user-admin-management'] }],
    ] as const) {
      const res = await call(method, url, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({
        message: 'You cannot give a permission that you do not hold yourself',
        errors: { permissions: 'You cannot give a permission that you do not hold yourself' },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('POST', BASE, token, { name: 'Till only', permissions: ['sale-pos'] })).statusCode).toBe(201);
    expect(
      (
        await call('PUT', `${BASE}/${(await roleNamed('Cashier')).id}`, token, {
          name: 'Cashier',
          permissions: [...CASHIER_PERMISSIONS, 'delete-user'],
        })
      ).statusCode,
    ).toBe(422);
  });

  it('keeps each role’s discount limit within its editor’s own, and changes nothing when refused', async () => {
    const { role, token } = await signedInWith(['role-create', 'role-edit', 'role-list', 'sale-pos']);
    // The editor's own role: 20% without approval (set by the owner, who may give up to 100%).
    const set = await call('PUT', `${BASE}/${role.id}`, owner, { name: role.name, permissions: role.permissions, max_discount: '20' });
    expect(set.json().data.max_discount).toBe('20.00');
    const before = await snapshot();
    const refused = await call('POST', BASE, token, { name: 'Generous till', permissions: ['sale-pos'], max_discount: '50' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ max_discount: 'You cannot give a role a larger discount limit than your own' });
    expect(await snapshot()).toEqual(before);
    const within = await call('POST', BASE, token, { name: 'Careful till', permissions: ['sale-pos'], max_discount: '15.5' });
    expect(within.json().data.max_discount).toBe('15.50');
    const bad = await call('POST', BASE, token, { name: 'Odd till', permissions: ['sale-pos'], max_discount: '120' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ max_discount: 'Between 0 to 100' });
  });

  it("refuses a caller who lacks some of a role's permissions any change to it: no rename, no narrowing, no delete", async () => {
    const { token } = await signedInWith(['role-edit', 'role-delete', 'role-list', 'sale-pos', 'user-management', 'edit-user']);
    const managerRole = await roleNamed('Manager');
    const before = await snapshot();
    const refusal = { message: 'You cannot change or delete a role that holds permissions that you do not hold' };
    const attempts: Array<[Method, string, unknown?]> = [
      ['PUT', `${BASE}/${managerRole.id}`, { name: 'Manager', permissions: managerRole.permissions }],
      ['PUT', `${BASE}/${managerRole.id}`, { name: 'Demoted', permissions: managerRole.permissions }],
      ['PUT', `${BASE}/${managerRole.id}`, { name: 'Manager', permissions: ['sale-pos'] }],
      ['DELETE', `${BASE}/${managerRole.id}`],
      ['PUT', `${BASE}/${(await roleNamed('Owner')).id}`, { name: 'Owner', permissions: [...BUSINESS_PERMISSIONS] }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, token, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(422);
      expect(res.json(), `${method} ${JSON.stringify(body)}`).toEqual(refusal);
    }
    expect(await snapshot()).toEqual(before);
    // So the holders of that role keep their password: the editor may not reset it either.
    const shopId = (await t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow())
      .business_id;
    const holder = await addShopUser(t.deps, { businessId: shopId, roleId: managerRole.id, branchId: null });
    const reset = await call('POST', `/api/v1/users/${holder.userId}/reset-password`, token, {
      password: 'taken-over-1',
      confirm_password: 'taken-over-1',
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json()).toEqual({ message: 'You cannot change a user who holds permissions that you do not hold' });
    await loginAs(t.app, holder.login);
    // The owner, who holds everything, still may.
    const narrowed = await call('PUT', `${BASE}/${managerRole.id}`, owner, {
      name: 'Manager',
      permissions: managerRole.permissions.filter((p) => p !== 'sale-invoice'),
    });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().data.permissions).not.toContain('sale-invoice');
    expect(
      (await call('PUT', `${BASE}/${managerRole.id}`, owner, { name: 'Manager', permissions: managerRole.permissions })).statusCode,
    ).toBe(200);
  });

  describe('the Owner role', () => {
    it('can be renamed, but keeps every shop permission', async () => {
      const ownerRole = await roleNamed('Owner');
      const res = await call('PUT', `${BASE}/${ownerRole.id}`, owner, { name: 'Proprietor', permissions: ownerRole.permissions });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Proprietor', permissions: [...BUSINESS_PERMISSIONS], is_preset: true });
      await call('PUT', `${BASE}/${ownerRole.id}`, owner, { name: 'Owner', permissions: ownerRole.permissions });
    });

    it('refuses an edit that takes any permission away from it', async () => {
      const ownerRole = await roleNamed('Owner');
      const res = await call('PUT', `${BASE}/${ownerRole.id}`, owner, {
        name: 'Owner',
        permissions: ownerRole.permissions.filter((p) => p !== 'sale-pos'),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The Owner role always keeps every permission',
        errors: { permissions: 'The Owner role always keeps every permission' },
      });
      expect((await roleNamed('Owner')).permissions).toEqual([...BUSINESS_PERMISSIONS]);
    });
  });

  describe('the permission matrix (GET /api/v1/permissions)', () => {
    it("answers the owner every shop permission, grouped as the menu, never the platform's", async () => {
      const res = await call('GET', '/api/v1/permissions', owner);
      expect(res.statusCode).toBe(200);
      const expected = PERMISSION_GROUPS.filter((g) => g.key !== 'platform').map((g) => ({ key: g.key, permissions: [...g.permissions] }));
      expect(res.json()).toEqual(expected);
      expect(JSON.stringify(res.json())).not.toContain('user-admin-management');
    });

    it('answers only what the caller holds', async () => {
      const { token } = await signedInWith(['role-create', 'sale-pos', 'product-list']);
      expect((await call('GET', '/api/v1/permissions', token)).json()).toEqual([
        { key: 'products', permissions: ['product-list'] },
        { key: 'sales', permissions: ['sale-pos'] },
        { key: 'users', permissions: ['role-create'] },
      ]);
    });
  });

  it("shows a role's new permissions to its users on their very next request", async () => {
    const { role, token } = await signedInWith(['role-list', 'sale-pos'], 'Shift lead');
    expect((await call('GET', BASE, token)).statusCode).toBe(200);
    await call('PUT', `${BASE}/${role.id}`, owner, { name: 'Shift lead', permissions: ['sale-pos', 'category-management'] });
    expect((await call('GET', BASE, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/categories', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', token)).json().permissions).toEqual(['sale-pos', 'category-management']);
  });

  it('gives a new user holding a three-permission role exactly those three permissions in /me', async () => {
    const role = (
      await call('POST', BASE, owner, { name: 'Three things', permissions: ['category-management', 'sale-pos', 'product-list'] })
    ).json().data as Role;
    const branch = (await call('GET', '/api/v1/branches/options', owner)).json()[0].id as string;
    const created = await call('POST', '/api/v1/users', owner, {
      first_name: 'Three',
      last_name: 'Things',
      email: 'three@example.com',
      role_id: role.id,
      branch_id: branch,
      password: 'three-1234',
      confirm_password: 'three-1234',
    });
    expect(created.statusCode).toBe(201);
    const token = await loginAs(t.app, { email: 'three@example.com', password: 'three-1234' });
    const me = (await call('GET', '/api/v1/me', token)).json();
    expect(me.permissions.sort()).toEqual(['category-management', 'product-list', 'sale-pos']);
    expect(me.data).toMatchObject({ name: 'Three Things', role_name: 'Three things', branch_id: branch });
  });

  it('exports the roles with translated headers and permission names', async () => {
    const res = await call('GET', `${BASE}/export?format=csv&search=cashier`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="roles_export-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Role name,Permissions,Users,Created');
    expect(lines[1]).toMatch(
      /^Cashier,"POS sale listing, Sale management, Invoices, Point of sale, Sale returns, Customers",1,\d{4}-\d{2}-\d{2}$/,
    );
  });
});
