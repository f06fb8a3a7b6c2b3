import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { addRole, addShopUser, createShop } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import {
  addCoupon,
  addServiceCharge,
  call,
  en,
  onHand,
  openCashSession,
  saleCounts,
  saleWorld,
  sell,
  stockUp,
  type SaleWorld,
} from '../../../test/sale-fixtures';

let w: SaleWorld;
let main: string;
let second: string;
let service10: string;
let cashierSession: string;
let ownerSession: string;

const line = (i: number, quantity: string, extra: object = {}) => ({ product_id: w.items[i]!, quantity, ...extra });
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
const cashKhr = (amount: string) => ({ payment_method_id: w.cash, currency: 'KHR', amount });
const settings = (values: Record<string, number>) =>
  w.t.deps.db.updateTable('general_settings').set(values).where('business_id', '=', w.biz).execute();
const entriesOf = (saleId: string) =>
  w.t.deps.db
    .selectFrom('cash_session_entries')
    .select(['session_id', 'kind', 'currency', 'amount'])
    .where('business_id', '=', w.biz)
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
const movementsOf = (docId: string) =>
  w.t.deps.db
    .selectFrom('stock_movements')
    .select(['movement_type', 'product_id', 'quantity', 'cost_total', 'doc_line_id'])
    .where('business_id', '=', w.biz)
    .where('doc_id', '=', docId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  second = w.branches[1]!.id;
  for (const item of w.items) {
    await stockUp(w, item, main, '200');
    await stockUp(w, item, second, '50');
  }
  cashierSession = await openCashSession(w, w.cashierId, main);
  ownerSession = await openCashSession(w, w.ownerId, second);
  service10 = await addServiceCharge(w, 'Service 10%', 1000);
});
afterAll(() => w.t.close());

describe('access', () => {
  it('answers 401 without a session, 403 without the permission, 400 for a malformed body, 404 for another shop', async () => {
    const anon = await w.t.app.inject({ method: 'POST', url: '/api/v1/sales', payload: {} });
    expect(anon.statusCode).toBe(401);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/v1/sales' })).statusCode).toBe(401);
    // The cashier sells at the till, writes invoices and takes returns, but quotations are not its job.
    const quote = await sell(w.t.app, w.cashier, { document: 'quotation', sale_type: 'general', branch_id: main, lines: [line(0, '1')] });
    expect(quote.statusCode).toBe(403);
    // A till-only role (sale-pos) takes no returns.
    const tillRole = await addRole(w.t.deps, w.biz, 'Till only', ['sale-pos']);
    const till = await loginAs(w.t.app, (await addShopUser(w.t.deps, { businessId: w.biz, roleId: tillRole, branchId: main })).login);
    const ret = await call(w.t.app, till, 'POST', '/api/v1/sale-returns', { sale_id: newId(), refund_method: 'cash', lines: [] });
    expect(ret.statusCode).toBe(403);
    const bad = await sell(w.t.app, w.cashier, { lines: [line(0, '-1')], payments: [cashUsd('5')] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['lines.0.quantity']).toBeTruthy();

    const other = await createShop(w.t.deps);
    const otherToken = await loginAs(w.t.app, other.login);
    const made = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], payments: [cashUsd('5')] });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    expect((await call(w.t.app, otherToken, 'GET', `/api/v1/sales/${id}`)).statusCode).toBe(404);
    const pay = await call(w.t.app, otherToken, 'POST', `/api/v1/sales/${id}/payments`, cashUsd('1'));
    expect(pay.statusCode).toBe(404);
    const put = await call(w.t.app, otherToken, 'PUT', `/api/v1/sales/${id}`, {});
    expect(put.statusCode).toBe(404);
    for (const action of ['void', 'reprint'])
      expect((await call(w.t.app, otherToken, 'POST', `/api/v1/sales/${id}/${action}`)).statusCode).toBe(404);
    expect((await call(w.t.app, otherToken, 'POST', `/api/v1/sales/${id}/convert`, {})).statusCode).toBe(404);
    const stolen = await call(w.t.app, otherToken, 'POST', '/api/v1/sale-returns', {
      sale_id: id,
      refund_method: 'cash',
      lines: [{ sale_line_id: made.json().data.lines[0].id, quantity: '1' }],
    });
    expect(stolen.statusCode).toBe(422);
    expect((await call(w.t.app, w.owner, 'GET', `/api/v1/sales/${id}`)).json().status).toBe('completed');
    const listed = await call(w.t.app, otherToken, 'GET', '/api/v1/sales');
    expect(listed.json().data).toEqual([]);
  });

  it('shows a caller with only sale-list the POS sales only', async () => {
    const roleId = await addRole(w.t.deps, w.biz, 'POS viewer', ['sale-list']);
    const viewer = await addShopUser(w.t.deps, { businessId: w.biz, roleId, branchId: null });
    const token = await loginAs(w.t.app, viewer.login);
    const invoice = await sell(
      w.t.app,
      w.owner,
      { document: 'invoice', sale_type: 'general', branch_id: main, customer_id: w.customer, lines: [line(0, '1')] },
      null,
    );
    expect(invoice.statusCode).toBe(201);
    const list = await call(w.t.app, token, 'GET', '/api/v1/sales?per_page=all');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { document: string; sale_type: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.document === 'sale' && r.sale_type === 'pos_retail')).toBe(true);
    expect((await call(w.t.app, token, 'GET', `/api/v1/sales/${invoice.json().data.id}`)).statusCode).toBe(404);
  });
});

