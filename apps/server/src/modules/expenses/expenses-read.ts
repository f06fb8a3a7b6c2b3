import { sql, type Kysely } from 'kysely';
import {
  RATE_DIGITS,
  convert,
  exchangeRate,
  formatDecimal,
  isCurrencyCode,
  minorDigits,
  parseDecimal,
  money,
  toSafeInteger,
  type CurrencyCode,
} from '@posauto/shared/money/index';
import type { Expense, ExpenseListQuery, ExpenseOptions, ExpenseTotals } from '@posauto/shared/schemas/expenses';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { sameShop } from '../../db/same-shop';
import { inPeriod } from '../../db/period';
import { documentFrom } from '../../db/document-header';
import { containsInsensitive } from '../../db/dialect/index';
import type { ListFilters, ListSpec } from '../../db/list';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { shopSettings, shopToday } from '../settings/index';

// The reads of the expense list: its rows, its filters, its totals, and the shop's money they are counted in.

export const EXPENSE_COUNTER = 'expenses';

const digitsOf = (currency: string) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);
/** Minor units as decimal text in their currency ("12.50", "41000"). */
export const moneyOut = (amount: number, currency: string) => formatDecimal(Number(amount), digitsOf(currency));

/** A riel-per-dollar rate as short decimal text: 41_000_000 -> "4100". */
const rateOut = (rate: number) => formatDecimal(rate, RATE_DIGITS).replace(/\.?0+$/, '');

/** Decimal text (checked by the schema: not negative, at most 4 decimals) -> minor units; more decimals than the currency has are refused. */
export function toMinor(text: string, currency: string, field: string): number {
  const [whole, fraction = ''] = text.trim().split('.');
  // Trailing zeros say nothing: "2.500" dollars and "4100.00" riel are exact.
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > digitsOf(currency)) throw unprocessable('validation.money_precision', field);
  return parseDecimal(kept ? `${whole}.${kept}` : whole!, digitsOf(currency));
}

export const LIST: ListSpec = {
  searchColumns: ['e.note', 'c.name'],
  sorts: { expense_date: 'e.expense_date', created_at: 'e.created_at', amount: 'e.amount' },
  defaultSort: 'e.expense_date',
  idColumn: 'e.id',
  counter: EXPENSE_COUNTER,
};

