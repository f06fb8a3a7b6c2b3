/** Thrown when text cannot be read as a plain decimal number. */
export class DecimalFormatError extends Error {
  readonly input: string;

  constructor(message: string, input: string) {
    super(message);
    this.name = 'DecimalFormatError';
    this.input = input;
  }
}

export type MoneyRuleCode =
  | 'currency_mismatch'
  | 'currency_unknown'
  | 'discount_percent_range'
  | 'discount_negative'
  | 'discount_not_integer'
  | 'service_percent_range'
  | 'service_negative'
  | 'service_not_integer'
  | 'vat_rate_range'
  | 'exchange_rate_invalid'
  | 'tender_negative';

/**
 * Thrown when a business rule about money is broken. The `code` is stable so
 * the UI and API can map it to a translated message without parsing text.
 */
export class MoneyRuleError extends Error {
  readonly code: MoneyRuleCode;

  constructor(code: MoneyRuleCode, message: string) {
    super(message);
    this.name = 'MoneyRuleError';
    this.code = code;
  }
}
