import type { Asset } from './assets';
import { toAmount, toDec, type Amount } from './amount-core';

// Adding USD to BRL is always a bug upstream of here; failing loudly beats a plausible wrong total.
function assertSameAsset(a: Amount, b: Amount): void {
  if (a.asset !== b.asset) {
    throw new TypeError(`Asset mismatch: ${a.asset} and ${b.asset}`);
  }
}

export function addAmounts(a: Amount, b: Amount): Amount {
  assertSameAsset(a, b);
  return toAmount(toDec(a).plus(toDec(b)), a.asset);
}

export function subtractAmounts(a: Amount, b: Amount): Amount {
  assertSameAsset(a, b);
  return toAmount(toDec(a).minus(toDec(b)), a.asset);
}

/** -1, 0 or 1, usable as an Array#sort comparator for amounts of one asset. */
export function compareAmounts(a: Amount, b: Amount): -1 | 0 | 1 {
  assertSameAsset(a, b);
  return toDec(a).comparedTo(toDec(b)) as -1 | 0 | 1;
}

export function isZero(amount: Amount): boolean {
  return toDec(amount).isZero();
}

export function isNegative(amount: Amount): boolean {
  const d = toDec(amount);
  return d.isNegative() && !d.isZero();
}

export function negateAmount(amount: Amount): Amount {
  return toAmount(toDec(amount).negated(), amount.asset);
}

/**
 * Sum of amounts of one asset. `asset` is required when the list may be empty (the sum is then zero in it)
 * and, when given, every element must match it.
 */
export function sumAmounts(amounts: readonly Amount[], asset?: Asset): Amount {
  const target = asset ?? amounts[0]?.asset;
  if (target === undefined) throw new TypeError('sumAmounts of an empty list needs an asset');
  let total = toDec(toAmount('0', target));
  for (const amount of amounts) {
    if (amount.asset !== target) throw new TypeError(`Asset mismatch: ${target} and ${amount.asset}`);
    total = total.plus(toDec(amount));
  }
  return toAmount(total, target);
}
