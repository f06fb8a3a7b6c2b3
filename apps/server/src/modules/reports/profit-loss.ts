import { sql } from 'kysely';
import {
  rielTotal,
  formatDecimal,
  isCurrencyCode,
  minorDigits,
  money,
  parseDecimal,
  parseRate,
  type CurrencyCode,
} from '@posauto/shared/money/index';
import { PROFIT_LOSS_MONTH_LINES, profitLossLabel, profitLossLayout } from '@posauto/shared/reports/profit-loss-layout';
import {
  profitLossQuerySchema,
  profitLossResponseSchema,
  type ProfitLossQuery,
  type ProfitLossResponse,
} from '@posauto/shared/schemas/profit-loss';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { countedReturn, countedSale } from '../../kernel/counted';
import { defineReport, resolvePeriod } from '../../kernel/report-kit';
import { datedIn } from './report-sql';

const digitsOf = (currency: string) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);
/** Minor units as decimal text in the shop's currency ("12.50", "41000"). */
const moneyOut = (amount: number, currency: string) => formatDecimal(amount, digitsOf(currency));

/** Sums of one calendar month (YYYY-MM), in minor units of the shop currency. */
interface MonthSums {
  sales_count: number;
  grand_total: number;
  tax: number;
  service_charge: number;
  shipping: number;
  order_discounts: number;
  line_discounts: number;
  sales_cost: number;
  returns_count: number;
  returns_total: number;
  returns_tax: number;
  returns_cost: number;
  expenses: number;
}

const emptySums = (): MonthSums => ({
  sales_count: 0,
  grand_total: 0,
  tax: 0,
  service_charge: 0,
  shipping: 0,
  order_discounts: 0,
  line_discounts: 0,
  sales_cost: 0,
  returns_count: 0,
  returns_total: 0,
  returns_tax: 0,
  returns_cost: 0,
  expenses: 0,
});

/** Every YYYY-MM from the month of `from` to the month of `to`. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

const n = (v: unknown) => Number(v ?? 0);
const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/**
 * The period's figures per calendar month, each a database sum (GROUP BY month); the statement adds the months up.
 * Sales count by sale_date, returns by returned_on, expenses by expense_date, all shop-local days.
 */
export async function monthlySums(deps: Deps, businessId: string, period: Pick<ReportPeriodInfo, 'from' | 'to' | 'branch_id'>) {
  const { db } = deps;
  const { from, to, branch_id: branchId } = period;
  const scope = { businessId, from, to, branchId };
  const sums = new Map<string, MonthSums>(monthsOf(from, to).map((k) => [k, emptySums()]));
  const at = (key: string) => {
    let s = sums.get(key);
    if (!s) sums.set(key, (s = emptySums()));
    return s;
  };

  // Grouped by day, not month: the days come in the order of the (business_id, sale_date) covering index, so the
  // database streams the groups without sorting; the months are added up below.
  const sales = db
    .selectFrom('sales as s')
    .select([
      's.sale_date as day',
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(s.grand_total)`.as('grand_total'),
      sql<number>`sum(s.tax)`.as('tax'),
      sql<number>`sum(s.service_charge)`.as('service_charge'),
      sql<number>`sum(s.shipping)`.as('shipping'),
      sql<number>`sum(s.discount_amount + s.coupon_amount)`.as('discounts'),
      sql<number>`sum(s.cost_total)`.as('cost'),
    ])
    .where(countedSale('s', scope))
    .groupBy('s.sale_date');

  // Only discounted lines matter: the literal condition matches the partial index sale_lines_discounted (0025), so
  // the sum starts from those lines instead of visiting every line of the period.
  const lines = db
    .selectFrom('sale_lines as l')
    .innerJoin('sales as s', (j) => j.onRef('s.business_id', '=', 'l.business_id').onRef('s.id', '=', 'l.sale_id'))
    .select([month('s.sale_date').as('month'), sql<number>`sum(l.line_discount)`.as('line_discounts')])
    .where('l.business_id', '=', businessId)
    .where(sql<boolean>`l.line_discount <> 0`)
    .where(countedSale('s', scope))
    .groupBy(month('s.sale_date'));

  const returns = db
    .selectFrom('sale_returns as r')
    .select([
      month('r.returned_on').as('month'),
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(r.total)`.as('total'),
      sql<number>`sum(r.tax)`.as('tax'),
      sql<number>`sum(r.cost_total)`.as('cost'),
    ])
    .where(countedReturn('r', scope))
    .groupBy(month('r.returned_on'));

  const expenses = db
    .selectFrom('expenses as e')
    .select([month('e.expense_date').as('month'), sql<number>`sum(e.amount)`.as('amount')])
    .where('e.business_id', '=', businessId)
    .where(datedIn(period, 'e.expense_date', 'e.branch_id'))
    .groupBy(month('e.expense_date'));

  const byCategory = db
    .selectFrom('expenses as e')
    .innerJoin('expense_categories as c', (j) => j.onRef('c.business_id', '=', 'e.business_id').onRef('c.id', '=', 'e.category_id'))
    .select(['e.category_id', 'c.name', sql<number>`sum(e.amount)`.as('amount')])
    .where('e.business_id', '=', businessId)
    .where(datedIn(period, 'e.expense_date', 'e.branch_id'))
    .groupBy(['e.category_id', 'c.name']);

  const [saleRows, lineRows, returnRows, expenseRows, categoryRows] = await Promise.all([
    sales.execute(),
    lines.execute(),
    returns.execute(),
    expenses.execute(),
    byCategory.execute(),
  ]);
  for (const r of saleRows) {
    const s = at(r.day.slice(0, 7));
    s.sales_count += n(r.count);
    s.grand_total += n(r.grand_total);
    s.tax += n(r.tax);
    s.service_charge += n(r.service_charge);
    s.shipping += n(r.shipping);
    s.order_discounts += n(r.discounts);
    s.sales_cost += n(r.cost);
  }
  for (const r of lineRows) at(r.month).line_discounts = n(r.line_discounts);
  for (const r of returnRows) {
    const s = at(r.month);
    s.returns_count = n(r.count);
    s.returns_total = n(r.total);
    s.returns_tax = n(r.tax);
    s.returns_cost = n(r.cost);
  }
  for (const r of expenseRows) at(r.month).expenses = n(r.amount);
  const categories = categoryRows
    .map((r) => ({ category_id: r.category_id, category_name: r.name, amount: n(r.amount) }))
    .sort((a, b) => b.amount - a.amount || a.category_name.localeCompare(b.category_name));
  return { months: [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1)), categories };
}

