import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { quantityTextSchema } from './products';
import { roomTimeBillSchema } from './rooms';
import { CHANGE_IN, discountInputSchema, salePaymentInputSchema, SALE_LIMITS } from './sales';

/**
 * Table service (issue #24): a branch's floor (areas and the tables on them), its kitchen stations, the open orders on
 * its tables and the kitchen tickets that sending an order makes. Quantities are decimal text in the line's unit, money
 * exact decimal text in the shop's currency, as everywhere else.
 *
 * - An open order is a document with real lines. Each line knows how much of it the kitchen has been told about
 *   (`sent_quantity`, and the note it was sent with), so "Send" makes a ticket of the difference only.
 * - Adding lines and sending carry an `Idempotency-Key` (the header a till's sale carries): the same request sent twice
 *   (a retry after the Wi-Fi dropped) is applied once, and the second answers the order as it is.
 * - A bill is the set of an order's lines with the same `bill` number; paying it commits one sale by the till's rules.
 */

export const FLOOR_LIMITS = {
  name: 60,
  areasPerBranch: 30,
  tablesPerBranch: 300,
  stationsPerBranch: 20,
  seats: 99,
  guests: 99,
  /** A floor plan is a grid of PLAN_SIZE x PLAN_SIZE cells; a table's x and y are its top-left cell. */
  planSize: 40,
  note: 200,
  reason: 200,
  linesPerAddition: 100,
  bills: 20,
} as const;

export const TABLE_SHAPES = ['square', 'round', 'rectangle'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/** How many cells of the plan a table covers (the waiter's floor and the settings' plan draw the same room). */
export function tableFootprint(shape: TableShape): { w: number; h: number } {
  return shape === 'rectangle' ? { w: 8, h: 5 } : { w: 5, h: 5 };
}

/** What the floor shows of a table: free, an order being taken, sent to the kitchen, pre-bill printed, paid and not cleared. */
export const TABLE_STATES = ['free', 'ordering', 'sent', 'billed', 'paid'] as const;
export type TableState = (typeof TABLE_STATES)[number];

export const ORDER_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const nameSchema = z.string('validation.required').trim().min(1, 'validation.required').max(FLOOR_LIMITS.name, 'validation.too_long');
const cellSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .min(0, 'validation.invalid')
  .max(FLOOR_LIMITS.planSize - 1, 'validation.invalid');

// --- Floor: areas, tables, stations ------------------------------------------------------------------------------

export const floorAreaInputSchema = z.object({
  branch_id: idSchema,
  name: nameSchema,
  sort_order: z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(999).optional().default(0),
});
export type FloorAreaInput = z.input<typeof floorAreaInputSchema>;
export const floorAreaUpdateSchema = floorAreaInputSchema.omit({ branch_id: true });
export type FloorAreaUpdate = z.input<typeof floorAreaUpdateSchema>;

export const floorAreaSchema = z.object({ id: z.string(), branch_id: z.string(), name: z.string(), sort_order: z.number() });
export type FloorArea = z.infer<typeof floorAreaSchema>;

export const floorTableInputSchema = z.object({
  area_id: idSchema,
  name: nameSchema,
  seats: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'restaurant.errors.seats_range')
    .max(FLOOR_LIMITS.seats, 'restaurant.errors.seats_range'),
  shape: z.enum(TABLE_SHAPES, 'validation.invalid').optional().default('square'),
  x: cellSchema.optional().default(0),
  y: cellSchema.optional().default(0),
});
export type FloorTableInput = z.input<typeof floorTableInputSchema>;

/** Where tables stand on the plan: what dragging (or the arrow keys) on the plan saves, several tables at once. */
export const floorPositionsSchema = z.object({
  tables: z
    .array(z.object({ id: idSchema, x: cellSchema, y: cellSchema }))
    .min(1, 'validation.required')
    .max(FLOOR_LIMITS.tablesPerBranch, 'validation.too_long'),
});
export type FloorPositions = z.input<typeof floorPositionsSchema>;

export const floorTableSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  area_id: z.string(),
  name: z.string(),
  seats: z.number(),
  shape: z.enum(TABLE_SHAPES),
  x: z.number(),
  y: z.number(),
});
export type FloorTable = z.infer<typeof floorTableSchema>;

