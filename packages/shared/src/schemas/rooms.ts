import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { dayTextSchema } from './stock';
import { moneyTextSchema, priceTextSchema } from './products';
import { BLOCK_SIZES, DAY_KINDS } from '../rooms/kinds';

/**
 * Karaoke rooms (issue #25): room types with a rate plan, rooms per branch, and stays. A stay is a table order
 * (schemas/restaurant.ts) with a timer on it: its food and drinks are the order's lines, sent to the kitchen and bar
 * like any table's; its time is a list of periods (a pause ends one, resuming starts the next, a move ends it in one
 * room and starts the next in another), charged by the rate engine (rooms/rates.ts), the same code in the browser's
 * board and in the server's bill.
 *
 * Times of day are "HH:MM" text (an end of "24:00" is midnight); rates and money are exact decimal text in the shop's
 * currency, as everywhere else.
 */

export const ROOM_LIMITS = {
  name: 60,
  typesPerBusiness: 30,
  roomsPerBranch: 100,
  bandsPerPlan: 48,
  holidays: 366,
  guests: 99,
  /** Booked (prepaid) time and extensions, in minutes: up to a day. */
  bookedMinutes: 24 * 60,
  firstBlockMinutes: 600,
  cleaningMinutes: 240,
  reason: 200,
} as const;

/** The board warns this many minutes before a booked stay ends (first amber, then red). */
export const ROOM_WARN_MINUTES = [10, 5] as const;

export const ROOM_STATES = ['free', 'in_use', 'paused', 'ending', 'cleaning'] as const;
export type RoomState = (typeof ROOM_STATES)[number];
export const STAY_STATUSES = ['running', 'paused', 'stopped'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

const nameSchema = z.string('validation.required').trim().min(1, 'validation.required').max(ROOM_LIMITS.name, 'validation.too_long');

/** "HH:MM" to a minute of the day (0..1440); "24:00" is the end of the day. */
export function parseClock(text: string): number | null {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes > 1440 ? null : minutes;
}
export const formatClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const clockSchema = z.string('validation.required').refine((v) => parseClock(v) !== null, 'rooms.errors.band_invalid');

export const rateBandInputSchema = z.object({
  day_kind: z.enum(DAY_KINDS, 'validation.invalid'),
  start: clockSchema,
  end: clockSchema,
  /** Per hour. */
  rate: priceTextSchema,
});
export type RateBandInput = z.input<typeof rateBandInputSchema>;

export const roomTypeInputSchema = z.object({
  name: nameSchema,
  bands: z.array(rateBandInputSchema).min(1, 'rooms.errors.bands_missing').max(ROOM_LIMITS.bandsPerPlan, 'validation.too_long'),
  block_minutes: z.coerce
    .number('rooms.errors.block_invalid')
    .refine((v) => (BLOCK_SIZES as readonly number[]).includes(v), 'rooms.errors.block_invalid'),
  first_block_minutes: z.coerce
    .number('rooms.errors.rule_invalid')
    .int('rooms.errors.rule_invalid')
    .min(0, 'rooms.errors.rule_invalid')
    .max(ROOM_LIMITS.firstBlockMinutes, 'rooms.errors.rule_invalid'),
  grace_minutes: z.coerce
    .number('rooms.errors.rule_invalid')
    .int('rooms.errors.rule_invalid')
    .min(0, 'rooms.errors.rule_invalid')
    .max(59, 'rooms.errors.rule_invalid'),
  /** Food and drinks a stay should reach; what is short is billed as room fee. "0": none. */
  min_spend: moneyTextSchema.optional().default('0'),
  /** After a stay stops, the room is cleaning; back to free by hand, or after this many minutes (0: by hand only). */
  cleaning_minutes: z.coerce
    .number('rooms.errors.rule_invalid')
    .int('rooms.errors.rule_invalid')
    .min(0, 'rooms.errors.rule_invalid')
    .max(ROOM_LIMITS.cleaningMinutes, 'rooms.errors.rule_invalid')
    .optional()
    .default(0),
  sort_order: z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(999).optional().default(0),
});
export type RoomTypeInput = z.input<typeof roomTypeInputSchema>;

export const rateBandSchema = z.object({ day_kind: z.enum(DAY_KINDS), start: z.string(), end: z.string(), rate: z.string() });
export const roomTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  bands: z.array(rateBandSchema),
  block_minutes: z.number(),
  first_block_minutes: z.number(),
  grace_minutes: z.number(),
  min_spend: z.string(),
  cleaning_minutes: z.number(),
  sort_order: z.number(),
  room_count: z.number(),
});
export type RoomType = z.infer<typeof roomTypeSchema>;

export const roomInputSchema = z.object({
  branch_id: idSchema,
  type_id: idSchema,
  name: nameSchema,
  sort_order: z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(999).optional().default(0),
});
export type RoomInput = z.input<typeof roomInputSchema>;
export const roomUpdateSchema = roomInputSchema.omit({ branch_id: true });
export type RoomUpdate = z.input<typeof roomUpdateSchema>;