/** The statement's figures of some sums, in minor units (design-13 definitions). */
export function figuresOf(s: MonthSums) {
  const netSales = s.grand_total - s.tax - s.service_charge - s.shipping;
  const returns = s.returns_total - s.returns_tax;
  const cogs = s.sales_cost - s.returns_cost;
  const grossProfit = netSales - returns + s.service_charge + s.shipping - cogs;
  return {
    sales_count: s.sales_count,
    returns_count: s.returns_count,
    sales: s.grand_total - s.returns_total,
    net_sales: netSales,
    returns,
    net_revenue: netSales - returns,
    discounts: s.order_discounts + s.line_discounts,
    vat_collected: s.tax - s.returns_tax,
    service_charges: s.service_charge,
    shipping: s.shipping,
    sales_cost: s.sales_cost,
    returns_cost: s.returns_cost,
    cogs,
    gross_profit: grossProfit,
    expenses: s.expenses,
    net_profit: grossProfit - s.expenses,
  };
}

function addSums(into: MonthSums, s: MonthSums): MonthSums {
  for (const k of Object.keys(into) as (keyof MonthSums)[]) {
    into[k] += s[k];
    if (!Number.isSafeInteger(into[k])) throw new RangeError(`profit and loss: ${k} is out of the safe integer range`);
  }
  return into;
}

export async function profitLoss(deps: Deps, ctx: RequestContext, query: ProfitLossQuery): Promise<ProfitLossResponse> {
  const period = await resolvePeriod(deps, ctx, query);
  const { months, categories } = await monthlySums(deps, ctx.businessId, period);
  const total = months.reduce((acc, [, s]) => addSums(acc, s), emptySums());
  const out = (v: number) => moneyOut(v, period.currency);
  const f = figuresOf(total);
  const { sales_count, returns_count, ...amounts } = f;
  const statement = {
    sales_count,
    returns_count,
    ...(Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, out(v)])) as Record<keyof typeof amounts, string>),
  };
  return {
    period,
    statement,
    expenses_by_category: categories.map((c) => ({ ...c, amount: out(c.amount) })),
    months:
      query.compare === 'month'
        ? months.map(([key, s]) => {
            const m = figuresOf(s);
            return {
              month: key,
              ...(Object.fromEntries(PROFIT_LOSS_MONTH_LINES.map((k) => [k, out(m[k])])) as Record<
                (typeof PROFIT_LOSS_MONTH_LINES)[number],
                string
              >),
            };
          })
        : [],
  };
}

/**
 * An amount of the answer in riel at the period's rate, as the screen shows it (the money module's riel total: the
 * nearest 100-riel note, one rule with the till, receipts and invoices), or '' when the books are in riel.
 */
export function rielOf(value: string, period: ReportPeriodInfo): string {
  const currency = isCurrencyCode(period.currency) ? (period.currency as CurrencyCode) : 'USD';
  if (currency === 'KHR') return '';
  const minor = parseDecimal(value, digitsOf(currency));
  return String(rielTotal(money(minor, currency), parseRate(period.exchange_rate)).amount);
}

interface SheetRow {
  line: string;
  amount: string;
  riel: string;
}

/**
 * The statement as the screen lays it out (the shared layout), top to bottom without the section headings; net
 * profit, the bottom line, is the last row.
 */
export function statementRows(data: ProfitLossResponse, t: (key: string) => string): SheetRow[] {
  const row = (label: string, amount: string): SheetRow => ({ line: label, amount, riel: rielOf(amount, data.period) });
  return profitLossLayout(data).flatMap((r) => {
    if (r.kind === 'heading') return [];
    if (r.kind === 'expense') return [row(`${t(profitLossLabel('expense'))}: ${r.categoryName}`, r.amount)];
    return [row(t(r.label), r.amount)];
  });
}

export const profitLossRoutes = defineReport({
  path: '/api/v1/reports/profit-loss',
  operationId: 'getProfitLossReport',
  summary:
    'Profit and loss: net sales, returns, VAT apart, service charges, shipping, cost of goods, gross profit, expenses by category, net profit',
  permission: 'profit-lost-report',
  query: profitLossQuerySchema,
  response: profitLossResponseSchema,
  run: profitLoss,
  sheet: {
    fileKey: 'profit_loss.title',
    fileName: 'profit-loss',
    columns: (t) => [
      { header: t('profit_loss.columns.line'), value: (r: SheetRow) => r.line, width: 36 },
      // Numbers, not text: a loss is a negative amount a spreadsheet can add up (text starting with '-' would be
      // kept inert as a possible formula). Two decimals print exactly.
      { header: t('profit_loss.columns.amount'), value: (r: SheetRow) => Number(r.amount), width: 16 },
      { header: t('profit_loss.columns.riel'), value: (r: SheetRow) => (r.riel === '' ? '' : Number(r.riel)), width: 18 },
    ],
    rows: (data: ProfitLossResponse, t) => statementRows(data, t),
  },
});
