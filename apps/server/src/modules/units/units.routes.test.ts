import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FACTOR_SCALE } from '@posauto/shared/money/index';
import type { Unit } from '@posauto/shared/schemas/catalogue-settings';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

const BASE = '/api/v1/units';

describe('unit routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'unit',
      base: BASE,
      seeded: 'Bottle',
      create: { name: 'Kilogram', short_name: 'kg' },
      update: { name: 'Kilo', short_name: 'kg', base_unit_id: null, operation_value: '1' },
      expected: { name: 'Kilogram', short_name: 'kg', base_unit_id: null, base_unit_name: null, operation_value: '1' },
      bad: {
        body: { name: '', short_name: '', operation_value: '-2', base_unit_id: 'nope' },
        errors: {
          name: 'Please enter data',
          short_name: 'Please enter short name',
          operation_value: 'Enter a number greater than 0 with up to 6 decimals',
          base_unit_id: 'Incorrect Data',
        },
      },
      nameTaken: 'A unit with this name already exists',
      csvHeader: 'Unit name,Short name,Base unit,Operation value,Status,Created',
    },
    c,
  );

  const units = async () => (await c.call('GET', `${BASE}?per_page=all&sort=name`, c.owner)).json().data as Unit[];
  const idOf = async (name: string) => (await units()).find((u) => u.name === name)!.id;
  const stored = async (id: string) =>
    await c.t.deps.db.selectFrom('units').select(['operation_value', 'base_unit_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const refused = async (res: LightMyRequestResponse, field: string, message: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: message } });
  };

  it('stores the conversion exactly at FACTOR_SCALE and answers it as the decimal given', async () => {
    const can = await idOf('Can');
    const seeded = (await units()).find((u) => u.name === 'Box of 24')!;
    expect(seeded).toMatchObject({ base_unit_id: can, base_unit_name: 'Can', operation_value: '24' });
    expect((await stored(seeded.id)).operation_value).toBe(24 * FACTOR_SCALE);

    const third = (
      await c.call('POST', BASE, c.owner, { name: 'Third of a can', short_name: '1/3', base_unit_id: can, operation_value: '0.333333' })
    ).json().data as Unit;
    expect(third.operation_value).toBe('0.333333');
    expect((await stored(third.id)).operation_value).toBe(333_333);
    const pallet = (
      await c.call('POST', BASE, c.owner, { name: 'Pallet', short_name: 'plt', base_unit_id: seeded.id, operation_value: '80.5' })
    ).json().data as Unit;
    expect(pallet).toMatchObject({ base_unit_name: 'Box of 24', operation_value: '80.5' });
    expect((await stored(pallet.id)).operation_value).toBe(80_500_000);
  });

  it('refuses a unit that is its own base, and changes nothing', async () => {
    const before = await units();
    const can = await idOf('Can');
    await refused(
      await c.call('PUT', `${BASE}/${can}`, c.owner, { name: 'Can', short_name: 'can', base_unit_id: can, operation_value: '2' }),
      'base_unit_id',
      'A unit cannot be its own base unit',
    );
    expect(await units()).toEqual(before);
  });

  it('refuses a cycle of units, and changes nothing', async () => {
    const can = await idOf('Can');
    const box = await idOf('Box of 24');
    const six = (
      await c.call('POST', BASE, c.owner, { name: 'Six-pack', short_name: '6pk', base_unit_id: box, operation_value: '0.25' })
    ).json().data as Unit;
    const before = await units();
    // Can -> Six-pack -> Box of 24 -> Can would loop.
    await refused(
      await c.call('PUT', `${BASE}/${can}`, c.owner, { name: 'Can', short_name: 'can', base_unit_id: six.id, operation_value: '0.166667' }),
      'base_unit_id',
      'This base unit is itself based on this unit',
    );
    await refused(
      await c.call('PUT', `${BASE}/${box}`, c.owner, { name: 'Box of 24', short_name: 'box', base_unit_id: six.id, operation_value: '4' }),
      'base_unit_id',
      'This base unit is itself based on this unit',
    );
    expect(await units()).toEqual(before);
    expect(await stored(can)).toEqual({ operation_value: FACTOR_SCALE, base_unit_id: null });
  });

  it('refuses a base unit whose operation value is not 1', async () => {
    const before = await units();
    await refused(
      await c.call('POST', BASE, c.owner, { name: 'Litre', short_name: 'l', operation_value: '1000' }),
      'operation_value',
      'A base unit always has an operation value of 1',
    );
    expect((await c.call('POST', BASE, c.owner, { name: 'Litre', short_name: 'l', operation_value: '1.000' })).statusCode).toBe(201);
    expect((await units()).length).toBe(before.length + 1);
  });

  it("refuses another shop's unit as a base without saying it exists", async () => {
    const foreign = (await c.call('POST', BASE, c.other, { name: 'Crate', short_name: 'crt' })).json().data as Unit;
    const before = await units();
    await refused(
      await c.call('POST', BASE, c.owner, { name: 'Crate of 12', short_name: 'c12', base_unit_id: foreign.id, operation_value: '12' }),
      'base_unit_id',
      'The base unit does not exist',
    );
    expect(await units()).toEqual(before);
  });

  it('refuses to delete a unit other units are based on, with 409', async () => {
    const res = await c.call('DELETE', `${BASE}/${await idOf('Can')}`, c.owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Other units are based on this unit. Change or delete them first.');
  });
});
