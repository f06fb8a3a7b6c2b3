import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMIT_MESSAGES as L } from '../money/limits';
import { closeCashSessionInputSchema, cashMovementInputSchema, openCashSessionInputSchema } from './cash-sessions';
import { unitInputSchema } from './catalogue-settings';
import { expenseInputSchema } from './expenses';
import { productInputSchema } from './products';
import { purchaseInputSchema, purchaseReturnInputSchema } from './purchases';
import { saleInputSchema } from './sales';
import { stockAdjustmentInputSchema, stockTransferInputSchema } from './stock';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const ID2 = '01890a5d-ac96-774b-bcce-b302099a8058';
/** Field path -> the first message, as the server and the forms read them. */
const issues = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('products: a price or cost the stock ledger can count', () => {
  const product = { type: 'single', product_name: 'Gold bar', purchase_cost: '10000000', sale_cost: '10000000.00' } as const;

  it('takes the largest price and refuses the issue’s 9,999,999,999 on every price of the product', () => {
    expect(issues(productInputSchema, product)).toEqual({});
    expect(
      issues(productInputSchema, { ...product, purchase_cost: '9999999999', sale_cost: '10000000.01', discount_cost: '99999999999' }),
    ).toEqual({
      purchase_cost: L.price,
      sale_cost: L.price,
      discount_cost: L.price,
    });
    const variation = { ...product, type: 'variation', variations: [{ variation_id: ID, value_ids: [ID] }] };
    expect(
      issues(productInputSchema, { ...variation, variants: [{ value_ids: [ID], purchase_cost: '20000000', sale_cost: '1' }] }),
    ).toEqual({
      'variants.0.purchase_cost': L.price,
    });
  });

  it('limits a combo component’s quantity', () => {
    const combo = { ...product, type: 'combo', combo_items: [{ product_id: ID, quantity: '1000000.001' }] };
    expect(issues(productInputSchema, combo)).toEqual({ 'combo_items.0.quantity': L.quantity });
  });

  it('keeps one message per field: a malformed or negative price hears its shape, not the limit', () => {
    expect(issues(productInputSchema, { ...product, purchase_cost: '99999999999.99999' })).toEqual({
      purchase_cost: 'validation.money_invalid',
    });
    expect(issues(productInputSchema, { ...product, purchase_cost: '-99999999999' })).toEqual({
      purchase_cost: 'validation.money_negative',
    });
  });
});

describe('units: a factor that keeps a line’s base quantity exact', () => {
  it('takes a tonne of grams and refuses more', () => {
    const unit = { name: 'Tonne', short_name: 't', base_unit_id: ID };
    expect(issues(unitInputSchema, { ...unit, operation_value: '1000000' })).toEqual({});
    expect(issues(unitInputSchema, { ...unit, operation_value: '1000000.000001' })).toEqual({ operation_value: L.unitFactor });
  });
});

describe('purchases', () => {
  const purchase = (lines: Array<{ quantity: string; unit_cost: string }>, extra: object = {}) => ({
    supplier_id: ID,
    branch_id: ID,
    purchase_date: '2026-11-20',
    status: 'received',
    lines: lines.map((l) => ({ product_id: ID, ...l })),
    ...extra,
  });

  it('refuses the issue’s 999,999,999 x 9,999,999,999 on each field', () => {
    expect(issues(purchaseInputSchema, purchase([{ quantity: '999999999', unit_cost: '9999999999' }]))).toEqual({
      'lines.0.quantity': L.quantity,
      'lines.0.unit_cost': L.price,
      lines: L.document,
    });
  });

  it('limits a line (quantity x cost) and the lines together, and accepts them at their limits', () => {
    const atLimit = { quantity: '1000000', unit_cost: '1000' };
    expect(issues(purchaseInputSchema, purchase(Array.from({ length: 10 }, () => atLimit)))).toEqual({});
    expect(issues(purchaseInputSchema, purchase([{ quantity: '1000000', unit_cost: '1000.01' }]))).toEqual({ 'lines.0.quantity': L.line });
    expect(issues(purchaseInputSchema, purchase(Array.from({ length: 11 }, () => atLimit)))).toEqual({ lines: L.document });
  });

  it('limits shipping, a first payment and a refund', () => {
    const one = [{ quantity: '1', unit_cost: '1' }];
    expect(issues(purchaseInputSchema, purchase(one, { shipping_cost: '1000000000' }))).toEqual({});
    expect(
      issues(
        purchaseInputSchema,
        purchase(one, { shipping_cost: '1000000000.01', payment: { payment_method_id: ID, amount: '10000000001', paid_on: '2026-11-20' } }),
      ),
    ).toEqual({ shipping_cost: L.amount, 'payment.amount': L.total });
    expect(
      issues(purchaseReturnInputSchema, {
        purchase_id: ID,
        returned_on: '2026-11-21',
        refund_amount: '10000000000.0001',
        lines: [{ purchase_line_id: ID, quantity: '1000001' }],
      }),
    ).toEqual({ refund_amount: L.total, 'lines.0.quantity': L.quantity });
  });
});