describe('committing a sale at the till', () => {
  it('sells three lines with VAT on top, a service charge, a discount and a coupon, paid in dollars and riel with change in riel', async () => {
    await settings({ sale_tax: 1000, is_exclude_tax: 1 });
    const coupon = await addCoupon(w, { code: 'HAPPY5', type: 'percent', value: 500, usage_limit: 10 });
    const before = [await onHand(w, w.items[0]!, main), await onHand(w, w.items[1]!, main), await onHand(w, w.items[2]!, main)];
    const res = await sell(w.t.app, w.cashier, {
      lines: [line(0, '2'), line(1, '1'), line(2, '3')],
      discount: { type: 'percent', value: '10' },
      coupon_code: 'happy5',
      service_charge_id: service10,
      payments: [cashUsd('10'), cashKhr('45000')],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Sale Transaction is successed');
    const sale = res.json().data;
    // Lines 5.00 + 1.75 + 12.00 = 18.75; 10% off 1.875 -> 1.88; coupon 5% of 16.87 -> 0.84; service 10% of 16.03 -> 1.60;
    // VAT 10% of 17.63 -> 1.76; total 19.39. Handed over $10 + 45,000 riel (= $10.9756): change $1 and 2,400 riel.
    expect(sale).toMatchObject({
      document: 'sale',
      sale_type: 'pos_retail',
      status: 'completed',
      payment_status: 'paid',
      branch_id: main,
      cash_session_id: cashierSession,
      subtotal: '18.75',
      discount_amount: '1.88',
      coupon_code: 'HAPPY5',
      coupon_amount: '0.84',
      service_charge: '1.60',
      service_charge_name: 'Service 10%',
      vat_rate: '10.00',
      vat_inclusive: false,
      tax: '1.76',
      grand_total: '19.39',
      grand_total_khr: '79500', // 19.39 x 4,100 = 79,499, as cash pays it: the nearest 100-riel note
      paid: '19.39',
      balance_due: '0.00',
      change: '1.58',
      change_usd: '1.00',
      change_khr: '2400',
      exchange_rate: '4100.0000',
    });
    expect(sale.invoice_number).toMatch(/^INV-\d{6}$/);
    const lines = sale.lines as Record<string, string>[];
    expect(lines.map((l) => l.gross_amount)).toEqual(['5.00', '1.75', '12.00']);
    // The order discount and the coupon (2.72) are shared over the lines exactly, and so is the tax.
    const cents = (k: string) => lines.reduce((s, l) => s + Math.round(Number(l[k]) * 100), 0);
    expect(cents('order_discount_share')).toBe(272);
    expect(cents('net_amount')).toBe(1603);
    expect(cents('tax_amount')).toBe(176);
    // 45,000 riel is worth 10.9756: credited as 10.97, the tender's share of the rounded-down 20.97 handed over, so the
    // payments less the change (1.58) are exactly what was paid (19.39).
    expect(sale.payments.map((p: { amount: string; amount_in_sale_currency: string }) => [p.amount, p.amount_in_sale_currency])).toEqual([
      ['10.00', '10.00'],
      ['45000', '10.97'],
    ]);
    expect(await entriesOf(sale.id)).toEqual([
      { session_id: cashierSession, kind: 'sale', currency: 'USD', amount: 1000 },
      { session_id: cashierSession, kind: 'sale', currency: 'KHR', amount: 45000 },
      { session_id: cashierSession, kind: 'change', currency: 'USD', amount: -100 },
      { session_id: cashierSession, kind: 'change', currency: 'KHR', amount: -2400 },
    ]);
    expect([await onHand(w, w.items[0]!, main), await onHand(w, w.items[1]!, main), await onHand(w, w.items[2]!, main)]).toEqual([
      before[0]! - 2000,
      before[1]! - 1000,
      before[2]! - 3000,
    ]);
    const moved = await movementsOf(sale.id);
    const byItem = (id: string) => moved.filter((m) => m.product_id === id).map((m) => [m.movement_type, m.quantity]);
    expect(w.items.map(byItem)).toEqual([[['sale_out', -2000]], [['sale_out', -1000]], [['sale_out', -3000]]]);
    const stored = await w.t.deps.db.selectFrom('sales').select(['cost_total']).where('id', '=', sale.id).executeTakeFirstOrThrow();
    expect(Number(stored.cost_total)).toBe(-moved.reduce((s, m) => s + Number(m.cost_total), 0));
    const used = await w.t.deps.db.selectFrom('coupons').select('used_count').where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(Number(used.used_count)).toBe(1);
  });

  it('extracts VAT from prices that include it', async () => {
    await settings({ sale_tax: 1000, is_exclude_tax: 0 });
    const res = await sell(w.t.app, w.cashier, { lines: [line(0, '2')], payments: [cashUsd('5')] });
    await settings({ sale_tax: 1000, is_exclude_tax: 1 });
    expect(res.statusCode).toBe(201);
    // 5.00 with 10% inside: net 4.55, tax 0.45.
    expect(res.json().data).toMatchObject({ grand_total: '5.00', tax: '0.45', vat_inclusive: true, change: '0.00' });
  });

  it('numbers sales per branch and keeps a partial payment as the named customer’s due', async () => {
    const res = await sell(w.t.app, w.cashier, { customer_id: w.customer, lines: [line(1, '4')], payments: [cashUsd('5')] });
    expect(res.statusCode).toBe(201);
    // 7.00 + 10% VAT = 7.70; 5.00 paid.
    expect(res.json().data).toMatchObject({ payment_status: 'partial', grand_total: '7.70', paid: '5.00', balance_due: '2.70' });
    expect(Number(res.json().data.customer_balance_due)).toBeGreaterThanOrEqual(2.7);
    const paid = await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${res.json().data.id}/payments`, cashKhr('11100'));
    expect(paid.statusCode).toBe(201);
    // 11,100 riel = $2.7073: the due is paid and 0.0073 comes back as nothing (less than one 100-riel note).
    expect(paid.json().data).toMatchObject({ payment_status: 'paid', paid: '7.70', balance_due: '0.00' });
    const again = await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${res.json().data.id}/payments`, cashUsd('1'));
    expect(again.statusCode).toBe(422);
  });
});

describe('stock', () => {
  it('refuses more than on hand with the spec message, and sells the last unit to exactly one of two tills', async () => {
    const db = w.t.deps.db;
    const item = w.items[2]!;
    const left = await onHand(w, item, second);
    const before = await saleCounts(w);
    const { product_name: name } = await db.selectFrom('products').select('product_name').where('id', '=', item).executeTakeFirstOrThrow();
    const over = await sell(w.t.app, w.owner, { lines: [line(2, String(left / 1000 + 1))], payments: [cashUsd('5000')] });
    expect(over.statusCode).toBe(422);
    // The spec's words, then the item that is short, also on the line's field.
    expect(over.json().message).toBe(`There is not enought stock or no item: ${name}`);
    expect(over.json().errors['lines.0.quantity']).toBe(`There is not enought stock or no item: ${name}`);
    expect(await saleCounts(w)).toEqual(before);
    // Leave exactly one unit.
    if (left > 1000) {
      const down = await sell(w.t.app, w.owner, { lines: [line(2, String(left / 1000 - 1))], payments: [cashUsd('5000')] });
      expect(down.statusCode).toBe(201);
    }
    expect(await onHand(w, item, second)).toBe(1000);
    const cashier2 = await addShopUser(w.t.deps, {
      businessId: w.biz,
      roleId: (
        await db.selectFrom('roles').select('id').where('business_id', '=', w.biz).where('name', '=', 'Cashier').executeTakeFirstOrThrow()
      ).id,
      branchId: second,
    });
    await openCashSession(w, cashier2.userId, second);
    const token2 = await loginAs(w.t.app, cashier2.login);
    const mid = await saleCounts(w);
    const both = await Promise.all([
      sell(w.t.app, w.owner, { lines: [line(2, '1')], payments: [cashUsd('5')] }),
      sell(w.t.app, token2, { lines: [line(2, '1')], payments: [cashUsd('5')] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(both.find((r) => r.statusCode === 422)!.json().message).toBe(`There is not enought stock or no item: ${name}`);
    expect(await onHand(w, item, second)).toBe(0);
    const after = await saleCounts(w);
    expect(after.sales).toBe(mid.sales + 1);
    expect(after.stock_movements).toBe(mid.stock_movements + 1);
  });

  it('numbers sales that arrive together without a gap, each answered with its own outcome, when one is refused', async () => {
    // On SQLite these share one group commit: the refused one rolls the group back and each runs again alone.
    const body = (quantity: string) => ({ lines: [line(0, quantity)], payments: [cashUsd('5000')] });
    const before = await saleCounts(w);
    const answers = await Promise.all(['1', '1', '100000', '1', '1'].map((q) => sell(w.t.app, w.owner, body(q))));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 422, 201, 201]);
    const sold = answers.filter((r) => r.statusCode === 201).map((r) => r.json().data as { id: string; invoice_number: string });
    expect(new Set(sold.map((s) => s.id)).size).toBe(4);
    const numbers = sold.map((s) => Number(s.invoice_number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual([0, 1, 2, 3].map((i) => numbers[0]! + i));
    expect((await saleCounts(w)).sales).toBe(before.sales + 4);
  });
});

describe('idempotency', () => {
  it('saves one sale for five concurrent sends and a resend, and refuses the key with another body', async () => {
    const key = randomUUID();
    const body = { lines: [line(0, '1'), line(1, '1')], payments: [cashUsd('20')] };
    const before = await saleCounts(w);
    const five = await Promise.all(Array.from({ length: 5 }, () => sell(w.t.app, w.cashier, body, key)));
    expect(five.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(five.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const resend = await sell(w.t.app, w.cashier, { payments: [cashUsd('20')], lines: [line(0, '1'), line(1, '1')] }, key);
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data.id).toBe([...ids][0]);
    const after = await saleCounts(w);
    expect(after.sales).toBe(before.sales + 1);
    expect(after.sale_payments).toBe(before.sale_payments + 1);
    expect(after.stock_movements).toBe(before.stock_movements + 2);
    // Cash in, and change in dollars and riel.
    expect(after.cash_session_entries).toBe(before.cash_session_entries + (await entriesOf([...ids][0])).length);
    expect((await entriesOf([...ids][0])).filter((e) => e.kind === 'sale')).toHaveLength(1);
    const other = await sell(w.t.app, w.cashier, { lines: [line(0, '2')], payments: [cashUsd('20')] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This payment key was already used for another sale');
    expect(await saleCounts(w)).toEqual(after);
  });

  it('needs a key at the till, and a well-formed one', async () => {
    const none = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], payments: [cashUsd('5')] }, null);
    expect(none.statusCode).toBe(422);
    const bad = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], payments: [cashUsd('5')] }, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });
});

describe('bad input changes nothing', () => {
  it('refuses each with a clear message', async () => {
    const seller = await addShopUser(w.t.deps, {
      businessId: w.biz,
      roleId: (
        await w.t.deps.db
          .selectFrom('roles')
          .select('id')
          .where('business_id', '=', w.biz)
          .where('name', '=', 'Cashier')
          .executeTakeFirstOrThrow()
      ).id,
      branchId: main,
    });
    const noSession = await loginAs(w.t.app, seller.login);
    await addCoupon(w, { code: 'OLD', type: 'fixed', value: 100, ends_on: '2026-11-20' });
    await addCoupon(w, { code: 'SOON', type: 'fixed', value: 100, starts_on: '2026-11-22' });
    await addCoupon(w, { code: 'GONE', type: 'fixed', value: 100, usage_limit: 0 });
    const other = await createShop(w.t.deps);
    const base = { lines: [line(0, '1')], payments: [cashUsd('5')] };
    const cases: [string, string, object, number, string][] = [
      ['no session', noSession, base, 422, 'Open a cash session before selling'],
      ['negative quantity', w.cashier, { ...base, lines: [line(0, '-2')] }, 400, ''],
      ['discount over 100%', w.cashier, { ...base, discount: { type: 'percent', value: '150' } }, 400, ''],
      [
        'fixed discount over the total',
        w.cashier,
        { ...base, discount: { type: 'fixed', value: '3.00' } },
        422,
        'The discount cannot be more than the total',
      ],
      ['coupon out of date', w.cashier, { ...base, coupon_code: 'OLD' }, 422, 'This coupon has expired'],
      ['coupon not started', w.cashier, { ...base, coupon_code: 'SOON' }, 422, 'This coupon cannot be used yet'],
      ['coupon used up', w.cashier, { ...base, coupon_code: 'GONE' }, 422, 'This coupon has been used the maximum number of times'],
      ['coupon unknown', w.cashier, { ...base, coupon_code: 'NOPE' }, 422, 'This coupon code is not valid'],
      ['unknown tender currency', w.cashier, { ...base, payments: [{ payment_method_id: w.cash, currency: 'EUR', amount: '5' }] }, 400, ''],
      ['no payment', w.cashier, { ...base, payments: [] }, 422, 'Please select payment'],
      ['zero payment', w.cashier, { ...base, payments: [cashUsd('0')] }, 400, ''],
      [
        'unknown method',
        w.cashier,
        { ...base, payments: [{ payment_method_id: newId(), currency: 'USD', amount: '5' }] },
        422,
        'please select payment method',
      ],
      [
        'bank transfer over the total',
        w.cashier,
        { ...base, payments: [{ payment_method_id: w.bank, currency: 'USD', amount: '50' }] },
        422,
        'Only cash can be more than the amount due',
      ],
      ['walk-in paying part', w.cashier, { ...base, payments: [cashUsd('1')] }, 422, ''],
      ['price edit while off', w.cashier, { ...base, lines: [line(0, '1', { unit_price: '0.10' })] }, 422, ''],
      ['line discount while off', w.cashier, { ...base, lines: [line(0, '1', { discount: { type: 'percent', value: '50' } })] }, 422, ''],
      [
        'another branch',
        w.cashier,
        { document: 'invoice', sale_type: 'general', branch_id: second, customer_id: w.customer, lines: [line(0, '1')] },
        422,
        'You can only sell from your own branch',
      ],
      [
        'another shop’s branch',
        w.owner,
        { document: 'invoice', sale_type: 'general', branch_id: other.branchIds[0], customer_id: w.customer, lines: [line(0, '1')] },
        422,
        'Please select branch',
      ],
      [
        'another shop’s customer',
        w.owner,
        { document: 'invoice', sale_type: 'general', branch_id: main, customer_id: newId(), lines: [line(0, '1')] },
        422,
        '',
      ],
    ];
    const before = await saleCounts(w);
    for (const [name, token, payload, status, message] of cases) {
      const res = await sell(w.t.app, token, payload);
      expect([name, res.statusCode]).toEqual([name, status]);
      if (message) expect([name, res.json().message]).toEqual([name, message]);
    }
    const walkIn = await sell(w.t.app, w.cashier, { ...base, payments: [cashUsd('1')] });
    expect(walkIn.json().message).toMatch(/walk-in customer must pay/);
    const currency = await sell(w.t.app, w.cashier, { ...base, payments: [{ payment_method_id: w.cash, currency: 'EUR', amount: '5' }] });
    expect(currency.json().errors['payments.0.currency']).toBe('Pay in US dollars or riel');
    const zero = await sell(w.t.app, w.cashier, { ...base, payments: [cashUsd('0.00')] });
    expect(zero.json().errors['payments.0.amount']).toBe('Please enter payment amount');
    expect(await saleCounts(w)).toEqual(before);
  });
});

describe('returns', () => {
  it('takes back no more than sold, at the sale’s cost, refunding cash from the open session or to the balance', async () => {
    const sold = await sell(w.t.app, w.owner, { customer_id: w.customer, lines: [line(0, '3')], payments: [cashUsd('10')] });
    expect(sold.statusCode).toBe(201);
    const sale = sold.json().data;
    expect(sale.grand_total).toBe('8.25');
    const saleLine = sale.lines[0].id;
    const out = (await movementsOf(sale.id))[0]!;
    const stockBefore = await onHand(w, w.items[0]!, second);

    const first = await call(w.t.app, w.owner, 'POST', '/api/v1/sale-returns', {
      sale_id: sale.id,
      refund_method: 'cash',
      refund_currency: 'KHR',
      lines: [{ sale_line_id: saleLine, quantity: '2' }],
    });
    expect(first.statusCode).toBe(201);
    const ret = first.json().data;
    expect(ret.return_number).toMatch(/^SRT-\d{6}$/);
    // Two of three: 5.50 of 8.25, refunded as 22,550 riel at the sale's 4,100, rounded to 22,600.
    expect(ret).toMatchObject({ total: '5.50', refund_method: 'cash', refund_currency: 'KHR', refund_amount: '22600' });
    const entries = await w.t.deps.db
      .selectFrom('cash_session_entries')
      .select(['session_id', 'kind', 'currency', 'amount'])
      .where('return_id', '=', ret.id)
      .execute();
    expect(entries).toEqual([{ session_id: ownerSession, kind: 'refund', currency: 'KHR', amount: -22600 }]);
    const back = await movementsOf(ret.id);
    expect(back.map((m) => [m.movement_type, m.quantity])).toEqual([['sale_return', 2000]]);
    expect(await onHand(w, w.items[0]!, second)).toBe(stockBefore + 2000);

    const before = await saleCounts(w);
    const tooMany = await call(w.t.app, w.owner, 'POST', '/api/v1/sale-returns', {
      sale_id: sale.id,
      refund_method: 'balance',
      lines: [{ sale_line_id: saleLine, quantity: '2' }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('You cannot return more than was sold minus what was already returned');
    expect(await saleCounts(w)).toEqual(before);

    const last = await call(w.t.app, w.owner, 'POST', '/api/v1/sale-returns', {
      sale_id: sale.id,
      refund_method: 'balance',
      lines: [{ sale_line_id: saleLine, quantity: '1' }],
    });
    expect(last.statusCode).toBe(201);
    expect(last.json().data).toMatchObject({ total: '2.75', refund_method: 'balance', refund_amount: '2.75', refund_currency: 'USD' });
    // Everything came back at exactly what it left at.
    const lastBack = await movementsOf(last.json().data.id);
    expect(Number(back[0]!.cost_total) + Number(lastBack[0]!.cost_total)).toBe(-Number(out.cost_total));
    const detail = await call(w.t.app, w.owner, 'GET', `/api/v1/sales/${sale.id}`);
    expect(detail.json()).toMatchObject({ returned_amount: '8.25' });
    expect(detail.json().lines[0]).toMatchObject({ returned_quantity: '3', returnable_quantity: '0' });
    expect(detail.json().returns).toHaveLength(2);
    const listed = await call(w.t.app, w.owner, 'GET', `/api/v1/sale-returns?sale_id=${sale.id}`);
    expect(listed.json().meta.total).toBe(2);
    expect((await call(w.t.app, w.owner, 'GET', `/api/v1/sale-returns/${ret.id}`)).json().lines).toHaveLength(1);
    // A returned sale cannot be voided.
    expect((await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${sale.id}/void`)).statusCode).toBe(422);
  });

  it('refuses a balance refund to the walk-in customer', async () => {
    const sold = await sell(w.t.app, w.owner, { lines: [line(1, '1')], payments: [cashUsd('5')] });
    const res = await call(w.t.app, w.owner, 'POST', '/api/v1/sale-returns', {
      sale_id: sold.json().data.id,
      refund_method: 'balance',
      lines: [{ sale_line_id: sold.json().data.lines[0].id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('back office', () => {
  it('quotes without moving stock, converts into an invoice, edits it while unpaid, takes a payment, voids it', async () => {
    const before = await onHand(w, w.items[1]!, main);
    const quote = await sell(
      w.t.app,
      w.owner,
      { document: 'quotation', sale_type: 'general', branch_id: main, customer_id: w.customer, lines: [line(1, '2')] },
      null,
    );
    expect(quote.statusCode).toBe(201);
    expect(quote.json().data).toMatchObject({ document: 'quotation', status: 'open', grand_total: '3.85' });
    expect(quote.json().data.invoice_number).toMatch(/^QUO-\d{6}$/);
    expect(await onHand(w, w.items[1]!, main)).toBe(before);

    const conv = await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${quote.json().data.id}/convert`, { document: 'invoice' });
    expect(conv.statusCode).toBe(201);
    const invoice = conv.json().data;
    expect(invoice).toMatchObject({ document: 'invoice', status: 'completed', payment_status: 'unpaid', grand_total: '3.85' });
    expect(await onHand(w, w.items[1]!, main)).toBe(before - 2000);
    expect((await call(w.t.app, w.owner, 'GET', `/api/v1/sales/${quote.json().data.id}`)).json().status).toBe('converted');
    const twice = await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${quote.json().data.id}/convert`, { document: 'invoice' });
    expect(twice.statusCode).toBe(422);

    const edited = await call(w.t.app, w.owner, 'PUT', `/api/v1/sales/${invoice.id}`, {
      document: 'invoice',
      sale_type: 'general',
      branch_id: main,
      customer_id: w.customer,
      lines: [line(1, '3')],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ invoice_number: invoice.invoice_number, grand_total: '5.78' });
    expect(await onHand(w, w.items[1]!, main)).toBe(before - 3000);

    const paid = await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${invoice.id}/payments`, {
      payment_method_id: w.bank,
      currency: 'USD',
      amount: '2',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data).toMatchObject({ payment_status: 'partial', paid: '2.00', balance_due: '3.78' });
    const locked = await call(w.t.app, w.owner, 'PUT', `/api/v1/sales/${invoice.id}`, {
      document: 'invoice',
      sale_type: 'general',
      branch_id: main,
      customer_id: w.customer,
      lines: [line(1, '1')],
    });
    expect(locked.statusCode).toBe(422);

    const reprint = await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${invoice.id}/reprint`);
    expect(reprint.statusCode).toBe(200);
    const audited = await w.t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('business_id', '=', w.biz)
      .where('entity_id', '=', invoice.id)
      .where('action', '=', 'reprint')
      .execute();
    expect(audited).toHaveLength(1);

    const voided = await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${invoice.id}/void`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.status).toBe('void');
    expect(await onHand(w, w.items[1]!, main)).toBe(before);
  });

  it('voids a till sale: its cash leaves the caller’s drawer and its coupon use comes back', async () => {
    const coupon = await addCoupon(w, { code: 'VOIDME', type: 'fixed', value: 50, usage_limit: 1 });
    const sold = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], coupon_code: 'VOIDME', payments: [cashKhr('20000')] });
    expect(sold.statusCode).toBe(201);
    const id = sold.json().data.id;
    const voided = await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${id}/void`);
    expect(voided.statusCode).toBe(200);
    const net = (await entriesOf(id)).reduce((s, e) => s + (e.currency === 'KHR' ? Number(e.amount) : 0), 0);
    expect(net).toBe(0);
    const used = await w.t.deps.db.selectFrom('coupons').select('used_count').where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(Number(used.used_count)).toBe(0);
  });

  it('lists every sold line and exports them as CSV', async () => {
    const list = await call(w.t.app, w.owner, 'GET', `/api/v1/sale-items?product_id=${w.items[2]}&per_page=all`);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { product_id: string; invoice_number: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.product_id === w.items[2])).toBe(true);
    const csv = await w.t.app.inject({
      method: 'GET',
      url: `/api/v1/sale-items/export?format=csv&product_id=${w.items[2]}`,
      headers: { ...bearer(w.owner), ...en },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(rows.length + 1);
    expect(csv.body).toContain('Invoice number');
  });
});
