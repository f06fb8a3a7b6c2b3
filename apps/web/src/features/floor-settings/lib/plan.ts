import { FLOOR_LIMITS, tableFootprint, type TableShape } from '@posauto/shared/schemas/restaurant';

/** A floor plan is PLAN x PLAN cells; a table's x and y are its top-left cell. */
export const PLAN = FLOOR_LIMITS.planSize;

export interface Cell {
  x: number;
  y: number;
}

/**
 * How many cells a table covers on the plan (the contract's tableFootprint): a rectangle is wider than it is deep. The
 * waiter's floor draws the same footprint, so the room looks the same on both screens.
 */
export const footprint = tableFootprint;

const clamp = (n: number, max: number) => Math.min(Math.max(0, Math.round(n)), Math.max(0, max));

/** A cell clamped so that a table of this shape stays whole on the plan. */
export function clampCell(cell: Cell, shape: TableShape, size = PLAN): Cell {
  const { w, h } = footprint(shape);
  return { x: clamp(cell.x, size - w), y: clamp(cell.y, size - h) };
}

/** What an arrow key does to a table's cell (the plan is drawn left to right in every language). */
export const ARROW_STEPS: Record<string, Cell | undefined> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** One keyboard step (Shift: five cells), never off the plan. */
export function moveByKey(cell: Cell, key: string, shape: TableShape, big = false, size = PLAN): Cell | null {
  const step = ARROW_STEPS[key];
  if (!step) return null;
  const n = big ? 5 : 1;
  return clampCell({ x: cell.x + step.x * n, y: cell.y + step.y * n }, shape, size);
}

/**
 * Where a dragged table lands: the pointer's offset in the plan, less where the table was grabbed, in cells of the
 * plan as rendered (its width / PLAN; snapped to the nearest), never off the plan.
 */
export function cellAtPointer(
  pointer: { x: number; y: number },
  grab: { x: number; y: number },
  cellPx: number,
  shape: TableShape,
  size = PLAN,
): Cell {
  return clampCell({ x: (pointer.x - grab.x) / cellPx, y: (pointer.y - grab.y) / cellPx }, shape, size);
}

/** The first place (row by row) where a new table of this shape covers no other table; the top-left corner if none. */
export function freeCell(tables: readonly { x: number; y: number; shape: TableShape }[], shape: TableShape, size = PLAN): Cell {
  const { w, h } = footprint(shape);
  const overlaps = (x: number, y: number) =>
    tables.some((t) => {
      const f = footprint(t.shape);
      return x < t.x + f.w && t.x < x + w && y < t.y + f.h && t.y < y + h;
    });
  for (let y = 0; y + h <= size; y += h + 1) for (let x = 0; x + w <= size; x += w + 1) if (!overlaps(x, y)) return { x, y };
  return { x: 0, y: 0 };
}
