/**
 * Trust at the till (issue 20): money that cannot leak. Each case was found by someone trying to steal, a customer
 * paying in riel, or a busy till: a refund of money never taken, a drawer below zero, change the drawer does not have,
 * discounts beyond a cashier's rights, keys that are not UUIDs, numbers out of time order, coupon messages that drifted,
 * a riel total that does not settle, duplicated invoice numbers, and profit without the cost of what has no stock.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRate, formatDecimal, money, rielTotal } from '@posauto/shared/money/index';
import { newId } from '../../lib/ids';
import { addCoupon, call, cashierDiscountLimit, saleCounts, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

let w: SaleWorld;
let main: string;
let second: string;

const line = (i: number, quantity: string, extra: object = {}) => ({ product_id: w.items[i]!, quantity, ...extra });
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
const cashKhr = (amount: string) => ({ payment_method_id: w.cash, currency: 'KHR', amount });
const bank = (amount: string) => ({ payment_method_id: w.bank, currency: 'USD', amount });
const settings = (values: Record<string, number>) =>
  w.t.deps.db.updateTable('general_settings').set(values).where('business_id', '=', w.biz).execute();
const price = (i: number, minor: number) =>
  w.t.deps.db.updateTable('products').set({ sale_cost: minor }).where('business_id', '=', w.biz).where('id', '=', w.items[i]!).execute();

/** The cashier's own session: closed if open, then opened again with this cash (the module's own routes). */
async function freshDrawer(usd: string, khr: string): Promise<string> {
  const current = await call(w.t.app, w.cashier, 'GET', '/api/v1/cash-sessions/current');
  const open = current.json().data as { id: string; expected_usd: string; expected_khr: string } | null;
  if (open)
    expect(
      (
        await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${open.id}/close`, {
          counted_usd: open.expected_usd,
          counted_khr: open.expected_khr,
        })
      ).statusCode,
    ).toBe(200);
  const res = await call(w.t.app, w.cashier, 'POST', '/api/v1/cash-sessions/open', { opening_usd: usd, opening_khr: khr });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const drawer = async (id: string) => {
  const s = (await call(w.t.app, w.cashier, 'GET', `/api/v1/cash-sessions/${id}`)).json();
  return { usd: s.expected_usd as string, khr: s.expected_khr as string };
};

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  second = w.branches[1]!.id;
  for (const item of w.items) {
    await stockUp(w, item, main, '500');
    await stockUp(w, item, second, '50');
  }
  // The demo's preset limit: a cashier gives at most 10% without an approval.
  await cashierDiscountLimit(w, 1_000);
});
afterAll(() => w.t.close());

describe('1. a return refunds only what was paid', () => {
  beforeAll(async () => {
    await settings({ exchange_rate: 41_000_000 });
    await freshDrawer('50', '100000');
  });

  const invoice = async (payments: object[]) => {
    // 2.50 + 1.75 + 1.75 = 6.00, 10% VAT on top: 6.60 owed by a named customer.
    const res = await sell(
      w.t.app,
      w.cashier,
      {
        document: 'invoice',
        sale_type: 'general',
        branch_id: main,
        customer_id: w.customer,
        lines: [line(0, '1'), line(1, '2')],
        payments,
      },
      null,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; grand_total: string; lines: { id: string; quantity: string }[] };
  };
  const returnAll = (sale: { id: string; lines: { id: string; quantity: string }[] }, method = 'cash') =>
    call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: sale.id,
      refund_method: method,
      refund_currency: 'USD',
      lines: sale.lines.map((l) => ({ sale_line_id: l.id, quantity: l.quantity })),
    });

  it('pays out nothing for an invoice that was never paid: the return only clears what the customer owes', async () => {
    const sale = await invoice([]);
    expect(sale.grand_total).toBe('6.60');
    const session = (await call(w.t.app, w.cashier, 'GET', '/api/v1/cash-sessions/current')).json().data.id;
    const before = await drawer(session);
    const res = await returnAll(sale);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: '6.60', settled_amount: '6.60', refund_amount: '0.00' });
    expect(await drawer(session)).toEqual(before);
    const after = (await call(w.t.app, w.cashier, 'GET', `/api/v1/sales/${sale.id}`)).json();
    expect(after.balance_due).toBe('0.00');
  });

  it('refunds in cash only the 1.00 an invoice was paid, and clears the 5.60 still owed', async () => {
    const sale = await invoice([cashUsd('1.00')]);
    const session = (await call(w.t.app, w.cashier, 'GET', '/api/v1/cash-sessions/current')).json().data.id;
    const before = await drawer(session);
    const res = await returnAll(sale);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: '6.60', settled_amount: '5.60', refund_amount: '1.00' });
    expect((await drawer(session)).usd).toBe(formatDecimal(Math.round(Number(before.usd) * 100) - 100, 2));
    const after = (await call(w.t.app, w.cashier, 'GET', `/api/v1/sales/${sale.id}`)).json();
    expect(after.balance_due).toBe('0.00');
  });

  it('refunds a paid sale returned in two goes, never more than was paid', async () => {
    const sale = await invoice([cashUsd('6.60')]);
    const first = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: sale.id,
      refund_method: 'cash',
      refund_currency: 'USD',
      lines: [{ sale_line_id: sale.lines[1]!.id, quantity: '1' }],
    });
    expect(first.json().data).toMatchObject({ total: '1.93', settled_amount: '0.00', refund_amount: '1.93' });
    const rest = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: sale.id,
      refund_method: 'balance',
      lines: [
        { sale_line_id: sale.lines[0]!.id, quantity: '1' },
        { sale_line_id: sale.lines[1]!.id, quantity: '1' },
      ],
    });
    expect(rest.json().data).toMatchObject({ total: '4.67', settled_amount: '0.00', refund_amount: '4.67' });
  });
});

describe('2. nothing leaves a drawer that does not hold it', () => {
  let session: string;
  beforeAll(async () => {
    await settings({ exchange_rate: 41_000_000 });
    session = await freshDrawer('0', '50000');
  });

  it('refuses a cash refund beyond the drawer, naming what it holds, and takes it in riel or to the balance instead', async () => {
    const sale = (
      await sell(w.t.app, w.cashier, { customer_id: w.customer, lines: [line(2, '2'), line(0, '1')], payments: [bank('11.55')] })
    ).json().data;
    expect(sale.grand_total).toBe('11.55');
    const body = (currency: string, method = 'cash') => ({
      sale_id: sale.id,
      refund_method: method,
      refund_currency: currency,
      lines: [{ sale_line_id: sale.lines[0].id, quantity: '2' }],
    });
    const before = await saleCounts(w);
    const refused = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', body('USD'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      "The drawer holds $0.00 and 50,000 ៛: it cannot pay out $8.80. Refund in the other currency or to the customer's balance",
    );
    expect(await saleCounts(w)).toEqual(before);
    expect(await drawer(session)).toEqual({ usd: '0.00', khr: '50000' });
    // 8.80 x 4,100 = 36,080 riel, paid as 36,100.
    const inRiel = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', body('KHR'));
    expect(inRiel.statusCode, inRiel.body).toBe(201);
    expect(await drawer(session)).toEqual({ usd: '0.00', khr: '13900' });
    const twice = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      ...body('KHR'),
      lines: [{ sale_line_id: sale.lines[1].id, quantity: '1' }],
    });
    expect(twice.statusCode).toBe(201); // 2.75 = 11,275 riel: 13,900 holds it
    expect(await drawer(session)).toEqual({ usd: '0.00', khr: '2600' });
  });

  it('refuses a void whose cash the drawer no longer holds, and pays it back in the other currency', async () => {
    const sold = await sell(w.t.app, w.cashier, { lines: [line(2, '1')], payments: [cashUsd('4.40')] });
    expect(sold.statusCode, sold.body).toBe(201);
    const id = sold.json().data.id;
    // The dollars go to the bank: the drawer has no dollars left.
    expect(
      (
        await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${session}/cash-movements`, {
          type: 'out',
          currency: 'USD',
          amount: '4.40',
          reason: 'Bank',
        })
      ).statusCode,
    ).toBe(201);
    await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${session}/cash-movements`, {
      type: 'in',
      currency: 'KHR',
      amount: '20000',
      reason: 'Float',
    });
    const before = await saleCounts(w);
    const refused = await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${id}/void`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The drawer holds $0.00 and 22,600 ៛: it cannot pay back $4.40. Pay it back in the other currency');
    expect(await saleCounts(w)).toEqual(before);
    // 4.40 x 4,100 = 18,040 riel: 18,000 in notes.
    const voided = await call(w.t.app, w.cashier, 'POST', `/api/v1/sales/${id}/void`, { refund_currency: 'KHR' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await drawer(session)).toEqual({ usd: '0.00', khr: '4600' });
  });
});

