import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Variation, VariationValue } from '@posauto/shared/schemas/setting-lists';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

const BASE = '/api/v1/variation-values';

describe('variation value routes', () => {
  const c = useSettingClient();
  // Filled in once the app runs: the demo shop's Size variation.
  const create: Record<string, unknown> = { name: 'Extra large', sort_order: 4 };
  const update: Record<string, unknown> = { name: 'Extra large (20 oz)', sort_order: 5 };
  const variationId = async (name: string, token = c.owner) =>
    ((await c.call('GET', `/api/v1/variations?per_page=all`, token)).json().data as Variation[]).find((v) => v.name === name)!.id;

  beforeAll(async () => {
    const size = await variationId('Size');
    create.variation_id = size;
    update.variation_id = size;
    // The common rules post the same body as the rival shop too. Keys are (business_id, id), so the rival shop may
    // own a variation under the very same id: its values then belong to its own variation, never to Demo Coffee's.
    const rival = await c.t.deps.db
      .selectFrom('businesses')
      .select('id')
      .where('shop_name', '=', 'Rival Tea House')
      .executeTakeFirstOrThrow();
    const at = c.t.clock.now().toISOString();
    await c.t.deps.db
      .insertInto('variations')
      .values({ business_id: rival.id, id: size, name: 'Size', description: null, status: 1, created_at: at, updated_at: at })
      .execute();
  });

  describeSettingRoutes(
    {
      what: 'variation value',
      base: BASE,
      seeded: 'Small',
      create,
      update,
      expected: { name: 'Extra large', variation_name: 'Size', sort_order: 4 },
      bad: {
        body: { variation_id: 'nope', name: '', sort_order: -1 },
        errors: { variation_id: 'Incorrect Data', name: 'Please enter data', sort_order: 'Enter a whole number from 0 to 9999' },
      },
      nameTaken: 'This variation already has a value with this name',
      csvHeader: 'Variation,Value name,Order,Status,Created',
    },
    c,
  );

  const values = async (query = '') => (await c.call('GET', `${BASE}?per_page=all${query}`, c.owner)).json().data as VariationValue[];
  const refused = async (res: LightMyRequestResponse, field: string, message: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
  };

  it('lists the values of one variation when asked, in their order', async () => {
    const sugar = await variationId('Sugar');
    const res = (await c.call('GET', `${BASE}?variation_id=${sugar}&sort=sort_order`, c.owner)).json();
    expect(res.data.map((v: VariationValue) => [v.variation_name, v.name, v.sort_order])).toEqual([
      ['Sugar', '0%', 1],
      ['Sugar', '50%', 2],
      ['Sugar', '100%', 3],
    ]);
    expect(res.meta.total).toBe(3);
    const csv = (await c.call('GET', `${BASE}/export?format=csv&variation_id=${sugar}`, c.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv.length).toBe(4);
    // Without the filter, values come grouped by variation.
    expect((await values()).map((v) => v.name)).toEqual(['Small', 'Medium', 'Large', '0%', '50%', '100%']);
    expect((await c.call('GET', `${BASE}?variation_id=nope`, c.owner)).statusCode).toBe(400);
  });

  it("refuses another shop's variation without saying it exists, and changes nothing", async () => {
    const foreign = (await c.call('POST', '/api/v1/variations', c.other, { name: 'Temperature' })).json().data as Variation;
    const before = await values();
    await refused(
      await c.call('POST', BASE, c.owner, { variation_id: foreign.id, name: 'Hot' }),
      'variation_id',
      'The variation does not exist',
    );
    const small = before.find((v) => v.name === 'Small')!;
    await refused(
      await c.call('PUT', `${BASE}/${small.id}`, c.owner, { variation_id: foreign.id, name: 'Small' }),
      'variation_id',
      'The variation does not exist',
    );
    expect(await values()).toEqual(before);
  });

  it("has the database refuse a value of another shop's variation too (composite foreign key)", async () => {
    const foreign = (await c.call('POST', '/api/v1/variations', c.other, { name: 'Syrup' })).json().data as Variation;
    const coffee = await c.t.deps.db.selectFrom('businesses').select('id').where('shop_name', '=', 'Demo Coffee').executeTakeFirstOrThrow();
    const at = c.t.clock.now().toISOString();
    await expect(
      c.t.deps.db
        .insertInto('variation_values')
        .values({
          business_id: coffee.id,
          id: '01890a5d-ac96-774b-bcce-b302099a8058',
          variation_id: foreign.id,
          name: 'Vanilla',
          sort_order: 1,
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps names unique within a variation only, and puts a value without an order last', async () => {
    const sugar = await variationId('Sugar');
    const res = await c.call('POST', BASE, c.owner, { variation_id: sugar, name: 'Small' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Small', variation_name: 'Sugar', sort_order: 4 });
    const id = res.json().data.id as string;
    // An update without an order keeps the order it had.
    expect((await c.call('PUT', `${BASE}/${id}`, c.owner, { variation_id: sugar, name: 'Little' })).json().data.sort_order).toBe(4);
    expect((await c.call('DELETE', `${BASE}/${id}`, c.owner)).statusCode).toBe(200);
  });

  it('asks for a variation in the language of the reader', async () => {
    const res = await c.t.app.inject({
      method: 'POST',
      url: BASE,
      payload: { name: 'Hot' },
      headers: { authorization: `Bearer ${c.owner}`, 'accept-language': 'km' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ variation_id: 'សូមជ្រើសរើសជម្រើសផលិតផល' });
  });

  it('counts rows in step with the tenant counter', async () => {
    expect((await c.call('GET', `${BASE}?per_page=10`, c.owner)).json().meta.total).toBe((await values()).length);
  });
});
