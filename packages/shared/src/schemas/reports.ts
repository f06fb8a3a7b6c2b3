import { z } from 'zod';
import { idSchema } from './common';
import { calendarDaySchema } from './stock';

/**
 * What every report has in common: a period of shop-local days picked by a preset or from/to, and a branch. The
 * server turns the preset into days in the shop's time zone (its today, not the browser's), and answers with the
 * days it used, so the screen, the print and the export all name the same period.
 */
export const REPORT_PERIODS = ['today', 'yesterday', 'this_week', 'this_month', 'last_month', 'this_year', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The longest custom period a report answers: about three years of days. */
export const REPORT_MAX_DAYS = 1100;

export const reportQuerySchema = z.object({
  period: z.enum(REPORT_PERIODS, 'reports.errors.period_invalid').default('this_month'),
  /** Custom period only (ignored otherwise): first and last day, both included. */
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  /** A branch user always gets their own branch, whatever this says. */
  branch_id: idSchema.optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The export of a report: the same filters plus the file format. */
export const reportExportQuerySchema = z.object({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') });

/**
 * The period a report covers, as the server resolved it. Money in reports is a decimal string in the shop's
 * currency; `exchange_rate` (riel per unit of it, a decimal string) is the shop's current rate, used only to show
 * riel beside the amounts.
 */
export const reportPeriodSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  branch_id: z.string().nullable(),
  currency: z.string(),
  exchange_rate: z.string(),
});
export type ReportPeriodInfo = z.infer<typeof reportPeriodSchema>;
