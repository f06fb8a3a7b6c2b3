import { MoneyRuleError } from './errors';
import { assertSafeInteger } from './integer';
import { isValidPercent, percentOf } from './percent';
import type { RoundingMode } from './rounding';

export interface Service {
  readonly type: 'percentage' | 'fixed';
  /** percentage: hundredths of a percent (0..10000); fixed: minor units (>= 0). */
  readonly value: number;
}

export function validateService(service: Service): void {
  if (!Number.isSafeInteger(service.value)) {
    throw new MoneyRuleError('service_not_integer', 'service charge value must be an integer');
  }
  if (service.type === 'percentage') {
    if (!isValidPercent(service.value)) {
      throw new MoneyRuleError('service_percent_range', 'service charge percentage must be 0..100');
    }
  } else if (service.value < 0) {
    throw new MoneyRuleError('service_negative', 'fixed service charge cannot be negative');
  }
}

/**
 * Service charge on `base` (the already-discounted subtotal). A fixed charge is
 * a flat fee and is therefore not scaled by the base.
 */
export function serviceCharge(base: number, service: Service | undefined, mode: RoundingMode = 'half-up'): number {
  assertSafeInteger(base, 'base');
  if (service === undefined) return 0;
  validateService(service);
  return service.type === 'percentage' ? percentOf(base, service.value, mode) : service.value;
}