export const roomSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  type_id: z.string(),
  type_name: z.string(),
  name: z.string(),
  sort_order: z.number(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomHolidaysSchema = z.object({
  holidays: z
    .array(z.object({ date: dayTextSchema, name: z.string().trim().max(ROOM_LIMITS.name, 'validation.too_long').optional().default('') }))
    .max(ROOM_LIMITS.holidays, 'validation.too_long'),
});
export type RoomHolidays = z.input<typeof roomHolidaysSchema>;

// --- Stays --------------------------------------------------------------------------------------------------------

export const roomStartSchema = z.object({
  guests: z.coerce
    .number('rooms.errors.guests_range')
    .int('rooms.errors.guests_range')
    .min(1, 'rooms.errors.guests_range')
    .max(ROOM_LIMITS.guests, 'rooms.errors.guests_range'),
  /** Booked (prepaid) minutes: a countdown on the board and the least time charged. 0: open-ended. */
  booked_minutes: z.coerce
    .number('rooms.errors.minutes_range')
    .int('rooms.errors.minutes_range')
    .min(0, 'rooms.errors.minutes_range')
    .max(ROOM_LIMITS.bookedMinutes, 'rooms.errors.minutes_range')
    .optional()
    .default(0),
  note: z.string().trim().max(200, 'validation.too_long').optional().default(''),
});
export type RoomStart = z.input<typeof roomStartSchema>;

export const stayExtendSchema = z.object({
  minutes: z.coerce
    .number('rooms.errors.minutes_range')
    .int('rooms.errors.minutes_range')
    .min(1, 'rooms.errors.minutes_range')
    .max(ROOM_LIMITS.bookedMinutes, 'rooms.errors.minutes_range'),
});
export type StayExtend = z.input<typeof stayExtendSchema>;
export const stayMoveSchema = z.object({ room_id: idSchema });
export type StayMove = z.input<typeof stayMoveSchema>;

/**
 * Correcting a stay's recorded times (a start keyed late, a stop forgotten): one period's start and/or end, a reason
 * always, and an approver's email and password when the caller may not approve it (table-void) themself. Audited.
 */
export const stayTimesSchema = z.object({
  period: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.invalid'),
  started_at: timestampSchema.optional(),
  ended_at: timestampSchema.optional(),
  reason: z
    .string('rooms.errors.reason_required')
    .trim()
    .min(1, 'rooms.errors.reason_required')
    .max(ROOM_LIMITS.reason, 'validation.too_long'),
  approver_email: z.string().trim().max(254).optional(),
  approver_password: z.string().max(200).optional(),
});
export type StayTimes = z.input<typeof stayTimesSchema>;

/** A period of a stay: its room (and type, whose plan charges it), from when to when (null: still running). */
export const stayPeriodSchema = z.object({
  seq: z.number(),
  room_id: z.string(),
  room_name: z.string(),
  type_id: z.string(),
  started_at: timestampSchema,
  ended_at: timestampSchema.nullable(),
});
export type StayPeriodOut = z.infer<typeof stayPeriodSchema>;

export const staySchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  room_id: z.string(),
  status: z.enum(STAY_STATUSES),
  guests: z.number(),
  booked_minutes: z.number(),
  started_at: timestampSchema,
  stopped_at: timestampSchema.nullable(),
  periods: z.array(stayPeriodSchema),
  /** Food and drinks ordered so far (the order's active lines), decimal text. */
  food_amount: z.string(),
  waiter_name: z.string().nullable(),
  paid: z.boolean(),
});
export type Stay = z.infer<typeof staySchema>;

/** A rate plan as the engine takes it (rooms/rates.ts RatePlan): band minutes and rates in minor units per hour. */
export const enginePlanSchema = z.object({
  type_id: z.string(),
  bands: z.array(z.object({ day_kind: z.enum(DAY_KINDS), start: z.number(), end: z.number(), rate: z.number() })),
  block_minutes: z.number(),
  first_block_minutes: z.number(),
  grace_minutes: z.number(),
  /** Minor units. */
  min_spend: z.number(),
});
export type EnginePlan = z.infer<typeof enginePlanSchema>;

export const roomBoardRoomSchema = roomSchema.extend({
  state: z.enum(ROOM_STATES),
  /** When the room went to cleaning (null unless cleaning), and when it frees itself (null: by hand). */
  cleaning_since: timestampSchema.nullable(),
  cleaning_until: timestampSchema.nullable(),
  stay: staySchema.nullable(),
});
export type RoomBoardRoom = z.infer<typeof roomBoardRoomSchema>;

export const roomBoardSchema = z.object({
  branch_id: z.string(),
  rooms: z.array(roomBoardRoomSchema),
  types: z.array(z.object({ id: z.string(), name: z.string() })),
  plans: z.array(enginePlanSchema),
  /** What rooms/rates.ts Calendar needs: the shop's time zone and its holidays (YYYY-MM-DD). */
  time_zone: z.string(),
  holidays: z.array(z.string()),
  currency: z.string(),
  /** The server's clock when it answered: the board counts from it, whatever the tablet's clock says. */
  server_time: timestampSchema,
});
export type RoomBoard = z.infer<typeof roomBoardSchema>;
export const roomBoardQuerySchema = z.object({ branch_id: idSchema.optional() });

/** The room time of a bill: each charged segment, the pauses between periods, and the minimum spend shortfall. */
export const roomTimeBillSchema = z.object({
  stay_id: z.string(),
  segments: z.array(
    z.object({
      room_name: z.string(),
      started_at: timestampSchema,
      ended_at: timestampSchema,
      minutes: z.number(),
      rate: z.string(),
      amount: z.string(),
      /** Minutes charged beyond the time used: rounding up to a block, the first-block minimum, booked time. */
      extra: z.boolean(),
    }),
  ),
  pauses: z.array(z.object({ started_at: timestampSchema, ended_at: timestampSchema, minutes: z.number() })),
  active_minutes: z.number(),
  charged_minutes: z.number(),
  time_amount: z.string(),
  min_spend: z.string(),
  food_amount: z.string(),
  min_spend_shortfall: z.string(),
});
export type RoomTimeBill = z.infer<typeof roomTimeBillSchema>;

export const stayActionSchema = z.object({ stay: staySchema });