describe('sales', () => {
  const sale = (lines: Array<{ quantity: string; unit_price?: string }>, extra: object = {}) => ({
    lines: lines.map((l) => ({ product_id: ID, ...l })),
    ...extra,
  });

  it('refuses the issue’s 999,999,999 x 9,999,999,999 on each field', () => {
    expect(issues(saleInputSchema, sale([{ quantity: '999999999', unit_price: '9999999999' }]))).toEqual({
      'lines.0.quantity': L.quantity,
      'lines.0.unit_price': L.price,
      lines: L.document,
    });
  });

  it('limits lines with a price of their own; a catalogue-priced line is the server’s to check', () => {
    expect(issues(saleInputSchema, sale([{ quantity: '1000000', unit_price: '1000' }]))).toEqual({});
    expect(issues(saleInputSchema, sale([{ quantity: '1000000', unit_price: '1000.0001' }]))).toEqual({ 'lines.0.quantity': L.line });
    expect(issues(saleInputSchema, sale(Array.from({ length: 11 }, () => ({ quantity: '1000000', unit_price: '1000' }))))).toEqual({
      lines: L.document,
    });
    expect(issues(saleInputSchema, sale([{ quantity: '1000000' }]))).toEqual({});
  });

  it('limits shipping, a fixed discount, a line discount and a payment', () => {
    const one = [{ quantity: '1' }];
    const over = {
      shipping: '1000000001',
      discount: { type: 'fixed', value: '10000000001' },
      payments: [{ payment_method_id: ID, currency: 'KHR', amount: '10000000001' }],
    };
    expect(issues(saleInputSchema, sale(one, over))).toEqual({
      shipping: L.amount,
      'discount.value': L.total,
      'payments.0.amount': L.total,
    });
    const line = { product_id: ID, quantity: '1', discount: { type: 'fixed', value: '99999999999' } };
    expect(issues(saleInputSchema, { lines: [line] })).toEqual({ 'lines.0.discount.value': L.total });
    const atLimit = {
      shipping: '1000000000',
      discount: { type: 'fixed', value: '10000000000' },
      payments: [{ ...over.payments[0], amount: '10000000000' }],
    };
    expect(issues(saleInputSchema, sale(one, atLimit))).toEqual({});
  });
});

describe('stock documents, expenses and cash', () => {
  it('limits an adjustment’s and a transfer’s quantities', () => {
    const lines = [
      { product_id: ID, quantity: '1000000' },
      { product_id: ID, quantity: '1000000.5' },
    ];
    expect(issues(stockAdjustmentInputSchema, { branch_id: ID, adjustment_type_id: ID, adjusted_on: '2026-11-21', lines })).toEqual({
      'lines.1.quantity': L.quantity,
    });
    expect(issues(stockTransferInputSchema, { from_branch_id: ID, to_branch_id: ID2, sent_on: '2026-11-21', lines })).toEqual({
      'lines.1.quantity': L.quantity,
    });
  });

  it('limits an expense in either currency', () => {
    const expense = { category_id: ID, currency: 'KHR', expend_cost: '1000000000' };
    expect(issues(expenseInputSchema, expense)).toEqual({});
    expect(issues(expenseInputSchema, { ...expense, expend_cost: '1000000000.5' })).toEqual({ expend_cost: L.amount });
  });

  it('limits cash opened, counted and moved, per currency', () => {
    expect(issues(openCashSessionInputSchema, { opening_usd: '100000000', opening_khr: '10000000000' })).toEqual({});
    expect(issues(openCashSessionInputSchema, { opening_usd: '100000000.01', opening_khr: '10000000001' })).toEqual({
      opening_usd: L.cashUSD,
      opening_khr: L.cashKHR,
    });
    expect(issues(closeCashSessionInputSchema, { counted_usd: '999999999', counted_khr: '0' })).toEqual({ counted_usd: L.cashUSD });
    const move = { type: 'in', reason: 'Float' };
    expect(issues(cashMovementInputSchema, { ...move, currency: 'USD', amount: '100000000' })).toEqual({});
    expect(issues(cashMovementInputSchema, { ...move, currency: 'USD', amount: '100000001' })).toEqual({ amount: L.cashUSD });
    expect(issues(cashMovementInputSchema, { ...move, currency: 'KHR', amount: '10000000001' })).toEqual({ amount: L.cashKHR });
  });
});