export const kitchenStationInputSchema = z.object({
  branch_id: idSchema,
  name: nameSchema,
  /** The categories this station prepares at its branch (a category is prepared at one station per branch). */
  category_ids: z.array(idSchema).max(500, 'validation.too_long').optional().default([]),
  /** The station that prepares what no station names (at most one per branch). */
  is_default: z.boolean('validation.invalid').optional().default(false),
  /** Print each ticket as it is sent, for a kitchen that works on paper. */
  print_tickets: z.boolean('validation.invalid').optional().default(false),
});
export type KitchenStationInput = z.input<typeof kitchenStationInputSchema>;
export const kitchenStationUpdateSchema = kitchenStationInputSchema.omit({ branch_id: true });
export type KitchenStationUpdate = z.input<typeof kitchenStationUpdateSchema>;

export const kitchenStationSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  name: z.string(),
  category_ids: z.array(z.string()),
  is_default: z.boolean(),
  print_tickets: z.boolean(),
});
export type KitchenStation = z.infer<typeof kitchenStationSchema>;

export const floorQuerySchema = z.object({ branch_id: idSchema.optional() });

/** A table on the live floor: the table, and its order's state when it has one. */
export const floorTableLiveSchema = floorTableSchema.extend({
  state: z.enum(TABLE_STATES),
  order_id: z.string().nullable(),
  guests: z.number().nullable(),
  waiter_name: z.string().nullable(),
  opened_at: timestampSchema.nullable(),
  /** The order's amount so far (its active lines at their prices), decimal text; null when free. */
  amount: z.string().nullable(),
  /** Lines the kitchen has marked ready and the waiter has not served yet. */
  ready_count: z.number(),
});
export type FloorTableLive = z.infer<typeof floorTableLiveSchema>;

export const floorSchema = z.object({
  branch_id: z.string(),
  branch_name: z.string(),
  areas: z.array(floorAreaSchema),
  tables: z.array(floorTableLiveSchema),
  stations: z.array(kitchenStationSchema),
});
export type Floor = z.infer<typeof floorSchema>;

// --- Open orders -------------------------------------------------------------------------------------------------

export const orderOpenSchema = z.object({
  table_id: idSchema,
  guests: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'restaurant.errors.guests_range')
    .max(FLOOR_LIMITS.guests, 'restaurant.errors.guests_range'),
  note: z.string().trim().max(FLOOR_LIMITS.note, 'validation.too_long').optional().default(''),
});
export type OrderOpen = z.input<typeof orderOpenSchema>;

export const orderLineInputSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.nullable().optional(),
  unit_id: idSchema.nullable().optional(),
  quantity: quantityTextSchema,
  /** For the kitchen: "no sugar", "less ice". */
  note: z.string().trim().max(FLOOR_LIMITS.note, 'validation.too_long').optional().default(''),
  /** The guest's seat (1...), for splitting by seat; none: shared. */
  seat: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(FLOOR_LIMITS.guests).nullable().optional(),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

export const orderAddSchema = z.object({
  lines: z
    .array(orderLineInputSchema)
    .min(1, 'stock.errors.lines_required')
    .max(FLOOR_LIMITS.linesPerAddition, 'stock.errors.too_many_lines'),
});
export type OrderAdd = z.input<typeof orderAddSchema>;

/** A line changed before or after it was sent: more of it, its note or seat. Less than was sent is a void. */
export const orderLineUpdateSchema = z.object({
  quantity: quantityTextSchema.optional(),
  note: z.string().trim().max(FLOOR_LIMITS.note, 'validation.too_long').optional(),
  seat: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(FLOOR_LIMITS.guests).nullable().optional(),
});
export type OrderLineUpdate = z.input<typeof orderLineUpdateSchema>;

/**
 * Taking back (part of) a line the kitchen was told about: a reason always; without `table-void`, the approval of
 * someone who holds it, given on the same screen (their email and password).
 */
export const orderLineVoidSchema = z.object({
  quantity: quantityTextSchema.optional(),
  reason: z
    .string('restaurant.errors.reason_required')
    .trim()
    .min(1, 'restaurant.errors.reason_required')
    .max(FLOOR_LIMITS.reason, 'validation.too_long'),
  approver_email: z.string().trim().max(190).optional(),
  approver_password: z.string().max(200).optional(),
});
export type OrderLineVoid = z.input<typeof orderLineVoidSchema>;

export const orderMoveSchema = z.object({ table_id: idSchema });
export type OrderMove = z.input<typeof orderMoveSchema>;
/** Brings another open order of the branch (another table's) into this one; that table is then free. */
export const orderMergeSchema = z.object({ order_id: idSchema });
export type OrderMerge = z.input<typeof orderMergeSchema>;

