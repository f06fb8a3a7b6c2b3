export { allocate } from './allocate';
export { type ChangeInput, type ChangeResult, computeChange, tenderValues } from './change';
export {
  CURRENCIES,
  type CurrencyCode,
  type CurrencyInfo,
  type Money,
  addMoney,
  assertCurrency,
  isCurrencyCode,
  minorDigits,
  money,
  subtractMoney,
  sumMoney,
} from './currency';
export { formatDecimal, formatMoneyPlain, parseDecimal, parseMoney } from './decimal';
export { type Discount, type DiscountResult, applyDiscount, validateDiscount } from './discount';
export {
  type DocumentInput,
  type DocumentLineInput,
  type DocumentLineTotals,
  type DocumentTotals,
  computeDocumentTotals,
} from './document-totals';
export { DecimalFormatError, MoneyRuleError, type MoneyRuleCode } from './errors';
export {
  type ExchangeRate,
  RATE_DIGITS,
  RATE_SCALE,
  RIEL_CASH_UNIT,
  cashRoundRiel,
  convert,
  exchangeRate,
  formatRate,
  parseRate,
  rielTotal,
} from './exchange';
export { assertSafeInteger, safeAdd, safeSubtract, safeSum, toSafeInteger } from './integer';
export {
  LIMIT_MESSAGES,
  NUMBER_LIMITS,
  addIfSafe,
  decimalTextWithin,
  documentLimitProblem,
  isLimitMessage,
  linesOverLimit,
  minorWithin,
  roundDivIfSafe,
} from './limits';
export {
  FULL_PERCENT,
  PERCENT_DIGITS,
  PERCENT_RANGE_MESSAGE,
  PERCENT_SCALE,
  formatPercent,
  isValidPercent,
  parsePercent,
  percentOf,
} from './percent';
export {
  FACTOR_DIGITS,
  FACTOR_SCALE,
  QTY_DIGITS,
  QTY_SCALE,
  convertQuantity,
  convertQuantityFromBase,
  formatQuantity,
  lineAmount,
  parseFactor,
  parseQuantity,
} from './quantity';
export { ROUNDING_MODES, type RoundingMode, roundDiv, roundToMultiple } from './rounding';
export { paymentWorth } from './settle';
export { type Service, serviceCharge, validateService } from './service';
export { type VatBreakdown, vatExclusive, vatInclusive } from './vat';
export { type SalePricing, type SalePricingInput, priceSale } from './sale-pricing';
