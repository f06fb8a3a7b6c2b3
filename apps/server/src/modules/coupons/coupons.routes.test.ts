import { beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '@posauto/shared/schemas/coupons';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

const BASE = '/api/v1/coupons';

describe('coupon routes', () => {
  const c = useSettingClient();
  // The demo shop seeds no coupon: the common rules need two rows of its own to work on.
  beforeAll(async () => {
    for (const body of [
      { name: 'welcome10', discount_type: 'percent', discount_value: '10' },
      { name: 'RAINY-DAY', discount_type: 'fixed', discount_value: '1', usage_limit: 50 },
    ]) {
      const res = await c.call('POST', BASE, c.owner, body);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });

  describeSettingRoutes(
    {
      what: 'coupon',
      base: BASE,
      seeded: 'WELCOME10',
      create: {
        name: 'Opening_2026',
        description: 'Grand opening',
        discount_type: 'percent',
        discount_value: '12.5',
        starts_on: '2026-11-01',
        ends_on: '2026-12-31',
        usage_limit: 100,
      },
      update: { name: 'OPENING-2027', discount_type: 'fixed', discount_value: '2.75', starts_on: null, ends_on: null, usage_limit: null },
      expected: {
        name: 'OPENING_2026',
        description: 'Grand opening',
        discount_type: 'percent',
        discount_value: '12.5',
        currency: null,
        starts_on: '2026-11-01',
        ends_on: '2026-12-31',
        usage_limit: 100,
        used_count: 0,
      },
      bad: {
        body: { name: '', discount_type: 'voucher', discount_value: '5' },
        errors: { name: 'Please enter data', discount_type: 'Please select discount type' },
      },
      nameTaken: 'A coupon with this code already exists',
      csvHeader: 'Coupon code,Description,Discount type,Discount,Valid from,Valid until,Usage limit,Used,Status,Created',
    },
    c,
  );

  const coupons = async () => (await c.call('GET', `${BASE}?per_page=all&sort=name`, c.owner)).json().data as Coupon[];
  const stored = async (id: string) =>
    c.t.deps.db.selectFrom('coupons').select(['name', 'discount_value', 'used_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const post = (body: object) => c.call('POST', BASE, c.owner, body);

  it('keeps the code upper-case and refuses other characters, and changes nothing', async () => {
    const before = await coupons();
    for (const name of ['TEN OFF', 'ten%', 'ក្រដាស']) {
      const res = await post({ name, discount_type: 'percent', discount_value: '10' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors).toEqual({ name: 'Use only letters, digits, - and _ in the code' });
    }
    expect(await coupons()).toEqual(before);
    const made = (await post({ name: '  happy_hour-2 ', discount_type: 'percent', discount_value: '5' })).json().data as Coupon;
    expect(made.name).toBe('HAPPY_HOUR-2');
    expect((await stored(made.id)).name).toBe('HAPPY_HOUR-2');
    expect((await post({ name: 'Happy_Hour-2', discount_type: 'fixed', discount_value: '1' })).statusCode).toBe(409);
    await c.call('DELETE', `${BASE}/${made.id}`, c.owner);
  });

  it('stores a percentage in hundredths and a fixed amount in cents, and refuses what is out of range', async () => {
    const pct = (await post({ name: 'PCT', discount_type: 'percent', discount_value: '12.25' })).json().data as Coupon;
    expect(pct).toMatchObject({ discount_value: '12.25', currency: null, usage_limit: null });
    expect((await stored(pct.id)).discount_value).toBe(1225);
    const fixed = (await c.call('PUT', `${BASE}/${pct.id}`, c.owner, { name: 'PCT', discount_type: 'fixed', discount_value: '0.5' })).json()
      .data as Coupon;
    expect(fixed).toMatchObject({ discount_type: 'fixed', discount_value: '0.50', currency: 'USD' });
    expect((await stored(pct.id)).discount_value).toBe(50);
    const before = await coupons();
    const refusals: Array<[object, Record<string, string>]> = [
      [{ discount_type: 'percent', discount_value: '100.01' }, { discount_value: 'Between 0 to 100' }],
      [{ discount_type: 'percent', discount_value: '0' }, { discount_value: 'Between 0 to 100' }],
      [{ discount_type: 'percent', discount_value: '5.125' }, { discount_value: 'Between 0 to 100' }],
      [{ discount_type: 'fixed', discount_value: '-1' }, { discount_value: 'Enter an amount such as 2.50' }],
      [{ discount_type: 'fixed', discount_value: '0.00' }, { discount_value: 'Enter a discount greater than 0' }],
      [
        { discount_type: 'fixed', discount_value: '1', starts_on: '2026-12-01', ends_on: '2026-11-30' },
        { ends_on: 'The end date cannot be before the start date' },
      ],
      [
        { discount_type: 'fixed', discount_value: '1', usage_limit: 0 },
        { usage_limit: 'Enter a whole number of uses, at least 1, or leave it empty for no limit' },
      ],
      [
        { discount_type: 'fixed', discount_value: '1', usage_limit: 2.5 },
        { usage_limit: 'Enter a whole number of uses, at least 1, or leave it empty for no limit' },
      ],
    ];
    for (const [body, errors] of refusals) {
      const res = await post({ name: 'BAD', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await coupons()).toEqual(before);
    // A single day's coupon is fine.
    const day = await post({
      name: 'ONE-DAY',
      discount_type: 'fixed',
      discount_value: '1',
      starts_on: '2026-11-21',
      ends_on: '2026-11-21',
    });
    expect(day.statusCode).toBe(201);
    await c.call('DELETE', `${BASE}/${pct.id}`, c.owner);
    await c.call('DELETE', `${BASE}/${(day.json().data as Coupon).id}`, c.owner);
  });

  it('takes a fixed amount in whole riel in a shop that counts in riel', async () => {
    const rival = await c.t.deps.db
      .selectFrom('businesses')
      .select('id')
      .where('shop_name', '=', 'Rival Tea House')
      .executeTakeFirstOrThrow();
    await c.t.deps.db.updateTable('general_settings').set({ currency: 'KHR' }).where('business_id', '=', rival.id).execute();
    const bad = await c.call('POST', BASE, c.other, { name: 'RIEL', discount_type: 'fixed', discount_value: '4000.5' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'Too many decimals for this currency',
      errors: { discount_value: 'Too many decimals for this currency' },
    });
    const ok = (await c.call('POST', BASE, c.other, { name: 'RIEL', discount_type: 'fixed', discount_value: '4000.00' })).json()
      .data as Coupon;
    expect(ok).toMatchObject({ discount_value: '4000', currency: 'KHR' });
    expect((await stored(ok.id)).discount_value).toBe(4000);
    await c.t.deps.db.updateTable('general_settings').set({ currency: 'USD' }).where('business_id', '=', rival.id).execute();
  });

  it('never lets a client write used_count', async () => {
    const made = (await post({ name: 'COUNTED', discount_type: 'percent', discount_value: '5', used_count: 7 })).json().data as Coupon;
    expect(made.used_count).toBe(0);
    await c.t.deps.db.updateTable('coupons').set({ used_count: 3 }).where('id', '=', made.id).execute();
    const edited = (
      await c.call('PUT', `${BASE}/${made.id}`, c.owner, { name: 'COUNTED', discount_type: 'percent', discount_value: '6', used_count: 0 })
    ).json().data as Coupon;
    expect(edited).toMatchObject({ used_count: 3, discount_value: '6' });
  });

  it('exports the value with its unit, the translated type and the limit', async () => {
    const csv = (await c.call('GET', `${BASE}/export?format=csv&sort=name`, c.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv.find((l) => l.startsWith('RAINY-DAY,'))).toMatch(/^RAINY-DAY,,Fixed amount,1\.00 USD,,,50,0,Active,/);
    expect(csv.find((l) => l.startsWith('WELCOME10,'))).toMatch(/^WELCOME10,,Percentage,10%,,,Unlimited,0,Active,/);
  });
});