describe('3. change the drawer can give', () => {
  it('refuses riel change the drawer does not have, gives it in whole dollars instead, and closes on the exact count', async () => {
    await settings({ exchange_rate: 41_000_000, sale_tax: 0 });
    await price(2, 405); // $4.05 paid with $5: 0.95 back = 3,895 riel, 3,800 in notes
    const session = await freshDrawer('0', '40000');
    for (let i = 0; i < 10; i++) {
      const res = await sell(w.t.app, w.cashier, { lines: [line(2, '1')], payments: [cashUsd('5')] });
      expect(res.json().data, res.body).toMatchObject({ change_usd: '0.00', change_khr: '3800' });
    }
    expect(await drawer(session)).toEqual({ usd: '50.00', khr: '2000' });
    const before = await saleCounts(w);
    const short = await sell(w.t.app, w.cashier, { lines: [line(2, '1')], payments: [cashUsd('5')] });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(
      'The drawer holds $55.00 and 2,000 ៛: it cannot give 3,800 ៛ in change. Give the change in the other currency, or ask for smaller notes',
    );
    expect(await saleCounts(w)).toEqual(before);
    // In whole dollars: $1 back for 0.95, the 5 cents given recorded as rounding, so the books still add up.
    const inDollars = await sell(w.t.app, w.cashier, { lines: [line(2, '1')], payments: [cashUsd('5')], change_in: 'USD' });
    expect(inDollars.statusCode, inDollars.body).toBe(201);
    expect(inDollars.json().data).toMatchObject({
      change_usd: '1.00',
      change_khr: '0',
      rounding: '-0.05',
      grand_total: '4.00',
      paid: '4.00',
      payment_status: 'paid',
    });
    expect(await drawer(session)).toEqual({ usd: '54.00', khr: '2000' });
    const close = await call(w.t.app, w.cashier, 'POST', `/api/v1/cash-sessions/${session}/close`, {
      counted_usd: '54.00',
      counted_khr: '2000',
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data).toMatchObject({ difference_usd: '0.00', difference_khr: '0' });
    await settings({ sale_tax: 1000 });
    await price(2, 400);
  });
});

describe('4. discounts within the role, above it with an approval', () => {
  beforeAll(async () => {
    await settings({ exchange_rate: 41_000_000 });
    await freshDrawer('100', '400000');
  });
  const discounted = (discount: object, extra: object = {}) => ({
    lines: [line(0, '1'), line(1, '2')],
    discount,
    payments: [cashUsd('10')],
    ...extra,
  });

  it('refuses a 100% order discount, and 2.99 off 3.00, from a cashier limited to 10%, saving nothing', async () => {
    const before = await saleCounts(w);
    const all = await sell(w.t.app, w.cashier, discounted({ type: 'percent', value: '100' }));
    expect(all.statusCode).toBe(422);
    expect(all.json().message).toBe('A discount of 100% is above your limit of 10%: ask a manager to approve it');
    const fixed = await sell(w.t.app, w.cashier, discounted({ type: 'fixed', value: '5.99' }));
    expect(fixed.statusCode).toBe(422);
    expect(await saleCounts(w)).toEqual(before);
    // Up to the limit, no approval is asked.
    expect((await sell(w.t.app, w.cashier, discounted({ type: 'percent', value: '10' }))).statusCode).toBe(201);
  });

  it('sells above the limit with an approval given on the same screen, once, and records who approved', async () => {
    const approve = (email: string, password: string, percent = '100') =>
      call(w.t.app, w.cashier, 'POST', '/api/v1/sales/discount-approvals', { email, password, percent });
    expect((await approve('owner@posauto.local', 'wrong-password')).json().message).toBe(
      "The approver's email or password is wrong, or this user cannot approve here",
    );
    expect((await approve('cashier@posauto.local', 'cashier1234')).json().message).toBe(
      'This approver can allow discounts of up to 10% only',
    );
    const ok = await approve('owner@posauto.local', 'owner1234');
    expect(ok.statusCode, ok.body).toBe(201);
    const approval = ok.json().id as string;
    const sold = await sell(w.t.app, w.cashier, discounted({ type: 'percent', value: '50' }, { discount_approval_id: approval }));
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.approved_by_name).toBeTruthy();
    const audit = await w.t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('business_id', '=', w.biz)
      .where('entity', '=', 'sale')
      .where('entity_id', '=', sold.json().data.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'discount_approved']);
    // One approval, one sale.
    const again = await sell(w.t.app, w.cashier, discounted({ type: 'percent', value: '50' }, { discount_approval_id: approval }));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This approval cannot be used: it has expired, was used or was given for someone else. Ask again');
  });

  it('does not count the shop’s own coupon as the cashier’s discount', async () => {
    await addCoupon(w, { code: 'HALF', type: 'percent', value: 5_000 });
    expect((await sell(w.t.app, w.cashier, { lines: [line(0, '1')], coupon_code: 'HALF', payments: [cashUsd('5')] })).statusCode).toBe(201);
  });
});

