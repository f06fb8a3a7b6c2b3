import type { Generated } from 'kysely';
import type { MovementType } from '@posauto/shared/schemas/stock';

/**
 * Table types of the stock ledger (0014-stock-ledger.ts). Quantities are thousandths of the product's base unit
 * (QTY_SCALE), money is integer minor units of the product's currency, average costs are millionths of a minor
 * unit per base unit (AVG_COST_SCALE), so that a can bought at $10 a box of 24 keeps its 41.666… cents.
 */
export interface StockLevelsTable {
  business_id: string;
  branch_id: string;
  product_id: string;
  /** '' for a product without variants, so that the key has no null in it. */
  variant_id: Generated<string>;
  on_hand: Generated<number>;
  /** What the stock on hand cost: the sum of the cost of every movement of this item in this branch. */
  stock_value: Generated<number>;
  avg_cost: Generated<number>;
  /** 1 while a low-stock alert is raised and stock has not gone back above the alert level. */
  low_alerted: Generated<number>;
  updated_at: string;
}

export interface StockMovementsTable {
  business_id: string;
  id: string;
  branch_id: string;
  product_id: string;
  variant_id: string;
  movement_type: MovementType;
  /** Signed, in the base unit: positive in, negative out. */
  quantity: number;
  /** The unit the document used and its factor to the base unit at that time (FACTOR_SCALE), frozen. */
  unit_id: string | null;
  unit_factor: number;
  /** The document's quantity in its own unit (thousandths), unsigned. */
  unit_quantity: number;
  /** Signed cost of the movement in minor units: what came in, or the cost frozen on what went out. */
  cost_total: number;
  currency: string;
  on_hand_after: number;
  doc_type: string;
  doc_id: string;
  doc_line_id: string | null;
  user_id: string | null;
  created_at: string;
}

export interface StockAdjustmentsTable {
  business_id: string;
  id: string;
  adjustment_number: string;
  branch_id: string;
  adjustment_type_id: string;
  /** Copied from the adjustment type when posted: renaming or changing the type later changes no history. */
  direction: 'addition' | 'subtraction';
  adjusted_on: string;
  reason: string;
  status: 'posted' | 'void';
  line_count: number;
  created_by: string | null;
  created_at: string;
  voided_at: string | null;
}

export interface StockAdjustmentLinesTable {
  business_id: string;
  id: string;
  adjustment_id: string;
  line_no: number;
  product_id: string;
  variant_id: string;
  unit_id: string | null;
  unit_factor: number;
  /** Thousandths of the line's unit. */
  quantity: number;
}

export interface StockTransfersTable {
  business_id: string;
  id: string;
  transfer_number: string;
  from_branch_id: string;
  to_branch_id: string;
  sent_on: string;
  note: string;
  state: 'sent' | 'received' | 'void';
  line_count: number;
  created_by: string | null;
  received_by: string | null;
  created_at: string;
  received_at: string | null;
  voided_at: string | null;
}

export type StockTransferLinesTable = Omit<StockAdjustmentLinesTable, 'adjustment_id'> & { transfer_id: string };

export interface StockTables {
  stock_levels: StockLevelsTable;
  stock_movements: StockMovementsTable;
  stock_adjustments: StockAdjustmentsTable;
  stock_adjustment_lines: StockAdjustmentLinesTable;
  stock_transfers: StockTransfersTable;
  stock_transfer_lines: StockTransferLinesTable;
}
