import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { GeneralSetting, GeneralSettingInput } from '@posauto/shared/schemas/settings';
import { contextFor } from '../../../test/factories';
import { OWNER } from '../../../test/harness';
import { expectFieldErrors, useSettingClient } from '../../../test/setting-list-routes';

const PATH = '/api/v1/general_setting';

describe('general setting routes', () => {
  const c = useSettingClient();
  const get = async (token = c.owner) => (await c.call('GET', PATH, token)).json().setting as GeneralSetting;
  const inputOf = (s: GeneralSetting): GeneralSettingInput => ({
    shop_name: s.shop_name,
    phone: s.phone,
    address: s.address,
    currency: s.currency as 'USD',
    local_currency: s.local_currency as 'KHR',
    exchange_rate: s.exchange_rate,
    sale_tax: s.sale_tax,
    is_exclude_tax: s.is_exclude_tax,
    default_stock_alert: s.default_stock_alert,
    out_of_stock_sale: s.out_of_stock_sale,
    edit_date: s.edit_date,
    edit_cost: s.edit_cost,
    inline_discount: s.inline_discount,
    receipt_footer: s.receipt_footer,
    vatin_number: s.vatin_number,
    time_zone: s.time_zone,
    default_branch_id: s.default_branch_id,
  });
  const businessId = async () => (await contextFor(c.t.deps, OWNER.email)).businessId;

  /** Every row of every table but the ones named, in a stable order: what "nothing else changed" compares. */
  async function snapshotExcept(skip: string[]) {
    const tables = (await c.t.deps.db.introspection.getTables())
      .map((t) => t.name)
      .filter((n) => !skip.includes(n) && !n.startsWith('kysely_'))
      .sort();
    const out: Record<string, string[]> = {};
    for (const name of tables) {
      const rows = await (c.t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(name).selectAll().execute();
      out[name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  }

  it('answers the full settings of the demo shop with the caller branch', async () => {
    const s = await get();
    expect(s).toEqual({
      branch_id: s.default_branch_id,
      shop_name: 'Demo Coffee',
      currency: 'USD',
      local_currency: 'KHR',
      exchange_rate: '4100.0000',
      sale_tax: '10.00',
      is_exclude_tax: true,
      time_zone: 'Asia/Phnom_Penh',
      phone: '+855 12 345 678',
      address: 'No. 21, Sisowath Quay, Daun Penh, Phnom Penh',
      logo_url: null,
      default_branch_id: expect.any(String),
      default_stock_alert: '5',
      out_of_stock_sale: false,
      edit_date: false,
      edit_cost: true,
      inline_discount: true,
      receipt_footer: 'Thank you! / អរគុណ!',
      vatin_number: 'K001-901234567',
      updated_at: expect.any(String),
    });
    const cashier = await get(c.cashier);
    expect(cashier).toMatchObject({
      shop_name: 'Demo Coffee',
      exchange_rate: '4100.0000',
      sale_tax: '10.00',
      vatin_number: 'K001-901234567',
    });
  });

  it('saves the settings exactly at their scales and answers them back', async () => {
    const before = await get();
    const res = await c.call('PUT', PATH, c.owner, {
      ...inputOf(before),
      exchange_rate: '4150.5',
      sale_tax: '7.5',
      default_stock_alert: '2.5',
      out_of_stock_sale: true,
      is_exclude_tax: false,
      receipt_footer: 'Aw kun!',
      vatin_number: 'K002-100200300',
      time_zone: 'Asia/Bangkok',
      address: 'Street 1, Phnom Penh',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'You have updated successfully',
      data: {
        exchange_rate: '4150.5000',
        sale_tax: '7.50',
        default_stock_alert: '2.5',
        out_of_stock_sale: true,
        is_exclude_tax: false,
        time_zone: 'Asia/Bangkok',
        address: 'Street 1, Phnom Penh',
      },
    });
    const row = await c.t.deps.db
      .selectFrom('general_settings')
      .select(['exchange_rate', 'sale_tax', 'default_stock_alert'])
      .where('business_id', '=', await businessId())
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ exchange_rate: 41_505_000, sale_tax: 750, default_stock_alert: 2_500 });
    expect(await get()).toEqual(res.json().data);
    expect((await c.call('PUT', PATH, c.owner, inputOf(before))).statusCode).toBe(200);
  });

  it('refuses VAT over 100, a zero exchange rate, an unknown time zone and twice the same currency, and changes nothing', async () => {
    const before = await get();
    const res = await c.call('PUT', PATH, c.owner, {
      ...inputOf(before),
      sale_tax: '101',
      exchange_rate: '0',
      time_zone: 'Mars/Olympus_Mons',
      local_currency: 'USD',
      default_stock_alert: '-1',
    });
    expectFieldErrors(res, {
      sale_tax: 'Between 0 to 100',
      exchange_rate: 'Enter the riel for one dollar: a number greater than 0 with up to 4 decimals',
      time_zone: 'Choose a time zone from the list',
      local_currency: 'The local currency must differ from the main currency',
      default_stock_alert: 'Enter a quantity of 0 or more with up to 3 decimals',
    });
    for (const [field, value] of [
      ['sale_tax', '-5'],
      ['sale_tax', '100.001'],
      ['exchange_rate', '0.0000'],
      ['exchange_rate', 'abc'],
      ['time_zone', 'Asia/Phnom Penh; DROP'],
    ] as const) {
      const one = await c.call('PUT', PATH, c.owner, { ...inputOf(before), [field]: value });
      expect(one.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(one.json().errors)).toEqual([field]);
    }
    expect((await c.call('PUT', PATH, c.owner, { ...inputOf(before), sale_tax: '100' })).statusCode).toBe(200);
    expect((await c.call('PUT', PATH, c.owner, inputOf(before))).statusCode).toBe(200);
    expect({ ...(await get()), updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('answers the messages in Khmer too', async () => {
    const before = await get();
    const res = await c.t.app.inject({
      method: 'PUT',
      url: PATH,
      headers: { authorization: `Bearer ${c.owner}`, 'accept-language': 'km' },
      payload: { ...inputOf(before), sale_tax: '101' },
    });
    expect(res.json().errors.sale_tax).toMatch(/[\u1780-\u17FF]/);
  });

  it('lets only holders of general-setting save, while every signed-in user reads', async () => {
    const before = await get();
    const res = await c.call('PUT', PATH, c.cashier, { ...inputOf(before), exchange_rate: '1' });
    expect(res.statusCode).toBe(403);
    expect((await c.call('PUT', PATH, null, inputOf(before))).statusCode).toBe(401);
    expect((await c.call('GET', PATH, c.cashier)).statusCode).toBe(200);
    expect((await get()).exchange_rate).toBe(before.exchange_rate);
  });

  it("refuses another shop's branch as the default branch", async () => {
    const before = await get();
    const theirs = await get(c.other);
    const res = await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_branch_id: theirs.default_branch_id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Choose an active branch of your shop',
      errors: { default_branch_id: 'Choose an active branch of your shop' },
    });
    expect(await get()).toEqual(before);
  });

  it('changes the default branch to another active branch of the shop', async () => {
    const before = await get();
    const branches = (await c.call('GET', '/api/v1/warehouses?per_page=all', c.owner)).json().data as Array<{ id: string; name: string }>;
    const bkk = branches.find((b) => b.name === 'BKK1 (Phnom Penh)')!;
    const res = await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_branch_id: bkk.id });
    expect(res.json().data).toMatchObject({ default_branch_id: bkk.id, branch_id: bkk.id });
    expect((await c.call('GET', `/api/v1/warehouses/${bkk.id}`, c.owner)).json().is_default).toBe(true);
    expect((await c.call('PUT', PATH, c.owner, inputOf(before))).statusCode).toBe(200);
  });

  it('changes only the general settings (and its audit line) when the exchange rate changes: saved documents keep theirs', async () => {
    const before = await get();
    const untouched = await snapshotExcept(['general_settings', 'audit_log']);
    const res = await c.call('PUT', PATH, c.owner, { ...inputOf(before), exchange_rate: '4000' });
    expect(res.json().data.exchange_rate).toBe('4000.0000');
    expect(await snapshotExcept(['general_settings', 'audit_log'])).toEqual(untouched);

    const lines = await c.t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('business_id', '=', await businessId())
      .where('entity', '=', 'general_setting')
      .execute();
    const change = lines
      .map((l) => ({ action: l.action, detail: JSON.parse(l.detail!) }))
      .filter((l) => l.detail.exchange_rate?.to === '4000.0000');
    expect(change).toEqual([
      { action: 'update', detail: { changed: ['exchange_rate'], exchange_rate: { from: '4100.0000', to: '4000.0000' } } },
    ]);
    await c.call('PUT', PATH, c.owner, inputOf(before));
  });

  it('renames the shop', async () => {
    const before = await get();
    const res = await c.call('PUT', PATH, c.owner, { ...inputOf(before), shop_name: '  Demo Coffee & Bakery ' });
    expect(res.json().data.shop_name).toBe('Demo Coffee & Bakery');
    const shop = await c.t.deps.db
      .selectFrom('businesses')
      .select('shop_name')
      .where('id', '=', await businessId())
      .executeTakeFirstOrThrow();
    expect(shop.shop_name).toBe('Demo Coffee & Bakery');
    expect((await c.call('PUT', PATH, c.owner, { ...inputOf(before), shop_name: ' ' })).json().errors).toEqual({
      shop_name: 'Please enter shop name',
    });
    await c.call('PUT', PATH, c.owner, inputOf(before));
  });
});
