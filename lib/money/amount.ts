/** Public entry point for money amounts: parse strictly, compute with decimal.js, format with Intl. */
export { toAmount, roundToAsset, toDec, zeroAmount, isAmount, type Amount, type RoundingMode } from './amount-core';
export { addAmounts, subtractAmounts, compareAmounts, isZero, isNegative, negateAmount, sumAmounts } from './arithmetic';
export {
  parseAmount,
  MAX_INTEGER_DIGITS,
  type AmountErrorCode,
  type ParseAmountOptions,
  type ParseAmountResult,
} from './parse-amount';
export {
  formatAmount,
  formatAmountPlain,
  numberFormatOptions,
  DEFAULT_LOCALE,
  type CurrencyDisplay,
  type SignDisplay,
  type FormatAmountOptions,
} from './format-amount';
export { parseFormatted } from './parse-formatted';
