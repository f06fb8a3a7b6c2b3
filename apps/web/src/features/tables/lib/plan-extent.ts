import { FLOOR_LIMITS, tableFootprint, type TableShape } from '@posauto/shared/schemas/restaurant';

export { tableFootprint };

export interface PlanExtent {
  /** The first column and row shown (0-based). */
  x: number;
  y: number;
  /** How many columns and rows are shown. */
  cols: number;
  rows: number;
}

/**
 * The part of the plan the floor shows: the tables' bounding box with one empty cell around it, never beyond the
 * plan, so that the tables fill the screen instead of leaving empty bands where nothing stands.
 */
export function planExtent(
  tables: readonly { x: number; y: number; shape: TableShape }[],
  size: number = FLOOR_LIMITS.planSize,
): PlanExtent {
  if (tables.length === 0) return { x: 0, y: 0, cols: size, rows: size };
  let x0 = size;
  let y0 = size;
  let x1 = 0;
  let y1 = 0;
  for (const t of tables) {
    const { w, h } = tableFootprint(t.shape);
    const x = Math.min(Math.max(0, t.x), size - w);
    const y = Math.min(Math.max(0, t.y), size - h);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  }
  const x = Math.max(0, x0 - 1);
  const y = Math.max(0, y0 - 1);
  return { x, y, cols: Math.min(size, x1 + 1) - x, rows: Math.min(size, y1 + 1) - y };
}

/** A table's grid lines inside the extent (CSS grid lines start at 1), kept whole inside the plan. */
export function gridPlace(table: { x: number; y: number; shape: TableShape }, extent: PlanExtent, size: number = FLOOR_LIMITS.planSize) {
  const { w, h } = tableFootprint(table.shape);
  const x = Math.min(Math.max(0, table.x), size - w);
  const y = Math.min(Math.max(0, table.y), size - h);
  return { column: `${x - extent.x + 1} / span ${w}`, row: `${y - extent.y + 1} / span ${h}` };
}
