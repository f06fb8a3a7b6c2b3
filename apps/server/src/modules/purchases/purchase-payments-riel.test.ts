import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';

let t: TestContext;
let owner: string;
let coffee: string;
let branch: string;
let supplier: string;
let method: string;
let can: string;

const en = { 'accept-language': 'en' };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(owner), ...en }, ...(payload ? { payload } : {}) });
const rate = (value: number) =>
  t.deps.db.updateTable('general_settings').set({ exchange_rate: value }).where('business_id', '=', coffee).execute();
/** A received purchase of 24 cans at 0.80: 19.20 owed. */
const purchase = async () => {
  const res = await call('POST', '/api/v1/purchases', {
    supplier_id: supplier,
    branch_id: branch,
    purchase_date: '2026-11-20',
    status: 'received',
    lines: [{ product_id: can, quantity: '24', unit_cost: '0.80' }],
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().data.grand_total).toBe('19.20');
  return res.json().data.id as string;
};
const pay = (id: string, amount: string, currency?: string) =>
  call('POST', `/api/v1/purchases/${id}/payments`, {
    payment_method_id: method,
    amount,
    paid_on: '2026-11-21',
    ...(currency ? { currency } : {}),
  });
const paymentRows = () => t.deps.db.selectFrom('purchase_payments').select('id').where('business_id', '=', coffee).execute();

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginAs(t.app, OWNER);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  branch = (await db.selectFrom('branches').select('id').where('business_id', '=', coffee).orderBy('created_at').executeTakeFirstOrThrow())
    .id;
  supplier = (await db.selectFrom('suppliers').select('id').where('business_id', '=', coffee).executeTakeFirstOrThrow()).id;
  method = (
    await db
      .selectFrom('payment_methods')
      .select('id')
      .where('business_id', '=', coffee)
      .where('type', '=', 'cash')
      .executeTakeFirstOrThrow()
  ).id;
  can = (
    await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', coffee)
      .where('type', '=', 'single')
      .where('is_stock_manage', '=', 1)
      .orderBy('product_name')
      .executeTakeFirstOrThrow()
  ).id;
  // Expiry batches are the purchases suite's business: this one needs no expiry dates.
  await db.updateTable('products').set({ has_expiry: 0 }).where('business_id', '=', coffee).where('id', '=', can).execute();
  await rate(41_000_000);
});
afterAll(() => t.close());

describe('paying a supplier in riel', () => {
  it('converts riel at the shop’s rate, keeps what was handed over, and the riel figure of what is owed settles it', async () => {
    expect((await call('GET', '/api/v1/purchases/options')).json().exchange_rate).toBe('4100.0000');
    const id = await purchase();
    const part = await pay(id, '20000', 'KHR');
    expect(part.statusCode).toBe(201);
    // 20,000 riel at 4,100 is 4.88 of the 19.20.
    expect(part.json().data).toMatchObject({ payment_status: 'partial', paid: '4.88', balance_due: '14.32' });
    expect(part.json().data.payments).toEqual([
      expect.objectContaining({ amount: '4.88', tendered_currency: 'KHR', tendered_amount: '20000' }),
    ]);
    // 14.32 is 58,712 riel, 58,700 to the 100-riel note: paying that leaves nothing owed.
    const rest = await pay(id, '58700', 'KHR');
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ payment_status: 'paid', paid: '19.20', balance_due: '0.00' });
    expect(rest.json().data.payments[1]).toMatchObject({ amount: '14.32', tendered_currency: 'KHR', tendered_amount: '58700' });
    // The rate of the day is kept with the payment: a later rate changes nothing paid.
    const stored = await t.deps.db
      .selectFrom('purchase_payments')
      .select(['amount', 'tendered_currency', 'tendered_amount', 'exchange_rate'])
      .where('business_id', '=', coffee)
      .where('purchase_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(stored.map((p) => [Number(p.amount), p.tendered_currency, Number(p.tendered_amount), Number(p.exchange_rate)])).toEqual([
      [488, 'KHR', 20_000, 41_000_000],
      [1432, 'KHR', 58_700, 41_000_000],
    ]);
    // Dollars as before: no currency is the purchase's own.
    const usd = await pay(await purchase(), '5');
    expect(usd.json().data.payments[0]).toMatchObject({ amount: '5.00', tendered_currency: 'USD', tendered_amount: '5.00' });
  });

  it('refuses more riel than is owed, a fraction of a riel, another currency and a missing rate; nothing is saved', async () => {
    const id = await purchase();
    const before = await paymentRows();
    // 19.20 is 78,720 riel (78,700 to the note): 78,800 would pay 19.22.
    const over = await pay(id, '78800', 'KHR');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('The payments would be more than the purchase total');
    const fraction = await pay(id, '1000.5', 'KHR');
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors.amount).toBeTruthy();
    const euro = await pay(id, '10', 'EUR');
    expect(euro.statusCode).toBe(400);
    expect(euro.json().errors.currency).toBeTruthy();
    await rate(0);
    const noRate = await pay(id, '20000', 'KHR');
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json().message).toBe('Set the exchange rate in the general settings before paying in the other currency');
    await rate(41_000_000);
    expect(await paymentRows()).toEqual(before);
    // The first payment with the order may be in riel too.
    const withOrder = await call('POST', '/api/v1/purchases', {
      supplier_id: supplier,
      branch_id: branch,
      purchase_date: '2026-11-20',
      status: 'received',
      lines: [{ product_id: can, quantity: '24', unit_cost: '0.80' }],
      payment: { payment_method_id: method, amount: '41000', currency: 'KHR', paid_on: '2026-11-20' },
    });
    expect(withOrder.statusCode).toBe(201);
    expect(withOrder.json().data).toMatchObject({ paid: '10.00', balance_due: '9.20' });
  });
});
