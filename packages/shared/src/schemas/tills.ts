import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * Tills that sell offline (issue #26). A till is a device registered with the server while online; it numbers its own
 * receipts from a series of its own, so the number printed while the network is down is the sale's number for good.
 * The till and the server write the number the same way (tillReceiptNumber).
 */
export const TILL_LIMITS = {
  name: 60,
  /** The highest receipt number of one till: eight digits, far beyond a till's life. */
  number: 99_999_999,
} as const;

export { tillReceiptNumber } from '../till-number';

/**
 * What an offline sale may ask a manager to look at. It is accepted all the same: the goods and the money have changed
 * hands. session_closed: it reached the server after its cash session was closed (it counts in that session, whose
 * expected cash is recomputed); stock_short: it took an item below zero; price_mismatch: a price differs from the
 * catalogue's and the cashier may not edit prices; till_clock: the till's clock was outside the session's time.
 */
export const SALE_REVIEW_FLAGS = ['session_closed', 'stock_short', 'price_mismatch', 'till_clock'] as const;
export type SaleReviewFlag = (typeof SALE_REVIEW_FLAGS)[number];

export const tillRegisterInputSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(TILL_LIMITS.name, 'validation.too_long'),
});
export type TillRegisterInput = z.input<typeof tillRegisterInputSchema>;

export const tillSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  branch_id: z.string(),
  /** The highest number of this till the server holds: the till goes on after it. */
  last_number: z.number().int(),
  created_at: timestampSchema,
  last_seen_at: timestampSchema.nullable(),
});
export type Till = z.infer<typeof tillSchema>;
export const tillListSchema = z.object({ data: z.array(tillSchema) });

/**
 * A sale made at a till while offline (or sent from its waiting list): the till, the number it gave, when it was made
 * by the till's clock, and the cash session it was made in (the one open then, maybe closed since).
 */
export const offlineSaleSchema = z.object({
  till_id: idSchema,
  till_number: z
    .number('tills.errors.number_invalid')
    .int('tills.errors.number_invalid')
    .min(1, 'tills.errors.number_invalid')
    .max(TILL_LIMITS.number, 'tills.errors.number_invalid'),
  sold_at: z.iso.datetime({ offset: true, error: 'tills.errors.time_invalid' }),
  cash_session_id: idSchema,
  /**
   * Sent from the till's waiting list, after the sale was completed at the till (the goods and the money have changed
   * hands): what would refuse it is accepted and flagged. Without it (the till's first attempt, the cashier still at
   * the payment), the sale keeps its number and time but meets the online rules, so the cashier can still fix it (a
   * discount approval, an item out of stock) and the till takes its number back.
   */
  queued: z.boolean().optional(),
});
export type OfflineSale = z.infer<typeof offlineSaleSchema>;
