import {
  LIMIT_MESSAGES,
  NUMBER_LIMITS,
  QTY_SCALE,
  addIfSafe,
  isCurrencyCode,
  minorWithin,
  roundDivIfSafe,
} from '@posauto/shared/money/index';
import { unprocessable } from '../../http/errors';

/**
 * The ledger's arithmetic of value: what stock coming in or going out costs, and the average it leaves, exact in
 * integers, refusing on the document's line what would leave a safe integer.
 */

/** Average costs are millionths of a minor unit per base unit, so fractions of a cent per can survive. */
export const AVG_COST_SCALE = 1_000_000;

/** What a cost is worked out from: the movement's base quantity, the document's own cost if any, and its line. */
export interface CostedMove {
  base: number;
  cost: number | undefined;
  lineIndex: number;
}

/**
 * The value per base unit in millionths. A value out of all proportion to what is on hand (stock back from below zero
 * by a hair, shipping on a line that cost nothing) has no meaningful average: it is kept at the largest safe figure
 * rather than refusing the document.
 */
export function averageOf(value: number, onHand: number): number {
  const avg = roundDivIfSafe(BigInt(value) * BigInt(QTY_SCALE) * BigInt(AVG_COST_SCALE), BigInt(onHand));
  return avg ?? (value < 0 ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER);
}

/**
 * What arriving stock cost: the document's cost (a purchase, a transfer, a return at the sale's cost); stock found
 * by an adjustment comes in at the branch's average cost, or at the product's purchase cost before it has one.
 */
export function incomingCost(level: { avg_cost: number }, m: CostedMove, info: { currency: string; purchase_cost: number }): number {
  if (m.cost !== undefined) return m.cost;
  if (level.avg_cost > 0) return half(BigInt(level.avg_cost) * BigInt(m.base), BigInt(QTY_SCALE) * BigInt(AVG_COST_SCALE), m);
  // A cost stored before NUMBER_LIMITS counts no stock in: the branch's average of it would not be exact.
  if (isCurrencyCode(info.currency) && !minorWithin(info.purchase_cost, info.currency, NUMBER_LIMITS.price))
    throw unprocessable(LIMIT_MESSAGES.price, `lines.${m.lineIndex}.product_id`);
  return half(BigInt(info.purchase_cost) * BigInt(m.base), BigInt(QTY_SCALE), m);
}

/**
 * What leaving stock cost: the document's own cost if it has one; otherwise the share of the stock value that the
 * quantity is of what is on hand (exact: taking everything takes the whole value), and beyond what is on hand (a
 * shop that sells out of stock) the last average cost.
 */
export function outgoingCost(level: { on_hand: number; stock_value: number; avg_cost: number }, m: CostedMove): number {
  if (m.cost !== undefined) return m.cost;
  const onHand = Math.max(level.on_hand, 0);
  if (m.base <= onHand) return half(BigInt(level.stock_value) * BigInt(m.base), BigInt(onHand), m);
  const beyond = m.base - onHand;
  const rest = half(BigInt(level.avg_cost) * BigInt(beyond), BigInt(QTY_SCALE) * BigInt(AVG_COST_SCALE), m);
  return addIfSafe(onHand > 0 ? level.stock_value : 0, rest) ?? tooLarge(m);
}

/**
 * Exact division rounded half-up (products here outgrow a double's exact range before they are divided). A result past
 * a safe integer refuses the document on its line (422), never a RangeError: the schemas' limits bound one document,
 * not what a branch has gathered from many, nor a unit or a product stored before the limits.
 */
export const half = (n: bigint, d: bigint, m: { lineIndex: number }) => roundDivIfSafe(n, d) ?? tooLarge(m);
export const tooLarge = (m: { lineIndex: number }): never => {
  throw unprocessable('validation.stock_too_large', `lines.${m.lineIndex}.quantity`);
};
