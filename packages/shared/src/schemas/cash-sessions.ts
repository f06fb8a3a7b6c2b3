import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { LIMIT_MESSAGES, NUMBER_LIMITS, decimalTextWithin } from '../money/limits';
import { dayTextSchema } from './stock';

/**
 * Cash sessions (spec /open-cash-listing: opened_at, closed_at, open cash in, sale cash, total cash): a cashier's
 * drawer from opening to closing, counted per currency (dollars and riel). Amounts travel as exact decimal text in
 * their own currency ("20.50" USD, "40000" KHR); the server keeps them as integer minor units (cents, whole riel).
 *
 * What the drawer should hold (expected) is the sum of the session's entries: opening + cash taken by sales - change
 * given - cash refunds + cash in - cash out. `difference` is counted - expected: positive means more cash than
 * expected (over), negative less (short).
 */
export const CASH_CURRENCIES = ['USD', 'KHR'] as const;
export type CashCurrency = (typeof CASH_CURRENCIES)[number];

/** Notes a till counts, smallest first (till.md: coins are not used; riel notes in common use). */
export const CASH_NOTES: Record<CashCurrency, readonly number[]> = {
  USD: [1, 2, 5, 10, 20, 50, 100],
  KHR: [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000],
};

export const CASH_SESSION_STATUSES = ['open', 'closed'] as const;
export type CashSessionStatus = (typeof CASH_SESSION_STATUSES)[number];

export const CASH_LIMITS = { note: 500, reason: 500, noteCount: 100_000 } as const;

/** At most NUMBER_LIMITS.cash of the currency: the message that says so, or null. */
export const cashLimitProblem = (currency: CashCurrency, text: string): string | null =>
  decimalTextWithin(text, NUMBER_LIMITS.cash[currency]) ? null : LIMIT_MESSAGES[`cash${currency}`];

/** Dollars with up to 2 decimals, at most NUMBER_LIMITS.cash.USD. */
export const usdTextSchema = z
  .string('cash.errors.usd_invalid')
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'cash.errors.usd_invalid')
  .refine((v) => !cashLimitProblem('USD', v), LIMIT_MESSAGES.cashUSD);
/** Whole riel (a trailing ".00" is accepted and says nothing), at most NUMBER_LIMITS.cash.KHR. */
export const khrTextSchema = z
  .string('cash.errors.khr_invalid')
  .trim()
  .regex(/^\d{1,13}(\.0{1,2})?$/, 'cash.errors.khr_invalid')
  .refine((v) => !cashLimitProblem('KHR', v), LIMIT_MESSAGES.cashKHR);

const amountPattern: Record<CashCurrency, RegExp> = { USD: /^\d{1,10}(\.\d{1,2})?$/, KHR: /^\d{1,13}(\.0{1,2})?$/ };
/** True when `text` is a valid amount of `currency` (the shape the schemas above accept). */
export const isCashAmount = (currency: CashCurrency, text: string) => amountPattern[currency].test(text.trim());

const noteText = z.string().trim().max(CASH_LIMITS.note, 'validation.too_long').optional().default('');

export const openCashSessionInputSchema = z.object({
  /** A shop-level user names the branch; a branch user always opens at its own branch, whatever it sends. */
  branch_id: idSchema.nullable().optional(),
  opening_usd: usdTextSchema,
  opening_khr: khrTextSchema,
  note: noteText,
});
export type OpenCashSessionInput = z.input<typeof openCashSessionInputSchema>;

export const CASH_MOVEMENT_TYPES = ['in', 'out'] as const;
export type CashMovementType = (typeof CASH_MOVEMENT_TYPES)[number];

export const cashMovementInputSchema = z
  .object({
    type: z.enum(CASH_MOVEMENT_TYPES, 'cash.errors.movement_type_invalid'),
    currency: z.enum(CASH_CURRENCIES, 'cash.errors.currency_invalid'),
    amount: z.string('validation.money_invalid').trim(),
    reason: z
      .string('cash.errors.reason_required')
      .trim()
      .min(1, 'cash.errors.reason_required')
      .max(CASH_LIMITS.reason, 'validation.too_long'),
  })
  .superRefine((m, ctx) => {
    const currency: CashCurrency = m.currency === 'KHR' ? 'KHR' : 'USD';
    if (!isCashAmount(currency, m.amount))
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: currency === 'KHR' ? 'cash.errors.khr_invalid' : 'cash.errors.usd_invalid',
      });
    else if (!/[1-9]/.test(m.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'cash.errors.amount_positive' });
    else {
      const limit = cashLimitProblem(currency, m.amount);
      if (limit) ctx.addIssue({ code: 'custom', path: ['amount'], message: limit });
    }
  });
export type CashMovementInput = z.input<typeof cashMovementInputSchema>;

/** Note value (as text, "100") -> how many of that note. */
const noteCountsSchema = z.record(
  z.string(),
  z
    .number('cash.errors.note_count_invalid')
    .int('cash.errors.note_count_invalid')
    .min(0, 'cash.errors.note_count_invalid')
    .max(CASH_LIMITS.noteCount, 'cash.errors.note_count_invalid'),
);
export const countedNotesSchema = z.object({ USD: noteCountsSchema.optional(), KHR: noteCountsSchema.optional() });
export type CountedNotes = z.infer<typeof countedNotesSchema>;

/** The value of a note-by-note count in minor units (cents, riel); null when a note is not one the till counts. */
export function notesTotal(currency: CashCurrency, counts: Record<string, number>): number | null {
  let total = 0;
  for (const [note, n] of Object.entries(counts)) {
    const value = Number(note);
    if (!CASH_NOTES[currency].includes(value) || String(value) !== note) return null;
    total += value * n * (currency === 'USD' ? 100 : 1);
  }
  return total;
}