describe('6. the Idempotency-Key is a UUID', () => {
  it('refuses 36 characters of dashes and hex that are not a UUID, and declares the header in the API document', async () => {
    await freshDrawer('10', '100000');
    const before = await saleCounts(w);
    const bad = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], payments: [cashUsd('5')] }, '------------------------622402bb0d75');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'idempotency-key': 'The Idempotency-Key must be a UUID' });
    expect(await saleCounts(w)).toEqual(before);
    const doc = (await w.t.app.inject({ url: '/api/openapi.json' })).json();
    const header = doc.paths['/api/v1/sales'].post.parameters.find((p: { name: string }) => p.name === 'idempotency-key');
    expect(header).toMatchObject({ in: 'header', required: false, schema: { type: 'string' } });
  });
});

describe('7. numbers follow time', () => {
  it('gives no sale a later number with an earlier time, under concurrency', async () => {
    await freshDrawer('1000', '4000000');
    // A clock that moves on every reading, as a real one does between a sale's steps.
    const clock = w.t.clock;
    const real = clock.now.bind(clock);
    clock.now = () => {
      clock.advance(1);
      return real();
    };
    try {
      const sent = await Promise.all(
        Array.from({ length: 16 }, () => sell(w.t.app, w.cashier, { lines: [line(0, '1')], payments: [cashUsd('5')] })),
      );
      for (const s of sent) expect(s.statusCode, s.body).toBe(201);
      const rows = sent
        .map((s) => s.json().data as { invoice_number: string; sold_at: string })
        .sort((a, b) => (a.invoice_number < b.invoice_number ? -1 : 1));
      for (let i = 1; i < rows.length; i++)
        expect(rows[i]!.sold_at >= rows[i - 1]!.sold_at, `${rows[i - 1]!.invoice_number} then ${rows[i]!.invoice_number}`).toBe(true);
    } finally {
      clock.now = real;
    }
  });
});

