import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandSaleResponse, ItemSaleResponse, SaleReportResponse, SaleSummaryResponse } from '@posauto/shared/schemas/reports-sales';
import { newId } from '../../lib/ids';
import { addShopUser } from '../../../test/factories';
import { bearer, loginAs } from '../../../test/harness';
import { en, openCashSession, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

/**
 * The sale reports against sales and returns this suite makes through the API (the test shop has no demo sales),
 * checked to the cent against figures written by hand and against a recomputation from the stored rows.
 */
let w: SaleWorld;
let main: string;
let second: string;
const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';
const MONTH = 'period=custom&from=2026-11-01&to=2026-11-30';

const get = (token: string, url: string) => w.t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...en } });
const json = async <T>(token: string, url: string): Promise<T> => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const line = (i: number, quantity: string, extra: object = {}) => ({ product_id: w.items[i]!, quantity, ...extra });
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });

async function role(permissions: string[]) {
  const id = newId();
  const at = w.t.clock.now().toISOString();
  await w.t.deps.db
    .insertInto('roles')
    .values({
      business_id: w.biz,
      id,
      name: `r-${id.slice(-6)}`,
      permissions: JSON.stringify(permissions),
      is_preset: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
async function userWith(permissions: string[], branchId: string | null = null) {
  const u = await addShopUser(w.t.deps, { businessId: w.biz, roleId: await role(permissions), branchId });
  return loginAs(w.t.app, u.login);
}
const mustSell = async (token: string, payload: object) => {
  const res = await sell(w.t.app, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; grand_total: string; lines: { id: string }[] };
};
const cents = (s: string) => Math.round(Number(s) * 100);

let saleB: { id: string; lines: { id: string }[] };

beforeAll(async () => {
  w = await saleWorld();
  main = w.branches[0]!.id;
  second = w.branches[1]!.id;
  for (const item of w.items) {
    await stockUp(w, item, main, '100');
    await stockUp(w, item, second, '100');
  }
  await openCashSession(w, w.cashierId, main);
  await openCashSession(w, w.ownerId, second);
  // VAT 10% on top (the fixture's setting). A: 2 × 2.50 = 5.00 + 0.50 VAT = 5.50, cashier, walk-in, main.
  await mustSell(w.cashier, { lines: [line(0, '2')], payments: [cashUsd('10')] });
  // B: 1 × 4.00 + 2 × 1.75 = 7.50 + 0.75 = 8.25, owner, a customer, second branch, paid by bank.
  saleB = await mustSell(w.owner, {
    customer_id: w.customer,
    lines: [line(2, '1'), line(1, '2')],
    payments: [{ payment_method_id: w.bank, currency: 'USD', amount: '8.25', reference: 'T1' }],
  });
  // C: yesterday's sale (moved back a day in the table: the API dates sales today), 1 × 2.50 = 2.75, main.
  const c = await mustSell(w.cashier, { lines: [line(0, '1')], payments: [cashUsd('2.75')] });
  await w.t.deps.db
    .updateTable('sales')
    .set({ sale_date: YESTERDAY, sold_at: '2026-11-20T03:00:00.000Z' })
    .where('business_id', '=', w.biz)
    .where('id', '=', c.id)
    .execute();
  // A quotation never counts.
  await mustSell(w.owner, { document: 'quotation', sale_type: 'general', branch_id: main, customer_id: w.customer, lines: [line(0, '5')] });
  // B's 4.00 item comes back: 4.40 with VAT, refunded to the customer's balance.
  const ret = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/sale-returns',
    headers: { ...bearer(w.owner), ...en },
    payload: { sale_id: saleB.id, refund_method: 'balance', lines: [{ sale_line_id: saleB.lines[0]!.id, quantity: '1' }] },
  });
  expect(ret.statusCode, ret.body).toBe(201);
});
afterAll(() => w.t.close());

describe('access', () => {
  it('needs report-management and sale-report; a branch user sees its own branch only', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: '/api/v1/reports/sales' })).statusCode).toBe(401);
    for (const path of ['sales', 'sale-summary', 'brand-sales', 'item-sales']) {
      expect((await get(await userWith(['report-management']), `/api/v1/reports/${path}`)).statusCode).toBe(403);
      expect((await get(await userWith(['sale-report']), `/api/v1/reports/${path}`)).statusCode).toBe(403);
      expect((await get(await userWith(['sale-report']), `/api/v1/reports/${path}/export`)).statusCode).toBe(403);
      expect((await get(await userWith(['report-management', 'sale-report']), `/api/v1/reports/${path}`)).statusCode).toBe(200);
    }
    const branchUser = await userWith(['report-management', 'sale-report'], second);
    const own = await json<SaleReportResponse>(branchUser, `/api/v1/reports/sales?${MONTH}&branch_id=${main}`);
    expect(own.period.branch_id).toBe(second);
    expect(own.rows.map((r) => r.id)).toEqual([saleB.id]);
    expect(own.returns.total).toBe('4.40');
  });

  it('refuses a period that ends before it starts, or is too long, with a translated message', async () => {
    const back = await get(w.owner, '/api/v1/reports/sales?period=custom&from=2026-11-10&to=2026-11-01');
    expect(back.statusCode).toBe(400);
    expect(back.json().errors.to).toBe('The end date must be on or after the start date');
    const long = await get(w.owner, '/api/v1/reports/item-sales?period=custom&from=2020-01-01&to=2026-11-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to).toBe('Choose a period of at most three years');
    const preset = await get(w.owner, '/api/v1/reports/brand-sales?period=someday');
    expect(preset.statusCode).toBe(400);
  });
});

