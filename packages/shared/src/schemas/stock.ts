import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { LIMIT_MESSAGES, NUMBER_LIMITS, decimalTextWithin } from '../money/limits';
import { quantityTextSchema } from './products';

/**
 * Every way a quantity can change (spec section 4). Incoming types add to on hand, outgoing types take from it;
 * the ledger signs the quantity from the type, so a caller can never record a "purchase" that removes stock.
 */
export const INCOMING_MOVEMENTS = ['purchase_in', 'sale_return', 'transfer_in', 'adjustment_in'] as const;
export const OUTGOING_MOVEMENTS = ['purchase_return', 'sale_out', 'transfer_out', 'adjustment_out'] as const;
export const MOVEMENT_TYPES = [...INCOMING_MOVEMENTS, ...OUTGOING_MOVEMENTS] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export function isIncoming(type: MovementType): boolean {
  return (INCOMING_MOVEMENTS as readonly string[]).includes(type);
}

export const movementTypeSchema = z.enum(MOVEMENT_TYPES);

/** A calendar day as the shop counts it, "2026-11-23". */
export const dayTextSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'stock.errors.date_invalid');

/** A real calendar day ("2026-02-30" is refused), as the shop counts it. */
export const calendarDaySchema = dayTextSchema.refine((day) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}, 'stock.errors.date_invalid');

/** Limits of one stock document: enough for a big delivery, small enough to save in one short transaction. */
export const STOCK_DOCUMENT_LIMITS = { lines: 500, reason: 500 } as const;

/** One line of a stock document: an item and its quantity (decimal text) in a unit of the product's base. */
export const stockLineInputSchema = z.object({
  product_id: idSchema,
  variant_id: idSchema.nullable().optional(),
  /** None: the product's base unit. */
  unit_id: idSchema.nullable().optional(),
  quantity: quantityTextSchema,
});
export type StockLineInput = z.infer<typeof stockLineInputSchema>;

