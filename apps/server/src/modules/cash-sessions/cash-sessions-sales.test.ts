import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDecimal } from '@posauto/shared/money/index';
import { call, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

/**
 * The cash rule, end to end through the routes a till uses: a closed session's expected cash equals its
 * opening plus the cash its sales took, minus the change they gave and the cash refunded, plus cash in, minus cash
 * out, per currency. The expectation is recomputed here from the sale and return documents themselves, not from the
 * session's entries, so a sale that forgot an entry (or wrote one twice) fails the test.
 */
const minor = (text: string, currency: 'USD' | 'KHR') => parseDecimal(text, currency === 'USD' ? 2 : 0);

describe("a closed session's expected cash", () => {
  let w: SaleWorld;
  beforeAll(async () => {
    w = await saleWorld();
    for (const item of w.items) await stockUp(w, item, w.branches[0]!.id, '50');
  });
  afterAll(() => w.t.close());

  it('equals opening + cash payments - change - cash refunds + cash in - cash out, in dollars and in riel', async () => {
    const app = w.t.app;
    // The demo cashier may already hold an open session (the demo seed's): start from a fresh one.
    const current = (await call(app, w.cashier, 'GET', '/api/v1/cash-sessions/current')).json().data;
    if (current)
      expect(
        (await call(app, w.cashier, 'POST', `/api/v1/cash-sessions/${current.id}/close`, { counted_usd: '0', counted_khr: '0' }))
          .statusCode,
      ).toBe(200);
    const opened = await call(app, w.cashier, 'POST', '/api/v1/cash-sessions/open', { opening_usd: '20', opening_khr: '40000', note: '' });
    expect(opened.statusCode).toBe(201);
    const session = opened.json().data.id as string;
    const expected = { USD: 2000, KHR: 40_000 };

    const move = async (type: 'in' | 'out', currency: 'USD' | 'KHR', amount: string) => {
      const res = await call(app, w.cashier, 'POST', `/api/v1/cash-sessions/${session}/cash-movements`, {
        type,
        currency,
        amount,
        reason: type === 'in' ? 'Float top-up' : 'Ice from the market',
      });
      expect(res.statusCode, res.body).toBe(201);
      expected[currency] += (type === 'in' ? 1 : -1) * minor(amount, currency);
    };
    await move('in', 'USD', '5');

    const line = (i: number, quantity = '1') => ({ product_id: w.items[i % w.items.length]!, quantity });
    const tenders: Array<Array<{ method: 'cash' | 'bank'; currency: 'USD' | 'KHR'; amount: string }>> = [
      [{ method: 'cash', currency: 'USD', amount: '20' }],
      [{ method: 'cash', currency: 'KHR', amount: '50000' }],
      [
        { method: 'cash', currency: 'USD', amount: '5' },
        { method: 'cash', currency: 'KHR', amount: '20000' },
      ],
      [{ method: 'bank', currency: 'USD', amount: '' }],
      [{ method: 'cash', currency: 'USD', amount: '100' }],
    ];
    const saleIds: string[] = [];
    for (const [i, tender] of tenders.entries()) {
      let payments = tender.map((t) => ({
        payment_method_id: t.method === 'cash' ? w.cash : w.bank,
        currency: t.currency,
        amount: t.amount,
      }));
      if (tender[0]!.method === 'bank') {
        // A bank transfer pays the exact total: the same cart is first sold for cash (a sale of its own, counted
        // below like the others), and its total is what the transfer pays.
        const probe = await sell(app, w.cashier, {
          lines: [line(i), line(i + 1)],
          payments: [{ payment_method_id: w.cash, currency: 'USD', amount: '100' }],
        });
        expect(probe.statusCode, probe.body).toBe(201);
        const d = probe.json().data;
        saleIds.push(d.id);
        payments = [{ payment_method_id: w.bank, currency: 'USD', amount: d.grand_total }];
      }
      const res = await sell(app, w.cashier, { lines: [line(i), line(i + 1)], payments });
      expect(res.statusCode, res.body).toBe(201);
      saleIds.push(res.json().data.id);
    }

    // One item of the second sale comes back, refunded in riel from the drawer.
    const second = (await call(app, w.cashier, 'GET', `/api/v1/sales/${saleIds[1]}`)).json();
    const back = await call(app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: second.id,
      refund_method: 'cash',
      refund_currency: 'KHR',
      lines: [{ sale_line_id: second.lines[0].id, quantity: '1' }],
    });
    expect(back.statusCode, back.body).toBe(201);
    const refund = back.json().data;
    expected[refund.refund_currency as 'USD' | 'KHR'] -= minor(refund.refund_amount, refund.refund_currency);

    await move('out', 'KHR', '10000');

    // Recompute from the documents: cash tendered per currency, minus the change each sale gave back.
    for (const id of saleIds) {
      const d = (await call(app, w.cashier, 'GET', `/api/v1/sales/${id}`)).json();
      for (const p of d.payments) if (p.method_type === 'cash') expected[p.currency as 'USD' | 'KHR'] += minor(p.amount, p.currency);
      expected.USD -= minor(d.change_usd, 'USD');
      expected.KHR -= minor(d.change_khr, 'KHR');
    }

    const closed = await call(app, w.cashier, 'POST', `/api/v1/cash-sessions/${session}/close`, {
      counted_usd: '150',
      counted_khr: '60000',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const c = closed.json().data;
    expect({ USD: minor(c.expected_usd, 'USD'), KHR: minor(c.expected_khr, 'KHR') }).toEqual(expected);
    expect(minor(c.difference_usd, 'USD')).toBe(15_000 - expected.USD);
    expect(minor(c.difference_khr, 'KHR')).toBe(60_000 - expected.KHR);
    expect(c.sales_count).toBe(saleIds.length);
  });
});