describe('8. one coupon rule', () => {
  it('answers the till’s check and the sale with the same message for each kind of unusable coupon', async () => {
    await addCoupon(w, { code: 'LATER', type: 'percent', value: 1_000, starts_on: '2026-12-01' });
    await addCoupon(w, { code: 'OLD', type: 'percent', value: 1_000, ends_on: '2026-11-01' });
    await addCoupon(w, { code: 'GONE', type: 'percent', value: 1_000, usage_limit: 0 });
    for (const [code, message] of [
      ['LATER', 'This coupon cannot be used yet'],
      ['OLD', 'This coupon has expired'],
      ['GONE', 'This coupon has been used the maximum number of times'],
      ['NOPE', 'This coupon code is not valid'],
    ] as const) {
      const check = await call(w.t.app, w.cashier, 'GET', `/api/v1/pos/coupons/${code}`);
      const sale = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], coupon_code: code, payments: [cashUsd('5')] });
      expect([check.json().message, sale.json().message]).toEqual([message, message]);
    }
  });
});

describe('9. the riel total settles the sale', () => {
  it('completes a $6.60 sale paid with the 26,700 riel shown at 4,050, recording the cent as rounding', async () => {
    await settings({ exchange_rate: 40_500_000, sale_tax: 1000 });
    const session = await freshDrawer('10', '0');
    const res = await sell(w.t.app, w.cashier, { lines: [line(0, '1'), line(1, '2')], payments: [cashKhr('26700')] });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({ rounding: '-0.01', grand_total: '6.59', grand_total_khr: '26700', paid: '6.59', balance_due: '0.00' });
    expect(sale.payment_status).toBe('paid');
    expect(sale.payments.map((p: { amount_in_sale_currency: string }) => p.amount_in_sale_currency)).toEqual(['6.59']);
    expect(await drawer(session)).toEqual({ usd: '10.00', khr: '26700' });
  });

  it('settles random totals at random rates paid with the riel total, and the books add up to the cent', async () => {
    await settings({ sale_tax: 0 });
    await freshDrawer('10', '0');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 500_000 }), fc.integer({ min: 3_000, max: 5_000 }), async (cents, r) => {
        await settings({ exchange_rate: r * 10_000 });
        await price(0, cents);
        const riel = rielTotal(money(cents, 'USD'), exchangeRate(r * 10_000)).amount;
        const res = await sell(w.t.app, w.cashier, { lines: [line(0, '1')], payments: [cashKhr(String(riel))] });
        expect(res.statusCode, res.body).toBe(201);
        const s = res.json().data;
        expect(s.grand_total_khr).toBe(String(riel));
        expect(s.payment_status).toBe('paid');
        const minor = (t: string) => Math.round(Number(t) * 100);
        expect(minor(s.grand_total)).toBe(cents + minor(s.rounding));
        expect(minor(s.paid)).toBe(minor(s.grand_total));
        expect(
          s.payments.reduce((a: number, p: { amount_in_sale_currency: string }) => a + minor(p.amount_in_sale_currency), 0),
        ).toBeGreaterThanOrEqual(minor(s.paid));
        expect(minor(s.rounding)).toBeLessThanOrEqual(0);
        expect(minor(s.rounding)).toBeGreaterThanOrEqual(-2);
      }),
      { numRuns: 25 },
    );
    await settings({ sale_tax: 1000, exchange_rate: 41_000_000 });
    await price(0, 250);
  });
});

