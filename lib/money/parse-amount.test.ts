import { describe, expect, it } from 'vitest';
import { parseAmount, type AmountErrorCode } from './amount';

function refusal(input: string, asset: Parameters<typeof parseAmount>[1] = 'USD', opts?: Parameters<typeof parseAmount>[2]) {
  const r = parseAmount(input, asset, opts);
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${r.amount.value}`);
  return r;
}

describe('parseAmount accepts plain decimals', () => {
  it.each([
    ['10', 'USD', '10.00'],
    ['10.5', 'USD', '10.50'],
    ['10.55', 'BRL', '10.55'],
    ['  7.5\t', 'EUR', '7.50'],
    ['007.10', 'GBP', '7.10'],
    ['1', 'USDT', '1.000000'],
    ['1.000', 'USDC', '1.000000'],
    ['0.000001', 'EURC', '0.000001'],
    ['999999999999999.99', 'USD', '999999999999999.99'],
    ['999999999999999.999999', 'BRLT', '999999999999999.999999'],
  ] as const)('%j in %s → %s', (input, asset, expected) => {
    const r = parseAmount(input, asset);
    expect(r).toEqual({ ok: true, amount: { value: expected, asset, decimals: asset.length === 4 ? 6 : 2 } });
  });

  it('accepts negatives and zero only when asked', () => {
    expect(parseAmount('-3.5', 'USD', { allowNegative: true })).toMatchObject({ ok: true, amount: { value: '-3.50' } });
    expect(parseAmount('0', 'USD', { allowZero: true })).toMatchObject({ ok: true, amount: { value: '0.00' } });
    expect(parseAmount('0.000000', 'USDC', { allowZero: true })).toMatchObject({ ok: true, amount: { value: '0.000000' } });
    // "-0" is zero, spelled without a sign.
    expect(parseAmount('-0.00', 'USD', { allowZero: true, allowNegative: true })).toMatchObject({ ok: true, amount: { value: '0.00' } });
  });
});

describe('parseAmount refuses with a distinct code and message', () => {
  const cases: [string, AmountErrorCode][] = [
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['\t\n', 'EMPTY'],
    ['1.234', 'TOO_MANY_DECIMALS'],
    ['1e3', 'EXPONENT'],
    ['1E-2', 'EXPONENT'],
    ['2.5e+2', 'EXPONENT'],
    ['+1', 'PLUS_SIGN'],
    ['+0.50', 'PLUS_SIGN'],
    ['-1', 'NEGATIVE_NOT_ALLOWED'],
    ['1,000', 'THOUSANDS_SEPARATOR'],
    ['1,000.50', 'THOUSANDS_SEPARATOR'],
    ['1.000.000', 'THOUSANDS_SEPARATOR'],
    ['1.000,50', 'THOUSANDS_SEPARATOR'],
    ['1 000', 'THOUSANDS_SEPARATOR'],
    ['1\u00a0000', 'THOUSANDS_SEPARATOR'],
    ['1\u202f000', 'THOUSANDS_SEPARATOR'],
    ['1_000', 'THOUSANDS_SEPARATOR'],
    ["1'000", 'THOUSANDS_SEPARATOR'],
    ['10,50', 'DECIMAL_COMMA'],
    ['\u0661\u0662\u0663', 'NON_ASCII_DIGITS'], // Arabic-Indic
    ['\u06f1\u06f2', 'NON_ASCII_DIGITS'], // Extended Arabic-Indic (Persian)
    ['\uff11\uff12\uff13', 'NON_ASCII_DIGITS'], // full-width
    ['\u0967\u0968', 'NON_ASCII_DIGITS'], // Devanagari
    ['1\uff10', 'NON_ASCII_DIGITS'],
    ['NaN', 'NOT_A_NUMBER'],
    ['nan', 'NOT_A_NUMBER'],
    ['Infinity', 'NOT_A_NUMBER'],
    ['-Infinity', 'NOT_A_NUMBER'],
    ['∞', 'NOT_A_NUMBER'],
    ['.5', 'LEADING_DOT'],
    ['5.', 'TRAILING_DOT'],
    ['0x1F', 'HEX'],
    ['0xff', 'HEX'],
    ['1 2', 'INTERNAL_SPACE'],
    ['12 .5', 'INTERNAL_SPACE'],
    ['1234567890123456', 'TOO_LARGE'],
    ['1'.repeat(80), 'TOO_LARGE'],
    ['0', 'ZERO_NOT_ALLOWED'],
    ['0.00', 'ZERO_NOT_ALLOWED'],
    ['abc', 'INVALID_FORMAT'],
    ['$10', 'INVALID_FORMAT'],
    ['10 USD', 'INVALID_FORMAT'],
    ['0b101', 'INVALID_FORMAT'],
    ['.', 'INVALID_FORMAT'],
  ];
  it.each(cases)('%j → %s', (input, code) => {
    const r = refusal(input);
    expect(r.code).toBe(code);
    expect(r).not.toHaveProperty('message'); // worded by the catalogue (lib/money/amount-problem.ts), not here
  });

  it('refuses more decimals than the asset allows, by its own scale', () => {
    expect(refusal('1.234', 'BRL').code).toBe('TOO_MANY_DECIMALS');
    expect(refusal('1.1234567', 'USDT').code).toBe('TOO_MANY_DECIMALS');
    expect(parseAmount('1.123456', 'USDT')).toMatchObject({ ok: true });
  });

  it('refuses double signs even when negatives are allowed', () => {
    expect(refusal('--1', 'USD', { allowNegative: true }).code).toBe('INVALID_FORMAT');
    expect(refusal('-+1', 'USD', { allowNegative: true }).code).toBe('INVALID_FORMAT');
    expect(refusal('+1', 'USD', { allowNegative: true }).code).toBe('PLUS_SIGN');
    expect(refusal('-.5', 'USD', { allowNegative: true }).code).toBe('LEADING_DOT');
  });

  it('gives distinct codes for the distinct refusals', () => {
    // Different refusals must not collapse into one generic code.
    const codes = new Set(cases.map(([input]) => refusal(input).code));
    expect(codes.size).toBeGreaterThanOrEqual(12);
  });

  it('refuses an unknown asset instead of throwing', () => {
    expect(parseAmount('1', 'XYZ' as never)).toMatchObject({ ok: false, code: 'UNKNOWN_ASSET' });
  });
});
