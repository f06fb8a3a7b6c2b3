/**
 * Table types of the expiry batches (0018-stock-batches.ts). Quantities are thousandths of the product's base unit.
 */
export interface StockBatchesTable {
  business_id: string;
  id: string;
  branch_id: string;
  product_id: string;
  /** '' for a product without variants, as in stock_levels. */
  variant_id: string;
  /** YYYY-MM-DD; null for stock that came in without a date (an adjustment, stock from before tracking). */
  expiry_date: string | null;
  /** Everything that ever came into this batch. */
  quantity_in: number;
  /** What is still on hand of it (never below zero). */
  quantity_left: number;
  /** The movement that opened the batch. */
  movement_id: string;
  created_at: string;
}

/** Which batches a movement added to (positive) or took from (negative). */
export interface StockBatchMovesTable {
  business_id: string;
  movement_id: string;
  batch_id: string;
  quantity: number;
}

export interface StockBatchTables {
  stock_batches: StockBatchesTable;
  stock_batch_moves: StockBatchMovesTable;
}
