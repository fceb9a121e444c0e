import type Decimal from 'decimal.js';
import { decimalsOf, isAsset, type Asset, type AssetDecimals } from './assets';
import { Dec } from './decimal';

/**
 * A money amount as the service's contract carries it: a decimal string in the asset's canonical scale
 * (always exactly `decimals` fraction digits, e.g. "10.50", "1.000000"), never a JS number.
 */
export interface Amount {
  value: string;
  asset: Asset;
  decimals: AssetDecimals;
}

export type RoundingMode = 'HALF_EVEN' | 'DOWN' | 'UP' | 'HALF_UP';

const ROUNDING: Readonly<Record<RoundingMode, Decimal.Rounding>> = {
  HALF_EVEN: Dec.ROUND_HALF_EVEN,
  DOWN: Dec.ROUND_DOWN,
  UP: Dec.ROUND_UP,
  HALF_UP: Dec.ROUND_HALF_UP,
};

// Strings handed to toAmount come from our own code or the service; decimal.js alone would also accept
// "1e3", "0x10" or "Infinity", which must never silently become money.
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

function toDecStrict(value: Dec | string): Dec {
  if (typeof value === 'string') {
    if (!PLAIN_DECIMAL.test(value)) {
      throw new TypeError(`Not a plain decimal string: ${JSON.stringify(value.slice(0, 40))}`);
    }
    return new Dec(value);
  }
  if (!Dec.isDecimal(value) || !value.isFinite()) {
    throw new TypeError('Not a finite decimal');
  }
  return new Dec(value);
}

function canonical(d: Dec, decimals: AssetDecimals): string {
  // toFixed keeps the sign of negative zero ("-0.00"); a zero amount has one spelling.
  return d.isZero() ? new Dec(0).toFixed(decimals) : d.toFixed(decimals);
}

/** Builds the canonical Amount. Throws when the value has more decimals than the asset allows: no silent rounding. */
export function toAmount(value: Dec | string, asset: Asset): Amount {
  if (!isAsset(asset)) throw new TypeError(`Unknown asset: ${String(asset)}`);
  const decimals = decimalsOf(asset);
  const d = toDecStrict(value);
  if (d.decimalPlaces() > decimals) {
    throw new RangeError(`${d.toString()} has more than ${decimals} decimal places allowed for ${asset}`);
  }
  return { value: canonical(d, decimals), asset, decimals };
}

/** Explicitly rounds to the asset's scale (quotes, fees, conversions). */
export function roundToAsset(value: Dec | string, asset: Asset, mode: RoundingMode): Amount {
  if (!isAsset(asset)) throw new TypeError(`Unknown asset: ${String(asset)}`);
  const decimals = decimalsOf(asset);
  const rounded = toDecStrict(value).toDecimalPlaces(decimals, ROUNDING[mode]);
  return { value: canonical(rounded, decimals), asset, decimals };
}

/** The amount as a decimal.js value, for arithmetic. */
export function toDec(amount: Amount): Dec {
  return toDecStrict(amount.value);
}

export function zeroAmount(asset: Asset): Amount {
  return toAmount('0', asset);
}

/** Runtime guard for values crossing a boundary (JSON, form state). */
export function isAmount(value: unknown): value is Amount {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (!isAsset(v.asset) || v.decimals !== decimalsOf(v.asset) || typeof v.value !== 'string') return false;
  if (!PLAIN_DECIMAL.test(v.value)) return false;
  const fraction = v.value.split('.')[1] ?? '';
  return fraction.length === v.decimals;
}
