import { describe, expect, it } from 'vitest';
import { formatBps, formatFraction, isZeroDecimal } from './display';

describe('formatBps', () => {
  it('writes basis points in the locale, never through a float', () => {
    expect(formatBps('50.00', 'en')).toBe('50.00');
    expect(formatBps('50.00', 'pt-BR')).toBe('50,00');
    expect(formatBps('12345.25', 'pt-BR')).toBe('12.345,25');
    expect(formatBps('12.5', 'en')).toBe('12.50');
  });

  it('signs a drift, except zero', () => {
    expect(formatBps('4.10', 'en', true)).toBe('+4.10');
    expect(formatBps('-2.00', 'pt-BR', true)).toBe('-2,00');
    expect(formatBps('-1234.56', 'pt-BR', true)).toBe('-1.234,56');
    expect(formatBps('0.00', 'en', true)).toBe('0.00');
  });

  it('returns what is not a plain decimal as it is', () => {
    expect(formatBps('1e3', 'en')).toBe('1e3');
  });
});

describe('formatFraction', () => {
  it('shows a fee fraction as a percentage', () => {
    expect(formatFraction('0.0050', 'en')).toBe('0.50%');
    expect(formatFraction('0.0050', 'pt-BR')).toMatch(/^0,50\s?%$/);
  });
});

describe('isZeroDecimal', () => {
  it('knows a zero drift', () => {
    expect(isZeroDecimal('0.0')).toBe(true);
    expect(isZeroDecimal('-0.0')).toBe(true);
    expect(isZeroDecimal('0.1')).toBe(false);
  });
});
