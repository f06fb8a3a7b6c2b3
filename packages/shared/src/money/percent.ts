import { formatDecimal, parseDecimal } from './decimal';
import { toBigIntOperand, toSafeInteger } from './integer';
import { type RoundingMode, roundDivBig } from './rounding';

/** Rates are hundredths of a percent: 12.5% -> 1250, 100% -> 10000. */
export const PERCENT_SCALE = 100;
export const PERCENT_DIGITS = 2;
/** The rate that means 100%. */
export const FULL_PERCENT = 100 * PERCENT_SCALE;

/** Message the app shows for an out-of-range percentage (kept verbatim for UI parity). */
export const PERCENT_RANGE_MESSAGE = 'Between 0 to 100';

/** True for integer rates from 0% to 100% inclusive. */
export function isValidPercent(rate: unknown): rate is number {
  return Number.isSafeInteger(rate) && (rate as number) >= 0 && (rate as number) <= FULL_PERCENT;
}

/** amount x rate, e.g. percentOf(1000, 1250) === 125 (12.5% of 10.00). */
export function percentOf(amount: number, rateHundredths: number, mode: RoundingMode = 'half-up'): number {
  const product = toBigIntOperand(amount, 'amount') * toBigIntOperand(rateHundredths, 'rate');
  return toSafeInteger(roundDivBig(product, BigInt(FULL_PERCENT), mode), 'percentage');
}

/** "12.5" -> 1250. Range is not checked here; use isValidPercent where 0..100 applies. */
export function parsePercent(text: string, mode?: RoundingMode): number {
  return parseDecimal(text, PERCENT_DIGITS, mode);
}

export function formatPercent(rateHundredths: number): string {
  return formatDecimal(rateHundredths, PERCENT_DIGITS);
}