/**
 * Splitting into bills. `lines`: each move puts `quantity` of a line on bill `bill` (part of a line becomes a line of
 * its own); `seat`: one bill per seat, shared lines on bill 1; `join`: every unpaid line back on bill 1. Equal parts
 * are shares of one bill's payment (the payment dialog), since a dish cannot be cut into thirds on a sale line.
 */
export const SPLIT_BY = ['lines', 'seat', 'join'] as const;
export const orderSplitSchema = z
  .object({
    by: z.enum(SPLIT_BY, 'validation.invalid'),
    moves: z
      .array(
        z.object({
          line_id: idSchema,
          quantity: quantityTextSchema,
          bill: z.coerce
            .number('validation.invalid')
            .int('validation.invalid')
            .min(1)
            .max(FLOOR_LIMITS.bills, 'restaurant.errors.bill_range'),
        }),
      )
      .max(SALE_LIMITS.lines, 'stock.errors.too_many_lines')
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.by === 'lines' && v.moves.length === 0) ctx.addIssue({ code: 'custom', message: 'stock.errors.lines_required', path: ['moves'] });
  });
export type OrderSplit = z.input<typeof orderSplitSchema>;

/** Paying one bill: what the till's payment dialog sends for a sale, without the lines (they are the bill's). */
export const billPaySchema = z.object({
  customer_id: idSchema.nullable().optional(),
  discount: discountInputSchema.nullable().optional(),
  coupon_code: z.string().trim().max(SALE_LIMITS.couponCode, 'validation.too_long').nullable().optional(),
  service_charge_id: idSchema.nullable().optional(),
  payments: z.array(salePaymentInputSchema).min(1, 'sales.errors.payment_required').max(SALE_LIMITS.payments, 'validation.too_long'),
  change_in: z.enum(CHANGE_IN, 'validation.invalid').optional().default('split'),
  discount_approval_id: idSchema.nullable().optional(),
  note: z.string().trim().max(SALE_LIMITS.note, 'validation.too_long').optional().default(''),
});
export type BillPay = z.input<typeof billPaySchema>;

export const billParamsSchema = z.object({
  id: idSchema,
  bill: z.coerce.number('validation.invalid').int().min(1).max(FLOOR_LIMITS.bills),
});
export const lineParamsSchema = z.object({ id: idSchema, lineId: idSchema });
/** A kitchen ticket's line (POST /api/v1/kitchen/tickets/:id/lines/:lineId/ready). */
export const ticketLineParamsSchema = lineParamsSchema;

export const orderLineSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  unit_id: z.string().nullable(),
  name: z.string(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  /** The catalogue's price per unit of the line when it was added (the bill prices again when paid). */
  unit_price: z.string(),
  amount: z.string(),
  note: z.string(),
  seat: z.number().nullable(),
  bill: z.number(),
  status: z.enum(['active', 'void']),
  /** What the kitchen has been told: this quantity, with this note; at this time. */
  sent_quantity: z.string(),
  sent_at: timestampSchema.nullable(),
  /** Unsent: there is something to tell the kitchen about this line. */
  pending: z.boolean(),
  station_id: z.string().nullable(),
  ready_at: timestampSchema.nullable(),
  void_quantity: z.string(),
  void_reason: z.string().nullable(),
  sale_id: z.string().nullable(),
  added_by_name: z.string().nullable(),
  added_at: timestampSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderBillSchema = z.object({
  bill: z.number(),
  line_count: z.number(),
  amount: z.string(),
  sale_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  paid: z.boolean(),
});

export const tableOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  branch_id: z.string(),
  table_id: z.string().nullable(),
  table_name: z.string().nullable(),
  area_name: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  state: z.enum(TABLE_STATES),
  guests: z.number(),
  waiter_id: z.string().nullable(),
  waiter_name: z.string().nullable(),
  note: z.string(),
  opened_at: timestampSchema,
  bill_printed_at: timestampSchema.nullable(),
  paid_at: timestampSchema.nullable(),
  cleared_at: timestampSchema.nullable(),
  amount: z.string(),
  lines: z.array(orderLineSchema),
  bills: z.array(orderBillSchema),
  /** Lines with something the kitchen has not been told yet. */
  pending_count: z.number(),
  /** A karaoke room's stay (issue #25): its room and stay; null for a table's order. */
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  stay_id: z.string().nullable(),
});
export type TableOrder = z.infer<typeof tableOrderSchema>;

