import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Warehouse } from '@posauto/shared/schemas/shop-settings';
import { addShopUser, createShop } from '../../../test/factories';
import { loginAs } from '../../../test/harness';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

const BASE = '/api/v1/warehouses';

describe('warehouse routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'warehouse',
      base: BASE,
      seeded: 'Riverside (Phnom Penh)',
      create: { name: 'Toul Tom Poung', address: 'Street 155, Phnom Penh', phone: '+855 23 111 222' },
      update: { name: 'Russian Market', address: null, phone: null },
      expected: { name: 'Toul Tom Poung', address: 'Street 155, Phnom Penh', phone: '+855 23 111 222', is_default: false, users_count: 0 },
      bad: { body: { name: ' ', phone: 'call me' }, errors: { name: 'Please enter data', phone: 'Please enter a valid phone number' } },
      nameTaken: 'A warehouse with this name already exists',
      csvHeader: 'Warehouse name,Address,Phone,Default,Users,Status,Created',
    },
    c,
  );

  const list = async (token = c.owner) =>
    (await c.call('GET', `${BASE}?per_page=all&sort=name`, token)).json() as { data: Warehouse[]; meta: { total: number } };
  const byName = async (name: string, token = c.owner) => (await list(token)).data.find((w) => w.name === name)!;
  const expect409 = async (res: Awaited<ReturnType<typeof c.call>>, message: string) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(message);
  };

  it("lists the demo shop's branches with their contacts, the default one and who works there", async () => {
    const { data, meta } = await list();
    expect(meta.total).toBe(data.length);
    expect(await byName('Riverside (Phnom Penh)')).toMatchObject({
      is_default: true,
      users_count: 1,
      phone: '+855 23 990 101',
      status: true,
    });
    expect(await byName('BKK1 (Phnom Penh)')).toMatchObject({
      is_default: false,
      users_count: 0,
      address: 'No. 45, Street 278, Boeng Keng Kang 1, Phnom Penh',
    });
  });

  it('keeps branch management from a Standard shop (one branch: nothing to manage), and lets a Premium shop add more', async () => {
    const standard = await createShop(c.t.deps, { package: 'standard', branches: ['Only one'] });
    const token = await loginAs(c.t.app, standard.login);
    const res = await c.call('POST', BASE, token, { name: 'Second branch' });
    expect(res.statusCode).toBe(403);
    expect((await c.call('GET', BASE, token)).statusCode).toBe(403);
    const branches = await c.t.deps.db.selectFrom('branches').select('name').where('business_id', '=', standard.businessId).execute();
    expect(branches).toEqual([{ name: 'Only one' }]);

    const premium = await createShop(c.t.deps, { package: 'premium', branches: ['One'] });
    const premiumToken = await loginAs(c.t.app, premium.login);
    for (const name of ['Two', 'Three', 'Four']) expect((await c.call('POST', BASE, premiumToken, { name })).statusCode).toBe(201);
    expect((await list(premiumToken)).meta.total).toBe(4);
  });

  it('makes the first branch of a shop without one its default branch', async () => {
    const empty = await createShop(c.t.deps, { package: 'premium', branches: [] });
    const token = await loginAs(c.t.app, empty.login);
    const created = (await c.call('POST', BASE, token, { name: 'First' })).json().data as Warehouse;
    expect(created.is_default).toBe(true);
    expect((await c.call('GET', '/api/v1/general_setting', token)).json().setting.default_branch_id).toBe(created.id);
  });

  it('refuses to delete a branch people work at, naming how many, and changes nothing', async () => {
    const riverside = await byName('Riverside (Phnom Penh)');
    const bkk = await byName('BKK1 (Phnom Penh)');
    const shop = await c.t.deps.db.selectFrom('branches').select('business_id').where('id', '=', bkk.id).executeTakeFirstOrThrow();
    const role = await c.t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', shop.business_id)
      .where('name', '=', 'Cashier')
      .executeTakeFirstOrThrow();
    const { userId } = await addShopUser(c.t.deps, { businessId: shop.business_id, roleId: role.id, branchId: bkk.id });
    const before = await list();
    await expect409(
      await c.call('DELETE', `${BASE}/${bkk.id}`, c.owner),
      '1 user(s) work at this branch. Move them to another branch before deleting it.',
    );
    await expect409(
      await c.call('DELETE', `${BASE}/${riverside.id}`, c.owner),
      '1 user(s) work at this branch. Move them to another branch before deleting it.',
    );
    expect(await list()).toEqual(before);
    await c.t.deps.db.deleteFrom('users').where('id', '=', userId).execute();
  });

  it("refuses to delete or deactivate the shop's default branch and its last active branch", async () => {
    const shop = await createShop(c.t.deps, { package: 'premium', branches: ['Main', 'Annex'] });
    const token = await loginAs(c.t.app, shop.login);
    const [main, annex] = [await byName('Main', token), await byName('Annex', token)];
    const defaultMessage = "This is the shop's default branch. Choose another default branch in the general settings first.";
    await expect409(await c.call('DELETE', `${BASE}/${main.id}`, token), defaultMessage);
    await expect409(await c.call('PATCH', `${BASE}/${main.id}/status`, token, { status: false }), defaultMessage);
    await expect409(await c.call('PUT', `${BASE}/${main.id}`, token, { name: 'Main', status: false }), defaultMessage);

    // Annex is the other active branch: it may go inactive once; then Main is the last active one.
    expect((await c.call('PATCH', `${BASE}/${annex.id}/status`, token, { status: false })).statusCode).toBe(200);
    await c.t.deps.db.updateTable('general_settings').set({ default_branch_id: null }).where('business_id', '=', shop.businessId).execute();
    await expect409(
      await c.call('PATCH', `${BASE}/${main.id}/status`, token, { status: false }),
      'Your shop needs at least one active branch',
    );
    await expect409(await c.call('DELETE', `${BASE}/${main.id}`, token), 'Your shop needs at least one active branch');
    expect((await byName('Main', token)).status).toBe(true);
    // An inactive branch nobody works at can go.
    expect((await c.call('DELETE', `${BASE}/${annex.id}`, token)).statusCode).toBe(200);
    expect((await list(token)).meta.total).toBe(1);
  });

  it('refuses to delete a branch that other records still point at (409, not a 500), and keeps it', async () => {
    const branch = (await c.call('POST', BASE, c.owner, { name: 'Pop-up stand' })).json().data as Warehouse;
    const shop = await c.t.deps.db.selectFrom('branches').select('business_id').where('id', '=', branch.id).executeTakeFirstOrThrow();
    // Stands in for the stock and sales tables that will reference branches.
    await c.t.deps.db.schema
      .createTable('branch_refs_probe')
      .addColumn('business_id', 'text', (col) => col.notNull())
      .addColumn('branch_id', 'text', (col) => col.notNull())
      .addForeignKeyConstraint('branch_refs_probe_fk', ['business_id', 'branch_id'], 'branches', ['business_id', 'id'])
      .execute();
    const probe = c.t.deps.db as unknown as Kysely<{ branch_refs_probe: { business_id: string; branch_id: string } }>;
    await probe.insertInto('branch_refs_probe').values({ business_id: shop.business_id, branch_id: branch.id }).execute();
    await expect409(
      await c.call('DELETE', `${BASE}/${branch.id}`, c.owner),
      'This branch is used by other records and cannot be deleted. Deactivate it instead.',
    );
    expect((await c.call('GET', `${BASE}/${branch.id}`, c.owner)).statusCode).toBe(200);
    await c.t.deps.db.schema.dropTable('branch_refs_probe').execute();
    expect((await c.call('DELETE', `${BASE}/${branch.id}`, c.owner)).statusCode).toBe(200);
  });

  it('answers the refusals in the caller language', async () => {
    const riverside = await byName('Riverside (Phnom Penh)');
    const res = await c.t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${riverside.id}`,
      headers: { authorization: `Bearer ${c.owner}`, 'accept-language': 'km' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/[\u1780-\u17FF]/);
  });

  it('keeps the users screens reading branches', async () => {
    const options = (await c.call('GET', '/api/v1/branches/options', c.owner)).json() as Array<{ id: string; name: string }>;
    expect(options.map((o) => o.name)).toEqual(expect.arrayContaining(['Riverside (Phnom Penh)', 'BKK1 (Phnom Penh)']));
  });
});
