/**
 * Issue #20, item 5: numbers past the documented limits (NUMBER_LIMITS, docs/architecture.md "Data") answer 422 with a
 * translated message and change nothing, where they used to answer 500 (RangeError); the largest allowed values are
 * kept exactly and the ledger balances (the harness checks every level against its movements on close).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES } from '@posauto/shared/money/index';
import { newId } from '../src/lib/ids';
import { translate } from '../src/lib/i18n';
import { call, saleWorld, sell, type SaleWorld } from './sale-fixtures';
import { bearer } from './harness';

let w: SaleWorld;
let supplier: string;
let subtraction: string;
let category: string;
const en = (key: string) => translate('en', key);

/** Every table a refused request could have written to, counted for the demo shop. */
const TABLES = [
  'products',
  'product_codes',
  'units',
  'sales',
  'sale_lines',
  'sale_payments',
  'purchases',
  'purchase_lines',
  'purchase_payments',
  'stock_adjustments',
  'stock_adjustment_lines',
  'stock_movements',
  'stock_levels',
  'cash_sessions',
  'cash_session_entries',
  'expenses',
  'audit_log',
] as const;

async function snapshot() {
  const out: Record<string, number> = {};
  for (const table of TABLES)
    out[table] = Number(
      (
        await w.t.deps.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('business_id', '=', w.biz)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const value = await w.t.deps.db
    .selectFrom('stock_levels')
    .select([sql<string>`coalesce(sum(on_hand), 0)`.as('on_hand'), sql<string>`coalesce(sum(stock_value), 0)`.as('value')])
    .where('business_id', '=', w.biz)
    .executeTakeFirstOrThrow();
  return { ...out, on_hand: String(value.on_hand), value: String(value.value) };
}

const level = (productId: string) =>
  w.t.deps.db
    .selectFrom('stock_levels')
    .select(['on_hand', 'stock_value', 'avg_cost'])
    .where('business_id', '=', w.biz)
    .where('branch_id', '=', w.branches[0]!.id)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();

const post = (url: string, payload: object, lang = 'en') =>
  w.t.app.inject({ method: 'POST', url, headers: { ...bearer(w.owner), 'accept-language': lang }, payload });

const adjust = (productId: string, quantity: string, type = w.addition) =>
  post('/api/v1/stock-adjustments', {
    branch_id: w.branches[0]!.id,
    adjustment_type_id: type,
    adjusted_on: '2026-11-21',
    lines: [{ product_id: productId, quantity }],
  });

const purchase = (lines: Array<{ product_id: string; quantity: string; unit_cost: string }>, extra: object = {}) =>
  post('/api/v1/purchases', {
    supplier_id: supplier,
    branch_id: w.branches[0]!.id,
    purchase_date: '2026-11-20',
    status: 'received',
    lines,
    ...extra,
  });

const invoice = (lines: object[]) =>
  sell(w.t.app, w.owner, { document: 'invoice', branch_id: w.branches[0]!.id, customer_id: w.customer, lines });

/** A product written straight to the table, as the product form accepted it before the limits. */
async function storedProduct(purchaseCost: number): Promise<string> {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('products')
    .values({
      business_id: w.biz,
      id,
      type: 'single',
      product_name: `Legacy ${id.slice(-6)}`,
      sku_code: `LEGACY-${id.slice(-12)}`,
      currency: 'USD',
      purchase_cost: purchaseCost,
      sale_cost: purchaseCost,
      discount_cost: 0,
      stock_alert: null,
      is_stock_manage: 1,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  return id;
}

/** A 422 whose message, and every field's, is the English text of a limit. */
function expectRefused(res: { statusCode: number; json: () => unknown }, fields: Record<string, string>) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string> };
  const keys = Object.values(fields);
  expect(body.message).toBe(keys.length === 1 ? en(keys[0]!) : en('errors.invalid_input'));
  expect(body.errors).toEqual(Object.fromEntries(Object.entries(fields).map(([f, k]) => [f, en(k)])));
}

beforeAll(async () => {
  w = await saleWorld();
  const db = w.t.deps.db;
  supplier = (
    await db.selectFrom('suppliers').select('id').where('business_id', '=', w.biz).where('status', '=', 1).executeTakeFirstOrThrow()
  ).id;
  subtraction = (
    await db
      .selectFrom('adjustment_types')
      .select('id')
      .where('business_id', '=', w.biz)
      .where('direction', '=', 'subtraction')
      .executeTakeFirstOrThrow()
  ).id;
  category = (
    await db
      .selectFrom('expense_categories')
      .select('id')
      .where('business_id', '=', w.biz)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => w.t.close());

describe('the issue’s cases answer 422 with a translated message and change nothing', () => {
  it('a product costed at 9,999,999,999 cannot be created, in English and in Khmer', async () => {
    const before = await snapshot();
    const product = { type: 'single', product_name: 'Gold bar', purchase_cost: '9999999999', sale_cost: '1' };
    expectRefused(await post('/api/v1/products', product), { purchase_cost: LIMIT_MESSAGES.price });
    const km = await post('/api/v1/products', product, 'km');
    expect(km.statusCode).toBe(422);
    expect(km.json().message).toBe(translate('km', LIMIT_MESSAGES.price));
    expect(km.json().message).not.toBe(en(LIMIT_MESSAGES.price));
    expect(await snapshot()).toEqual(before);
  });

  it('a sale of 999,999,999 x 9,999,999,999', async () => {
    const before = await snapshot();
    const res = await invoice([{ product_id: w.items[0], quantity: '999999999', unit_price: '9999999999' }]);
    expectRefused(res, {
      'lines.0.quantity': LIMIT_MESSAGES.quantity,
      'lines.0.unit_price': LIMIT_MESSAGES.price,
      lines: LIMIT_MESSAGES.document,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a purchase of 999,999,999 x 9,999,999,999', async () => {
    const before = await snapshot();
    const res = await purchase([{ product_id: w.items[0]!, quantity: '999999999', unit_cost: '9999999999' }]);
    expectRefused(res, {
      'lines.0.quantity': LIMIT_MESSAGES.quantity,
      'lines.0.unit_cost': LIMIT_MESSAGES.price,
      lines: LIMIT_MESSAGES.document,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('an adjustment of 1 unit of a product whose cost is 9,999,999,999 (stored before the limits)', async () => {
    const legacy = await storedProduct(999_999_999_900);
    const before = await snapshot();
    expectRefused(await adjust(legacy, '1'), { 'lines.0.product_id': LIMIT_MESSAGES.price });
    expect(await snapshot()).toEqual(before);
  });

  it('a number past its limit alongside a wrong shape is still a wrong shape: 400', async () => {
    const before = await snapshot();
    const res = await adjust('not-an-id', '999999999');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en('errors.invalid_input'));
    expect(res.json().errors['lines.0.quantity']).toBe(en(LIMIT_MESSAGES.quantity));
    expect(await snapshot()).toEqual(before);
  });
});

describe('the largest allowed values are kept exactly', () => {
  let gold: string;

  it('a product at the largest price, a million of it counted in and out: value and average exact', async () => {
    const created = await post('/api/v1/products', {
      type: 'single',
      product_name: 'Gold bar',
      purchase_cost: '10000000',
      sale_cost: '10000000',
    });
    expect(created.statusCode, created.body).toBe(201);
    gold = created.json().data.id;
    expect((await adjust(gold, '1000000')).statusCode).toBe(201);
    // 1,000,000 units x 1e9 cents: 1e15 cents; 1e9 cents a unit is 1e15 millionths of a cent.
    expect(await level(gold)).toEqual({ on_hand: 1_000_000_000, stock_value: 10 ** 15, avg_cost: 10 ** 15 });
    const shown = await call(w.t.app, w.owner, 'GET', `/api/v1/stock?product_id=${gold}&branch_id=${w.branches[0]!.id}`);
    expect(shown.json().data[0]).toMatchObject({ on_hand: '1000000', stock_value: '10000000000000.00', average_cost: '10000000.00' });
    expect((await adjust(gold, '1000000', subtraction)).statusCode).toBe(201);
    expect(await level(gold)).toMatchObject({ on_hand: 0, stock_value: 0 });
  });

  it('stock gathered past what a number holds exactly is refused on its line, not a RangeError', async () => {
    for (let i = 0; i < 9; i++) expect((await adjust(gold, '1000000')).statusCode).toBe(201);
    expect(await level(gold)).toMatchObject({ on_hand: 9_000_000_000, stock_value: 9 * 10 ** 15 });
    const before = await snapshot();
    expectRefused(await adjust(gold, '1000000'), { 'lines.0.quantity': 'validation.stock_too_large' });
    expect(await snapshot()).toEqual(before);
    const out = Array.from({ length: 9 }, () => ({ product_id: gold, quantity: '1000000' }));
    const back = await post('/api/v1/stock-adjustments', {
      branch_id: w.branches[0]!.id,
      adjustment_type_id: subtraction,
      adjusted_on: '2026-11-21',
      lines: out,
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await level(gold)).toMatchObject({ on_hand: 0, stock_value: 0 });
  });

  it('a purchase of ten lines at the line limit with the largest shipping', async () => {
    const before = (await level(w.items[1]!).catch(() => null))?.stock_value ?? 0;
    const lines = Array.from({ length: 10 }, () => ({ product_id: w.items[1]!, quantity: '1000000', unit_cost: '1000' }));
    const res = await purchase(lines, { shipping_cost: '1000000000' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ subtotal: '10000000000.00', shipping_cost: '1000000000.00', grand_total: '11000000000.00' });
    expect((await level(w.items[1]!)).stock_value - Number(before)).toBe(1_100_000_000_000);
  });

  it('a purchase one cent past the line limit, or one line past the document limit, is refused', async () => {
    const before = await snapshot();
    const line = { product_id: w.items[1]!, quantity: '1000000', unit_cost: '1000' };
    expectRefused(await purchase([{ ...line, unit_cost: '1000.01' }]), { 'lines.0.quantity': LIMIT_MESSAGES.line });
    expectRefused(await purchase(Array.from({ length: 11 }, () => line)), { lines: LIMIT_MESSAGES.document });
    expectRefused(await purchase([line], { shipping_cost: '1000000000.01' }), { shipping_cost: LIMIT_MESSAGES.amount });
    expect(await snapshot()).toEqual(before);
  });

  it('a sale at the catalogue’s price: a line at the limit is sold, the server refuses what the schema cannot see', async () => {
    const price = (cents: number) =>
      w.t.deps.db
        .updateTable('products')
        .set({ sale_cost: cents })
        .where('business_id', '=', w.biz)
        .where('id', '=', w.items[1]!)
        .execute();
    await price(100_000);
    const line = { product_id: w.items[1]!, quantity: '1000000' };
    const sold = await invoice([line]);
    expect(sold.statusCode, sold.body).toBe(201);
    // 1,000,000 x 1,000.00 and the fixture's 10 % VAT on top.
    expect(sold.json().data).toMatchObject({ subtotal: '1000000000.00', grand_total: '1100000000.00' });
    const before = await snapshot();
    expectRefused(await invoice(Array.from({ length: 11 }, () => line)), { lines: LIMIT_MESSAGES.document });
    await price(100_001);
    expectRefused(await invoice([line]), { 'lines.0.quantity': LIMIT_MESSAGES.line });
    expect(await snapshot()).toEqual(before);
  });

  it('an expense, a shipping, a payment and a drawer each stop at their limits', async () => {
    const before = await snapshot();
    expectRefused(await post('/api/v1/expenses', { category_id: category, currency: 'KHR', expend_cost: '1000000001' }), {
      expend_cost: LIMIT_MESSAGES.amount,
    });
    const over = await sell(w.t.app, w.owner, {
      document: 'invoice',
      branch_id: w.branches[0]!.id,
      customer_id: w.customer,
      lines: [{ product_id: w.items[0]!, quantity: '1' }],
      shipping: '1000000000.01',
      payments: [{ payment_method_id: w.bank, currency: 'USD', amount: '10000000000.01' }],
    });
    expectRefused(over, { shipping: LIMIT_MESSAGES.amount, 'payments.0.amount': LIMIT_MESSAGES.total });
    expectRefused(await post('/api/v1/cash-sessions/open', { opening_usd: '100000000.01', opening_khr: '0' }), {
      opening_usd: LIMIT_MESSAGES.cashUSD,
    });
    expect(await snapshot()).toEqual(before);
    const kept = await post('/api/v1/expenses', {
      category_id: category,
      branch_id: w.branches[0]!.id,
      currency: 'KHR',
      expend_cost: '1000000000',
    });
    expect(kept.statusCode, kept.body).toBe(201);
  });

  it('a unit holds at most a million base units', async () => {
    const base = (
      await w.t.deps.db
        .selectFrom('units')
        .select('id')
        .where('business_id', '=', w.biz)
        .where('base_unit_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
    const before = await snapshot();
    expectRefused(await post('/api/v1/units', { name: 'Mega', short_name: 'M', base_unit_id: base, operation_value: '1000000.5' }), {
      operation_value: LIMIT_MESSAGES.unitFactor,
    });
    expect(await snapshot()).toEqual(before);
    expect(
      (await post('/api/v1/units', { name: 'Tonne', short_name: 't', base_unit_id: base, operation_value: '1000000' })).statusCode,
    ).toBe(201);
  });
});
