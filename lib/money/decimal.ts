import Decimal from 'decimal.js';

/**
 * The project's own decimal.js constructor. A clone keeps our configuration from leaking into (or being
 * changed by) any other module that uses the global `Decimal`.
 *
 * precision 60 covers 15 integer digits + 6 decimals many times over, so quote maths (rate × amount, divisions
 * for inverse rates) is exact before the explicit rounding to the asset's scale.
 * toExpNeg/toExpPos keep `toString()` from ever switching to exponent notation for money-sized values.
 */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
  minE: -9e15,
  maxE: 9e15,
  modulo: Decimal.ROUND_DOWN,
  crypto: false,
});

export type Dec = InstanceType<typeof Dec>;
