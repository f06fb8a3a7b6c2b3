/**
 * Correct books (issue 13): a seeded random shop history (shop-history.ts) built through the real routes, then every
 * report's figures checked against an independent recomputation from the stored documents (recompute.ts: plain
 * selects added up with BigInt), to the minor unit, for a whole history, a month, a week across the new year and a
 * busy day, for the whole shop and single branches; the dashboard against the profit and loss and the sale summary
 * of the same days; and, on the PostgreSQL run, the same history built again on SQLite (in memory, in this process)
 * with every report answering the same, figure for figure.
 *
 * A report whose route is not registered yet is skipped with its name (the suite runs while reports are written).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { addDays } from '../../src/lib/time-zone';
import { seedDemoIfEmpty } from '../../src/seed/demo';
import { assertLedgerBalanced } from '../../src/modules/stock/index';
import { bearer, createTestApp, TEST_DB, TestClock, type TestContext } from '../harness';
import {
  byDay,
  byItem,
  cashFlow,
  figures,
  minor,
  paymentsByMethod,
  purchasedItems,
  purchaseFigures,
  readDocuments,
  type Documents,
  type Scope,
} from './recompute';
import { buildHistory, FIRST_DAY, LAST_DAY, planHistory, prepareShop, type HistoryStats, type Shop } from './shop-history';

interface Built {
  t: TestContext;
  shop: Shop;
  stats: HistoryStats;
  docs: Documents;
  ms: number;
}

const plan = planHistory();

async function build(t: TestContext): Promise<Built> {
  const started = Date.now();
  const shop = await prepareShop(t);
  const stats = await buildHistory(shop, plan);
  const docs = await readDocuments(t.deps.db, shop.biz);
  return { t, shop, stats, docs, ms: Date.now() - started };
}

/** The harness's app on an in-memory SQLite database, for the PostgreSQL run's comparison (createTestApp's steps). */
async function sqliteApp(): Promise<TestContext> {
  const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(handle.db, handle.kind);
  const clock = new TestClock();
  const config = loadConfig({ NODE_ENV: 'test' });
  const deps = { db: handle.db, kind: handle.kind, clock, config };
  await seedDemoIfEmpty(deps, { sales: false });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    clock,
    async close() {
      await assertLedgerBalanced(handle.db);
      await app.close();
      await handle.close();
    },
  };
}

let main: Built;
let timings = '';
beforeAll(async () => {
  main = await build(await createTestApp());
  timings = `${TEST_DB}: history of ${main.stats.requests} requests built in ${main.ms} ms`;
}, 600_000);
afterAll(async () => {
  if (timings) process.stdout.write(`[books] ${timings}\n`);
  await main?.t.close();
});

