import { decimalsOf, isAsset, type Asset, type AssetDecimals } from './assets';

/**
 * An amount's canonical form from its decimal string, with string rules alone: no decimal.js, so the browser code that
 * only shows or reads amounts (AmountText, the money field, parseAmount) does not load it. The same result as
 * `toAmount(value, asset)` (lib/money/amount-core.ts) for every string, errors included (canonical.test.ts checks it
 * against decimal.js); arithmetic stays in amount-core / arithmetic.
 */
export interface CanonicalAmount {
  value: string;
  asset: Asset;
  decimals: AssetDecimals;
}

// decimal.js alone would also accept "1e3", "0x10" or "Infinity", which must never silently become money.
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Largest number of integer digits a typed amount may have: far above any real balance, well inside decimal.js precision. */
export const MAX_INTEGER_DIGITS = 15;

export function canonicalAmount(value: string, asset: Asset): CanonicalAmount {
  if (!isAsset(asset)) throw new TypeError(`Unknown asset: ${String(asset)}`);
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) {
    throw new TypeError(`Not a plain decimal string: ${JSON.stringify(String(value).slice(0, 40))}`);
  }
  const decimals = decimalsOf(asset);
  const negative = value.startsWith('-');
  const [intDigits, fracDigits = ''] = (negative ? value.slice(1) : value).split('.');
  const integer = intDigits!.replace(/^0+(?=\d)/, '');
  // Trailing zeros are not decimal places ("1.500" is 1.5), as decimal.js counts them.
  const fraction = fracDigits.replace(/0+$/, '');
  const zero = integer === '0' && fraction === '';
  if (fraction.length > decimals) {
    const shown = `${negative && !zero ? '-' : ''}${integer}.${fraction}`;
    throw new RangeError(`${shown} has more than ${decimals} decimal places allowed for ${asset}`);
  }
  // A zero amount has one spelling ("0.00", never "-0.00").
  return { value: `${negative && !zero ? '-' : ''}${integer}.${fraction.padEnd(decimals, '0')}`, asset, decimals };
}

/**
 * -1, 0 or 1: how two amounts of one asset compare, by their canonical strings (same scale, so sign, then length,
 * then digits decide) — the comparison a form makes against a balance, without decimal.js.
 */
export function compareCanonical(a: CanonicalAmount, b: CanonicalAmount): -1 | 0 | 1 {
  if (a.asset !== b.asset) throw new TypeError(`Asset mismatch: ${a.asset} and ${b.asset}`);
  const aNeg = a.value.startsWith('-');
  const bNeg = b.value.startsWith('-');
  if (aNeg !== bNeg) return aNeg ? -1 : 1;
  const x = aNeg ? a.value.slice(1) : a.value;
  const y = bNeg ? b.value.slice(1) : b.value;
  const magnitude = x.length !== y.length ? (x.length < y.length ? -1 : 1) : x < y ? -1 : x > y ? 1 : 0;
  if (magnitude === 0) return 0; // not -0: equal negatives compare as 0, as decimal.js says
  return (aNeg ? -magnitude : magnitude) as -1 | 0 | 1;
}
