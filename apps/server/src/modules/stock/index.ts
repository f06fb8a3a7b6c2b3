export {
  AVG_COST_SCALE,
  STOCK_LEVEL_COUNTER,
  notEnoughStock,
  postMovements,
  postMovementsWith,
  type LedgerDocument,
  type LedgerLine,
  type PostedMovement,
  type ProductRow,
  stockSettingsOf,
  type Who,
  type StockSettings,
} from './stock-ledger';
export { assertLedgerBalanced, batchMismatches, ledgerMismatches, type BatchMismatch, type LedgerMismatch } from './stock-invariants';
export { stockRoutes } from './stock.routes';
export { stockReportRoutes } from './stock-report.routes';
export { postAdjustment } from './stock-adjustments';
export { postTransfer } from './stock-transfers';
export { unitFactor } from './stock-units';
export { answerMovements } from './stock-answer';
