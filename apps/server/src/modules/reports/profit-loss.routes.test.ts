import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal } from '@posauto/shared/money/index';
import type { ProfitLossResponse } from '@posauto/shared/schemas/profit-loss';
import { fillReturnTax } from '../../db/migrations/0024-report-figures';
import { newId } from '../../lib/ids';
import { addShopUser } from '../../../test/factories';
import { loginAs } from '../../../test/harness';
import { call, en, openCashSession, saleWorld, sell, stockUp, type SaleWorld } from '../../../test/sale-fixtures';

const PL = '/api/v1/reports/profit-loss';
let w: SaleWorld;
let main: string;
let second: string;

const line = (i: number, quantity: string) => ({ product_id: w.items[i]!, quantity });
const cashUsd = (amount: string) => ({ payment_method_id: w.cash, currency: 'USD', amount });
const settings = (values: Record<string, number>) =>
  w.t.deps.db.updateTable('general_settings').set(values).where('business_id', '=', w.biz).execute();

async function addExpense(branchId: string, category: string, amount: number, day: string) {
  const db = w.t.deps.db;
  const at = w.t.clock.now().toISOString();
  let cat = await db
    .selectFrom('expense_categories')
    .select('id')
    .where('business_id', '=', w.biz)
    .where('name', '=', category)
    .executeTakeFirst();
  if (!cat) {
    cat = { id: newId() };
    await db
      .insertInto('expense_categories')
      .values({ business_id: w.biz, id: cat.id, name: category, description: null, status: 1, created_at: at, updated_at: at })
      .execute();
  }
  await db
    .insertInto('expenses')
    .values({
      business_id: w.biz,
      id: newId(),
      branch_id: branchId,
      category_id: cat.id,
      expense_date: day,
      currency: 'USD',
      expend_cost: amount,
      exchange_rate: 41_000_000,
      amount,
      payment_method_id: null,
      note: '',
      attachment: null,
      created_by: w.ownerId,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** The statement recomputed from the stored documents, one by one (what the report must sum in SQL). */
async function recompute(from: string, to: string, branchId?: string) {
  const db = w.t.deps.db;
  let sq = db
    .selectFrom('sales')
    .selectAll()
    .where('business_id', '=', w.biz)
    .where('document', 'in', ['sale', 'invoice'])
    .where('status', '=', 'completed')
    .where('sale_date', '>=', from)
    .where('sale_date', '<=', to);
  if (branchId) sq = sq.where('branch_id', '=', branchId);
  const sales = await sq.execute();
  let rq = db
    .selectFrom('sale_returns')
    .selectAll()
    .where('business_id', '=', w.biz)
    .where('status', '=', 'posted')
    .where('returned_on', '>=', from)
    .where('returned_on', '<=', to);
  if (branchId) rq = rq.where('branch_id', '=', branchId);
  const returns = await rq.execute();
  let eq = db
    .selectFrom('expenses')
    .selectAll()
    .where('business_id', '=', w.biz)
    .where('expense_date', '>=', from)
    .where('expense_date', '<=', to);
  if (branchId) eq = eq.where('branch_id', '=', branchId);
  const expenses = await eq.execute();
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
  const netSales = sum(sales, (s) => Number(s.grand_total) - Number(s.tax) - Number(s.service_charge) - Number(s.shipping));
  const returned = sum(returns, (r) => Number(r.total) - Number(r.tax));
  const cogs = sum(sales, (s) => Number(s.cost_total)) - sum(returns, (r) => Number(r.cost_total));
  const service = sum(sales, (s) => Number(s.service_charge));
  const shipping = sum(sales, (s) => Number(s.shipping));
  const gross = netSales - returned + service + shipping - cogs;
  const spent = sum(expenses, (e) => Number(e.amount));
  return {
    sales: sum(sales, (s) => Number(s.grand_total)) - sum(returns, (r) => Number(r.total)),
    net_sales: netSales,
    returns: returned,
    vat_collected: sum(sales, (s) => Number(s.tax)) - sum(returns, (r) => Number(r.tax)),
    service_charges: service,
    shipping,
    cogs,
    gross_profit: gross,
    expenses: spent,
    net_profit: gross - spent,
  };
}

const usd = (minor: number) => formatDecimal(minor, 2);

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
});
afterAll(() => w.t.close());

describe('profit and loss report', () => {
  let saleId: string;
  let saleLineId: string;

  it('answers 401 without a session and 403 to a cashier without the report permissions', async () => {
    expect((await w.t.app.inject({ url: PL, headers: en })).statusCode).toBe(401);
    expect((await call(w.t.app, w.cashier, 'GET', PL)).statusCode).toBe(403);
  });

  it('answers zeros for a period without documents', async () => {
    const res = await call(w.t.app, w.owner, 'GET', `${PL}?period=today`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProfitLossResponse;
    expect(body.period).toMatchObject({ period: 'today', from: '2026-11-21', to: '2026-11-21', currency: 'USD', branch_id: null });
    expect(body.statement).toMatchObject({ sales_count: 0, net_sales: '0.00', gross_profit: '0.00', net_profit: '0.00' });
    expect(body.expenses_by_category).toEqual([]);
    expect(body.months).toEqual([]);
  });

  it('adds up sales with VAT on top and inside, a discount, a return, expenses, and leaves quotations and voids out', async () => {
    // VAT on top (10%), 10% off: 2 x 2.50 + 1.75 = 6.75, less 0.68 = 6.07, VAT 0.61, total 6.68.
    const a = await sell(w.t.app, w.cashier, {
      lines: [line(0, '2'), line(1, '1')],
      discount: { type: 'percent', value: '10' },
      payments: [cashUsd('10')],
    });
    expect(a.statusCode).toBe(201);
    saleId = a.json().data.id;
    saleLineId = a.json().data.lines[0].id;
    // VAT inside: 4.00 with 0.36 in it, sold from the second branch.
    await settings({ is_exclude_tax: 0 });
    const b = await sell(w.t.app, w.owner, { lines: [line(2, '1')], payments: [cashUsd('4')] });
    await settings({ is_exclude_tax: 1 });
    expect(b.statusCode).toBe(201);
    expect(b.json().data).toMatchObject({ grand_total: '4.00', tax: '0.36' });
    // Neither a quotation nor a voided sale counts.
    const quote = await sell(w.t.app, w.owner, { document: 'quotation', sale_type: 'general', branch_id: main, lines: [line(0, '5')] });
    expect(quote.statusCode).toBe(201);
    const voided = await sell(w.t.app, w.owner, { lines: [line(1, '3')], payments: [cashUsd('10')] });
    expect((await call(w.t.app, w.owner, 'POST', `/api/v1/sales/${voided.json().data.id}/void`)).statusCode).toBe(200);
    // One of the two items of the first line comes back: half its 4.50 net and 0.45 VAT... shares of the line.
    // Refunded by the cashier of the sale's branch: cash comes back from a drawer of the branch that took it.
    const ret = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: saleId,
      refund_method: 'cash',
      refund_currency: 'USD',
      lines: [{ sale_line_id: saleLineId, quantity: '1' }],
    });
    expect(ret.statusCode).toBe(201);
    await addExpense(main, 'Rent', 30000, '2026-11-21');
    await addExpense(second, 'Electricity', 4550, '2026-11-21');
    await addExpense(main, 'Rent', 1000, '2026-11-01');
    await addExpense(main, 'Rent', 99999, '2026-10-31'); // last month: outside

    const res = await call(w.t.app, w.owner, 'GET', `${PL}?period=this_month`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProfitLossResponse;
    const want = await recompute('2026-11-01', '2026-11-30');
    expect(want.net_sales).toBeGreaterThan(0);
    expect(want.returns).toBeGreaterThan(0);
    for (const [k, v] of Object.entries(want)) expect([k, body.statement[k as keyof typeof want]]).toEqual([k, usd(v)]);
    expect(body.statement).toMatchObject({ sales_count: 2, returns_count: 1, net_revenue: usd(want.net_sales - want.returns) });
    // 10% of 6.75 given off, on the first sale only.
    expect(body.statement.discounts).toBe('0.68');
    expect(body.expenses_by_category).toEqual([
      { category_id: expect.any(String), category_name: 'Rent', amount: '310.00' },
      { category_id: expect.any(String), category_name: 'Electricity', amount: '45.50' },
    ]);
  });

  it('stores the VAT part of a return: returning a whole line in two goes gives back exactly its VAT', async () => {
    // Refunded by the cashier of the sale's branch: cash comes back from a drawer of the branch that took it.
    const ret = await call(w.t.app, w.cashier, 'POST', '/api/v1/sale-returns', {
      sale_id: saleId,
      refund_method: 'cash',
      refund_currency: 'USD',
      lines: [{ sale_line_id: saleLineId, quantity: '1' }],
    });
    expect(ret.statusCode).toBe(201);
    const db = w.t.deps.db;
    const saleLine = await db
      .selectFrom('sale_lines')
      .select(['tax_amount', 'net_amount'])
      .where('id', '=', saleLineId)
      .executeTakeFirstOrThrow();
    const back = await db
      .selectFrom('sale_return_lines')
      .select([sql<number>`sum(tax_amount)`.as('tax'), sql<number>`sum(amount)`.as('amount')])
      .where('business_id', '=', w.biz)
      .where('sale_line_id', '=', saleLineId)
      .executeTakeFirstOrThrow();
    expect(Number(back.tax)).toBe(Number(saleLine.tax_amount));
    expect(Number(back.amount)).toBe(Number(saleLine.net_amount) + Number(saleLine.tax_amount));
    const heads = await db
      .selectFrom('sale_returns')
      .select(['tax'])
      .where('business_id', '=', w.biz)
      .where('sale_id', '=', saleId)
      .execute();
    expect(heads.reduce((s, h) => s + Number(h.tax), 0)).toBe(Number(saleLine.tax_amount));

    // Migration 0024 fills returns posted before it the same way.
    const stored = async () => ({
      lines: await db.selectFrom('sale_return_lines').select(['id', 'tax_amount']).where('business_id', '=', w.biz).orderBy('id').execute(),
      heads: await db.selectFrom('sale_returns').select(['id', 'tax']).where('business_id', '=', w.biz).orderBy('id').execute(),
    });
    const before = await stored();
    expect(before.lines.some((l) => Number(l.tax_amount) > 0)).toBe(true);
    await db.updateTable('sale_return_lines').set({ tax_amount: 0 }).where('business_id', '=', w.biz).execute();
    await db.updateTable('sale_returns').set({ tax: 0 }).where('business_id', '=', w.biz).execute();
    await fillReturnTax(db);
    expect(await stored()).toEqual(before);
  });

  it('keeps a branch user to their branch, and lets the owner pick one', async () => {
    const role = await w.t.deps.db.selectFrom('users').select('role_id').where('id', '=', w.ownerId).executeTakeFirstOrThrow();
    const branchUser = await addShopUser(w.t.deps, { businessId: w.biz, roleId: role.role_id, branchId: second });
    const token = await loginAs(w.t.app, branchUser.login);
    const asked = await call(w.t.app, token, 'GET', `${PL}?period=this_month&branch_id=${main}`);
    expect(asked.statusCode).toBe(200);
    const body = asked.json() as ProfitLossResponse;
    expect(body.period.branch_id).toBe(second);
    const want = await recompute('2026-11-01', '2026-11-30', second);
    expect(body.statement.net_profit).toBe(usd(want.net_profit));
    expect(body.expenses_by_category.map((c) => c.category_name)).toEqual(['Electricity']);
    const picked = (await call(w.t.app, w.owner, 'GET', `${PL}?period=this_month&branch_id=${main}`)).json() as ProfitLossResponse;
    expect(picked.statement.gross_profit).toBe(usd((await recompute('2026-11-01', '2026-11-30', main)).gross_profit));
  });

  it('compares month by month, the months adding up to the period', async () => {
    const res = await call(w.t.app, w.owner, 'GET', `${PL}?period=custom&from=2026-10-15&to=2026-11-30&compare=month`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProfitLossResponse;
    expect(body.months.map((m) => m.month)).toEqual(['2026-10', '2026-11']);
    expect(body.months[0]).toMatchObject({ net_sales: '0.00', expenses: '999.99', net_profit: '-999.99' });
    const nov = await recompute('2026-11-01', '2026-11-30');
    expect(body.months[1]).toMatchObject({ gross_profit: usd(nov.gross_profit), net_profit: usd(nov.net_profit) });
    const all = await recompute('2026-10-15', '2026-11-30');
    expect(body.statement.net_profit).toBe(usd(all.net_profit));
  });

  it('refuses a compare it does not know, with a translated message', async () => {
    const res = await call(w.t.app, w.owner, 'GET', `${PL}?compare=year`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Choose how to compare');
  });

  it('exports the statement as shown, net profit last', async () => {
    const res = await call(w.t.app, w.owner, 'GET', `${PL}/export?period=this_month&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(rows[0]).toBe('Line,Amount,In riel');
    const body = (await call(w.t.app, w.owner, 'GET', `${PL}?period=this_month`)).json() as ProfitLossResponse;
    expect(rows.at(-1)).toContain(`Net profit,${Number(body.statement.net_profit)},`);
    expect(rows).toContain('Expense: Rent,310,1271000');
    const xlsx = await call(w.t.app, w.owner, 'GET', `${PL}/export?period=this_month`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('profit-loss-');
  });
});
