import { MoneyRuleError } from './errors';
import { safeAdd, safeSubtract, toBigIntOperand, toSafeInteger } from './integer';
import { FULL_PERCENT, isValidPercent, percentOf } from './percent';
import { type RoundingMode, roundDivBig } from './rounding';

export interface VatBreakdown {
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
}

function assertVatRate(rate: number): void {
  if (!isValidPercent(rate)) {
    throw new MoneyRuleError('vat_rate_range', 'VAT rate must be an integer 0..10000 (0..100%)');
  }
}

/** Prices exclude tax: tax is added on top. 10% of 2.75 -> tax 0.28, gross 3.03. */
export function vatExclusive(net: number, rateHundredths: number, mode: RoundingMode = 'half-up'): VatBreakdown {
  assertVatRate(rateHundredths);
  const tax = percentOf(net, rateHundredths, mode);
  return { net, tax, gross: safeAdd(net, tax) };
}

/**
 * Prices include tax: the net is rounded and tax is whatever is left, so that
 * net + tax === gross exactly (rounding the tax separately could lose a cent).
 */
export function vatInclusive(gross: number, rateHundredths: number, mode: RoundingMode = 'half-up'): VatBreakdown {
  assertVatRate(rateHundredths);
  const full = BigInt(FULL_PERCENT);
  const netBig = roundDivBig(toBigIntOperand(gross, 'gross') * full, full + BigInt(rateHundredths), mode);
  const net = toSafeInteger(netBig, 'net');
  return { net, tax: safeSubtract(gross, net), gross };
}
