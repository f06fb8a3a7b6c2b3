import type { OrderLine, OrderSplit } from '@posauto/shared/schemas/restaurant';
import { formatQuantity, parseQuantity } from '@posauto/shared/money/index';

/** A line (or part of it) the waiter puts on a bill in the split dialog, before it is sent. */
export interface PlannedMove {
  lineId: string;
  /** Thousandths of the line's unit (QTY_SCALE). */
  quantity: number;
  bill: number;
}

/** The lines a split can move: active, not paid, something left after voids. */
export function splittable(lines: readonly OrderLine[]): OrderLine[] {
  return lines.filter((l) => l.status === 'active' && !l.sale_id && parseQuantity(l.quantity) > 0);
}

/** How much of a line the plan has taken off its bill so far. */
export function plannedOf(moves: readonly PlannedMove[], lineId: string): number {
  return moves.filter((m) => m.lineId === lineId).reduce((s, m) => s + m.quantity, 0);
}

/**
 * Puts `quantity` of a line on `bill` (the whole of what is left when quantity is null): one move per line and bill,
 * never more than the line holds. Answers the plan unchanged when nothing is left to move.
 */
export function planMove(
  moves: readonly PlannedMove[],
  line: Pick<OrderLine, 'id' | 'quantity' | 'bill'>,
  bill: number,
  quantity: number | null,
): PlannedMove[] {
  const total = parseQuantity(line.quantity);
  const left = total - plannedOf(moves, line.id);
  const take = Math.min(quantity ?? left, left);
  if (take <= 0 || bill === line.bill) return [...moves];
  const same = moves.find((m) => m.lineId === line.id && m.bill === bill);
  if (same) return moves.map((m) => (m === same ? { ...m, quantity: m.quantity + take } : m));
  return [...moves, { lineId: line.id, quantity: take, bill }];
}

/** What stays on each line's own bill, and what goes where: the quantities each bill column shows. */
export function billQuantities(
  lines: readonly OrderLine[],
  moves: readonly PlannedMove[],
): Map<number, Array<{ line: OrderLine; quantity: number }>> {
  const out = new Map<number, Array<{ line: OrderLine; quantity: number }>>();
  const put = (bill: number, line: OrderLine, quantity: number) => {
    if (quantity <= 0) return;
    const list = out.get(bill) ?? [];
    list.push({ line, quantity });
    out.set(bill, list);
  };
  for (const line of lines) {
    put(line.bill, line, parseQuantity(line.quantity) - plannedOf(moves, line.id));
    for (const m of moves) if (m.lineId === line.id) put(m.bill, line, m.quantity);
  }
  return out;
}

/** The request of a planned split. */
export function splitBody(moves: readonly PlannedMove[]): OrderSplit | null {
  if (moves.length === 0) return null;
  return { by: 'lines', moves: moves.map((m) => ({ line_id: m.lineId, quantity: formatQuantity(m.quantity), bill: m.bill })) };
}

/** Equal parts of an amount in minor units: as equal as can be, the first shares taking the odd cents. */
export function equalShares(totalMinor: number, parts: number): number[] {
  const n = Math.max(1, Math.floor(parts));
  const base = Math.floor(totalMinor / n);
  const rest = totalMinor - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}