type Answer = Record<string, any>;
/** A report's answer, or null when its route does not exist yet. */
async function ask(b: Built, path: string, scope: Scope | null, extra: Record<string, string> = {}): Promise<Answer | null> {
  const q = new URLSearchParams({
    ...(scope ? { period: 'custom', from: scope.from, to: scope.to, ...(scope.branchId ? { branch_id: scope.branchId } : {}) } : {}),
    ...extra,
  });
  const res = await b.t.app.inject({
    method: 'GET',
    url: `${path}${q.size ? `?${q}` : ''}`,
    headers: { ...bearer(b.shop.owner), 'accept-language': 'en' },
  });
  if (res.statusCode === 404 && res.json().message?.match(/not found/i) && !res.json().errors) return null;
  if (res.statusCode !== 200) throw new Error(`${path}?${q}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return res.json();
}

const busiestDay = (d: Documents) => {
  const n = new Map<string, number>();
  for (const r of d.returns) n.set(String(r.returned_on), (n.get(String(r.returned_on)) ?? 0) + 3);
  for (const s of d.sales) n.set(String(s.sale_date), (n.get(String(s.sale_date)) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
};

/** The periods and branches every report is checked on. */
function scopes(b: Built): (Scope & { label: string })[] {
  const [first, , third] = b.shop.branches;
  const day = busiestDay(b.docs);
  return [
    { label: 'whole history', from: '2026-09-01', to: LAST_DAY, branchId: null },
    { label: 'whole history, first branch', from: '2026-09-01', to: LAST_DAY, branchId: first! },
    { label: 'December', from: '2026-12-01', to: '2026-12-31', branchId: null },
    { label: 'December, third branch', from: '2026-12-01', to: '2026-12-31', branchId: third! },
    { label: 'new-year week', from: '2026-12-28', to: '2027-01-03', branchId: null },
    { label: `busiest day ${day}`, from: day, to: day, branchId: null },
    { label: `busiest day ${day}, first branch`, from: day, to: day, branchId: first! },
  ];
}

const s = (v: bigint | number) => String(v);
const m = (text: string) => s(minor(text));
const q3 = (text: string) => s(minor(text, 3));

describe('the generated history', () => {
  it('holds every kind of document the books add up', () => {
    const { stats, docs } = main;
    expect(stats.sales).toBeGreaterThan(100);
    expect(stats.returns).toBeGreaterThan(20);
    expect(stats.quotations).toBeGreaterThan(5);
    expect(stats.converted).toBeGreaterThan(0);
    expect(stats.voids).toBeGreaterThan(0);
    expect(stats.purchases).toBeGreaterThan(20);
    expect(stats.transfers + stats.adjustments).toBeGreaterThan(20);
    expect(stats.sessions).toBeGreaterThan(50);
    // VAT both ways and none, service charges, coupons, shipping, riel and dollar payments all happened.
    const vat = new Set(docs.sales.map((x) => `${x.vat_rate}/${x.vat_inclusive}`));
    expect(vat.size).toBeGreaterThanOrEqual(3);
    expect(docs.sales.some((x) => Number(x.service_charge) > 0)).toBe(true);
    expect(docs.sales.some((x) => Number(x.coupon_amount) > 0)).toBe(true);
    expect(docs.sales.some((x) => Number(x.shipping) > 0)).toBe(true);
    expect(new Set(docs.payments.map((p) => p.currency))).toEqual(new Set(['USD', 'KHR']));
    expect(new Set(docs.sales.map((x) => String(x.sale_date).slice(0, 4)))).toEqual(new Set(['2026', '2027']));
    expect(FIRST_DAY < LAST_DAY).toBe(true);
  });
});

describe('every report equals the recomputation from the stored documents', () => {
  it('profit and loss', async (ctx) => {
    for (const sc of scopes(main)) {
      const a = await ask(main, '/api/v1/reports/profit-loss', sc, { compare: 'month' });
      if (!a) return ctx.skip('GET /api/v1/reports/profit-loss is not there yet');
      const f = figures(main.docs, sc);
      const st = a.statement;
      expect({
        scope: sc.label,
        sales_count: st.sales_count,
        returns_count: st.returns_count,
        sales: m(st.sales),
        net_sales: m(st.net_sales),
        returns: m(st.returns),
        net_revenue: m(st.net_revenue),
        discounts: m(st.discounts),
        vat_collected: m(st.vat_collected),
        service_charges: m(st.service_charges),
        shipping: m(st.shipping),
        sales_cost: m(st.sales_cost),
        returns_cost: m(st.returns_cost),
        cogs: m(st.cogs),
        gross_profit: m(st.gross_profit),
        expenses: m(st.expenses),
        net_profit: m(st.net_profit),
      }).toEqual({
        scope: sc.label,
        sales_count: f.salesCount,
        returns_count: f.returnsCount,
        sales: s(f.sales),
        net_sales: s(f.netSales),
        returns: s(f.returnsNet),
        net_revenue: s(f.netSales - f.returnsNet),
        discounts: s(f.orderDiscount + f.lineDiscount),
        vat_collected: s(f.tax - f.returnsTax),
        service_charges: s(f.serviceCharge),
        shipping: s(f.shipping),
        sales_cost: s(f.cost),
        returns_cost: s(f.returnsCost),
        cogs: s(f.cogs),
        gross_profit: s(f.grossProfit),
        expenses: s(f.expensesTotal),
        net_profit: s(f.netProfit),
      });
      const byCategory = Object.fromEntries((a.expenses_by_category as Answer[]).map((c) => [c.category_id, m(c.amount)]));
      expect(byCategory, sc.label).toEqual(Object.fromEntries([...f.expenses].filter(([, v]) => v !== 0n).map(([k, v]) => [k, s(v)])));
      // Month by month: each month of the period on its own.
      for (const row of a.months as Answer[]) {
        const from = `${row.month}-01` < sc.from ? sc.from : `${row.month}-01`;
        const end = addDays(`${addMonth(row.month)}-01`, -1);
        const g = figures(main.docs, { from, to: end > sc.to ? sc.to : end, branchId: sc.branchId });
        expect({
          scope: sc.label,
          month: row.month,
          net_sales: m(row.net_sales),
          gross_profit: m(row.gross_profit),
          net_profit: m(row.net_profit),
        }).toEqual({
          scope: sc.label,
          month: row.month,
          net_sales: s(g.netSales),
          gross_profit: s(g.grossProfit),
          net_profit: s(g.netProfit),
        });
      }
    }
  });

  it('sale summary: totals, days (or hours of one day) and payment methods', async (ctx) => {
    for (const sc of scopes(main)) {
      const a = await ask(main, '/api/v1/reports/sale-summary', sc);
      if (!a) return ctx.skip('GET /api/v1/reports/sale-summary is not there yet');
      const f = figures(main.docs, sc);
      const summary = (x: Answer) => ({
        count: x.count,
        gross: m(x.gross),
        discounts: m(x.discounts),
        tax: m(x.tax),
        service_charge: m(x.service_charge),
        shipping: m(x.shipping),
        net_sales: m(x.net_sales),
        grand_total: m(x.grand_total),
        returns: m(x.returns),
        sales: m(x.sales),
        by_method: Object.fromEntries(
          Object.entries(x.by_method as Record<string, string>)
            .filter(([, v]) => minor(v) !== 0n)
            .map(([k, v]) => [k, m(v)]),
        ),
      });
      const expected = (g: ReturnType<typeof figures>, methods: Map<string, bigint>) => ({
        count: g.salesCount,
        // Gross before any discount, discounts = line discounts + order discounts + coupons.
        gross: s(g.linesGross),
        discounts: s(g.lineDiscount + g.orderDiscount),
        tax: s(g.tax),
        service_charge: s(g.serviceCharge),
        shipping: s(g.shipping),
        net_sales: s(g.netSales),
        grand_total: s(g.grandTotal),
        returns: s(g.returnsTotal),
        sales: s(g.sales),
        by_method: Object.fromEntries([...methods].filter(([, v]) => v !== 0n).map(([k, v]) => [k, s(v)])),
      });
      const methods = paymentsByMethod(main.docs, sc);
      expect({ scope: sc.label, ...summary(a.totals) }).toEqual({ scope: sc.label, ...expected(f, methods) });
      if (a.unit === 'day') {
        const days = byDay(main.docs, sc);
        const rows = (a.rows as Answer[]).filter((r) => r.count > 0 || minor(r.returns) !== 0n);
        expect(
          rows.map((r) => r.bucket),
          sc.label,
        ).toEqual([...days.keys()]);
        for (const r of rows) {
          const one = { from: r.bucket, to: r.bucket, branchId: sc.branchId };
          expect({ scope: sc.label, day: r.bucket, ...summary(r) }).toEqual({
            scope: sc.label,
            day: r.bucket,
            ...expected(days.get(r.bucket)!, paymentsByMethod(main.docs, one)),
          });
        }
      } else {
        // One day by hour: the hours add up to the day.
        const sum = (k: string) => s((a.rows as Answer[]).reduce((n, r) => n + minor(r[k]), 0n));
        expect({ scope: sc.label, grand_total: sum('grand_total'), returns: sum('returns'), net_sales: sum('net_sales') }).toEqual({
          scope: sc.label,
          grand_total: s(f.grandTotal),
          returns: s(f.returnsTotal),
          net_sales: s(f.netSales),
        });
      }
    }
  });

  /**
   * Each payment's amount_in_sale_currency is its share of what the sale is credited (tenderValues in the money module:
   * running totals rounded down, as computeChange credits them), so the payments by method, less the change handed
   * back, add up to what the sales were paid.
   */
  it('sale summary: the payments by method add up to what the sales were paid', async () => {
    for (const sc of scopes(main)) {
      const f = figures(main.docs, sc);
      const methods = paymentsByMethod(main.docs, sc);
      expect({ scope: sc.label, paid: s([...methods.values()].reduce((n, v) => n + v, 0n)) }).toEqual({ scope: sc.label, paid: s(f.paid) });
    }
  });

  it('sale report: the listed sales, their totals, returns and days', async (ctx) => {
    for (const sc of scopes(main)) {
      const a = await ask(main, '/api/v1/reports/sales', sc, { per_page: 'all' });
      if (!a) return ctx.skip('GET /api/v1/reports/sales is not there yet');
      const f = figures(main.docs, sc);
      expect({
        scope: sc.label,
        count: a.totals.count,
        rows: a.rows.length,
        grand_total: m(a.totals.grand_total),
        paid: m(a.totals.paid),
        due: m(a.totals.due),
        returns: { count: a.returns.count, total: m(a.returns.total) },
        net_total: m(a.net_total),
        by_day: s((a.by_day as Answer[]).reduce((n, d) => n + minor(d.grand_total), 0n)),
        rows_total: s((a.rows as Answer[]).reduce((n, r) => n + minor(r.grand_total), 0n)),
      }).toEqual({
        scope: sc.label,
        count: f.salesCount,
        rows: f.salesCount,
        grand_total: s(f.grandTotal),
        paid: s(f.paid),
        due: s(f.due),
        returns: { count: f.returnsCount, total: s(f.returnsTotal) },
        net_total: s(f.sales),
        by_day: s(f.grandTotal),
        rows_total: s(f.grandTotal),
      });
    }
  });

  it('item and brand sales: sold less returned, net of VAT, cost and profit', async (ctx) => {
    const brandOf = new Map(main.docs.products.map((p) => [String(p.id), (p.brand_id as string | null) ?? null]));
    for (const sc of scopes(main)) {
      const items = byItem(main.docs, sc);
      // The stored lines agree with their documents: the items' net sales less returns, both without VAT, add up to
      // the profit and loss's net sales less returns, and their costs to its cost of goods.
      const f = figures(main.docs, sc);
      const all = [...items.values()];
      const add = (k: (x: (typeof all)[number]) => bigint) => all.reduce((n, x) => n + k(x), 0n);
      expect({
        scope: sc.label,
        net: s(add((x) => x.netExVat - x.returnedAmount + x.returnedTax)),
        cost: s(add((x) => x.cost - x.returnedCost)),
      }).toEqual({
        scope: sc.label,
        net: s(f.netSales - f.returnsNet),
        cost: s(f.cogs),
      });
      const want = (x: ReturnType<typeof byItem> extends Map<string, infer V> ? V : never) => ({
        quantity: s(x.quantity - x.returnedQuantity),
        net_amount: s(x.netExVat - (x.returnedAmount - x.returnedTax)),
        cost: s(x.cost - x.returnedCost),
        profit: s(x.netExVat - (x.returnedAmount - x.returnedTax) - (x.cost - x.returnedCost)),
      });
      const got = (r: Answer) => ({ quantity: q3(r.quantity), net_amount: m(r.net_amount), cost: m(r.cost), profit: m(r.profit) });
      const a = await ask(main, '/api/v1/reports/item-sales', sc);
      if (a) {
        const rows = Object.fromEntries(
          (a.rows as Answer[]).map((r) => [
            `${r.product_id}/${r.variant_id ?? ''}`,
            { sold: q3(r.sold_quantity), returned: q3(r.returned_quantity), ...got(r) },
          ]),
        );
        const expected = Object.fromEntries(
          [...items].map(([k, x]) => [k, { sold: s(x.quantity), returned: s(x.returnedQuantity), ...want(x) }]),
        );
        expect({ scope: sc.label, rows }).toEqual({ scope: sc.label, rows: expected });
      }
      const b = await ask(main, '/api/v1/reports/brand-sales', sc);
      if (b) {
        const sum = new Map<string, ReturnType<typeof want>>();
        for (const [k, x] of items) {
          const brand = brandOf.get(k.split('/')[0]!) ?? 'none';
          const w = want(x);
          const prev = sum.get(brand);
          sum.set(
            brand,
            prev
              ? (Object.fromEntries(
                  Object.entries(w).map(([kk, v]) => [kk, s(BigInt(v) + BigInt(prev[kk as keyof typeof w]))]),
                ) as typeof w)
              : w,
          );
        }
        const rows = Object.fromEntries((b.rows as Answer[]).map((r) => [r.brand_id ?? 'none', got(r)]));
        expect({ scope: sc.label, rows }).toEqual({ scope: sc.label, rows: Object.fromEntries(sum) });
      }
      if (!a && !b) return ctx.skip('GET /api/v1/reports/item-sales and brand-sales are not there yet');
    }
  });

  it('purchases and items purchased', async (ctx) => {
    for (const sc of scopes(main)) {
      const a = await ask(main, '/api/v1/reports/purchases', sc);
      if (!a) return ctx.skip('GET /api/v1/reports/purchases is not there yet');
      const f = purchaseFigures(main.docs, sc);
      expect({
        scope: sc.label,
        count: a.totals.count,
        grand_total: m(a.totals.grand_total),
        paid: m(a.totals.paid),
        due: m(a.totals.due),
      }).toEqual({
        scope: sc.label,
        count: f.count,
        grand_total: s(f.grandTotal),
        paid: s(f.paid),
        due: s(f.grandTotal - f.paid),
      });
      const b = await ask(main, '/api/v1/reports/item-purchases', sc);
      if (!b) continue;
      const items = purchasedItems(main.docs, sc);
      const rows = Object.fromEntries(
        (b.rows as Answer[])
          .filter((r) => minor(r.quantity, 3) !== 0n)
          .map((r) => [`${r.product_id}/${r.variant_id ?? ''}`, { quantity: q3(r.quantity), amount: m(r.amount) }]),
      );
      expect({ scope: sc.label, rows }).toEqual({
        scope: sc.label,
        rows: Object.fromEntries([...items].map(([k, x]) => [k, { quantity: s(x.quantity), amount: s(x.amount) }])),
      });
      expect({ scope: sc.label, amount: m(b.totals.amount) }).toEqual({
        scope: sc.label,
        amount: s([...items.values()].reduce((n, x) => n + x.amount, 0n)),
      });
    }
  });

  it('expenses, by category', async (ctx) => {
    if (!main.stats.expensesWired) return ctx.skip('the expense routes were not there when the history was built');
    for (const sc of scopes(main)) {
      const a = await ask(main, '/api/v1/reports/expenses', sc);
      if (!a) return ctx.skip('GET /api/v1/reports/expenses is not there yet');
      const f = figures(main.docs, sc);
      const count = main.docs.expenses.filter(
        (e) => String(e.expense_date) >= sc.from && String(e.expense_date) <= sc.to && (!sc.branchId || e.branch_id === sc.branchId),
      ).length;
      expect({
        scope: sc.label,
        count: a.totals.count,
        amount: m(a.totals.amount),
        by_category: Object.fromEntries((a.by_category as Answer[]).map((c) => [c.category_id, m(c.amount)])),
        rows: s((a.rows as Answer[]).reduce((n, r) => n + minor(r.amount), 0n)),
      }).toEqual({
        scope: sc.label,
        count,
        amount: s(f.expensesTotal),
        by_category: Object.fromEntries([...f.expenses].map(([k, v]) => [k, s(v)])),
        rows: s(f.expensesTotal),
      });
    }
  });

  it('POS cash flow, per session and currency', async (ctx) => {
    for (const sc of scopes(main)) {
      const a = await ask(main, '/api/v1/reports/pos-cash-flow', sc);
      if (!a) return ctx.skip('GET /api/v1/reports/pos-cash-flow is not there yet');
      const flows = cashFlow(main.docs, sc, main.shop.timeZone);
      const digits = { usd: 2, khr: 0 } as const;
      const got = Object.fromEntries(
        (a.rows as Answer[]).map((r) => [
          r.id,
          Object.fromEntries(
            (['usd', 'khr'] as const).map((c) => {
              const x = r[c] as Answer;
              const n = (v: string | null) => (v === null ? null : s(minor(v, digits[c])));
              return [
                c,
                {
                  opening: n(x.opening),
                  cash_sales: n(x.cash_sales),
                  change: n(x.change),
                  refunds: n(x.refunds),
                  cash_in: n(x.cash_in),
                  cash_out: n(x.cash_out),
                  expected: n(x.expected),
                  counted: n(x.counted),
                  difference: n(x.difference),
                },
              ];
            }),
          ),
        ]),
      );
      // Money out is shown as a positive amount taken out.
      const want = Object.fromEntries(
        [...flows].map(([id, rec]) => [
          id,
          Object.fromEntries(
            (['USD', 'KHR'] as const).map((c) => {
              const x = rec[c];
              return [
                c.toLowerCase(),
                {
                  opening: s(x.opening),
                  cash_sales: s(x.sales),
                  change: s(-x.change),
                  refunds: s(-x.refunds),
                  cash_in: s(x.cashIn),
                  cash_out: s(-x.cashOut),
                  expected: s(x.expected),
                  counted: x.counted === null ? null : s(x.counted),
                  difference: x.difference === null ? null : s(x.difference),
                },
              ];
            }),
          ),
        ]),
      );
      expect({ scope: sc.label, sessions: got }).toEqual({ scope: sc.label, sessions: want });
    }
  });

  it('the dashboard agrees with the profit and loss and the sale summary of the same days, for the shop and a branch', async (ctx) => {
    let reports = 0;
    for (const branchId of [null, main.shop.branches[0]!]) {
      const d = await ask(main, '/api/v1/dashboard', null, branchId ? { branch_id: branchId } : {});
      if (!d || !('today' in d)) return ctx.skip('GET /api/v1/dashboard has no figures yet');
      const who = branchId ? 'first branch' : 'shop';
      const today = LAST_DAY;
      const periods: { label: string; from: string; to: string; got: Answer }[] = [
        { label: 'today', from: today, to: today, got: d.today },
        { label: 'last 30 days', from: addDays(today, -29), to: today, got: d.last_30_days },
        ...(d.monthly as Answer[]).map((x) => {
          const month = `${today.slice(0, 4)}-${String(x.month).padStart(2, '0')}`;
          const end = addDays(`${addMonth(month)}-01`, -1);
          return { label: `month ${month}`, from: `${month}-01`, to: end > today ? today : end, got: x };
        }),
        ...(d.weekly as Answer[]).map((x) => {
          const from = addDays(isoWeekOneMonday(Number(today.slice(0, 4))), 7 * (x.week - 1));
          const end = addDays(from, 6);
          return { label: `week ${x.week}`, from, to: end > today ? today : end, got: x };
        }),
      ];
      for (const p of periods) {
        const label = `${who}, ${p.label}`;
        // Months and weeks of the year still to come: nothing sold yet.
        if (p.from > today) {
          expect({ period: label, sales: p.got.sales, profit: p.got.profit }).toEqual({ period: label, sales: 0, profit: 0 });
          continue;
        }
        const sc = { from: p.from, to: p.to, branchId };
        const f = figures(main.docs, sc);
        const dash = { period: label, sales: s(BigInt(p.got.sales)), profit: s(BigInt(p.got.profit)) };
        expect(dash).toEqual({ period: label, sales: s(f.sales), profit: s(f.grossProfit) });
        // The reports of the same days say the same (the weeks' figures are checked against the recomputation only).
        if (p.label === 'today' || p.label === 'last 30 days' || p.label.startsWith('month')) {
          const pl = await ask(main, '/api/v1/reports/profit-loss', sc);
          if (pl) {
            reports++;
            expect(dash).toEqual({ period: label, sales: m(pl.statement.sales), profit: m(pl.statement.gross_profit) });
          }
          const summary = await ask(main, '/api/v1/reports/sale-summary', sc);
          if (summary) {
            reports++;
            expect(dash.sales, label).toBe(m(summary.totals.sales));
          }
        }
      }
      // Top products of the last 30 days: amounts without VAT less returns, the item report's net amount.
      const month = { from: addDays(today, -29), to: today, branchId };
      const perProduct = new Map<string, bigint>();
      for (const [k, x] of byItem(main.docs, month)) {
        const id = k.split('/')[0]!;
        perProduct.set(id, (perProduct.get(id) ?? 0n) + x.netExVat - (x.returnedAmount - x.returnedTax));
      }
      const top = d.top_products as Answer[] | undefined;
      if (top) {
        expect(
          top.map((x) => ({ who, product: x.product_id, amount: s(BigInt(x.amount)) })),
          'top products',
        ).toEqual(top.map((x) => ({ who, product: x.product_id, amount: s(perProduct.get(x.product_id) ?? 0n) })));
        const ranked = [...perProduct.values()].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0));
        expect(
          top.map((x) => s(BigInt(x.amount))),
          `${who}: the five largest`,
        ).toEqual(ranked.slice(0, top.length).map(s));
        expect(top.length).toBe(Math.min(5, perProduct.size));
      }
      // Today's counted sales by hour of the shop's clock.
      const hourly = d.hourly as Answer[] | undefined;
      if (hourly) {
        const hourOf = new Intl.DateTimeFormat('en-GB', { timeZone: main.shop.timeZone, hour: '2-digit', hourCycle: 'h23' });
        const want = Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0, sales: 0n }));
        for (const x of main.docs.sales)
          if (
            (x.document === 'sale' || x.document === 'invoice') &&
            x.status === 'completed' &&
            x.sale_date === today &&
            (!branchId || x.branch_id === branchId)
          ) {
            const h = want[Number(hourOf.format(new Date(String(x.sold_at))))]!;
            h.count++;
            h.sales += BigInt(String(x.grand_total));
          }
        expect(hourly.map((h) => ({ who, hour: h.hour, count: h.count, sales: s(BigInt(h.sales)) }))).toEqual(
          want.map((h) => ({ who, hour: h.hour, count: h.count, sales: s(h.sales) })),
        );
      }
    }
    expect(reports, 'neither the profit and loss nor the sale summary answered').toBeGreaterThan(0);
  });
});

/** Every report's answer for every checked scope, with ids replaced by what names them the same on any database. */
async function answers(b: Built): Promise<Record<string, unknown>> {
  const db = b.t.deps.db;
  const biz = b.shop.biz;
  const names = new Map<string, string>();
  const label = async (table: string, col: string) => {
    const rows = (await (db as any).selectFrom(table).select(['id', col]).where('business_id', '=', biz).execute()) as { id: string }[];
    for (const r of rows) names.set(r.id, `${table}:${(r as any)[col]}`);
  };
  for (const [table, col] of [
    ['branches', 'name'],
    ['products', 'product_name'],
    ['payment_methods', 'name'],
    ['brands', 'name'],
    ['categories', 'name'],
    ['suppliers', 'name'],
    ['customers', 'name'],
    ['sales', 'invoice_number'],
    ['purchases', 'purchase_number'],
    ['cash_sessions', 'session_number'],
    ['sale_returns', 'return_number'],
  ] as const)
    await label(table, col);
  // Users: the demo's by email; the history's cashiers (random emails) by their branch.
  const users = await db.selectFrom('users').select(['id', 'email', 'branch_id']).where('business_id', '=', biz).execute();
  for (const u of users)
    names.set(u.id, u.email.endsWith('@posauto.local') ? `users:${u.email}` : `users:cashier of ${names.get(u.branch_id ?? '')}`);
  if (b.stats.expensesWired) {
    await label('expense_categories', 'name');
    await label('expenses', 'created_at');
  }
  const rename = (v: unknown): unknown => {
    if (typeof v === 'string') return names.get(v) ?? v;
    if (Array.isArray(v)) return v.map(rename);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [names.get(k) ?? k, rename(x)]));
    return v;
  };
  const out: Record<string, unknown> = {};
  const paths = [
    ['/api/v1/reports/profit-loss', { compare: 'month' }],
    ['/api/v1/reports/sale-summary', {}],
    ['/api/v1/reports/sales', { per_page: 'all', sort: 'invoice_number', order: 'asc' }],
    ['/api/v1/reports/item-sales', { sort: 'product_name', order: 'asc' }],
    ['/api/v1/reports/brand-sales', {}],
    ['/api/v1/reports/purchases', {}],
    ['/api/v1/reports/item-purchases', {}],
    ['/api/v1/reports/expenses', {}],
    ['/api/v1/reports/pos-cash-flow', {}],
  ] as const;
  // The whole history, a month of one branch and one day (by hour) are enough to tell the databases apart.
  const some = scopes(b).filter(
    (sc) => sc.label === 'whole history' || sc.label === 'December, third branch' || (sc.label.startsWith('busiest day') && !sc.branchId),
  );
  for (const sc of some)
    for (const [path, extra] of paths) {
      const a = await ask(b, path, sc, extra);
      if (a) out[`${path} ${sc.label}`] = rename(a);
    }
  const dash = await ask(b, '/api/v1/dashboard', null);
  if (dash) out['/api/v1/dashboard'] = rename(dash);
  return out;
}

describe('SQLite and PostgreSQL', () => {
  it('answer every report the same on the same generated history', async (ctx) => {
    if (TEST_DB !== 'pg') return ctx.skip('compared on the PostgreSQL run, which builds the history on SQLite too');
    const other = await build(await sqliteApp());
    try {
      timings += `; sqlite (in the same process): ${other.stats.requests} requests in ${other.ms} ms`;
      expect(other.stats).toEqual(main.stats);
      const [pg, lite] = [await answers(main), await answers(other)];
      expect(Object.keys(pg).length).toBeGreaterThan(0);
      expect(Object.keys(lite)).toEqual(Object.keys(pg));
      const differ = Object.keys(pg).filter((k) => JSON.stringify(lite[k]) !== JSON.stringify(pg[k]));
      for (const k of differ.slice(0, 3)) expect(lite[k], k).toEqual(pg[k]);
      expect(differ).toEqual([]);
    } finally {
      await other.t.close();
    }
  }, 600_000);
});

function addMonth(month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
}

/** The Monday of ISO week 1 of a year (the week holding 4 January). */
function isoWeekOneMonday(year: number): string {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const back = (jan4.getUTCDay() + 6) % 7;
  return new Date(jan4.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
