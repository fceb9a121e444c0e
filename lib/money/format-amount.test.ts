import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountPlain, toAmount } from './amount';

const NBSP = '\u00a0';

describe('formatAmount', () => {
  it('formats fiat as currency with exactly two decimals in en-US, pt-BR and de-DE', () => {
    const usd = toAmount('1234.5', 'USD');
    const brl = toAmount('1234.5', 'BRL');
    const eur = toAmount('1234.5', 'EUR');
    expect(formatAmount(usd)).toBe('$1,234.50');
    expect(formatAmount(usd, 'en-US', { currencyDisplay: 'code' })).toBe(`USD${NBSP}1,234.50`);
    expect(formatAmount(usd, 'en-US', { currencyDisplay: 'name' })).toBe('1,234.50 US dollars');
    expect(formatAmount(brl, 'pt-BR')).toBe(`R$${NBSP}1.234,50`);
    expect(formatAmount(brl, 'en-US')).toBe('R$1,234.50');
    expect(formatAmount(eur, 'de-DE')).toBe(`1.234,50${NBSP}€`);
    expect(formatAmount(eur, 'de-DE', { currencyDisplay: 'code' })).toBe(`1.234,50${NBSP}EUR`);
    expect(formatAmount(toAmount('-5', 'BRL'), 'pt-BR')).toBe(`-R$${NBSP}5,00`);
    expect(formatAmount(toAmount('0', 'EUR'), 'de-DE')).toBe(`0,00${NBSP}€`);
  });

  it('formats stablecoins as decimals with all six places and the code as a suffix', () => {
    expect(formatAmount(toAmount('1234.5', 'USDT'))).toBe('1,234.500000 USDT');
    expect(formatAmount(toAmount('1234.5', 'USDT'), 'pt-BR')).toBe('1.234,500000 USDT');
    expect(formatAmount(toAmount('0.000001', 'USDC'), 'de-DE')).toBe('0,000001 USDC');
    expect(formatAmount(toAmount('-2', 'BRLT'), 'en-US')).toBe('-2.000000 BRLT');
  });

  it('keeps every digit of large values (no Number() rounding)', () => {
    expect(formatAmount(toAmount('12345678901234.567891', 'USDC'))).toBe('12,345,678,901,234.567891 USDC');
    expect(formatAmount(toAmount('999999999999999.99', 'USD'))).toBe('$999,999,999,999,999.99');
    expect(formatAmount(toAmount('123456789012345.67', 'BRL'), 'pt-BR')).toBe(`R$${NBSP}123.456.789.012.345,67`);
    // As a number this would print 9,007,199,254,740,993 → …992.
    expect(formatAmount(toAmount('9007199254740993', 'USDT'))).toBe('9,007,199,254,740,993.000000 USDT');
  });

  it('honours signDisplay', () => {
    expect(formatAmount(toAmount('5', 'USD'), 'en-US', { signDisplay: 'always' })).toBe('+$5.00');
    expect(formatAmount(toAmount('-5', 'USD'), 'en-US', { signDisplay: 'never' })).toBe('$5.00');
    expect(formatAmount(toAmount('0', 'USD'), 'en-US', { signDisplay: 'exceptZero' })).toBe('$0.00');
  });

  it('falls back to en-US for a malformed locale instead of throwing', () => {
    expect(formatAmount(toAmount('1', 'EUR'), 'not a locale!!')).toBe('€1.00');
  });

  it('canonicalises a non-canonical value before formatting', () => {
    expect(formatAmount({ value: '3.5', asset: 'USD', decimals: 2 })).toBe('$3.50');
    expect(() => formatAmount({ value: '3.555', asset: 'USD', decimals: 2 })).toThrow(/more than 2 decimal places/);
  });
});

describe('formatAmountPlain', () => {
  it('returns the canonical ungrouped string', () => {
    expect(formatAmountPlain(toAmount('1234567.5', 'USD'))).toBe('1234567.50');
    expect(formatAmountPlain({ value: '2', asset: 'EURC', decimals: 6 })).toBe('2.000000');
  });
});
