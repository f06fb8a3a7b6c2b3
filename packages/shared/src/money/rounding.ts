import { toBigIntOperand, toSafeInteger } from './integer';

/**
 * - half-up: nearest, ties away from zero (the usual commercial rule)
 * - half-even: nearest, ties to the even neighbour (banker's rounding)
 * - down / up: toward / away from zero
 * - floor / ceil: toward negative / positive infinity
 */
export type RoundingMode = 'half-up' | 'half-even' | 'down' | 'up' | 'floor' | 'ceil';

export const ROUNDING_MODES: readonly RoundingMode[] = ['half-up', 'half-even', 'down', 'up', 'floor', 'ceil'];

/** Exact bigint division rounded by `mode`; the building block for every other rounding. */
export function roundDivBig(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  // Normalising the denominator to positive keeps the sign logic in one place.
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = n / d; // bigint division truncates toward zero
  const r = n - q * d;
  if (r === 0n) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  const twiceRem = r < 0n ? -2n * r : 2n * r;
  switch (mode) {
    case 'down':
      return q;
    case 'up':
      return away;
    case 'floor':
      return n < 0n ? q - 1n : q;
    case 'ceil':
      return n > 0n ? q + 1n : q;
    case 'half-up':
      return twiceRem >= d ? away : q;
    case 'half-even':
      if (twiceRem > d) return away;
      if (twiceRem < d) return q;
      return q % 2n === 0n ? q : away;
    default: {
      const unknown: never = mode;
      throw new RangeError(`unknown rounding mode: ${String(unknown)}`);
    }
  }
}

const FAST_MAX = 2 ** 52;

/** numerator / denominator rounded to an integer, computed exactly. */
export function roundDiv(numerator: bigint | number, denominator: bigint | number, mode: RoundingMode): number {
  // The common case (a non-negative amount over a positive divisor, both at most 2^52) in doubles, exactly: the
  // floored quotient is off by at most one, q * d <= n + d <= 2^53 is exact, and so is the remainder. Lists format
  // an average cost on every row; BigInt made that the page's slowest formatting.
  if (
    typeof numerator === 'number' &&
    typeof denominator === 'number' &&
    Number.isInteger(numerator) &&
    Number.isInteger(denominator) &&
    numerator >= 0 &&
    numerator <= FAST_MAX &&
    denominator > 0 &&
    denominator <= FAST_MAX
  ) {
    let q = Math.floor(numerator / denominator);
    let r = numerator - q * denominator;
    if (r < 0) {
      q -= 1;
      r += denominator;
    } else if (r >= denominator) {
      q += 1;
      r -= denominator;
    }
    if (r === 0) return q;
    switch (mode) {
      case 'down':
      case 'floor':
        return q;
      case 'up':
      case 'ceil':
        return q + 1;
      case 'half-up':
        return 2 * r >= denominator ? q + 1 : q;
      case 'half-even':
        return 2 * r > denominator ? q + 1 : 2 * r < denominator || q % 2 === 0 ? q : q + 1;
      default:
        break; // an unknown mode: the exact path below refuses it
    }
  }
  const n = toBigIntOperand(numerator, 'numerator');
  const d = toBigIntOperand(denominator, 'denominator');
  return toSafeInteger(roundDivBig(n, d, mode), 'roundDiv result');
}

/** Rounds `value` to a multiple of `step` (e.g. cash rounding to 100 riel). */
export function roundToMultiple(value: number, step: number, mode: RoundingMode): number {
  if (!Number.isSafeInteger(step) || step <= 0) {
    throw new RangeError(`step must be a positive safe integer, got ${String(step)}`);
  }
  const big = toBigIntOperand(value, 'value');
  const s = BigInt(step);
  return toSafeInteger(roundDivBig(big, s, mode) * s, 'rounded value');
}
