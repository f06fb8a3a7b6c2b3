import { describe, expect, it } from 'vitest';
import type { Variation } from '@posauto/shared/schemas/setting-lists';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';
import { listVariationsWithValues } from './index';

const BASE = '/api/v1/variations';

describe('variation routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'variation',
      base: BASE,
      seeded: 'Size',
      create: { name: '  Ice level  ', description: 'How much ice goes in' },
      update: { name: 'Ice', description: null },
      expected: { name: 'Ice level', description: 'How much ice goes in', values: [] },
      bad: {
        body: { name: '', description: 'x'.repeat(501) },
        errors: { name: 'Please enter data', description: 'This text is too long' },
      },
      nameTaken: 'A variation with this name already exists',
      csvHeader: 'Variation name,Values,Description,Status,Created',
    },
    c,
  );

  const variations = async (token = c.owner) => (await c.call('GET', `${BASE}?per_page=all&sort=name`, token)).json().data as Variation[];
  const named = async (name: string) => (await variations()).find((v) => v.name === name)!;
  const businessId = async (shopName: string) =>
    (await c.t.deps.db.selectFrom('businesses').select('id').where('shop_name', '=', shopName).executeTakeFirstOrThrow()).id;

  it('answers each variation with its values in their order, and exports their names', async () => {
    expect((await named('Size')).values.map((v) => v.name)).toEqual(['Small', 'Medium', 'Large']);
    expect((await named('Sugar')).values.map((v) => v.name)).toEqual(['0%', '50%', '100%']);
    const csv = (await c.call('GET', `${BASE}/export?format=csv&search=size`, c.owner)).body.replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[1]).toMatch(/^Size,"Small, Medium, Large",Cup size,Active,/);
  });

  it('refuses to delete a variation that still has values with 409, and changes nothing', async () => {
    const before = await variations();
    const size = await named('Size');
    const res = await c.call('DELETE', `${BASE}/${size.id}`, c.owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This variation still has values. Delete its values first.' });
    expect(await variations()).toEqual(before);
  });

  it('deletes a variation once its values are gone', async () => {
    const cup = (await c.call('POST', BASE, c.owner, { name: 'Cup' })).json().data as Variation;
    const value = (await c.call('POST', '/api/v1/variation-values', c.owner, { variation_id: cup.id, name: 'Paper' })).json().data as {
      id: string;
    };
    expect((await c.call('GET', `${BASE}/${cup.id}`, c.owner)).json().values).toEqual([{ id: value.id, name: 'Paper', status: true }]);
    expect((await c.call('DELETE', `${BASE}/${cup.id}`, c.owner)).statusCode).toBe(409);
    expect((await c.call('DELETE', `/api/v1/variation-values/${value.id}`, c.owner)).statusCode).toBe(200);
    expect((await c.call('DELETE', `${BASE}/${cup.id}`, c.owner)).statusCode).toBe(200);
    expect((await variations()).map((v) => v.name)).not.toContain('Cup');
  });

  it('counts rows in step: the unfiltered total matches the rows', async () => {
    const res = (await c.call('GET', `${BASE}?per_page=10`, c.owner)).json();
    expect(res.meta.total).toBe((await variations()).length);
  });

  it('gives the product form the active variations with their active values, in order, of one shop only', async () => {
    const coffee = await businessId('Demo Coffee');
    expect(await listVariationsWithValues(c.t.deps.db, coffee)).toEqual([
      { id: (await named('Size')).id, name: 'Size', values: (await named('Size')).values.map(({ id, name }) => ({ id, name })) },
      { id: (await named('Sugar')).id, name: 'Sugar', values: (await named('Sugar')).values.map(({ id, name }) => ({ id, name })) },
    ]);

    const sugar = await named('Sugar');
    const half = sugar.values.find((v) => v.name === '50%')!;
    await c.call('PATCH', `/api/v1/variation-values/${half.id}/status`, c.owner, { status: false });
    const milk = (await c.call('POST', BASE, c.owner, { name: 'Milk', status: false })).json().data as Variation;
    await c.call('POST', '/api/v1/variation-values', c.owner, { variation_id: milk.id, name: 'Oat' });
    const toppings = (await c.call('POST', BASE, c.owner, { name: 'Toppings' })).json().data as Variation;

    const listed = await listVariationsWithValues(c.t.deps.db, coffee);
    expect(listed.map((v) => [v.name, v.values.map((x) => x.name)])).toEqual([
      ['Size', ['Small', 'Medium', 'Large']],
      ['Sugar', ['0%', '100%']],
      ['Toppings', []],
    ]);
    expect(await listVariationsWithValues(c.t.deps.db, await businessId('Demo Karaoke'))).toEqual([]);

    await c.call('PATCH', `/api/v1/variation-values/${half.id}/status`, c.owner, { status: true });
    await c.call('DELETE', `${BASE}/${toppings.id}`, c.owner);
  });
});
