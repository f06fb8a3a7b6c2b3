import { z } from 'zod';
import { idSchema, listMetaSchema, listQuerySchema, timestampSchema } from './common';
import { LIMIT_MESSAGES, NUMBER_LIMITS } from '../money/limits';
import { amountTextSchema } from './products';
import { dayTextSchema } from './stock';

/**
 * Expenses (spec "expend": expend_cost, category, attachment; routes /expend-listing and /expend-category,
 * permission expend-management). An expense is entered in USD or riel; the server freezes the shop's exchange rate
 * and converts it once into the shop currency (`amount`), which the reports add up.
 */
export const EXPENSE_CURRENCIES = ['USD', 'KHR'] as const;
export type ExpenseCurrency = (typeof EXPENSE_CURRENCIES)[number];
export const EXPENSE_LIMITS = { name: 100, description: 500, note: 500 } as const;
/** What a receipt may be: a photo (re-encoded by the server) or a PDF, at most 5 MB. */
export const EXPENSE_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export const EXPENSE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

// Categories: a setting list like brands.
export const expenseCategoryInputSchema = z.object({
  name: z.string('validation.name_required').trim().min(1, 'validation.name_required').max(EXPENSE_LIMITS.name, 'validation.too_long'),
  description: z.string().trim().max(EXPENSE_LIMITS.description, 'validation.too_long').nullable().optional(),
  status: z.boolean('validation.invalid_status').optional(),
});
export type ExpenseCategoryInput = z.infer<typeof expenseCategoryInputSchema>;
export const expenseCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;
export const EXPENSE_CATEGORY_SORTS = ['name', 'created_at', 'status'] as const;
export const expenseCategoryListQuerySchema = listQuerySchema(EXPENSE_CATEGORY_SORTS);

// Expenses
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An id the user picks from a list: a missing or malformed one says what to pick. */
const picked = (message: string) => z.string(message).regex(UUID, message);

export const expenseInputSchema = z.object({
  category_id: picked('expenses.errors.category_required'),
  /** The shop user's choice; a branch user's expense is always its own branch's. */
  branch_id: picked('validation.branch_required').nullable().optional(),
  /** Defaults to the shop-local today. */
  expense_date: dayTextSchema.optional(),
  currency: z.enum(EXPENSE_CURRENCIES, 'expenses.errors.currency_invalid'),
  expend_cost: amountTextSchema(NUMBER_LIMITS.amount, LIMIT_MESSAGES.amount).refine(
    (v) => /[1-9]/.test(v),
    'expenses.errors.amount_positive',
  ),
  payment_method_id: picked('expenses.errors.payment_method_unknown').nullable().optional(),
  note: z.string().trim().max(EXPENSE_LIMITS.note, 'validation.too_long').optional().default(''),
  /** The key POST /api/v1/expenses/attachments answered; null removes it; absent keeps it (on an update). */
  attachment: z.string().max(100, 'expenses.errors.attachment_invalid').nullable().optional(),
});
export type ExpenseInput = z.input<typeof expenseInputSchema>;

/** Money as decimal text: expend_cost in its own currency, amount in the shop currency. */
export const expenseSchema = z.object({
  id: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  expense_date: z.string(),
  currency: z.enum(EXPENSE_CURRENCIES),
  expend_cost: z.string(),
  /** Riel per dollar frozen when the expense was entered. */
  exchange_rate: z.string(),
  amount: z.string(),
  shop_currency: z.string(),
  payment_method_id: z.string().nullable(),
  payment_method_name: z.string().nullable(),
  note: z.string(),
  attachment: z.string().nullable(),
  /** 'image' or 'pdf' when there is an attachment. */
  attachment_type: z.enum(['image', 'pdf']).nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Expense = z.infer<typeof expenseSchema>;

export const EXPENSE_SORTS = ['expense_date', 'created_at', 'amount'] as const;
export const expenseListQuerySchema = listQuerySchema(EXPENSE_SORTS).extend({
  category_id: idSchema.optional(),
  branch_id: idSchema.optional(),
  payment_method_id: idSchema.optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;

/**
 * The totals of every row the filters match (not only the page): in the shop currency, that sum in riel at the
 * shop's current rate (a view, labelled with the rate), and what was entered in each currency.
 */
export const expenseTotalsSchema = z.object({
  count: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  exchange_rate: z.string(),
  amount_riel: z.string(),
  entered: z.object({ USD: z.string(), KHR: z.string() }),
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;
export const expenseListResponseSchema = z.object({ data: z.array(expenseSchema), meta: listMetaSchema, totals: expenseTotalsSchema });
export type ExpenseListResponse = z.infer<typeof expenseListResponseSchema>;

const option = z.object({ id: z.string(), name: z.string() });
/** What the expense form and filters offer: active categories and payment methods, the caller's branches, today. */
export const expenseOptionsSchema = z.object({
  currency: z.string(),
  exchange_rate: z.string(),
  today: z.string(),
  categories: z.array(option),
  branches: z.array(option),
  payment_methods: z.array(option),
});
export type ExpenseOptions = z.infer<typeof expenseOptionsSchema>;

export const expenseAttachmentSchema = z.object({ key: z.string(), type: z.enum(['image', 'pdf']), size: z.number().int() });
export type ExpenseAttachment = z.infer<typeof expenseAttachmentSchema>;
