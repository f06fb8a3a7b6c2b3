import { formatQuantity, parseDecimal, QTY_DIGITS } from '@posauto/shared/money/index';
import type { MovementType } from '@posauto/shared/schemas/stock';
import type { StockReportRow } from '@posauto/shared/schemas/stock-report';

/** Signed decimal text to an integer at `digits` decimals ("-1.5" at 3 → -1500). */
export const decimalUnits = (text: string, digits: number) =>
  text.startsWith('-') ? -parseDecimal(text.slice(1), digits) : parseDecimal(text, digits);

/** The quantity the given movement types moved in a report row, exact, as decimal text. */
export const movedBy = (row: Pick<StockReportRow, 'movements'>, types: readonly MovementType[]) =>
  formatQuantity(types.reduce((s, type) => s + decimalUnits(row.movements[type], QTY_DIGITS), 0));

/** A week: batches expiring within it are highlighted. */
export const EXPIRY_WEEK = 7;

/** Where a batch stands, said in words (the badge colour only repeats it). */
export function expiryStatus(daysLeft: number): { key: string; color: string; days: number } {
  if (daysLeft < 0) return { key: 'stock.expiry.expired_ago', color: 'red', days: -daysLeft };
  if (daysLeft === 0) return { key: 'stock.expiry.today', color: 'red', days: 0 };
  if (daysLeft < EXPIRY_WEEK) return { key: 'stock.expiry.this_week', color: 'orange', days: daysLeft };
  return { key: 'stock.expiry.later', color: 'gray', days: daysLeft };
}
