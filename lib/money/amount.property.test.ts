import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSETS, decimalsOf, type Asset } from './assets';
import { Dec } from './decimal';
import {
  addAmounts, compareAmounts, formatAmount, parseAmount, parseFormatted, subtractAmounts, sumAmounts, toAmount,
  type Amount,
} from './amount';

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (minLength: number, maxLength: number) => fc.string({ unit: digit, minLength, maxLength });

/** A valid typed amount for the asset: up to 15 integer digits (leading zeros allowed), up to `decimals` places. */
function validInput(asset: Asset, { negative = false } = {}) {
  const decimals = decimalsOf(asset);
  return fc
    .tuple(
      negative ? fc.boolean() : fc.constant(false),
      fc.integer({ min: 0, max: 2 }).chain((zeros) => digits(1, 15).map((d) => '0'.repeat(zeros) + d)),
      fc.option(digits(1, decimals), { nil: undefined }),
    )
    .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
}

function amountOf(asset: Asset) {
  return validInput(asset, { negative: true }).map((s) => toAmount(s.replace(/^(-?)0+(?=\d)/, '$1'), asset));
}

/** Independent oracle: the amount as an integer count of the smallest unit. */
function units(a: Amount): bigint {
  const [int, frac = ''] = a.value.replace('-', '').split('.');
  const n = BigInt(int + frac.padEnd(a.decimals, '0'));
  return a.value.startsWith('-') ? -n : n;
}

const LOCALES = ['en-US', 'pt-BR', 'de-DE'] as const;
const DISPLAYS = ['symbol', 'code', 'name'] as const;

describe.each(ASSETS.map((a) => [a]))('%s properties', (asset) => {
  const decimals = decimalsOf(asset);
  const canonicalShape = new RegExp(`^-?(0|[1-9]\\d{0,14})\\.\\d{${decimals}}$`);

  it('parse → canonical → parse round-trips and keeps the value', () => {
    fc.assert(
      fc.property(validInput(asset, { negative: true }), (input) => {
        const first = parseAmount(input, asset, { allowNegative: true, allowZero: true });
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(first.amount.value).toMatch(canonicalShape);
        expect(first.amount.decimals).toBe(decimals);
        expect(new Dec(first.amount.value).equals(new Dec(input))).toBe(true);
        const second = parseAmount(first.amount.value, asset, { allowNegative: true, allowZero: true });
        expect(second).toEqual(first);
      }),
    );
  });

  it('format in each locale and display, then parse back, gives the same amount', () => {
    fc.assert(
      fc.property(amountOf(asset), fc.constantFrom(...LOCALES), fc.constantFrom(...DISPLAYS), (amount, locale, display) => {
        const text = formatAmount(amount, locale, { currencyDisplay: display });
        expect(parseFormatted(text, locale, asset, { currencyDisplay: display })).toEqual(amount);
      }),
      { numRuns: 200 },
    );
  });

  it('arithmetic is exact and matches decimal.js and integer arithmetic', () => {
    fc.assert(
      fc.property(amountOf(asset), amountOf(asset), amountOf(asset), (a, b, c) => {
        const sum = addAmounts(a, b);
        const diff = subtractAmounts(a, b);
        expect(sum.value).toBe(new Dec(a.value).plus(b.value).toFixed(decimals).replace(/^-(0\.0+)$/, '$1'));
        expect(units(sum)).toBe(units(a) + units(b));
        expect(units(diff)).toBe(units(a) - units(b));
        expect(units(sumAmounts([a, b, c]))).toBe(units(a) + units(b) + units(c));
        const expected = units(a) < units(b) ? -1 : units(a) > units(b) ? 1 : 0;
        expect(compareAmounts(a, b)).toBe(expected);
        // (a + b) - b === a exactly: no drift.
        expect(subtractAmounts(sum, b)).toEqual(a);
      }),
    );
  });

  it('parse never throws on arbitrary strings and only ever returns canonical amounts', () => {
    const numberish = fc.string({ unit: fc.constantFrom(...'0123456789.,-+eE xX_\'\u00a0\u0661１∞NaIfinty'.split('')), maxLength: 30 });
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), numberish),
        fc.boolean(),
        fc.boolean(),
        (input, allowNegative, allowZero) => {
          const r = parseAmount(input, asset, { allowNegative, allowZero });
          if (r.ok) {
            expect(r.amount.value).toMatch(canonicalShape);
            if (!allowNegative) expect(r.amount.value.startsWith('-')).toBe(false);
            if (!allowZero) expect(new Dec(r.amount.value).isZero()).toBe(false);
          } else {
            expect(r.code).toMatch(/^[A-Z_]+$/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