describe('sales report', () => {
  it('lists each counted sale of the period, with totals and returns over the whole period', async () => {
    const r = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&sort=grand_total&order=asc`);
    expect(r.rows.map((x) => x.grand_total)).toEqual(['2.75', '5.50', '8.25']);
    expect(r.totals).toEqual({ count: 3, grand_total: '16.50', paid: '16.50', due: '0.00' });
    expect(r.returns).toEqual({ count: 1, total: '4.40' });
    expect(r.net_total).toBe('12.10');
    expect(r.by_day).toEqual([
      { day: YESTERDAY, count: 1, grand_total: '2.75' },
      { day: TODAY, count: 2, grand_total: '13.75' },
    ]);
    const b = r.rows.find((x) => x.id === saleB.id)!;
    expect(b).toMatchObject({ customer_name: expect.any(String), paid: '8.25', due: '0.00', payment_status: 'paid' });
    expect(r.period).toMatchObject({ from: '2026-11-01', to: '2026-11-30', currency: 'USD', exchange_rate: '4100.0000' });

    const today = await json<SaleReportResponse>(w.owner, '/api/v1/reports/sales?period=today');
    expect(today.totals.grand_total).toBe('13.75');
    const yesterday = await json<SaleReportResponse>(w.owner, '/api/v1/reports/sales?period=yesterday');
    expect(yesterday.totals).toMatchObject({ count: 1, grand_total: '2.75' });
    expect(yesterday.returns.count).toBe(0);
  });

  it('filters by cashier, customer, payment method and branch; pages keep the totals of every page', async () => {
    const mine = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&created_by=${w.cashierId}`);
    expect(mine.totals).toMatchObject({ count: 2, grand_total: '8.25' });
    expect(mine.returns.count).toBe(0);
    const bank = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&payment_method_id=${w.bank}`);
    expect(bank.rows.map((x) => x.id)).toEqual([saleB.id]);
    expect(bank.returns.total).toBe('4.40');
    const cust = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&customer_id=${w.customer}`);
    expect(cust.totals.count).toBe(1);
    const mainOnly = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&branch_id=${main}`);
    expect(mainOnly.totals.grand_total).toBe('8.25');
    const paged = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&per_page=10&page=1&sort=grand_total`);
    expect(paged.meta.total).toBe(3);
    const page2 = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}&per_page=10&page=2`);
    expect(page2.rows).toEqual([]);
    expect(page2.totals.grand_total).toBe('16.50');
  });

  it('exports exactly the rows shown and the totals', async () => {
    const r = await json<SaleReportResponse>(w.owner, `/api/v1/reports/sales?${MONTH}`);
    const csv = await get(w.owner, `/api/v1/reports/sales/export?${MONTH}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Invoice');
    const body = lines.slice(1);
    expect(body).toHaveLength(r.rows.length + 3);
    r.rows.forEach((row, i) => {
      expect(body[i]).toContain(row.invoice_number);
      expect(body[i]).toContain(row.grand_total);
      expect(body[i]!.split(',')[0]).toBe(row.invoice_number);
    });
    expect(body[r.rows.length]).toMatch(/^Total,.*16\.50,16\.50,0\.00/);
    const xlsx = await get(w.owner, `/api/v1/reports/sales/export?${MONTH}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('sale summary', () => {
  it('adds up each day: sales, VAT, net, returns and payments by method', async () => {
    const r = await json<SaleSummaryResponse>(w.owner, `/api/v1/reports/sale-summary?${MONTH}`);
    expect(r.unit).toBe('day');
    expect(r.rows.map((x) => x.bucket)).toEqual([YESTERDAY, TODAY]);
    const today = r.rows[1]!;
    expect(today).toMatchObject({
      count: 2,
      gross: '12.50',
      discounts: '0.00',
      tax: '1.25',
      net_sales: '12.50',
      grand_total: '13.75',
      returns: '4.40',
      sales: '9.35',
    });
    // A's 10 dollars tendered pay its 5.50 (the change is given back).
    expect(today.by_method).toEqual({ [w.cash]: '5.50', [w.bank]: '8.25' });
    expect(r.totals).toMatchObject({ count: 3, grand_total: '16.50', tax: '1.50', net_sales: '15.00', returns: '4.40', sales: '12.10' });
    expect(cents(r.totals.by_method[w.cash]!) + cents(r.totals.by_method[w.bank]!)).toBe(1650);

    const oneDay = await json<SaleSummaryResponse>(w.owner, '/api/v1/reports/sale-summary?period=today');
    expect(oneDay.unit).toBe('hour');
    // Sold at 08:00 UTC: 15:00 in Phnom Penh.
    expect(oneDay.rows.map((x) => x.bucket)).toEqual(['15']);
    expect(oneDay.totals.sales).toBe('9.35');
  });

  it('exports the days, the totals and a column per payment method', async () => {
    const csv = await get(w.owner, `/api/v1/reports/sale-summary/export?${MONTH}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^Total,3,/);
  });
});

