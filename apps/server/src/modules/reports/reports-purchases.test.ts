import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExpenseReportResponse,
  ItemPurchaseReportResponse,
  PosCashFlowResponse,
  PurchaseReportOptions,
  PurchaseReportResponse,
} from '@posauto/shared/schemas/reports-purchases';
import { newId } from '../../lib/ids';
import { addShopUser, createShop } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import { en, openCashSession, saleWorld, type SaleWorld } from '../../../test/sale-fixtures';

/**
 * The purchase-side reports against documents this suite makes itself: purchases and returns through the API,
 * expenses and cash-session entries straight in their tables (their own modules test how they are written). Each
 * report is narrowed to this suite's own supplier, categories or cashier, so the demo shop's data never counts.
 */
let w: SaleWorld;
let supplier: string;
let can: string;
let box: string;
let plain: string;
let main: string;
let second: string;
const purchases: Record<string, { id: string; lines: { id: string }[] }> = {};
let rent: string;
let power: string;
let cashierId: string;

const MONTH = 'period=custom&from=2026-11-01&to=2026-11-30';

const get = (token: string, url: string) => w.t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...en } });
const json = async <T>(token: string, url: string): Promise<T> => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const post = async (url: string, payload: object) => {
  const res = await w.t.app.inject({ method: 'POST', url, headers: { ...bearer(w.owner), ...en }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
};

async function role(name: string, permissions: string[]) {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('roles')
    .values({ business_id: w.biz, id, name, permissions: JSON.stringify(permissions), is_preset: 0, created_at: at, updated_at: at })
    .execute();
  return id;
}
async function userWith(permissions: string[], branchId: string | null = null) {
  const u = await addShopUser(w.t.deps, { businessId: w.biz, roleId: await role(`r-${newId().slice(-6)}`, permissions), branchId });
  return { token: await loginAs(w.t.app, u.login), userId: u.userId };
}

async function settingRow(table: 'suppliers' | 'expense_categories', name: string) {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db.insertInto(table).values({ business_id: w.biz, id, name, status: 1, created_at: at, updated_at: at }).execute();
  return id;
}

async function expense(e: {
  branch: string;
  category: string;
  day: string;
  currency: 'USD' | 'KHR';
  cost: number;
  amount: number;
  method?: string | null;
}) {
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('expenses')
    .values({
      business_id: w.biz,
      id: newId(),
      branch_id: e.branch,
      category_id: e.category,
      expense_date: e.day,
      currency: e.currency,
      expend_cost: e.cost,
      exchange_rate: 41_000_000,
      amount: e.amount,
      payment_method_id: e.method ?? null,
      note: '',
      attachment: null,
      created_by: w.ownerId,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function entry(session: string, kind: string, currency: 'USD' | 'KHR', amount: number) {
  await w.t.deps.db
    .insertInto('cash_session_entries')
    .values({
      business_id: w.biz,
      id: newId(),
      session_id: session,
      kind: kind as never,
      currency,
      amount,
      sale_id: null,
      return_id: null,
      reason: '',
      created_by: cashierId,
      created_at: w.t.clock.now().toISOString(),
    })
    .execute();
}

/** A CSV answer's cells, BOM and quoting undone (the suite's values hold no commas or quotes). */
const csvCells = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(',').map((c) => c.replace(/^"|"$/g, '')));

/** A number cell of the CSV as the JSON's decimal text reads (exports write amounts as numbers). */
const n = (text: string | null) => (text === null ? '' : String(Number(text)));

beforeAll(async () => {
  w = await saleWorld();
  const db = w.t.deps.db;
  [main, second] = w.branches.map((b) => b.id) as [string, string];
  supplier = await settingRow('suppliers', 'Report Suite Supplier');
  const unit = (name: string) =>
    db.selectFrom('units').select('id').where('business_id', '=', w.biz).where('name', '=', name).executeTakeFirstOrThrow();
  const canUnit = (await unit('Can')).id;
  box = (await unit('Box of 24')).id;
  can = (
    await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', w.biz)
      .where('unit_id', '=', canUnit)
      .where('type', '=', 'single')
      .where('is_stock_manage', '=', 1)
      .orderBy('product_name')
      .executeTakeFirstOrThrow()
  ).id;
  plain = w.items[0]!;
  await db.updateTable('products').set({ has_expiry: 0 }).where('business_id', '=', w.biz).where('id', 'in', [can, plain]).execute();

  const purchase = (extra: object) =>
    post('/api/v1/purchases', { supplier_id: supplier, branch_id: main, purchase_date: '2026-11-20', status: 'received', ...extra });
  // 2 boxes of 24 cans at 9.60 plus 1.00 shipping: 20.20, 5.00 paid (partial).
  purchases.boxes = await purchase({
    shipping_cost: '1.00',
    lines: [{ product_id: can, unit_id: box, quantity: '2', unit_cost: '9.60' }],
    payment: { payment_method_id: w.cash, amount: '5.00', paid_on: '2026-11-20' },
  });
  // Received in the second branch, paid in full: 3 × 2.00 + 1 × 2.50 = 8.50.
  purchases.second = await purchase({
    branch_id: second,
    purchase_date: '2026-11-18',
    lines: [
      { product_id: plain, quantity: '3', unit_cost: '2.00' },
      { product_id: can, quantity: '1', unit_cost: '2.50' },
    ],
    payment: { payment_method_id: w.bank, amount: '8.50', paid_on: '2026-11-18' },
  });
  // Ordered only: listed, but its goods are not in stock, so the item report leaves it out. 4 × 1.25 = 5.00.
  purchases.ordered = await purchase({
    status: 'ordered',
    purchase_date: '2026-11-19',
    lines: [{ product_id: plain, quantity: '4', unit_cost: '1.25' }],
  });
  // Received, then cancelled: void, out of every total unless asked for.
  purchases.cancelled = await purchase({ purchase_date: '2026-11-19', lines: [{ product_id: plain, quantity: '10', unit_cost: '1.00' }] });
  await post(`/api/v1/purchases/${purchases.cancelled!.id}/cancel`, {});
  // Last month: outside the period.
  purchases.october = await purchase({ purchase_date: '2026-10-30', lines: [{ product_id: plain, quantity: '1', unit_cost: '7.00' }] });
  // Half a box back (12 cans, a quarter of 20.20 = 5.05), 2.00 refunded.
  await post('/api/v1/purchase-returns', {
    purchase_id: purchases.boxes!.id,
    returned_on: '2026-11-21',
    refund_amount: '2.00',
    refund_method_id: w.cash,
    lines: [{ purchase_line_id: purchases.boxes!.lines[0]!.id, quantity: '0.5' }],
  });

  rent = await settingRow('expense_categories', 'Suite rent');
  power = await settingRow('expense_categories', 'Suite power');
  await expense({ branch: main, category: rent, day: '2026-11-01', currency: 'USD', cost: 30_000, amount: 30_000, method: w.bank });
  await expense({ branch: main, category: power, day: '2026-11-15', currency: 'KHR', cost: 82_000, amount: 2_000, method: w.cash });
  await expense({ branch: second, category: power, day: '2026-11-30', currency: 'USD', cost: 1_234, amount: 1_234, method: w.cash });
  await expense({ branch: main, category: rent, day: '2026-10-31', currency: 'USD', cost: 99_900, amount: 99_900 });

  cashierId = (await addShopUser(w.t.deps, { businessId: w.biz, roleId: await role('suite cashier', ['sale-pos']), branchId: null }))
    .userId;
});
afterAll(() => w.t.close());

describe('purchase report', () => {
  it('lists the period’s purchases that are not void, with exact totals and the returns', async () => {
    const r = await json<PurchaseReportResponse>(w.owner, `/api/v1/reports/purchases?${MONTH}&supplier_id=${supplier}`);
    expect(r.period).toMatchObject({ from: '2026-11-01', to: '2026-11-30', branch_id: null, currency: 'USD' });
    expect(r.rows.map((p) => [p.purchase_date, p.status, p.grand_total, p.paid, p.due, p.payment_status])).toEqual([
      ['2026-11-18', 'received', '8.50', '8.50', '0.00', 'paid'],
      ['2026-11-19', 'ordered', '5.00', '0.00', '5.00', 'unpaid'],
      ['2026-11-20', 'received', '20.20', '5.00', '15.20', 'partial'],
    ]);
    expect(r.rows[0]!.branch_name).toBe(w.branches[1]!.name);
    expect(r.totals).toEqual({ count: 3, grand_total: '33.70', paid: '13.50', due: '20.20' });
    expect(r.returns).toEqual({ count: 1, total_cost: '5.05', refund_amount: '2.00' });
    expect(r.by_day).toEqual([
      { day: '2026-11-18', count: 1, grand_total: '8.50' },
      { day: '2026-11-19', count: 1, grand_total: '5.00' },
      { day: '2026-11-20', count: 1, grand_total: '20.20' },
    ]);
    expect(r.by_supplier).toEqual([{ supplier_id: supplier, supplier_name: 'Report Suite Supplier', count: 3, grand_total: '33.70' }]);
  });

  it('filters by status (void only when asked), payment status and branch', async () => {
    const base = `/api/v1/reports/purchases?${MONTH}&supplier_id=${supplier}`;
    const voids = await json<PurchaseReportResponse>(w.owner, `${base}&purchase_status=void`);
    expect(voids.rows.map((p) => p.id)).toEqual([purchases.cancelled!.id]);
    expect(voids.totals.grand_total).toBe('10.00');
    const partial = await json<PurchaseReportResponse>(w.owner, `${base}&payment_status=partial`);
    expect(partial.rows.map((p) => p.id)).toEqual([purchases.boxes!.id]);
    const inSecond = await json<PurchaseReportResponse>(w.owner, `${base}&branch_id=${second}`);
    expect(inSecond.rows.map((p) => p.id)).toEqual([purchases.second!.id]);
    expect(inSecond.returns).toEqual({ count: 0, total_cost: '0.00', refund_amount: '0.00' });
    const october = await json<PurchaseReportResponse>(
      w.owner,
      `/api/v1/reports/purchases?period=custom&from=2026-10-01&to=2026-10-31&supplier_id=${supplier}`,
    );
    expect(october.totals).toMatchObject({ count: 1, grand_total: '7.00' });
    const bad = await get(w.owner, `${base}&purchase_status=lost`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports exactly the rows shown, totals last', async () => {
    const url = `/api/v1/reports/purchases?${MONTH}&supplier_id=${supplier}`;
    const r = await json<PurchaseReportResponse>(w.owner, url);
    const res = await get(w.owner, `${url.replace('/purchases?', '/purchases/export?')}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...cells] = csvCells(res.body);
    expect(header).toEqual(['Purchase number', 'Date', 'Supplier', 'Branch', 'Status', 'Grand total', 'Paid', 'Due', 'Payment status']);
    expect(cells).toEqual([
      ...r.rows.map((p) => [
        p.purchase_number,
        p.purchase_date,
        p.supplier_name,
        p.branch_name,
        { received: 'Received', ordered: 'Ordered' }[p.status as 'received'],
        n(p.grand_total),
        n(p.paid),
        n(p.due),
        { paid: 'Paid', unpaid: 'Unpaid', partial: 'Partial' }[p.payment_status],
      ]),
      ['Total', '', '', '', '', n(r.totals.grand_total), n(r.totals.paid), n(r.totals.due), ''],
    ]);
  });
});

describe('item purchase report', () => {
  it('adds up received purchases per item in the base unit, at landed cost, with returns', async () => {
    const r = await json<ItemPurchaseReportResponse>(w.owner, `/api/v1/reports/item-purchases?${MONTH}&supplier_id=${supplier}`);
    const byId = Object.fromEntries(r.rows.map((i) => [i.product_id, i]));
    expect(r.rows).toHaveLength(2);
    // 48 cans for 20.20 plus 1 can for 2.50: 22.70 for 49 cans, 0.46 each; 12 cans back at 5.05.
    expect(byId[can]).toMatchObject({
      quantity: '49',
      amount: '22.70',
      average_cost: '0.46',
      returned_quantity: '12',
      returned_amount: '5.05',
    });
    // The ordered 4 and the cancelled 10 never reached stock: only the 3 received.
    expect(byId[plain]).toMatchObject({
      quantity: '3',
      amount: '6.00',
      average_cost: '2.00',
      returned_quantity: '0',
      returned_amount: '0.00',
    });
    expect(r.totals).toEqual({ items: 2, amount: '28.70', returned_amount: '5.05' });

    const main_ = await json<ItemPurchaseReportResponse>(
      w.owner,
      `/api/v1/reports/item-purchases?${MONTH}&supplier_id=${supplier}&branch_id=${main}`,
    );
    expect(main_.rows.map((i) => [i.product_id, i.quantity, i.amount])).toEqual([[can, '48', '20.20']]);

    const category = (await w.t.deps.db.selectFrom('products').select('category_id').where('id', '=', plain).executeTakeFirstOrThrow())
      .category_id;
    if (category) {
      const byCategory = await json<ItemPurchaseReportResponse>(
        w.owner,
        `/api/v1/reports/item-purchases?${MONTH}&supplier_id=${supplier}&category_id=${category}`,
      );
      expect(byCategory.rows.map((i) => i.product_id)).toContain(plain);
    }
  });

  it('exports the items and the totals row', async () => {
    const url = `/api/v1/reports/item-purchases?${MONTH}&supplier_id=${supplier}`;
    const r = await json<ItemPurchaseReportResponse>(w.owner, url);
    const res = await get(w.owner, `${url.replace('item-purchases?', 'item-purchases/export?')}&format=csv`);
    const [, ...cells] = csvCells(res.body);
    expect(cells).toEqual([
      ...r.rows.map((i) => [
        i.product_name,
        i.sku_code,
        i.category_name ?? '',
        i.brand_name ?? '',
        i.unit_name ?? '',
        n(i.quantity),
        n(i.amount),
        n(i.average_cost),
        n(i.returned_quantity),
        n(i.returned_amount),
      ]),
      ['Total', '', '', '', '', '', n(r.totals.amount), '', '', n(r.totals.returned_amount)],
    ]);
  });
});

describe('expense report', () => {
  it('adds up the frozen shop-currency amounts per row and per category', async () => {
    const q = `${MONTH}&category_id=`;
    const r = await json<ExpenseReportResponse>(w.owner, `/api/v1/reports/expenses?${q}${rent}`);
    expect(r.rows.map((e) => [e.expense_date, e.currency, e.expend_cost, e.amount])).toEqual([['2026-11-01', 'USD', '300.00', '300.00']]);
    const p = await json<ExpenseReportResponse>(w.owner, `/api/v1/reports/expenses?${q}${power}`);
    expect(p.rows.map((e) => [e.expense_date, e.currency, e.expend_cost, e.amount, e.branch_id])).toEqual([
      ['2026-11-15', 'KHR', '82000', '20.00', main],
      ['2026-11-30', 'USD', '12.34', '12.34', second],
    ]);
    expect(p.totals).toEqual({ count: 2, amount: '32.34' });
    expect(p.by_category).toEqual([{ category_id: power, category_name: 'Suite power', count: 2, amount: '32.34' }]);

    const cash = await json<ExpenseReportResponse>(
      w.owner,
      `/api/v1/reports/expenses?${q}${power}&payment_method_id=${w.cash}&branch_id=${main}`,
    );
    expect(cash.totals).toEqual({ count: 1, amount: '20.00' });
    const october = await json<ExpenseReportResponse>(w.owner, `/api/v1/reports/expenses?period=last_month&category_id=${rent}`);
    expect(october.period).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(october.totals.amount).toBe('999.00');
  });

  it('exports the expenses and the totals row', async () => {
    const url = `/api/v1/reports/expenses?${MONTH}&category_id=${power}`;
    const r = await json<ExpenseReportResponse>(w.owner, url);
    const res = await get(w.owner, `${url.replace('expenses?', 'expenses/export?')}&format=csv`);
    const [, ...cells] = csvCells(res.body);
    expect(cells).toEqual([
      ...r.rows.map((e) => [
        e.expense_date,
        e.category_name,
        e.branch_name,
        e.payment_method_name ?? '',
        `${e.expend_cost} ${e.currency}`,
        n(e.amount),
        e.note,
      ]),
      ['Total', '', '', '', '', n(r.totals.amount), ''],
    ]);
  });
});

describe('POS cash flow report', () => {
  let closed: string;
  let open: string;
  beforeAll(async () => {
    const db = w.t.deps.db;
    // 16:59 UTC on the 20th is 23:59 the 20th in Phnom Penh: yesterday. (One open session per cashier: closed first.)
    const before = await openCashSession(w, cashierId, main, 700, 0);
    await db
      .updateTable('cash_sessions')
      .set({
        opened_at: '2026-11-20T16:59:00.000Z',
        status: 'closed',
        closed_at: '2026-11-20T17:10:00.000Z',
        counted_usd: 650,
        counted_khr: 0,
      })
      .where('id', '=', before)
      .execute();
    // Opened 00:30 on the 21st in Phnom Penh (17:30 UTC the day before): the shop's today.
    closed = await openCashSession(w, cashierId, main, 5000, 100_000);
    await db.updateTable('cash_sessions').set({ opened_at: '2026-11-20T17:30:00.000Z' }).where('id', '=', closed).execute();
    await entry(closed, 'sale', 'USD', 1000);
    await entry(closed, 'payment', 'USD', 250);
    await entry(closed, 'change', 'USD', -150);
    await entry(closed, 'refund', 'USD', -200);
    await entry(closed, 'sale', 'KHR', 40_000);
    await entry(closed, 'change', 'KHR', -2_000);
    await entry(closed, 'cash_in', 'KHR', 10_000);
    await entry(closed, 'cash_out', 'KHR', -20_000);
    // Expected 5000 + 1000 + 250 − 150 − 200 = 5900 and 100000 + 40000 − 2000 + 10000 − 20000 = 128000.
    await db
      .updateTable('cash_sessions')
      .set({
        status: 'closed',
        closed_at: w.t.clock.now().toISOString(),
        expected_usd: 5900,
        expected_khr: 128_000,
        counted_usd: 6000,
        counted_khr: 127_500,
      })
      .where('id', '=', closed)
      .execute();
    open = await openCashSession(w, cashierId, second, 1000, 0);
    await entry(open, 'sale', 'USD', 300);
  });

  it('sums each session’s entries per currency, with counted and difference once closed', async () => {
    const r = await json<PosCashFlowResponse>(w.owner, `/api/v1/reports/pos-cash-flow?period=today&user_id=${cashierId}`);
    expect(r.rows.map((s) => s.id)).toEqual([closed, open]);
    expect(r.rows[0]!.usd).toEqual({
      opening: '50.00',
      cash_sales: '12.50',
      change: '1.50',
      refunds: '2.00',
      cash_in: '0.00',
      cash_out: '0.00',
      expected: '59.00',
      counted: '60.00',
      difference: '1.00',
    });
    expect(r.rows[0]!.khr).toEqual({
      opening: '100000',
      cash_sales: '40000',
      change: '2000',
      refunds: '0',
      cash_in: '10000',
      cash_out: '20000',
      expected: '128000',
      counted: '127500',
      difference: '-500',
    });
    expect(r.rows[1]).toMatchObject({ status: 'open', branch_id: second, closed_at: null });
    expect(r.rows[1]!.usd).toMatchObject({ opening: '10.00', cash_sales: '3.00', expected: '13.00', counted: null, difference: null });
    expect(r.totals.count).toBe(2);
    expect(r.totals.usd).toEqual({
      opening: '60.00',
      cash_sales: '15.50',
      change: '1.50',
      refunds: '2.00',
      cash_in: '0.00',
      cash_out: '0.00',
      expected: '72.00',
      counted: '60.00',
      difference: '1.00',
    });
    expect(r.totals.khr).toMatchObject({ opening: '100000', expected: '128000', counted: '127500', difference: '-500' });

    const yesterday = await json<PosCashFlowResponse>(w.owner, `/api/v1/reports/pos-cash-flow?period=yesterday&user_id=${cashierId}`);
    expect(yesterday.rows).toHaveLength(1);
    expect(yesterday.rows[0]!.usd.opening).toBe('7.00');
    expect(yesterday.totals.usd).toMatchObject({ expected: '7.00', counted: '6.50', difference: '-0.50' });
    expect(yesterday.totals.khr).toMatchObject({ expected: '0', counted: '0', difference: '0' });
  });

  it('exports the sessions and the totals row', async () => {
    const url = `/api/v1/reports/pos-cash-flow?period=today&user_id=${cashierId}`;
    const r = await json<PosCashFlowResponse>(w.owner, url);
    const res = await get(w.owner, `${url.replace('pos-cash-flow?', 'pos-cash-flow/export?')}&format=csv`);
    const [header, ...cells] = csvCells(res.body);
    expect(header).toHaveLength(5 + 18);
    const flow = (f: PosCashFlowResponse['totals']['usd']) =>
      [f.opening, f.cash_sales, f.change, f.refunds, f.cash_in, f.cash_out, f.expected, f.counted, f.difference].map(n);
    expect(cells).toEqual([
      ...r.rows.map((s) => [
        s.session_number,
        s.branch_name,
        s.cashier_name,
        s.opened_at,
        s.closed_at ?? '',
        ...flow(s.usd),
        ...flow(s.khr),
      ]),
      ['Total', '', '', '', '', ...flow(r.totals.usd), ...flow(r.totals.khr)],
    ]);
  });
});

describe('access', () => {
  it('needs report-management and the report’s own key', async () => {
    const menuOnly = await userWith(['report-management']);
    const keyOnly = await userWith(['purchase-report', 'expend-report', 'sale-report']);
    const both = await userWith(['report-management', 'purchase-report', 'expend-report', 'sale-report']);
    for (const path of ['purchases', 'item-purchases', 'expenses', 'pos-cash-flow']) {
      expect((await get(menuOnly.token, `/api/v1/reports/${path}`)).statusCode).toBe(403);
      expect((await get(menuOnly.token, `/api/v1/reports/${path}/export?format=csv`)).statusCode).toBe(403);
      expect((await get(keyOnly.token, `/api/v1/reports/${path}`)).statusCode).toBe(403);
      expect((await get(both.token, `/api/v1/reports/${path}`)).statusCode).toBe(200);
    }
    const options = await json<PurchaseReportOptions>(menuOnly.token, '/api/v1/reports/purchase-options');
    expect(options.suppliers).toContainEqual({ id: supplier, name: 'Report Suite Supplier' });
    expect(options.expense_categories.map((c) => c.id)).toEqual(expect.arrayContaining([rent, power]));
    expect(options.cashiers.map((c) => c.id)).toContain(cashierId);
    expect((await get(keyOnly.token, '/api/v1/reports/purchase-options')).statusCode).toBe(403);
    const purchaseOnly = await userWith(['report-management', 'purchase-report']);
    expect((await get(purchaseOnly.token, '/api/v1/reports/expenses')).statusCode).toBe(403);
    expect((await get(purchaseOnly.token, '/api/v1/reports/pos-cash-flow')).statusCode).toBe(403);
    expect((await get(purchaseOnly.token, '/api/v1/reports/item-purchases')).statusCode).toBe(200);
  });

  it('keeps a branch user to its branch whatever it asks', async () => {
    const branchUser = await userWith(['report-management', 'purchase-report', 'expend-report', 'sale-report'], second);
    const p = await json<PurchaseReportResponse>(
      branchUser.token,
      `/api/v1/reports/purchases?${MONTH}&supplier_id=${supplier}&branch_id=${main}`,
    );
    expect(p.period.branch_id).toBe(second);
    expect(p.rows.map((r) => r.id)).toEqual([purchases.second!.id]);
    expect(p.returns.count).toBe(0);
    const i = await json<ItemPurchaseReportResponse>(branchUser.token, `/api/v1/reports/item-purchases?${MONTH}&supplier_id=${supplier}`);
    expect(i.totals.amount).toBe('8.50');
    const e = await json<ExpenseReportResponse>(
      branchUser.token,
      `/api/v1/reports/expenses?${MONTH}&category_id=${power}&branch_id=${main}`,
    );
    expect(e.rows.map((x) => x.branch_id)).toEqual([second]);
    const c = await json<PosCashFlowResponse>(branchUser.token, `/api/v1/reports/pos-cash-flow?period=today&user_id=${cashierId}`);
    expect(c.rows.map((s) => s.branch_id)).toEqual([second]);
  });

  it('shows another shop none of these documents', async () => {
    const other = await createShop(w.t.deps);
    const token = await loginAs(w.t.app, other.login);
    const p = await json<PurchaseReportResponse>(token, `/api/v1/reports/purchases?${MONTH}&supplier_id=${supplier}`);
    expect(p.rows).toEqual([]);
    expect(p.totals.grand_total).toBe('0.00');
    const e = await json<ExpenseReportResponse>(token, `/api/v1/reports/expenses?${MONTH}&category_id=${power}`);
    expect(e.rows).toEqual([]);
    const c = await json<PosCashFlowResponse>(token, `/api/v1/reports/pos-cash-flow?period=today&user_id=${cashierId}`);
    expect(c.rows).toEqual([]);
  });
});
