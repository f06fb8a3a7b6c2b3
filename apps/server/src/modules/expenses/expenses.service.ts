import type { Kysely } from 'kysely';
import {
  expenseInputSchema,
  type Expense,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseListResponse,
} from '@posauto/shared/schemas/expenses';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { forUpdate } from '../../db/dialect/index';
import { bumpCounter, listBatches, runList } from '../../db/list';
import { whereBranch, type RequestContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { newId } from '../../lib/ids';
import { auditFor } from '../../kernel/audit';
import { shopToday } from '../settings/index';
import { claimAttachment, dropAttachment, storeAttachment } from './expense-attachments';
import {
  EXPENSE_COUNTER,
  LIST,
  expenseFilters,
  expenseListQuery,
  expenseOptions,
  expenseToApi,
  expenseTotals,
  filteredExpenses,
  inShopCurrency,
  loadExpense,
  shopMoney,
  toMinor,
  type ShopMoney,
} from './expenses-read';

type Input = ReturnType<typeof expenseInputSchema.parse>;

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

function amounts(input: Input, shop: ShopMoney, rate: number) {
  const expendCost = toMinor(input.expend_cost, input.currency, 'expend_cost');
  if (!rate) throw unprocessable('expenses.errors.no_rate', 'currency');
  return { expend_cost: expendCost, amount: inShopCurrency(expendCost, input.currency, shop.currency, rate) };
}

/** Expenses (/expend-listing): scoped to the shop, and for a branch user to its branch, in every read and write. */
export function expensesService(deps: Deps) {
  const { db, kind, clock } = deps;
  const audit = auditFor(clock, 'expense');

  return {
    async list(ctx: RequestContext, query: ExpenseListQuery): Promise<ExpenseListResponse> {
      const shop = await shopMoney(db, ctx.businessId);
      const [{ rows, meta }, sums] = await Promise.all([
        runList(
          db,
          kind,
          ctx.businessId,
          filteredExpenses(db, query),
          expenseListQuery(query),
          LIST,
          undefined,
          expenseFilters(ctx, query),
        ),
        expenseTotals(deps, ctx, query, shop),
      ]);
      return { data: rows.map(expenseToApi), meta, totals: sums };
    },

    /** Every listed row in batches, for the export. */
    async *rows(ctx: RequestContext, query: ExpenseListQuery): AsyncGenerator<Expense[]> {
      for await (const batch of listBatches(
        db,
        kind,
        ctx.businessId,
        filteredExpenses(db, query),
        expenseListQuery(query),
        LIST,
        undefined,
        expenseFilters(ctx, query),
      ))
        yield batch.map(expenseToApi);
    },

    totals: async (ctx: RequestContext, query: ExpenseListQuery) => expenseTotals(deps, ctx, query, await shopMoney(db, ctx.businessId)),

    get: (ctx: RequestContext, id: string) => loadExpense(db, ctx, id),

    options: (ctx: RequestContext) => expenseOptions(deps, ctx),

    create(ctx: RequestContext, raw: ExpenseInput): Promise<Expense> {
      const input = expenseInputSchema.parse(raw);
      return db.transaction().execute(async (trx) => {
        const shop = await shopMoney(trx, ctx.businessId);
        const branchId = await checkLinks(trx, ctx, input);
        const id = newId();
        const at = clock.now().toISOString();
        if (input.attachment) await claimAttachment(trx, clock, ctx, input.attachment);
        await trx
          .insertInto('expenses')
          .values({
            business_id: ctx.businessId,
            id,
            branch_id: branchId,
            category_id: input.category_id,
            expense_date: input.expense_date ?? shopToday(shop, clock),
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
        return loadExpense(trx, ctx, id);
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
        if (attachment && attachment !== row.attachment) await claimAttachment(trx, clock, ctx, attachment);
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
        return loadExpense(trx, ctx, id);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        const row = await loadExpense(trx, ctx, id);
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
    upload: (ctx: RequestContext, bytes: Buffer) => storeAttachment(deps, ctx, bytes),

    /** The receipt of an expense the caller may see. */
    async attachment(ctx: RequestContext, id: string): Promise<{ bytes: Buffer; contentType: string; date: string }> {
      const expense = await loadExpense(db, ctx, id);
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