describe('brand and item sales', () => {
  it('counts sold less returned, net without VAT, cost and profit per item', async () => {
    const r = await json<ItemSaleResponse>(w.owner, `/api/v1/reports/item-sales?${MONTH}`);
    const by = new Map(r.rows.map((x) => [x.product_id, x]));
    expect(by.get(w.items[0]!)).toMatchObject({ sold_quantity: '3', returned_quantity: '0', quantity: '3', net_amount: '7.50' });
    expect(by.get(w.items[1]!)).toMatchObject({ sold_quantity: '2', quantity: '2', net_amount: '3.50' });
    expect(by.get(w.items[2]!)).toMatchObject({ sold_quantity: '1', returned_quantity: '1', quantity: '0', net_amount: '0.00' });
    // Sorted by amount, largest first.
    expect(r.rows[0]!.product_id).toBe(w.items[0]);
    // Net of items = the period's net sales less the returns' net (4.40 − 0.40 VAT).
    expect(r.totals.net_amount).toBe('11.00');
    // Cost and profit from the stored lines, independently.
    const cost = await w.t.deps.db
      .selectFrom('sale_lines as sl')
      .innerJoin('sales as s', 's.id', 'sl.sale_id')
      .select(['sl.cost_amount'])
      .where('s.business_id', '=', w.biz)
      .where('s.document', 'in', ['sale', 'invoice'])
      .where('s.status', '=', 'completed')
      .execute();
    const back = await w.t.deps.db.selectFrom('sale_returns').select('cost_total').where('business_id', '=', w.biz).execute();
    const expected = cost.reduce((a, x) => a + Number(x.cost_amount), 0) - back.reduce((a, x) => a + Number(x.cost_total), 0);
    expect(cents(r.totals.cost!)).toBe(expected);
    expect(cents(r.totals.profit!)).toBe(1100 - expected);
    const brands = await json<BrandSaleResponse>(w.owner, `/api/v1/reports/brand-sales?${MONTH}`);
    expect(brands.totals).toEqual({ quantity: '5', net_amount: r.totals.net_amount, cost: r.totals.cost, profit: r.totals.profit });
    const sumBrands = brands.rows.reduce((a, x) => a + cents(x.net_amount), 0);
    expect(sumBrands).toBe(1100);
  });

  it('answers cost and profit only to a user who may see costs (profit-lost-report), sorted and exported alike', async () => {
    const clerk = await userWith(['report-management', 'sale-report']);
    const items = await json<ItemSaleResponse>(clerk, `/api/v1/reports/item-sales?${MONTH}&sort=profit`);
    expect(items.rows.length).toBeGreaterThan(0);
    expect(items.rows.every((x) => x.cost === null && x.profit === null)).toBe(true);
    expect(items.totals).toMatchObject({ cost: null, profit: null });
    const brands = await json<BrandSaleResponse>(clerk, `/api/v1/reports/brand-sales?${MONTH}`);
    expect(brands.totals).toMatchObject({ cost: null, profit: null });
    const csv = await get(clerk, `/api/v1/reports/item-sales/export?${MONTH}&format=csv`);
    expect(csv.body.split('\n')[0]).not.toMatch(/Cost|Profit/);
    const owner = await json<ItemSaleResponse>(w.owner, `/api/v1/reports/item-sales?${MONTH}`);
    expect(owner.totals.cost).not.toBeNull();
  });

  it('filters items by brand and category, and exports them with the totals', async () => {
    const product = await w.t.deps.db
      .selectFrom('products')
      .select(['brand_id', 'category_id'])
      .where('id', '=', w.items[1]!)
      .executeTakeFirstOrThrow();
    if (product.category_id) {
      const r = await json<ItemSaleResponse>(w.owner, `/api/v1/reports/item-sales?${MONTH}&category_id=${product.category_id}`);
      expect(r.rows.map((x) => x.product_id)).toContain(w.items[1]);
    }
    const none = await json<ItemSaleResponse>(w.owner, `/api/v1/reports/item-sales?${MONTH}&brand_id=${newId()}`);
    expect(none.rows).toEqual([]);
    expect(none.totals.net_amount).toBe('0.00');
    const r = await json<ItemSaleResponse>(w.owner, `/api/v1/reports/item-sales?${MONTH}`);
    const csv = await get(w.owner, `/api/v1/reports/item-sales/export?${MONTH}&format=csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(r.rows.length + 2);
    expect(lines.at(-1)).toContain(r.totals.net_amount);
    const brandCsv = await get(w.owner, `/api/v1/reports/brand-sales/export?${MONTH}&format=csv`);
    expect(brandCsv.body).toContain('Total');
  });
});

describe('letterhead', () => {
  it('gives the shop name for the printed header to report users and to stock report users', async () => {
    const r = await json<{ shop_name: string }>(await userWith(['report-management']), '/api/v1/reports/letterhead');
    expect(r.shop_name.length).toBeGreaterThan(0);
    expect((await get(await userWith(['stock-listing']), '/api/v1/reports/letterhead')).statusCode).toBe(200);
    expect((await get(await userWith(['sale-report']), '/api/v1/reports/letterhead')).statusCode).toBe(403);
  });
});