describe('10. one invoice series per shop', () => {
  it('never gives two branches the same number', async () => {
    const at = async (branch: string) => {
      const res = await sell(
        w.t.app,
        w.owner,
        {
          document: 'sale',
          sale_type: 'general',
          branch_id: branch,
          customer_id: w.customer,
          lines: [line(0, '1')],
          payments: [bank('2.75')],
        },
        null,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.invoice_number as string;
    };
    const numbers = [await at(main), await at(second), await at(main), await at(second)];
    expect(new Set(numbers).size).toBe(4);
  });
});

describe('11. cost and profit', () => {
  it('freezes the purchase cost of a product that does not manage stock on its lines and returns', async () => {
    await freshDrawer('100', '400000');
    const coffee = newId();
    const at = w.t.clock.now().toISOString();
    const product = await w.t.deps.db
      .selectFrom('products')
      .selectAll()
      .where('business_id', '=', w.biz)
      .where('id', '=', w.items[0]!)
      .executeTakeFirstOrThrow();
    await w.t.deps.db
      .insertInto('products')
      .values({
        ...product,
        id: coffee,
        product_name: `Iced coffee ${coffee.slice(-6)}`,
        sku_code: `IC-${coffee.slice(-6)}`,
        is_stock_manage: 0,
        purchase_cost: 120,
        sale_cost: 300,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const sold = await sell(w.t.app, w.cashier, {
      customer_id: w.customer,
      lines: [{ product_id: coffee, quantity: '2' }],
      payments: [cashUsd('6.60')],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const id = sold.json().data.id;
    const stored = await w.t.deps.db
      .selectFrom('sale_lines')
      .select('cost_amount')
      .where('business_id', '=', w.biz)
      .where('sale_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.cost_amount)).toBe(240);
    const back = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: id,
      refund_method: 'balance',
      lines: [{ sale_line_id: sold.json().data.lines[0].id, quantity: '1' }],
    });
    expect(back.statusCode, back.body).toBe(201);
    const r = await w.t.deps.db
      .selectFrom('sale_returns')
      .select('cost_total')
      .where('business_id', '=', w.biz)
      .where('id', '=', back.json().data.id)
      .executeTakeFirstOrThrow();
    expect(Number(r.cost_total)).toBe(120);
  });

  it('shows the dashboard’s gross profit to the owner and not to the cashier', async () => {
    const owner = (await call(w.t.app, w.owner, 'GET', `/api/v1/dashboard?branch_id=${main}`)).json();
    const cashier = (await call(w.t.app, w.cashier, 'GET', '/api/v1/dashboard')).json();
    expect(typeof owner.today.profit).toBe('number');
    expect(cashier.today.profit).toBeNull();
    expect(cashier.monthly.every((m: { profit: number | null }) => m.profit === null)).toBe(true);
    expect(cashier.today.sales).toBe(owner.today.sales);
  });
});

// A key made at the till is any UUID: the lower-case text of one is the same key.
it('reads a key in upper case as the same sale', async () => {
  await freshDrawer('10', '100000');
  const key = randomUUID();
  const body = { lines: [line(0, '1')], payments: [cashUsd('5')] };
  expect((await sell(w.t.app, w.cashier, body, key)).statusCode).toBe(201);
  expect((await sell(w.t.app, w.cashier, body, key.toUpperCase())).statusCode).toBe(200);
});
