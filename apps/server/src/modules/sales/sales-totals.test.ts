/**
 * Totals, property-based: for random carts (prices, quantities, line and order discounts, coupon, service charge,
 * VAT rate inclusive or exclusive), in dollars and in riel, the figures the server stores equal what the money module
 * computes and what an independent recomputation below (BigInt, written here from the rules) gives, to the minor unit.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDocumentTotals, formatDecimal } from '@posauto/shared/money/index';
import { referenceSale, referenceTotals } from '@posauto/shared/money/sale-pricing.reference';
import { newId } from '../../lib/ids';
import { addCoupon, addServiceCharge, openCashSession, saleWorld, sell, type SaleWorld } from '../../../test/sale-fixtures';

let w: SaleWorld;
let service: string;

beforeAll(async () => {
  w = await saleWorld();
  // A drawer with riel enough for every change: the property is about totals, not the drawer's limits.
  await openCashSession(w, w.cashierId, w.branches[0]!.id, 5000, 1_000_000_000_000);
  service = await addServiceCharge(w, 'Service', 0);
  // Selling beyond on hand keeps the property about money, not stock.
  await w.t.deps.db
    .updateTable('general_settings')
    .set({ out_of_stock_sale: 1, inline_discount: 1 })
    .where('business_id', '=', w.biz)
    .execute();
});
afterAll(async () => {
  // Back to the shop's own currency, so that the ledger check reads the items as they were moved.
  await w.t.deps.db.updateTable('general_settings').set({ currency: 'USD' }).where('business_id', '=', w.biz).execute();
  await w.t.close();
});

const recompute = referenceTotals;

// The shared random sales, without shipping (a till sale has none).
const cart = referenceSale.map(({ shipping: _shipping, ...c }) => c);

describe('stored totals', () => {
  it('equal the money module and an independent recomputation, in USD and riel, VAT inclusive and exclusive', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(cart, async (c) => {
        const db = w.t.deps.db;
        run++;
        await db
          .updateTable('general_settings')
          .set({ currency: c.currency, sale_tax: c.vat, is_exclude_tax: c.inclusive ? 0 : 1 })
          .where('business_id', '=', w.biz)
          .execute();
        for (const [i, p] of c.prices.entries())
          await db
            .updateTable('products')
            .set({ currency: c.currency, sale_cost: p })
            .where('business_id', '=', w.biz)
            .where('id', '=', w.items[i]!)
            .execute();
        await db
          .updateTable('service_charges')
          .set({ value: c.service })
          .where('business_id', '=', w.biz)
          .where('id', '=', service)
          .execute();
        const digits = c.currency === 'USD' ? 2 : 0;
        const expected = recompute(c);
        // A fixed order discount is kept within the subtotal (over it the server refuses, tested elsewhere).
        const order = c.order?.type === 'fixed' ? { ...c.order, value: Math.min(c.order.value, Number(expected.subtotal)) } : c.order;
        const fixed = { ...c, order };
        const want = recompute(fixed);
        const code = c.coupon === null ? null : `P${run}X${newId().slice(-6)}`;
        if (code) await addCoupon(w, { code, type: 'percent', value: c.coupon! });
        const res = await sell(w.t.app, w.cashier, {
          lines: c.lines.map((l) => ({
            product_id: w.items[l.item]!,
            quantity: formatDecimal(l.qty, 3),
            ...(l.pct ? { discount: { type: 'percent', value: formatDecimal(l.pct, 2) } } : {}),
          })),
          ...(order ? { discount: { type: order.type, value: formatDecimal(order.value, order.type === 'percent' ? 2 : digits) } } : {}),
          ...(code ? { coupon_code: code } : {}),
          service_charge_id: service,
          payments: [{ payment_method_id: w.cash, currency: c.currency, amount: c.currency === 'USD' ? '900000' : '900000000' }],
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().data.id as string;
        const s = await db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const lines = await db.selectFrom('sale_lines').selectAll().where('sale_id', '=', id).orderBy('line_no').execute();
        const stored = {
          subtotal: BigInt(s.subtotal),
          order: BigInt(s.discount_amount),
          coupon: BigInt(s.coupon_amount),
          serviceCharge: BigInt(s.service_charge),
          tax: BigInt(s.tax),
          total: BigInt(s.grand_total),
        };
        expect(stored).toEqual(want);
        const m = computeDocumentTotals({
          currency: c.currency,
          lines: c.lines.map((l) => ({
            quantity: l.qty,
            unitPrice: c.prices[l.item]!,
            ...(l.pct ? { discount: { type: 'percentage' as const, value: l.pct } } : {}),
          })),
          discount: { type: 'fixed', value: Number(want.order + want.coupon) },
          service: { type: 'percentage', value: c.service },
          vat: { rate: c.vat, inclusive: c.inclusive },
        });
        expect([m.subtotal, m.documentDiscount, m.serviceCharge, m.tax, m.total]).toEqual([
          Number(s.subtotal),
          Number(s.discount_amount) + Number(s.coupon_amount),
          Number(s.service_charge),
          Number(s.tax),
          Number(s.grand_total),
        ]);
        // The lines carry the document's figures exactly.
        const sum = (k: 'net_amount' | 'tax_amount' | 'order_discount_share') => lines.reduce((a, l) => a + Number(l[k]), 0);
        expect(sum('order_discount_share')).toBe(Number(s.discount_amount) + Number(s.coupon_amount));
        expect(sum('net_amount')).toBe(Number(s.subtotal) - Number(s.discount_amount) - Number(s.coupon_amount));
        expect(sum('tax_amount')).toBe(Number(s.tax));
        expect(Number(s.paid_amount)).toBe(Number(s.grand_total));
      }),
      { numRuns: 40 },
    );
  });
});