/** The pre-bill (and a bill before it is paid): the bill's lines priced by the sale's one recipe. */
export const preBillSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  bill: z.number(),
  table_name: z.string().nullable(),
  waiter_name: z.string().nullable(),
  guests: z.number(),
  printed_at: timestampSchema,
  lines: z.array(z.object({ name: z.string(), quantity: z.string(), unit_price: z.string(), amount: z.string(), note: z.string() })),
  subtotal: z.string(),
  service_charge: z.string(),
  service_charge_name: z.string().nullable(),
  tax: z.string(),
  vat_rate: z.string(),
  grand_total: z.string(),
  /** The total in riel at today's rate, to the nearest 100-riel note. */
  grand_total_khr: z.string(),
  exchange_rate: z.string(),
  currency: z.string(),
  /** A room's bill: its time, segment by segment (`lines` are the food and drinks; the totals count both). */
  room: roomTimeBillSchema.nullable(),
});
export type PreBill = z.infer<typeof preBillSchema>;
export const preBillQuerySchema = z.object({
  bill: z.coerce.number('validation.invalid').int().min(1).max(FLOOR_LIMITS.bills).optional().default(1),
  service_charge_id: idSchema.nullable().optional(),
});

/** The orders on tables of a branch (none named: every branch the caller sees), oldest first: a merge's choices. */
export const tableOrderListQuerySchema = z.object({ branch_id: idSchema.optional() });
export const tableOrderSummarySchema = z.object({
  id: z.string(),
  order_number: z.string(),
  table_id: z.string().nullable(),
  table_name: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  guests: z.number(),
  waiter_name: z.string().nullable(),
  opened_at: timestampSchema,
});
export type TableOrderSummary = z.infer<typeof tableOrderSummarySchema>;
export const tableOrderListSchema = z.object({ data: z.array(tableOrderSummarySchema) });

export const billPaidSchema = z.object({ order: tableOrderSchema, sale_id: z.string(), invoice_number: z.string() });

// --- Kitchen -----------------------------------------------------------------------------------------------------

/** new: lines not sent before; more / less: a sent line's quantity changed; void: taken back; note: only its note changed. */
export const TICKET_LINE_KINDS = ['new', 'more', 'less', 'void', 'note'] as const;
export type TicketLineKind = (typeof TICKET_LINE_KINDS)[number];
export const TICKET_STATUSES = ['open', 'ready', 'done'] as const;

export const kitchenTicketLineSchema = z.object({
  id: z.string(),
  order_line_id: z.string(),
  name: z.string(),
  /** What changed, in the line's unit: positive for new and more, negative for less and void. */
  quantity: z.string(),
  kind: z.enum(TICKET_LINE_KINDS),
  note: z.string(),
  seat: z.number().nullable(),
  ready_at: timestampSchema.nullable(),
});

export const kitchenTicketSchema = z.object({
  id: z.string(),
  ticket_number: z.number(),
  branch_id: z.string(),
  station_id: z.string().nullable(),
  station_name: z.string().nullable(),
  order_id: z.string(),
  order_number: z.string(),
  /** The table the order is at now (after a move or merge), not when the ticket was made. */
  table_name: z.string().nullable(),
  waiter_name: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  created_at: timestampSchema,
  ready_at: timestampSchema.nullable(),
  print: z.boolean(),
  lines: z.array(kitchenTicketLineSchema),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

export const kitchenQuerySchema = z.object({
  branch_id: idSchema.optional(),
  station_id: idSchema.optional(),
  /** open: on the display; done: bumped today (to recall). */
  status: z.enum(['open', 'done'], 'validation.invalid').optional().default('open'),
});
export const kitchenTicketsSchema = z.object({ data: z.array(kitchenTicketSchema), server_time: timestampSchema });

export const orderSentSchema = z.object({ order: tableOrderSchema, tickets: z.array(kitchenTicketSchema) });

/** The live channels of the floor and the kitchen: stream-ticket and stream routes, as stock alerts have. */
export const FLOOR_STREAM = { ticket: '/api/v1/floor/stream-ticket', stream: '/api/v1/floor/stream' } as const;
export const KITCHEN_STREAM = { ticket: '/api/v1/kitchen/stream-ticket', stream: '/api/v1/kitchen/stream' } as const;
/** What a floor or kitchen event carries: which table or order or ticket changed; the screen reads it again. */
export const liveChangeSchema = z.object({
  kind: z.enum(['table', 'order', 'ticket', 'floor', 'room']),
  table_id: z.string().nullable().optional(),
  order_id: z.string().nullable().optional(),
  ticket_id: z.string().nullable().optional(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
