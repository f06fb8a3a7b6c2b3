import { z } from 'zod';
import { idSchema } from './common';
import { reportPeriodSchema, reportQuerySchema } from './reports';

/**
 * The room report (issue #25): use and revenue of each karaoke room for a period, sub-totalled by room type, from the
 * stored stays, their periods and the sales that paid them (nothing is recomputed by the rate engine, no total is
 * stored). The rules, which the screen's note repeats:
 * - A stay counts when its time started on a day of the period (shop-local) and its bill was paid by a counted sale.
 * - Hours used: the active minutes of its periods (whole minutes, as the engine counts them), each in its own room.
 * - Hours charged: the minutes the bill's time lines charged, in the room each line names.
 * - Money is net of discounts (line discounts and the sale's discount spread over its lines) and without VAT, as the
 *   item sale report counts it, less what was returned of those lines; the service charge is not in it.
 * - Room revenue: the time lines; minimum spend: the line billing what the food fell short of the type's minimum;
 *   food and drinks: every other line of the stay's sales. The minimum spend and the food count in the room the stay
 *   ended in, and the stay is counted there once.
 * - Occupancy: hours used / (24 h × days of the period × rooms).
 */

const money = z.string();
/** Whole minutes (shown as hours and minutes). */
const minutes = z.number().int();

export const roomReportQuerySchema = reportQuerySchema.extend({
  /** Rooms of this type only (the answer's room_types lists the choices). */
  type_id: idSchema.optional(),
});
export type RoomReportQuery = z.infer<typeof roomReportQuerySchema>;

const figures = {
  stays: z.number().int(),
  used_minutes: minutes,
  charged_minutes: minutes,
  /** Percent with one decimal ("12.5"). */
  occupancy: z.string(),
  room_revenue: money,
  min_spend: money,
  food_revenue: money,
  /** Room revenue + minimum spend + food and drinks. */
  revenue: money,
  /** Null without a stay. */
  food_per_stay: money.nullable(),
  revenue_per_stay: money.nullable(),
};

export const roomReportRowSchema = z.object({
  room_id: z.string(),
  room_name: z.string(),
  type_id: z.string(),
  type_name: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  ...figures,
});
export type RoomReportRow = z.infer<typeof roomReportRowSchema>;

/** A room type's sub-total over its rooms in the answer. */
export const roomReportTypeSchema = z.object({
  type_id: z.string(),
  type_name: z.string(),
  rooms: z.number().int(),
  ...figures,
});
export type RoomReportType = z.infer<typeof roomReportTypeSchema>;

export const roomReportResponseSchema = z.object({
  period: reportPeriodSchema,
  /** Minutes one room could be used in the period: 24 h × its days. */
  available_minutes: z.number().int(),
  /** The rooms (of the branch and type asked), by type then room, as the room settings order them. */
  rows: z.array(roomReportRowSchema),
  types: z.array(roomReportTypeSchema),
  totals: z.object({ rooms: z.number().int(), ...figures }),
  /** The type filter's choices: every room type of the shop. */
  room_types: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type RoomReportResponse = z.infer<typeof roomReportResponseSchema>;
