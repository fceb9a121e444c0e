import { describe, expect, it } from 'vitest';
import { checkOwnership, formatOwnershipPercent, ownershipSummary, ownershipTotal, parsePercentage } from './ownership';

describe('parsePercentage', () => {
  it('reads dot and comma decimals, at most two of them', () => {
    expect(parsePercentage('25')).toBe('25');
    expect(parsePercentage(' 33,33 ')).toBe('33.33');
    expect(parsePercentage('50.5')).toBe('50.5');
    expect(parsePercentage('50.50')).toBe('50.5');
    expect(parsePercentage('33.333')).toBeNull();
    expect(parsePercentage('-30')).toBeNull();
    expect(parsePercentage('1e2')).toBeNull();
    expect(parsePercentage('')).toBeNull();
  });
});

describe('ownership totals in decimals', () => {
  it('adds 25 + 43.27 + 31.73 to exactly 100 (floating point gives 100.00000000000001)', () => {
    expect(25 + 43.27 + 31.73).toBeGreaterThan(100);
    expect(ownershipTotal([25, 43.27, 31.73])).toBe('100');
    expect(checkOwnership('31.73', [25, 43.27])).toEqual({ ok: true, value: '31.73' });
    expect(ownershipTotal([33.4, 33.3, 33.3])).toBe('100');
  });
  it('treats owners without a percentage as 0', () => {
    expect(ownershipTotal([null, undefined, 40])).toBe('40');
  });
  it('gives the running total and what remains', () => {
    expect(ownershipSummary([40], '35,5')).toEqual({ existing: '40', withNew: '75.5', remaining: '60', overLimit: false });
    expect(ownershipSummary([80], '30')).toMatchObject({ withNew: '110', remaining: '20', overLimit: true });
    expect(ownershipSummary([60, 50], '')).toMatchObject({ existing: '110', remaining: '0', overLimit: true });
  });
});

describe('checkOwnership', () => {
  it('requires at least 25 %', () => {
    expect(checkOwnership('24.99', [])).toEqual({ ok: false, problem: 'BELOW_MINIMUM', remaining: '100' });
    expect(checkOwnership('25', [])).toEqual({ ok: true, value: '25' });
  });
  it('refuses a total above 100 %', () => {
    expect(checkOwnership('50.01', [49.99, 0.01])).toEqual({ ok: false, problem: 'TOTAL_EXCEEDS_100', remaining: '50' });
    expect(checkOwnership('50', [50])).toEqual({ ok: true, value: '50' });
  });
  it('says what is wrong with empty or malformed input', () => {
    expect(checkOwnership('  ', [])).toMatchObject({ ok: false, problem: 'REQUIRED' });
    expect(checkOwnership('abc', [])).toMatchObject({ ok: false, problem: 'INVALID' });
    expect(checkOwnership('100.01', [])).toMatchObject({ ok: false, problem: 'INVALID' });
  });
});

describe('formatOwnershipPercent', () => {
  it('formats a running total string exactly (25 + 43.27 + 31.73 is 100%)', () => {
    expect(formatOwnershipPercent(ownershipTotal([25, 43.27, 31.73]), 'en')).toBe('100%');
    expect(formatOwnershipPercent('33.33', 'pt-BR')).toBe('33,33%');
  });


  it('writes an owner’s share with the locale’s separator and percent sign, from the exact decimal', () => {
    const intl = (locale: string, n: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(n as `${number}`);
    expect(formatOwnershipPercent(60.5, 'en')).toBe('60.5%');
    expect(formatOwnershipPercent('60.5', 'pt-BR')).toBe(intl('pt-BR', '0.605'));
    expect(formatOwnershipPercent('60.5', 'pt-BR')).toMatch(/^60,5\s?%$/);
    expect(formatOwnershipPercent(33.33, 'pt-BR')).toMatch(/^33,33\s?%$/);
    // 0.29 * 100 is 28.999999999999996 in binary floats: the decimal path never sees it.
    expect(formatOwnershipPercent(28.99, 'en')).toBe('28.99%');
    expect(formatOwnershipPercent(100, 'en')).toBe('100%');
  });
});