/** Decimal text of a cash amount -> minor units (cents, riel); the text must already be valid for its currency. */
export function cashMinor(currency: CashCurrency, text: string): number {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return currency === 'USD' ? Number(whole) * 100 + Number(fraction.padEnd(2, '0')) : Number(whole);
}

/**
 * Closing: the amount counted in each currency, optionally with the note-by-note count behind it. When notes are
 * given for a currency they must add up to its counted amount exactly (the count is the evidence, the amount what
 * is recorded), so a typo in either is caught before the session is frozen.
 */
export const closeCashSessionInputSchema = z
  .object({
    counted_usd: usdTextSchema,
    counted_khr: khrTextSchema,
    counted_notes: countedNotesSchema.nullable().optional(),
    note: noteText,
  })
  .superRefine((c, ctx) => {
    for (const currency of CASH_CURRENCIES) {
      const counts = c.counted_notes?.[currency];
      // A bad count already has its own message; the sum means nothing then.
      if (!counts || Object.values(counts).some((n) => !Number.isSafeInteger(n) || n < 0)) continue;
      const total = notesTotal(currency, counts);
      if (total === null) {
        ctx.addIssue({ code: 'custom', path: ['counted_notes', currency], message: 'cash.errors.note_unknown' });
        continue;
      }
      const field = currency === 'USD' ? 'counted_usd' : 'counted_khr';
      const counted = c[field];
      if (isCashAmount(currency, counted) && cashMinor(currency, counted) !== total)
        ctx.addIssue({ code: 'custom', path: [field], message: 'cash.errors.notes_mismatch' });
    }
  });
export type CloseCashSessionInput = z.input<typeof closeCashSessionInputSchema>;

export const CASH_SESSION_SORTS = ['opened_at', 'closed_at', 'session_number'] as const;
export const cashSessionListQuerySchema = listQuerySchema(CASH_SESSION_SORTS).extend({
  branch_id: idSchema.optional(),
  /** The cashier. */
  user_id: idSchema.optional(),
  /** Shop-local days of opened_at, inclusive. */
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
  status: z.enum(CASH_SESSION_STATUSES, 'validation.invalid_status').optional(),
});
export type CashSessionListQuery = z.infer<typeof cashSessionListQuerySchema>;

/** One session in the list. Money: decimal text in the field's currency; null while the session is open. */
export const cashSessionSchema = z.object({
  id: z.string(),
  session_number: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  user_id: z.string(),
  cashier_name: z.string(),
  status: z.enum(CASH_SESSION_STATUSES),
  opened_at: timestampSchema,
  closed_at: timestampSchema.nullable(),
  closed_by_name: z.string().nullable(),
  /** Open cash in. */
  opening_usd: z.string(),
  opening_khr: z.string(),
  /** Sale cash: cash taken by sales and payments, less the change given. */
  sales_usd: z.string(),
  sales_khr: z.string(),
  /** Total cash: what the drawer should hold (frozen at close; the running sum while open). */
  expected_usd: z.string(),
  expected_khr: z.string(),
  counted_usd: z.string().nullable(),
  counted_khr: z.string().nullable(),
  /** counted - expected. */
  difference_usd: z.string().nullable(),
  difference_khr: z.string().nullable(),
  note: z.string(),
  close_note: z.string(),
});
export type CashSession = z.infer<typeof cashSessionSchema>;
export const cashSessionListResponseSchema = listResponseSchema(cashSessionSchema);

/** The end-of-day figures of one currency. change, refunds and cash_out are what left the drawer (not negative). */
export const cashFiguresSchema = z.object({
  currency: z.enum(CASH_CURRENCIES),
  opening: z.string(),
  sales: z.string(),
  change: z.string(),
  refunds: z.string(),
  cash_in: z.string(),
  cash_out: z.string(),
  expected: z.string(),
  counted: z.string().nullable(),
  difference: z.string().nullable(),
});
export type CashFigures = z.infer<typeof cashFiguresSchema>;

export const cashEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['cash_in', 'cash_out']),
  currency: z.enum(CASH_CURRENCIES),
  /** Not negative: `kind` says which way it went. */
  amount: z.string(),
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type CashEntry = z.infer<typeof cashEntrySchema>;

/** The end-of-day report: the session, its figures per currency, its sales and the petty cash entries. */
export const cashSessionDetailSchema = cashSessionSchema.extend({
  figures: z.array(cashFiguresSchema),
  counted_notes: countedNotesSchema.nullable(),
  /** Sales and invoices of the session that are not void. */
  sales_count: z.number().int(),
  /** Their totals, per sale currency. */
  sales_totals: z.array(z.object({ currency: z.string(), total: z.string() })),
  /** Payments taken in the session (sales not void), per method and tender currency. */
  payments: z.array(
    z.object({
      payment_method_id: z.string(),
      payment_method_name: z.string(),
      method_type: z.string(),
      currency: z.string(),
      count: z.number().int(),
      total: z.string(),
    }),
  ),
  movements: z.array(cashEntrySchema),
});
export type CashSessionDetail = z.infer<typeof cashSessionDetailSchema>;

export const currentCashSessionSchema = z.object({ data: cashSessionDetailSchema.nullable() });
export type CurrentCashSession = z.infer<typeof currentCashSessionSchema>;

export const cashSessionEnvelopeSchema = z.object({ message: z.string(), data: cashSessionDetailSchema });

/** Branches and cashiers the list's filters offer (a branch user: its own branch; a plain cashier: itself). */
export const cashSessionOptionsSchema = z.object({
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  cashiers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CashSessionOptions = z.infer<typeof cashSessionOptionsSchema>;
