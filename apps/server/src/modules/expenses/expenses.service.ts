import { randomBytes } from 'node:crypto';
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
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  expenseInputSchema,
  type Expense,
  type ExpenseAttachment,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseListResponse,
  type ExpenseOptions,
  type ExpenseTotals,
} from '@posauto/shared/schemas/expenses';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { containsInsensitive, forUpdate } from '../../db/dialect/index';
import { bumpCounter, listBatches, runList, type ListFilters, type ListSpec } from '../../db/list';
import { branchFilter, whereBranch, type RequestContext } from '../../http/context';
import { AppError, notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { DEFAULT_TIME_ZONE, isTimeZone, localDay } from '../../lib/time-zone';
import { auditFor } from '../../kernel/audit';
import { normaliseImage } from '../media/index';

export const EXPENSE_COUNTER = 'expenses';

const digitsOf = (currency: string) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);
/** Minor units as decimal text in their currency ("12.50", "41000"). */
const moneyOut = (amount: number, currency: string) => formatDecimal(Number(amount), digitsOf(currency));

/** Decimal text (checked by the schema: not negative, at most 4 decimals) -> minor units; more decimals than the currency has are refused. */
function toMinor(text: string, currency: string, field: string): number {
  const [whole, fraction = ''] = text.trim().split('.');
  // Trailing zeros say nothing: "2.500" dollars and "4100.00" riel are exact.
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > digitsOf(currency)) throw unprocessable('validation.money_precision', field);
  return parseDecimal(kept ? `${whole}.${kept}` : whole!, digitsOf(currency));
}
/** An upload no expense took is deleted this long after it was made (at the shop's next upload). */
const UNCLAIMED_MS = 24 * 60 * 60 * 1000;
const ATTACHMENT_KEY = /^[0-9a-f]{32}$/;

type Input = ReturnType<typeof expenseInputSchema.parse>;

const LIST: ListSpec = {
  searchColumns: ['e.note', 'c.name'],
  sorts: { expense_date: 'e.expense_date', created_at: 'e.created_at', amount: 'e.amount' },
  defaultSort: 'e.expense_date',
  idColumn: 'e.id',
  counter: EXPENSE_COUNTER,
};

export const attachmentTooLarge = () =>
  new AppError(413, 'expenses.errors.attachment_too_large', { file: 'expenses.errors.attachment_too_large' });
const notAReceipt = () => unprocessable('expenses.errors.attachment_type', 'file');

/** A PDF by its bytes: the header in the first kilobyte (as readers accept it) and an end-of-file marker near the end. */
export function isPdf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).indexOf('%PDF-');
  return head >= 0 && bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF');
}

const selectExpenses = (db: Kysely<Database>, businessId: string) =>
  db
    .selectFrom('expenses as e')
    .innerJoin('expense_categories as c', (j) => j.onRef('c.business_id', '=', 'e.business_id').onRef('c.id', '=', 'e.category_id'))
    .innerJoin('branches as b', (j) => j.onRef('b.business_id', '=', 'e.business_id').onRef('b.id', '=', 'e.branch_id'))
    .leftJoin('payment_methods as m', (j) => j.onRef('m.business_id', '=', 'e.business_id').onRef('m.id', '=', 'e.payment_method_id'))
    .leftJoin('users as u', (j) => j.onRef('u.business_id', '=', 'e.business_id').onRef('u.id', '=', 'e.created_by'))
    .leftJoin('expense_attachments as a', (j) => j.onRef('a.business_id', '=', 'e.business_id').onRef('a.key', '=', 'e.attachment'))
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
    ])
    .where('e.business_id', '=', businessId);

type Row = Awaited<ReturnType<ReturnType<typeof selectExpenses>['executeTakeFirstOrThrow']>>;

