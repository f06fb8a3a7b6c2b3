import { describe, expect, it } from 'vitest';
import type { ServiceCharge } from '@posauto/shared/schemas/setting-lists';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';
import { KARAOKE, loginAs } from '../../../test/harness';

const BASE = '/api/v1/service-charges';

describe('service charge routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'service charge',
      base: BASE,
      seeded: 'Service 5%',
      create: { name: 'Delivery fee', type: 'fixed', value: '1.5', applies_to: 'all' },
      update: { name: 'Delivery fee (far)', type: 'fixed', value: '2.75', applies_to: 'dine_in' },
      expected: { name: 'Delivery fee', type: 'fixed', value: '1.50', currency: 'USD', applies_to: 'all' },
      bad: {
        body: { name: '', type: 'tip', value: '-1', applies_to: 'bar' },
        errors: {
          name: 'Please enter data',
          type: 'Please select charge type',
          value: 'Enter a number with up to 2 decimals',
          applies_to: 'Please select where it applies',
        },
      },
      nameTaken: 'A service charge with this name already exists',
      csvHeader: 'Service charge name,Charge type,Value,Applies to,Status,Created',
    },
    c,
  );

  const charges = async (token = c.owner) => (await c.call('GET', `${BASE}?per_page=all&sort=name`, token)).json().data as ServiceCharge[];
  const stored = async (id: string) =>
    c.t.deps.db.selectFrom('service_charges').select(['value', 'currency']).where('id', '=', id).executeTakeFirstOrThrow();

  it('seeds a percentage and a fixed charge for Demo Coffee and a room charge for Demo Karaoke', async () => {
    const pick = (s: ServiceCharge) => [s.name, s.type, s.value, s.currency, s.applies_to];
    expect((await charges()).map(pick)).toEqual([
      ['Karaoke room service', 'fixed', '2.00', 'USD', 'karaoke'],
      ['Service 5%', 'percentage', '5', null, 'all'],
    ]);
    const karaoke = await loginAs(c.t.app, KARAOKE);
    expect((await charges(karaoke)).map(pick)).toEqual([['Room service 10%', 'percentage', '10', null, 'karaoke']]);
    // The unfiltered totals come from the tenant counters the seed keeps in step.
    expect((await c.call('GET', BASE, c.owner)).json().meta.total).toBe(2);
    expect((await c.call('GET', BASE, karaoke)).json().meta.total).toBe(1);
  });

  it('refuses a percentage above 100 with the spec message, and changes nothing', async () => {
    const before = await charges();
    for (const value of ['100.01', '101', '250']) {
      const res = await c.call('POST', BASE, c.owner, { name: 'Too much', type: 'percentage', value, applies_to: 'all' });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().errors).toEqual({ value: 'Between 0 to 100' });
    }
    const seeded = before.find((s) => s.name === 'Service 5%')!;
    const res = await c.call('PUT', `${BASE}/${seeded.id}`, c.owner, {
      name: 'Service 5%',
      type: 'percentage',
      value: '100.5',
      applies_to: 'all',
    });
    expect(res.json().errors).toEqual({ value: 'Between 0 to 100' });
    expect(await charges()).toEqual(before);
  });

  it('stores a percentage in hundredths and a fixed amount in cents, exactly', async () => {
    const pct = (await c.call('POST', BASE, c.owner, { name: 'Evening', type: 'percentage', value: '12.5', applies_to: 'dine_in' })).json()
      .data as ServiceCharge;
    expect(pct).toMatchObject({ value: '12.5', currency: null });
    expect(await stored(pct.id)).toEqual({ value: 1250, currency: null });
    const full = (
      await c.call('PUT', `${BASE}/${pct.id}`, c.owner, { name: 'Evening', type: 'percentage', value: '100', applies_to: 'dine_in' })
    ).json().data as ServiceCharge;
    expect(full.value).toBe('100');
    const fixed = (
      await c.call('PUT', `${BASE}/${pct.id}`, c.owner, { name: 'Evening', type: 'fixed', value: '0.1', applies_to: 'dine_in' })
    ).json().data as ServiceCharge;
    expect(fixed).toMatchObject({ type: 'fixed', value: '0.10', currency: 'USD' });
    expect(await stored(pct.id)).toEqual({ value: 10, currency: 'USD' });
    const res = await c.call('POST', BASE, c.owner, { name: 'Odd', type: 'percentage', value: '5.125', applies_to: 'all' });
    expect(res.json().errors).toEqual({ value: 'Enter a number with up to 2 decimals' });
    await c.call('DELETE', `${BASE}/${pct.id}`, c.owner);
  });

  it('takes a fixed amount in whole riel in a shop that counts in riel', async () => {
    const rival = await c.t.deps.db
      .selectFrom('businesses')
      .select('id')
      .where('shop_name', '=', 'Rival Tea House')
      .executeTakeFirstOrThrow();
    await c.t.deps.db.updateTable('general_settings').set({ currency: 'KHR' }).where('business_id', '=', rival.id).execute();
    const bad = await c.call('POST', BASE, c.other, { name: 'Room', type: 'fixed', value: '8000.5', applies_to: 'karaoke' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The shop currency does not have that many decimals',
      errors: { value: 'The shop currency does not have that many decimals' },
    });
    const ok = (await c.call('POST', BASE, c.other, { name: 'Room', type: 'fixed', value: '8000', applies_to: 'karaoke' })).json()
      .data as ServiceCharge;
    expect(ok).toMatchObject({ value: '8000', currency: 'KHR' });
    expect(await stored(ok.id)).toEqual({ value: 8000, currency: 'KHR' });
    // The amount keeps its currency when the shop's currency changes later.
    await c.t.deps.db.updateTable('general_settings').set({ currency: 'USD' }).where('business_id', '=', rival.id).execute();
    expect((await c.call('GET', `${BASE}/${ok.id}`, c.other)).json()).toMatchObject({ value: '8000', currency: 'KHR' });
  });

  it('exports the value with its unit and the translated type and scope', async () => {
    const csv = (await c.call('GET', `${BASE}/export?format=csv&sort=name`, c.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[1]).toMatch(/^Karaoke room service,Fixed amount,2\.00 USD,Karaoke,Active,/);
    expect(csv[2]).toMatch(/^Service 5%,Percentage,5%,All sales,Active,/);
  });
});
