export { AVG_COST_SCALE, notEnoughStock, postMovements, type LedgerDocument, type LedgerLine, type PostedMovement } from './stock-ledger';
export { assertLedgerBalanced, ledgerMismatches, type LedgerMismatch } from './stock-invariants';
export { stockRoutes } from './stock.routes';
export { postAdjustment } from './stock-adjustments';
export { postTransfer } from './stock-transfers';
export { unitFactor } from './stock-units';