const toApi = (r: Row): Expense => {
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
    exchange_rate: formatDecimal(Number(r.exchange_rate), RATE_DIGITS).replace(/\.?0+$/, ''),
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

interface ShopMoney {
  currency: CurrencyCode;
  rate: number;
  timeZone: string;
}

async function shopMoney(db: Kysely<Database>, businessId: string): Promise<ShopMoney> {
  const g = await db
    .selectFrom('general_settings')
    .select(['currency', 'exchange_rate', 'time_zone'])
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return {
    currency: isCurrencyCode(g?.currency) ? g.currency : 'USD',
    rate: Number(g?.exchange_rate ?? 0),
    timeZone: isTimeZone(g?.time_zone) ? g.time_zone : DEFAULT_TIME_ZONE,
  };
}

/** expend_cost (minor units of `currency`) in minor units of the shop currency, at the frozen riel-per-dollar rate. */
export function inShopCurrency(expendCost: number, currency: CurrencyCode, shopCurrency: CurrencyCode, rate: number): number {
  if (currency === shopCurrency) return expendCost;
  return convert(money(expendCost, currency), shopCurrency, exchangeRate(rate)).amount;
}

/** Expenses (/expend-listing): scoped to the shop, and for a branch user to its branch, in every read and write. */
export function expensesService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'expense');

  const filtered = (query: ExpenseListQuery) => (biz: string) => {
    let q = selectExpenses(db, biz);
    if (query.from) q = q.where('e.expense_date', '>=', query.from);
    if (query.to) q = q.where('e.expense_date', '<=', query.to);
    return q;
  };
  const filtersOf = (ctx: RequestContext, query: ExpenseListQuery): ListFilters => ({
    ...branchFilter(ctx, 'e.branch_id', query.branch_id),
    'e.category_id': query.category_id,
    'e.payment_method_id': query.payment_method_id,
  });
  const listQuery = (query: ExpenseListQuery) => ({ ...query, status: undefined, order: query.sort ? query.order : ('desc' as const) });

  /** The sums of every row the list's filters and search match, in SQL on the integer minor units. */
  async function totals(ctx: RequestContext, query: ExpenseListQuery, shop: ShopMoney): Promise<ExpenseTotals> {
    let q = filtered(query)(ctx.businessId).clearSelect();
    for (const [column, value] of Object.entries(filtersOf(ctx, query))) if (value !== undefined) q = q.where(sql.ref(column), '=', value);
    const term = query.search?.trim();
    if (term) q = q.where((eb) => eb.or(LIST.searchColumns.map((c) => containsInsensitive(kind, sql.ref(c), term))));
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
      exchange_rate: formatDecimal(shop.rate, RATE_DIGITS).replace(/\.?0+$/, ''),
      amount_riel: moneyOut(riel, 'KHR'),
      entered: {
        USD: moneyOut(toSafeInteger(BigInt(row?.usd ?? 0)), 'USD'),
        KHR: moneyOut(toSafeInteger(BigInt(row?.khr ?? 0)), 'KHR'),
      },
    };
  }

  async function load(trx: Kysely<Database>, ctx: RequestContext, id: string): Promise<Expense> {
    const row = await whereBranch(selectExpenses(trx, ctx.businessId).where('e.id', '=', id), 'e.branch_id', ctx).executeTakeFirst();
    if (!row) throw notFound();
    return toApi(row);
  }

  /** The branch, category and payment method must be the shop's and in use; the branch user's is its own branch. */
  async function checkLinks(trx: Kysely<Database>, ctx: RequestContext, input: Input): Promise<string> {
    const branchId = ctx.branchId ?? input.branch_id ?? null;
    if (!branchId) throw unprocessable('validation.branch_required', 'branch_id');
    const active = (table: 'branches' | 'expense_categories' | 'payment_methods', id: string) =>
      trx
        .selectFrom(table)
        .select('id')
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst();
    const [branch, category, method] = await Promise.all([
      active('branches', branchId),
      active('expense_categories', input.category_id),
      input.payment_method_id ? active('payment_methods', input.payment_method_id) : Promise.resolve({ id: '' }),
    ]);
    if (!branch) throw unprocessable('validation.branch_required', 'branch_id');
    if (!category) throw unprocessable('expenses.errors.category_unknown', 'category_id');
    if (!method) throw unprocessable('expenses.errors.payment_method_unknown', 'payment_method_id');
    return branchId;
  }

  /** Takes an upload of this shop that no expense has taken yet, in the expense's transaction. */
  async function claim(trx: Kysely<Database>, ctx: RequestContext, key: string) {
    const r = ATTACHMENT_KEY.test(key)
      ? await trx
          .updateTable('expense_attachments')
          .set({ claimed_at: clock.now().toISOString() })
          .where('business_id', '=', ctx.businessId)
          .where('key', '=', key)
          .where('claimed_at', 'is', null)
          .executeTakeFirst()
      : { numUpdatedRows: 0n };
    if (Number(r.numUpdatedRows) !== 1) throw unprocessable('expenses.errors.attachment_invalid', 'attachment');
  }

  const dropAttachment = (trx: Kysely<Database>, businessId: string, key: string) =>
    trx.deleteFrom('expense_attachments').where('business_id', '=', businessId).where('key', '=', key).execute();

  function amounts(input: Input, shop: ShopMoney, rate: number) {
    const expendCost = toMinor(input.expend_cost, input.currency, 'expend_cost');
    if (!rate) throw unprocessable('expenses.errors.no_rate', 'currency');
    return { expend_cost: expendCost, amount: inShopCurrency(expendCost, input.currency, shop.currency, rate) };
  }

  return {
    async list(ctx: RequestContext, query: ExpenseListQuery): Promise<ExpenseListResponse> {
      const shop = await shopMoney(db, ctx.businessId);
      const [{ rows, meta }, sums] = await Promise.all([
        runList(db, kind, ctx.businessId, filtered(query), listQuery(query), LIST, undefined, filtersOf(ctx, query)),
        totals(ctx, query, shop),
      ]);
      return { data: rows.map(toApi), meta, totals: sums };
    },

    /** Every listed row in batches, for the export. */
    async *rows(ctx: RequestContext, query: ExpenseListQuery): AsyncGenerator<Expense[]> {
      for await (const batch of listBatches(
        db,
        kind,
        ctx.businessId,
        filtered(query),
        listQuery(query),
        LIST,
        undefined,
        filtersOf(ctx, query),
      ))
        yield batch.map(toApi);
    },

    totals: async (ctx: RequestContext, query: ExpenseListQuery) => totals(ctx, query, await shopMoney(db, ctx.businessId)),

    get: (ctx: RequestContext, id: string) => load(db, ctx, id),

    async options(ctx: RequestContext): Promise<ExpenseOptions> {
      const shop = await shopMoney(db, ctx.businessId);
      const named = (table: 'branches' | 'expense_categories' | 'payment_methods') =>
        db
          .selectFrom(table)
          .select(['id', 'name'])
          .where('business_id', '=', ctx.businessId)
          .where('status', '=', 1)
          .orderBy('name')
          .execute();
      const [categories, branches, methods] = await Promise.all([
        named('expense_categories'),
        whereBranch(
          db
            .selectFrom('branches')
            .select(['id', 'name'])
            .where('business_id', '=', ctx.businessId)
            .where('status', '=', 1)
            .orderBy('name'),
          'id',
          ctx,
        ).execute(),
        named('payment_methods'),
      ]);
      return {
        currency: shop.currency,
        exchange_rate: formatDecimal(shop.rate, RATE_DIGITS).replace(/\.?0+$/, ''),
        today: localDay(clock.now(), shop.timeZone),
        categories,
        branches,
        payment_methods: methods,
      };
    },

    create(ctx: RequestContext, raw: ExpenseInput): Promise<Expense> {
      const input = expenseInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        const shop = await shopMoney(trx, ctx.businessId);
        const branchId = await checkLinks(trx, ctx, input);
        const id = newId();
        const at = clock.now().toISOString();
        if (input.attachment) await claim(trx, ctx, input.attachment);
        await trx
          .insertInto('expenses')
          .values({
            business_id: ctx.businessId,
            id,
            branch_id: branchId,
            category_id: input.category_id,
            expense_date: input.expense_date ?? localDay(clock.now(), shop.timeZone),
            currency: input.currency,
            ...amounts(input, shop, shop.rate),
            // Frozen: the books keep the rate of the day the expense was entered.
            exchange_rate: shop.rate,
            payment_method_id: input.payment_method_id ?? null,
            note: input.note,
            attachment: input.attachment ?? null,
            created_by: ctx.userId,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await bumpCounter(trx, kind, ctx.businessId, EXPENSE_COUNTER, 1);
        await audit(trx, ctx, 'create', id, { currency: input.currency, expend_cost: input.expend_cost });
        return load(trx, ctx, id);
      });
    },

    /** A correction keeps the rate frozen when the expense was first entered; the amount is converted again at it. */
    update(ctx: RequestContext, id: string, raw: ExpenseInput): Promise<Expense> {
      const input = expenseInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        const row = await forUpdate(
          kind,
          whereBranch(
            trx
              .selectFrom('expenses')
              .select(['exchange_rate', 'attachment'])
              .where('business_id', '=', ctx.businessId)
              .where('id', '=', id),
            'branch_id',
            ctx,
          ),
        ).executeTakeFirst();
        if (!row) throw notFound();
        const shop = await shopMoney(trx, ctx.businessId);
        const branchId = await checkLinks(trx, ctx, input);
        // No attachment in the input keeps the one the expense has; null removes it.
        const attachment = input.attachment === undefined ? row.attachment : input.attachment;
        if (attachment && attachment !== row.attachment) await claim(trx, ctx, attachment);
        await trx
          .updateTable('expenses')
          .set({
            branch_id: branchId,
            category_id: input.category_id,
            ...(input.expense_date ? { expense_date: input.expense_date } : {}),
            currency: input.currency,
            ...amounts(input, shop, Number(row.exchange_rate)),
            payment_method_id: input.payment_method_id ?? null,
            note: input.note,
            attachment,
            updated_at: clock.now().toISOString(),
          })
          .where('business_id', '=', ctx.businessId)
          .where('id', '=', id)
          .execute();
        if (row.attachment && row.attachment !== attachment) await dropAttachment(trx, ctx.businessId, row.attachment);
        await audit(trx, ctx, 'update', id, { currency: input.currency, expend_cost: input.expend_cost });
        return load(trx, ctx, id);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        const row = await load(trx, ctx, id);
        await trx.deleteFrom('expenses').where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
        if (row.attachment) await dropAttachment(trx, ctx.businessId, row.attachment);
        await bumpCounter(trx, kind, ctx.businessId, EXPENSE_COUNTER, -1);
        await audit(trx, ctx, 'delete', id, { category: row.category_name, amount: row.amount });
      });
    },

    /**
     * Keeps an uploaded receipt until an expense takes it: a photo (PNG, JPEG or WebP, read from its bytes, turned
     * upright, shrunk and re-encoded, which drops its metadata) or a PDF (recognised by its bytes, kept as sent).
     */
    async upload(ctx: RequestContext, bytes: Buffer): Promise<ExpenseAttachment> {
      if (bytes.length > EXPENSE_ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
      let stored: Buffer;
      let type: 'image' | 'pdf';
      if (isPdf(bytes)) {
        stored = bytes;
        type = 'pdf';
      } else {
        try {
          stored = await normaliseImage(bytes);
        } catch (e) {
          if (e instanceof AppError && e.statusCode === 413) throw attachmentTooLarge();
          throw notAReceipt();
        }
        type = 'image';
      }
      const key = randomBytes(16).toString('hex');
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        // Receipts no expense took within a day go, a shop at a time, when it uploads again.
        await trx
          .deleteFrom('expense_attachments')
          .where('business_id', '=', ctx.businessId)
          .where('claimed_at', 'is', null)
          .where('created_at', '<', new Date(now.getTime() - UNCLAIMED_MS).toISOString())
          .execute();
        await trx
          .insertInto('expense_attachments')
          .values({
            business_id: ctx.businessId,
            key,
            content_type: type === 'pdf' ? 'application/pdf' : 'image/webp',
            size: stored.length,
            bytes: stored,
            created_at: now.toISOString(),
            claimed_at: null,
          })
          .execute();
      });
      return { key, type, size: stored.length };
    },

    /** The receipt of an expense the caller may see. */
    async attachment(ctx: RequestContext, id: string): Promise<{ bytes: Buffer; contentType: string; date: string }> {
      const expense = await load(db, ctx, id);
      if (!expense.attachment) throw notFound();
      const file = await db
        .selectFrom('expense_attachments')
        .select(['bytes', 'content_type'])
        .where('business_id', '=', ctx.businessId)
        .where('key', '=', expense.attachment)
        .executeTakeFirst();
      if (!file) throw notFound();
      return { bytes: Buffer.from(file.bytes), contentType: file.content_type, date: expense.expense_date };
    },
  };
}