export const selectExpenses = (db: Kysely<Database>, businessId: string) =>
  documentFrom(db, 'expenses', 'e', businessId)
    .innerJoin('expense_categories as c', sameShop('c', 'e.category_id'))
    .leftJoin('payment_methods as m', sameShop('m', 'e.payment_method_id'))
    .leftJoin('expense_attachments as a', (j) => j.onRef('a.business_id', '=', 'e.business_id').onRef('a.key', '=', 'e.attachment'))
    // The shop's currency rides on each row of the list's one statement (db/list.ts), not in a second read.
    .leftJoin('general_settings as g', 'g.business_id', 'e.business_id')
    .select([
      'e.id',
      'e.category_id',
      'c.name as category_name',
      'e.branch_id',
      'b.name as branch_name',
      'e.expense_date',
      'e.currency',
      'e.expend_cost',
      'e.exchange_rate',
      'e.amount',
      'g.currency as shop_currency',
      'e.payment_method_id',
      'm.name as payment_method_name',
      'e.note',
      'e.attachment',
      'a.content_type',
      'u.first_name',
      'u.last_name',
      'e.created_at',
      'e.updated_at',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectExpenses>['executeTakeFirstOrThrow']>>;

export const expenseToApi = (r: Row): Expense => {
  const shop = r.shop_currency ?? 'USD';
  return {
    id: r.id,
    category_id: r.category_id,
    category_name: r.category_name,
    branch_id: r.branch_id,
    branch_name: r.branch_name,
    expense_date: r.expense_date,
    currency: r.currency,
    expend_cost: moneyOut(Number(r.expend_cost), r.currency),
    exchange_rate: rateOut(Number(r.exchange_rate)),
    amount: moneyOut(Number(r.amount), shop),
    shop_currency: shop,
    payment_method_id: r.payment_method_id,
    payment_method_name: r.payment_method_name ?? null,
    note: r.note,
    attachment: r.attachment,
    attachment_type: r.attachment ? (r.content_type === 'application/pdf' ? 'pdf' : 'image') : null,
    created_by_name: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
};

export interface ShopMoney {
  currency: CurrencyCode;
  rate: number;
  timeZone: string;
}

/** The shop's books' currency, its own rate (0 when it has none: an expense in the other currency is then refused) and
 * its time zone, from the one reader of the shop's settings. */
export async function shopMoney(db: Kysely<Database>, businessId: string): Promise<ShopMoney> {
  const settings = await shopSettings(db, businessId);
  return {
    currency: isCurrencyCode(settings.currency) ? settings.currency : 'USD',
    rate: settings.rateSet ? settings.rate.rate : 0,
    timeZone: settings.timeZone,
  };
}

/** expend_cost (minor units of `currency`) in minor units of the shop currency, at the frozen riel-per-dollar rate. */
export function inShopCurrency(expendCost: number, currency: CurrencyCode, shopCurrency: CurrencyCode, rate: number): number {
  if (currency === shopCurrency) return expendCost;
  return convert(money(expendCost, currency), shopCurrency, exchangeRate(rate)).amount;
}

export const filteredExpenses = (db: Kysely<Database>, query: ExpenseListQuery) => (biz: string) =>
  inPeriod(selectExpenses(db, biz), 'e.expense_date', query);
export const expenseFilters = (ctx: RequestContext, query: ExpenseListQuery): ListFilters => ({
  ...branchFilter(ctx, 'e.branch_id', query.branch_id),
  'e.category_id': query.category_id,
  'e.payment_method_id': query.payment_method_id,
});
export const expenseListQuery = (query: ExpenseListQuery) => ({
  ...query,
  status: undefined,
  order: query.sort ? query.order : ('desc' as const),
});

/** The sums of every row the list's filters and search match, in SQL on the integer minor units. */
export async function expenseTotals(deps: Deps, ctx: RequestContext, query: ExpenseListQuery, shop: ShopMoney): Promise<ExpenseTotals> {
  let q = filteredExpenses(deps.db, query)(ctx.businessId).clearSelect();
  for (const [column, value] of Object.entries(expenseFilters(ctx, query)))
    if (value !== undefined) q = q.where(sql.ref(column), '=', value);
  const term = query.search?.trim();
  if (term) q = q.where((eb) => eb.or(LIST.searchColumns.map((c) => containsInsensitive(deps.kind, sql.ref(c), term))));
  const row = await q
    .select([
      sql<number>`count(*)`.as('n'),
      sql<string | number | null>`sum(e.amount)`.as('amount'),
      sql<string | number | null>`sum(case when e.currency = 'USD' then e.expend_cost else 0 end)`.as('usd'),
      sql<string | number | null>`sum(case when e.currency = 'KHR' then e.expend_cost else 0 end)`.as('khr'),
    ])
    .executeTakeFirst();
  // PostgreSQL answers bigint sums as text: exact, and checked to be safe integers here.
  const amount = toSafeInteger(BigInt(row?.amount ?? 0));
  const riel =
    shop.currency === 'KHR' || !shop.rate ? amount : convert(money(amount, shop.currency), 'KHR', exchangeRate(shop.rate)).amount;
  return {
    count: Number(row?.n ?? 0),
    currency: shop.currency,
    amount: moneyOut(amount, shop.currency),
    exchange_rate: rateOut(shop.rate),
    amount_riel: moneyOut(riel, 'KHR'),
    entered: {
      USD: moneyOut(toSafeInteger(BigInt(row?.usd ?? 0)), 'USD'),
      KHR: moneyOut(toSafeInteger(BigInt(row?.khr ?? 0)), 'KHR'),
    },
  };
}

/** One expense the caller may see (a branch user: its branch's). */
export async function loadExpense(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<Expense> {
  const row = await whereBranch(selectExpenses(trx, ctx.businessId).where('e.id', '=', id), 'e.branch_id', ctx).executeTakeFirst();
  if (!row) throw notFound();
  return expenseToApi(row);
}

/** What the expense form offers: active categories, branches (a branch user: its own) and payment methods, the shop's
 * currency, rate and today. */
export async function expenseOptions(deps: Deps, ctx: RequestContext): Promise<ExpenseOptions> {
  const { db, clock } = deps;
  const shop = await shopMoney(db, ctx.businessId);
  const named = (table: 'branches' | 'expense_categories' | 'payment_methods') =>
    db.selectFrom(table).select(['id', 'name']).where('business_id', '=', ctx.businessId).where('status', '=', 1).orderBy('name').execute();
  const [categories, branches, methods] = await Promise.all([
    named('expense_categories'),
    whereBranch(
      db.selectFrom('branches').select(['id', 'name']).where('business_id', '=', ctx.businessId).where('status', '=', 1).orderBy('name'),
      'id',
      ctx,
    ).execute(),
    named('payment_methods'),
  ]);
  return {
    currency: shop.currency,
    exchange_rate: rateOut(shop.rate),
    today: shopToday(shop, clock),
    categories,
    branches,
    payment_methods: methods,
  };
}
