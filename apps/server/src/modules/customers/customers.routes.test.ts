import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@posauto/shared/schemas/shop-settings';
import { addShopUser, contextFor, createShop } from '../../../test/factories';
import { loginAs, OWNER } from '../../../test/harness';
import { expectFieldErrors, MISSING_ID, useSettingClient, type Method } from '../../../test/setting-list-routes';
import { newId } from '../../lib/ids';

const BASE = '/api/v1/customers';
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Srey Neang',
  customer_type: 'retail',
  phone: '+855 11 222 333',
  member_id: 'M-7001',
  ...over,
});

describe('customer routes', () => {
  const c = useSettingClient();
  /** A user whose role lacks customer-management (the demo cashier has it: cashiers pick customers at the till). */
  let outsider: string;
  beforeAll(async () => {
    const owner = await contextFor(c.t.deps, OWNER.email);
    const roleId = newId();
    const at = c.t.deps.clock.now().toISOString();
    await c.t.deps.db
      .insertInto('roles')
      .values({
        business_id: owner.businessId,
        id: roleId,
        name: 'Kitchen',
        permissions: JSON.stringify(['sale-pos']),
        is_preset: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    outsider = await loginAs(c.t.app, (await addShopUser(c.t.deps, { businessId: owner.businessId, roleId, branchId: null })).login);
  });

  const list = async (query = '', token = c.owner) =>
    (await c.call('GET', `${BASE}?per_page=all&sort=name${query}`, token)).json() as { data: Customer[]; meta: { total: number } };
  const walkIn = async (token = c.owner) => (await list('', token)).data.find((x) => x.is_walk_in)!;
  const refusal = (res: Awaited<ReturnType<typeof c.call>>, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
  };

  it('answers 401 without a token and 403 to a user without customer-management, changing nothing', async () => {
    for (const [method, url] of [
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}/export`],
      ['DELETE', `${BASE}/${MISSING_ID}`],
    ] as const) {
      expect((await c.call(method, url, null, method === 'POST' ? body() : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
    const before = await list();
    const id = before.data[0]!.id;
    for (const [method, url, payload] of [
      ['GET', BASE],
      ['GET', `${BASE}/${id}`],
      ['GET', `${BASE}/export?format=csv`],
      ['POST', BASE, body()],
      ['PUT', `${BASE}/${id}`, body()],
      ['PATCH', `${BASE}/${id}/status`, { status: false }],
      ['DELETE', `${BASE}/${id}`],
    ] as Array<[Method, string, unknown?]>) {
      refusal(await c.call(method, url, outsider, payload), 403, 'You do not have permission to do this');
    }
    expect(await list()).toEqual(before);
    expect((await c.call('GET', BASE, c.cashier)).statusCode).toBe(200);
  });

  it('seeds the Walk-in customer and realistic customers with Member IDs', async () => {
    const { data, meta } = await list();
    expect(meta.total).toBe(7);
    expect(data.filter((x) => x.is_walk_in)).toEqual([
      expect.objectContaining({ name: 'Walk-in customer', customer_type: 'retail', status: true }),
    ]);
    expect(data.find((x) => x.member_id === 'M-0004')).toMatchObject({
      customer_type: 'company',
      company_name: 'Mekong Digital Co., Ltd.',
    });
  });

  it('answers 400 with a message per field, and changes nothing', async () => {
    const before = await list();
    const res = await c.call('POST', BASE, c.owner, {
      name: ' ',
      customer_type: 'vip',
      phone: 'call me',
      email: 'nope',
      member_id: 'M 01',
    });
    expectFieldErrors(res, {
      name: 'Please enter data',
      customer_type: 'Please select customer type',
      phone: 'Please enter a valid phone number',
      email: 'Your email is incorrect',
      member_id: 'Use letters, digits, dots, dashes, slashes or underscores only',
    });
    const company = await c.call('POST', BASE, c.owner, body({ customer_type: 'company', company_name: '  ' }));
    expect(company.json().errors).toEqual({ company_name: 'Please enter company name' });
    expect(await list()).toEqual(before);
  });

  it('creates, reads, searches, filters, exports, updates, toggles and deletes a customer', async () => {
    const created = await c.call(
      'POST',
      BASE,
      c.owner,
      body({ customer_type: 'company', company_name: 'Neang Trading', email: 'neang@example.com', address: 'Kampot' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data as Customer;
    expect(item).toMatchObject({
      name: 'Srey Neang',
      customer_type: 'company',
      company_name: 'Neang Trading',
      member_id: 'M-7001',
      is_walk_in: false,
      status: true,
    });
    expect((await c.call('GET', `${BASE}/${item.id}`, c.owner)).json()).toEqual(item);
    for (const term of ['reY ne', '11 222', 'm-70'])
      expect(
        (await list(`&search=${encodeURIComponent(term)}`)).data.map((x) => x.id),
        term,
      ).toEqual([item.id]);
    expect((await list('&customer_type=company')).data.every((x) => x.customer_type === 'company')).toBe(true);
    expect((await list('&customer_type=retail')).data.map((x) => x.id)).not.toContain(item.id);
    expect((await list()).meta.total).toBe(8);

    const csv = (await c.call('GET', `${BASE}/export?format=csv`, c.owner)).body.replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('Customer name,Customer type,Company name,Member ID,Phone,Email,Address,Note,Status,Created');
    expect(csv).toContain('Srey Neang,Company,Neang Trading,M-7001');

    // Back to retail: the company name goes with the type.
    const updated = await c.call(
      'PUT',
      `${BASE}/${item.id}`,
      c.owner,
      body({ name: 'Srey Neang Chan', company_name: 'Neang Trading', member_id: null }),
    );
    expect(updated.json()).toMatchObject({
      message: 'You have updated successfully',
      data: { name: 'Srey Neang Chan', customer_type: 'retail', company_name: null, member_id: null },
    });
    expect((await c.call('PATCH', `${BASE}/${item.id}/status`, c.owner, { status: false })).json().data.status).toBe(false);
    expect((await list('&status=inactive')).data.map((x) => x.id)).toEqual([item.id]);
    expect((await c.call('DELETE', `${BASE}/${item.id}`, c.owner)).json()).toEqual({ message: 'You have successfully deleted' });
    expect((await c.call('GET', `${BASE}/${item.id}`, c.owner)).statusCode).toBe(404);
    expect((await list()).meta.total).toBe(7);
  });

  it('keeps a Member ID to one customer of the shop, whatever its case; another shop may use it', async () => {
    const before = await list();
    const res = await c.call('POST', BASE, c.owner, body({ member_id: 'm-0001' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Another customer already has this Member ID',
      errors: { member_id: 'Another customer already has this Member ID' },
    });
    const other = before.data.find((x) => x.member_id === 'M-0002')!;
    expect((await c.call('PUT', `${BASE}/${other.id}`, c.owner, body({ name: other.name, member_id: 'M-0001' }))).statusCode).toBe(409);
    expect(await list()).toEqual(before);
    expect((await c.call('POST', BASE, c.other, body({ member_id: 'M-0001' }))).statusCode).toBe(201);
  });

  it("answers 404 for another shop's customer on get, update, status and delete, and never lists it", async () => {
    const foreign = (await c.call('POST', BASE, c.other, body({ member_id: 'R-1' }))).json().data as Customer;
    for (const [method, url, payload] of [
      ['GET', `${BASE}/${foreign.id}`],
      ['PUT', `${BASE}/${foreign.id}`, body()],
      ['PATCH', `${BASE}/${foreign.id}/status`, { status: false }],
      ['DELETE', `${BASE}/${foreign.id}`],
    ] as Array<[Method, string, unknown?]>) {
      refusal(await c.call(method, url, c.owner, payload), 404, 'We could not find what you asked for');
    }
    expect((await list()).data.map((x) => x.id)).not.toContain(foreign.id);
    expect((await c.call('GET', `${BASE}/${foreign.id}`, c.other)).json()).toEqual(foreign);
  });

  it('never deletes nor deactivates the Walk-in customer, but lets it be edited', async () => {
    const w = await walkIn();
    refusal(await c.call('DELETE', `${BASE}/${w.id}`, c.owner), 409, 'The walk-in customer cannot be deleted');
    refusal(await c.call('PATCH', `${BASE}/${w.id}/status`, c.owner, { status: false }), 409, 'The walk-in customer cannot be deactivated');
    refusal(
      await c.call('PUT', `${BASE}/${w.id}`, c.owner, { name: w.name, customer_type: 'retail', status: false }),
      409,
      'The walk-in customer cannot be deactivated',
    );
    const renamed = await c.call('PUT', `${BASE}/${w.id}`, c.owner, {
      name: 'Guest',
      customer_type: 'retail',
      note: 'Everyone without a card',
    });
    expect(renamed.json().data).toMatchObject({ name: 'Guest', is_walk_in: true, status: true });
    await c.call('PUT', `${BASE}/${w.id}`, c.owner, { name: w.name, customer_type: 'retail' });
    expect((await c.call('GET', `${BASE}/${w.id}`, c.owner)).json()).toMatchObject({
      name: 'Walk-in customer',
      is_walk_in: true,
      status: true,
    });
  });

  it('gives every new shop its own Walk-in customer, counted', async () => {
    const shop = await createShop(c.t.deps, { package: 'standard', branches: ['Main'] });
    const token = await loginAs(c.t.app, shop.login);
    const { data, meta } = await list('', token);
    expect(meta.total).toBe(1);
    expect(data).toEqual([expect.objectContaining({ id: shop.walkInCustomerId, name: 'Walk-in customer', is_walk_in: true })]);
  });

  it('refuses to delete or deactivate the default customer of the sale settings', async () => {
    const regular = (await list()).data.find((x) => x.member_id === 'M-0005')!;
    const settings = (await c.call('GET', '/api/v1/sale-settings', c.owner)).json();
    const put = (customerId: string) =>
      c.call('PUT', '/api/v1/sale-settings', c.owner, {
        ...settings,
        default_customer_id: customerId,
        default_customer_name: undefined,
        default_payment_method_name: undefined,
        updated_at: undefined,
      });
    expect((await put(regular.id)).statusCode).toBe(200);
    const message = 'This is the default customer of your sale settings. Choose another default customer first.';
    refusal(await c.call('DELETE', `${BASE}/${regular.id}`, c.owner), 409, message);
    refusal(await c.call('PATCH', `${BASE}/${regular.id}/status`, c.owner, { status: false }), 409, message);
    expect((await put(settings.default_customer_id)).statusCode).toBe(200);
  });

  it('refuses to delete a customer that other records still point at (409, not a 500)', async () => {
    const item = (await c.call('POST', BASE, c.owner, body({ member_id: 'M-7100' }))).json().data as Customer;
    const owner = await contextFor(c.t.deps, OWNER.email);
    // Stands in for the sales tables that will reference customers.
    await c.t.deps.db.schema
      .createTable('customer_refs_probe')
      .addColumn('business_id', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'text', (col) => col.notNull())
      .addForeignKeyConstraint('customer_refs_probe_fk', ['business_id', 'customer_id'], 'customers', ['business_id', 'id'])
      .execute();
    const probe = c.t.deps.db as unknown as Kysely<{ customer_refs_probe: { business_id: string; customer_id: string } }>;
    await probe.insertInto('customer_refs_probe').values({ business_id: owner.businessId, customer_id: item.id }).execute();
    refusal(
      await c.call('DELETE', `${BASE}/${item.id}`, c.owner),
      409,
      'This customer is used by sales or other records and cannot be deleted. Deactivate it instead.',
    );
    expect((await c.call('GET', `${BASE}/${item.id}`, c.owner)).statusCode).toBe(200);
    await c.t.deps.db.schema.dropTable('customer_refs_probe').execute();
    expect((await c.call('DELETE', `${BASE}/${item.id}`, c.owner)).statusCode).toBe(200);
  });
});
