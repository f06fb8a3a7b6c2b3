import { describe, expect, it } from 'vitest';
import type { CustomerOption, SaleSettings } from '@posauto/shared/schemas/shop-settings';
import { contextFor } from '../../../test/factories';
import { OWNER } from '../../../test/harness';
import { useSettingClient } from '../../../test/setting-list-routes';
import { AppError } from '../../http/errors';
import { assertNotDefaultPaymentMethod } from './index';

const PATH = '/api/v1/sale-settings';

describe('sale settings routes', () => {
  const c = useSettingClient();
  const get = async (token = c.owner) => (await c.call('GET', PATH, token)).json() as SaleSettings;
  const inputOf = (s: SaleSettings) => ({
    default_customer_id: s.default_customer_id,
    default_payment_method_id: s.default_payment_method_id,
    receipt_show_logo: s.receipt_show_logo,
    receipt_show_address: s.receipt_show_address,
    receipt_show_vatin: s.receipt_show_vatin,
    receipt_paper_width: s.receipt_paper_width,
    receipt_auto_print: s.receipt_auto_print,
    invoice_prefix: s.invoice_prefix,
    quotation_prefix: s.quotation_prefix,
  });
  const options = async (search = '', token = c.owner) =>
    (await c.call('GET', `${PATH}/customer-options?search=${encodeURIComponent(search)}`, token)).json() as CustomerOption[];

  it('starts the demo shop with the Walk-in customer, Cash, 80 mm receipts and INV- numbers', async () => {
    expect(await get()).toMatchObject({
      default_customer_name: 'Walk-in customer',
      default_payment_method_name: 'Cash',
      receipt_paper_width: 80,
      receipt_show_logo: true,
      receipt_auto_print: false,
      invoice_prefix: 'INV-',
      quotation_prefix: 'QUO-',
    });
  });

  it('answers 401 without a token and 403 to the cashier, and changes nothing', async () => {
    const before = await get();
    for (const [method, url] of [
      ['GET', PATH],
      ['PUT', PATH],
      ['GET', `${PATH}/customer-options`],
    ] as const) {
      expect((await c.call(method, url, null, method === 'PUT' ? inputOf(before) : undefined)).statusCode).toBe(401);
      const res = await c.call(method, url, c.cashier, method === 'PUT' ? { ...inputOf(before), invoice_prefix: 'X-' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await get()).toEqual(before);
  });

  it('saves the receipt options and prefixes, and writes an audit line', async () => {
    const before = await get();
    const res = await c.call('PUT', PATH, c.owner, {
      ...inputOf(before),
      receipt_paper_width: 58,
      receipt_auto_print: true,
      receipt_show_vatin: false,
      invoice_prefix: 'RV-2026-',
      quotation_prefix: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'You have updated successfully',
      data: {
        receipt_paper_width: 58,
        receipt_auto_print: true,
        receipt_show_vatin: false,
        invoice_prefix: 'RV-2026-',
        quotation_prefix: '',
        default_payment_method_name: 'Cash',
      },
    });
    expect(await get()).toEqual(res.json().data);
    const owner = await contextFor(c.t.deps, OWNER.email);
    const audit = await c.t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('business_id', '=', owner.businessId)
      .where('entity', '=', 'sale_setting')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update');
    expect(JSON.parse(audit.detail!).changed).toEqual(
      expect.arrayContaining(['receipt_paper_width', 'invoice_prefix', 'quotation_prefix']),
    );
    expect((await c.call('PUT', PATH, c.owner, inputOf(before))).statusCode).toBe(200);
  });

  it('answers 400 for a bad prefix, paper width or missing customer, and changes nothing', async () => {
    const before = await get();
    const res = await c.call('PUT', PATH, c.owner, {
      ...inputOf(before),
      default_customer_id: null,
      receipt_paper_width: 70,
      invoice_prefix: 'inv_',
      quotation_prefix: 'QUOTATION-2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      default_customer_id: 'Please select customer',
      receipt_paper_width: 'Choose 58 mm or 80 mm',
      invoice_prefix: 'Use up to 10 capital letters, digits or dashes',
      quotation_prefix: 'Use up to 10 capital letters, digits or dashes',
    });
    expect(await get()).toEqual(before);
  });

  it("refuses another shop's customer or payment method with 422, without saying they exist, and changes nothing", async () => {
    const before = await get();
    const theirs = await get(c.other);
    const foreignMethod = (await c.call('POST', '/api/v1/payment-methods', c.other, { name: 'Their cash', type: 'cash' })).json().data as {
      id: string;
    };
    const customer = await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_customer_id: theirs.default_customer_id });
    expect(customer.statusCode).toBe(422);
    expect(customer.json()).toEqual({
      message: 'Choose an active customer of your shop',
      errors: { default_customer_id: 'Choose an active customer of your shop' },
    });
    const missing = await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_customer_id: '01890a5d-ac96-774b-bcce-b302099a8057' });
    expect(missing.json()).toEqual(customer.json());
    const method = await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_payment_method_id: foreignMethod.id });
    expect(method.statusCode).toBe(422);
    expect(method.json().errors).toEqual({ default_payment_method_id: 'Choose an active payment method of your shop' });
    expect(await get()).toEqual(before);
    expect(await get(c.other)).toEqual(theirs);
  });

  it('refuses an inactive customer as the default', async () => {
    const before = await get();
    const created = (await c.call('POST', '/api/v1/customers', c.owner, { name: 'Dormant', customer_type: 'retail', status: false })).json()
      .data as { id: string };
    expect((await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_customer_id: created.id })).statusCode).toBe(422);
  });

  it('offers a few active customers of the shop for the select, the Walk-in customer first', async () => {
    const all = await options();
    expect(all[0]).toMatchObject({ name: 'Walk-in customer', is_walk_in: true });
    expect(all.length).toBeLessThanOrEqual(20);
    expect((await options('m-0003')).map((o) => o.name)).toEqual(['Lim Vuthy']);
    expect((await options('92 333')).map((o) => o.name)).toEqual(['Chan Sreymom']);
    expect((await options('Dormant')).map((o) => o.name)).toEqual([]);
    const theirs = await options('', c.other);
    expect(theirs.map((o) => o.id)).not.toEqual(expect.arrayContaining([all[0]!.id]));
  });

  it('makes a new default customer stick and names it', async () => {
    const before = await get();
    const sophal = (await options('Heng'))[0]!;
    const res = await c.call('PUT', PATH, c.owner, { ...inputOf(before), default_customer_id: sophal.id, default_payment_method_id: null });
    expect(res.json().data).toMatchObject({
      default_customer_id: sophal.id,
      default_customer_name: 'Heng Sophal',
      default_payment_method_id: null,
      default_payment_method_name: null,
    });
    expect((await c.call('PUT', PATH, c.owner, inputOf(before))).statusCode).toBe(200);
  });

  it('tells the payment methods service that the default payment method cannot be deleted', async () => {
    const owner = await contextFor(c.t.deps, OWNER.email);
    const { default_payment_method_id: cash } = await get();
    const refusal = await assertNotDefaultPaymentMethod(c.t.deps.db, owner.businessId, cash!).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).statusCode).toBe(409);
    expect((refusal as AppError).messageKey).toBe('errors.payment_method_is_default');
    await expect(
      assertNotDefaultPaymentMethod(c.t.deps.db, owner.businessId, '01890a5d-ac96-774b-bcce-b302099a8057'),
    ).resolves.toBeUndefined();
  });
});
