import { describe, expect, it } from 'vitest';
import { formatBps, formatFraction, isZeroDecimal } from './display';

describe('formatBps', () => {
  it('writes basis points in the locale, never through a float', () => {
    expect(formatBps('50.0', 'en')).toBe('50.0');
    expect(formatBps('50.0', 'pt-BR')).toBe('50,0');
    expect(formatBps('12345.25', 'pt-BR')).toBe('12.345,25');
  });

  it('signs a drift, except zero', () => {
    expect(formatBps('4.1', 'en', true)).toBe('+4.1');
    expect(formatBps('-2.0', 'pt-BR', true)).toBe('-2,0');
    expect(formatBps('0.0', 'en', true)).toBe('0.0');
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

describe('formatDriftBps', () => {
  it('words a drift as the payout drift module does', async () => {
    const { formatBps: payoutBps } = await import('@/lib/domain/payouts/drift');
    const { formatDriftBps } = await import('./display');
    for (const locale of ['en', 'pt-BR', 'xx-invalid-', 'de-DE']) {
      for (const value of ['0', '0.00', '-0.0', '12.5', '-3', '1234.567', '0.005', '-0.015', 'abc', '1e3', '']) {
        expect(formatDriftBps(value, locale), `${value} ${locale}`).toBe(payoutBps(value, locale));
      }
    }
  });
});