export const stockAdjustmentInputSchema = z.object({
  branch_id: idSchema,
  adjustment_type_id: idSchema,
  adjusted_on: dayTextSchema,
  reason: z.string().trim().max(STOCK_DOCUMENT_LIMITS.reason, 'validation.too_long').optional().default(''),
  lines: z
    .array(stockLineInputSchema)
    .min(1, 'stock.errors.lines_required')
    .max(STOCK_DOCUMENT_LIMITS.lines, 'stock.errors.too_many_lines'),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInputSchema>;

/** A counted quantity: zero or more, up to 3 decimals, in the product's own unit. */
export const countedTextSchema = z
  .string('validation.quantity_invalid')
  .trim()
  .regex(/^\d{1,15}(\.\d{1,3})?$/, 'validation.quantity_invalid')
  .refine((v) => decimalTextWithin(v, NUMBER_LIMITS.quantity), LIMIT_MESSAGES.quantity);

/**
 * A stocktake (POST /api/v1/stock-adjustments/count): what was counted of each item at a branch. The server computes
 * each difference from what is on hand when it saves and posts them as adjustments: the surplus with the addition
 * type, the shortage with the subtraction type (a type is needed only when there is a difference its way).
 */
export const stockCountInputSchema = z.object({
  branch_id: idSchema,
  adjusted_on: dayTextSchema,
  reason: z.string().trim().max(STOCK_DOCUMENT_LIMITS.reason, 'validation.too_long').optional().default(''),
  addition_type_id: idSchema.nullable().optional(),
  subtraction_type_id: idSchema.nullable().optional(),
  lines: z
    .array(z.object({ product_id: idSchema, variant_id: idSchema.nullable().optional(), counted: countedTextSchema }))
    .min(1, 'stock.errors.lines_required')
    .max(STOCK_DOCUMENT_LIMITS.lines, 'stock.errors.too_many_lines'),
});
export type StockCountInput = z.input<typeof stockCountInputSchema>;

/** What a stocktake counts against: one product's on hand at a branch, per variant (readable with stock-adjustment). */
export const stockOnHandQuerySchema = z.object({ branch_id: idSchema, product_id: idSchema });
export const stockOnHandSchema = z.object({
  data: z.array(z.object({ variant_id: z.string().nullable(), on_hand: z.string() })),
});
export type StockOnHand = z.infer<typeof stockOnHandSchema>;

export const stockDocumentLineSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku_code: z.string(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  /** In the document's unit. */
  quantity: z.string(),
  /** The same in the product's base unit. */
  base_quantity: z.string(),
  /** What the line moved at cost, decimal text in the product's currency. */
  cost: z.string(),
  currency: z.string(),
});

export const stockAdjustmentSchema = z.object({
  id: z.string(),
  adjustment_number: z.string(),
  branch_id: z.string(),
  branch_name: z.string(),
  adjustment_type_id: z.string(),
  adjustment_type_name: z.string(),
  direction: z.enum(['addition', 'subtraction']),
  adjusted_on: z.string(),
  reason: z.string(),
  /** Posted, or void once cancelled (its reversing movements are in the ledger). */
  state: z.enum(['posted', 'void']),
  line_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;
export const stockAdjustmentDetailSchema = stockAdjustmentSchema.extend({ lines: z.array(stockDocumentLineSchema) });
export type StockAdjustmentDetail = z.infer<typeof stockAdjustmentDetailSchema>;

export const stockAdjustmentListQuerySchema = listQuerySchema(['adjustment_number', 'adjusted_on', 'created_at']).extend({
  branch_id: idSchema.optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type StockAdjustmentListQuery = z.infer<typeof stockAdjustmentListQuerySchema>;
export const stockAdjustmentListResponseSchema = listResponseSchema(stockAdjustmentSchema);

/** A branch's stock of one item: on hand in the base unit (decimal text) and its value at average cost. */
export const stockLevelSchema = z.object({
  product_id: z.string(),
  variant_id: z.string().nullable(),
  branch_id: z.string(),
  branch_name: z.string(),
  product_name: z.string(),
  sku_code: z.string(),
  unit_name: z.string().nullable(),
  on_hand: z.string(),
  /** Per base unit, decimal text in the product's currency (up to 6 decimals). */
  average_cost: z.string(),
  stock_value: z.string(),
  currency: z.string(),
  /** False for a product that has stopped keeping stock: its old level is history, shown as "—". */
  is_stock_manage: z.boolean(),
  low: z.boolean(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const stockLevelQuerySchema = listQuerySchema(['product_name', 'on_hand', 'stock_value']).extend({
  branch_id: idSchema.optional(),
  product_id: idSchema.optional(),
  category_id: idSchema.optional(),
  brand_id: idSchema.optional(),
  low: z.enum(['1']).optional(),
});
export type StockLevelQuery = z.infer<typeof stockLevelQuerySchema>;
export const stockLevelListResponseSchema = listResponseSchema(stockLevelSchema);

export const stockMovementSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  movement_type: movementTypeSchema,
  quantity: z.string(),
  cost: z.string(),
  currency: z.string(),
  on_hand_after: z.string(),
  doc_type: z.string(),
  doc_id: z.string(),
  created_at: timestampSchema,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementQuerySchema = listQuerySchema(['created_at']).extend({
  branch_id: idSchema.optional(),
  product_id: idSchema.optional(),
  variant_id: idSchema.optional(),
  movement_type: movementTypeSchema.optional(),
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});
export type StockMovementQuery = z.infer<typeof stockMovementQuerySchema>;
export const stockMovementListResponseSchema = listResponseSchema(stockMovementSchema);

/** What the adjustment form offers, readable with stock-adjustment alone (a stock clerk holds no setting permission). */
export const stockAdjustmentOptionsSchema = z.object({
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  adjustment_types: z.array(z.object({ id: z.string(), name: z.string(), direction: z.enum(['addition', 'subtraction']) })),
  units: z.array(z.object({ id: z.string(), name: z.string(), base_unit_id: z.string().nullable() })),
});
export type StockAdjustmentOptions = z.infer<typeof stockAdjustmentOptionsSchema>;

export const TRANSFER_STATES = ['sent', 'received', 'void'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/**
 * A transfer between two branches of the shop. Sent: the stock has left the source and is on its way; received: it
 * has arrived. `receive_now` does both at once, for shops that do not need the transit state.
 */
export const stockTransferInputSchema = z
  .object({
    from_branch_id: idSchema,
    to_branch_id: idSchema,
    sent_on: dayTextSchema,
    note: z.string().trim().max(STOCK_DOCUMENT_LIMITS.reason, 'validation.too_long').optional().default(''),
    receive_now: z.boolean().optional().default(false),
    lines: z
      .array(stockLineInputSchema)
      .min(1, 'stock.errors.lines_required')
      .max(STOCK_DOCUMENT_LIMITS.lines, 'stock.errors.too_many_lines'),
  })
  .refine((t) => t.from_branch_id !== t.to_branch_id, { message: 'stock.errors.same_branch', path: ['to_branch_id'] });
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;

export const stockTransferSchema = z.object({
  id: z.string(),
  transfer_number: z.string(),
  from_branch_id: z.string(),
  from_branch_name: z.string(),
  to_branch_id: z.string(),
  to_branch_name: z.string(),
  sent_on: z.string(),
  note: z.string(),
  state: z.enum(TRANSFER_STATES),
  line_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
  received_at: timestampSchema.nullable(),
});
export type StockTransfer = z.infer<typeof stockTransferSchema>;
export const stockTransferDetailSchema = stockTransferSchema.extend({ lines: z.array(stockDocumentLineSchema) });
export type StockTransferDetail = z.infer<typeof stockTransferDetailSchema>;

export const stockTransferListQuerySchema = listQuerySchema(['transfer_number', 'sent_on', 'created_at']).extend({
  branch_id: idSchema.optional(),
  state: z.enum(TRANSFER_STATES).optional(),
});
export type StockTransferListQuery = z.infer<typeof stockTransferListQuerySchema>;
export const stockTransferListResponseSchema = listResponseSchema(stockTransferSchema);
