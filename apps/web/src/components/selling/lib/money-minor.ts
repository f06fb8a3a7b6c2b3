import { type CurrencyCode, parseDecimal } from '@posauto/shared/money/index';

/** An amount's text in the currency's minor units (cents, riel). */
export function moneyMinor(text: string, currency: CurrencyCode): number {
  return parseDecimal(text, currency === 'KHR' ? 0 : 2);
}

/** An amount the server answered, in minor units; 0 for text that is not one (shown, never sent back). */
export function safeMinor(text: string, currency: CurrencyCode): number {
  try {
    return moneyMinor(text, currency);
  } catch {
    return 0;
  }
}
