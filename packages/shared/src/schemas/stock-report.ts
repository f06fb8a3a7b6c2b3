import { z } from 'zod';
import { idSchema, listMetaSchema, listQuerySchema, listResponseSchema } from './common';
import { REPORT_PERIODS, type ReportPeriodInfo } from './reports';
import { calendarDaySchema, movementTypeSchema, MOVEMENT_TYPES, type MovementType } from './stock';

// ---- GET /api/v1/stock-expiry -------------------------------------------------------------------------------

export const EXPIRY_STATES = ['expiring', 'expired', 'all'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];
/** The window the expiry screen opens with, and the longest it accepts. */
export const EXPIRY_DEFAULT_DAYS = 30;
export const EXPIRY_MAX_DAYS = 3650;

export const stockExpiryQuerySchema = listQuerySchema(['expiry_date', 'product_name', 'quantity']).extend({
  branch_id: idSchema.optional(),
  /** Batches expiring from today up to this many days ahead (and, with state all, those already expired). */
  within_days: z.coerce
    .number('stock.expiry.errors.days_invalid')
    .int('stock.expiry.errors.days_invalid')
    .min(0, 'stock.expiry.errors.days_invalid')
    .max(EXPIRY_MAX_DAYS, 'stock.expiry.errors.days_invalid')
    .default(EXPIRY_DEFAULT_DAYS),
  state: z.enum(EXPIRY_STATES, 'stock.expiry.errors.state_invalid').default('all'),
  product_id: idSchema.optional(),
});
export type StockExpiryQuery = z.infer<typeof stockExpiryQuerySchema>;

/** One batch with stock left: its expiry date and how many days are left (negative: expired that many days ago). */
export const stockExpiryRowSchema = z.object({
  batch_id: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku_code: z.string(),
  unit_name: z.string().nullable(),
  expiry_date: z.string(),
  /** Decimal text in the product's base unit. */
  quantity_left: z.string(),
  days_left: z.number().int(),
  expired: z.boolean(),
});
export type StockExpiryRow = z.infer<typeof stockExpiryRowSchema>;
export const stockExpiryResponseSchema = listResponseSchema(stockExpiryRowSchema).extend({
  /** The shop's today, the day days_left counts from. */
  today: z.string(),
});
export type StockExpiryResponse = z.infer<typeof stockExpiryResponseSchema>;

// ---- GET /api/v1/stock-report -------------------------------------------------------------------------------

const stockReportQueryFields = listQuerySchema(['product_name']).extend({
  /** A preset of shop-local days (as every report); custom or none: from/to below. */
  period: z.enum(REPORT_PERIODS, 'reports.errors.period_invalid').optional(),
  product_id: idSchema.optional(),
  variant_id: idSchema.optional(),
  branch_id: idSchema.optional(),
  /** Shop-local days, both included (used when period is custom or absent); none: from the first of to's month, to today. */
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  /** With product_id: the page of the item's movements (per_page rows a page). */
  movements_page: z.coerce
    .number()
    .int('validation.invalid_page')
    .min(1, 'validation.invalid_page')
    .max(1_000_000, 'validation.invalid_page')
    .default(1),
});
const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const fromAfterTo = { message: 'stock.report.errors.from_after_to', path: ['to'] };
export const stockReportQuerySchema = stockReportQueryFields.refine(fromBeforeTo, fromAfterTo);
export type StockReportQuery = z.infer<typeof stockReportQuerySchema>;
/** GET /api/v1/stock-report/export: the same filters and the file's format. */
export const stockReportExportQuerySchema = stockReportQueryFields
  .extend({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') })
  .refine(fromBeforeTo, fromAfterTo);
export type StockReportExportQuery = z.infer<typeof stockReportExportQuerySchema>;

/** Quantities per movement type in the period: decimal text in the base unit, signed (outgoing negative). */
export const movementTotalsSchema = z.object(
  Object.fromEntries(MOVEMENT_TYPES.map((t) => [t, z.string()])) as Record<MovementType, z.ZodString>,
);

/** One item over the period: opening + every movement = closing, exactly. */
export const stockReportRowSchema = z.object({
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku_code: z.string(),
  unit_name: z.string().nullable(),
  opening: z.string(),
  movements: movementTotalsSchema,
  closing: z.string(),
});
export type StockReportRow = z.infer<typeof stockReportRowSchema>;

export const stockReportMovementSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  movement_type: movementTypeSchema,
  quantity: z.string(),
  on_hand_after: z.string(),
  cost: z.string(),
  currency: z.string(),
  doc_type: z.string(),
  doc_id: z.string(),
  /** The document's number where it has one (ADJ-000001, TRF-000001, a purchase's or a return's number). */
  doc_number: z.string().nullable(),
  created_at: z.string(),
});
export type StockReportMovement = z.infer<typeof stockReportMovementSchema>;

/** The period as the server resolved it: the same shape as every report's (ReportPeriodInfo). */
export const stockReportPeriodSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  branch_id: z.string().nullable(),
  currency: z.string(),
  exchange_rate: z.string(),
});
// The type check fails the build if this shape and every report's ever differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const periodShapeMatches: Same<z.infer<typeof stockReportPeriodSchema>, ReportPeriodInfo> = true;
void periodShapeMatches;

export const stockReportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: stockReportPeriodSchema,
  /** Without product_id: every item with stock history in scope, a page of them; with it: that item (each variant). */
  data: z.array(stockReportRowSchema),
  meta: listMetaSchema,
  /** With product_id: the item's movements in the period, oldest first; otherwise null. */
  movements: z.object({ data: z.array(stockReportMovementSchema), meta: listMetaSchema }).nullable(),
});
export type StockReportResponse = z.infer<typeof stockReportResponseSchema>;
