import { describe, expect, it } from 'vitest';
import { canBeInUuid, canonicalDecimal, classifyQuery, foldText, readAmounts } from './query';

describe('readAmounts', () => {
  it('reads the locale notation exactly', () => {
    expect(readAmounts('1.234,56', 'pt-BR')).toEqual(['1234.56']);
    expect(readAmounts('1,234.56', 'en')).toEqual(['1234.56']);
    expect(readAmounts('0,000001', 'pt-BR')).toEqual(['0.000001']);
  });
  it('lets the locale decide an ambiguous text', () => {
    expect(readAmounts('1.234', 'pt-BR')).toEqual(['1234']);
    expect(readAmounts('1.234', 'en')).toEqual(['1.234']);
    expect(readAmounts('1,234', 'en')).toEqual(['1234']);
    expect(readAmounts('1,234', 'pt-BR')).toEqual(['1.234']);
  });
  it('also matches the other notation when it is unambiguous', () => {
    expect(readAmounts('1,234.56', 'pt-BR')).toEqual(['1234.56']);
    expect(readAmounts('1.234,56', 'en')).toEqual(['1234.56']);
    expect(readAmounts('12,5', 'en')).toEqual(['12.5']);
  });
  it('never rounds and refuses what is not one amount', () => {
    expect(readAmounts('1,2345678', 'pt-BR')).toEqual([]);
    expect(readAmounts('1.2.3', 'en')).toEqual([]);
    expect(readAmounts('12a', 'en')).toEqual([]);
    expect(readAmounts('.', 'en')).toEqual([]);
  });
  it('gives one canonical form per value', () => {
    expect(readAmounts('100,00', 'pt-BR')).toEqual(['100']);
    expect(canonicalDecimal('0100.500')).toBe('100.5');
    expect(canonicalDecimal('0.00')).toBe('0');
  });
});

describe('classifyQuery', () => {
  it('reads digits as an id fragment and an amount at once', () => {
    expect(classifyQuery('1234', 'en')).toEqual({ text: '1234', idFragment: '1234', name: null, amounts: ['1234'] });
  });
  it('reads a uuid fragment case-insensitively', () => {
    expect(classifyQuery(' 3F2A-9b ', 'en')?.idFragment).toBe('3f2a-9b');
  });
  it('reads words as a folded name', () => {
    expect(classifyQuery('Importação  Ltda', 'pt-BR')).toMatchObject({ name: 'importacao ltda', idFragment: null, amounts: [] });
    expect(foldText('ÁGUA Viva')).toBe('agua viva');
  });
  it('keeps SQL- and filter-looking text as a literal name', () => {
    const sqlish = classifyQuery("' OR 1=1 --", 'en');
    expect(sqlish).toEqual({ text: "' OR 1=1 --", idFragment: null, name: "' or 1=1 --", amounts: [] });
    const filter = classifyQuery('status[eq]=COMPLETED;or(a,b)', 'en');
    expect(filter).toMatchObject({ idFragment: null, amounts: [], name: 'status[eq]=completed;or(a,b)' });
  });
  it('refuses empty, too short and too long text', () => {
    expect(classifyQuery('   ', 'en')).toBeNull();
    expect(classifyQuery('a', 'en')).toBeNull();
    expect(classifyQuery('x'.repeat(101), 'en')).toBeNull();
  });
  it('needs four characters and a digit for an id fragment', () => {
    expect(classifyQuery('abc', 'en')?.idFragment).toBeNull();
    expect(classifyQuery('abcd', 'en')?.idFragment).toBeNull();
    expect(classifyQuery('ab12', 'en')?.idFragment).toBe('ab12');
  });
});

describe('canBeInUuid', () => {
  it('holds for hex digits and hyphens only (the fragment is already lower case)', () => {
    expect(canBeInUuid('3f2c1b7a')).toBe(true);
    expect(canBeInUuid('4a3b-8c2d')).toBe(true);
    expect(canBeInUuid('3f2c1b7a-9d8e-4c6b-8a5f-1e2d3c4b5a69')).toBe(true);
    expect(canBeInUuid('e1234567890abcdefg')).toBe(false);
    expect(canBeInUuid('9a8b7cxz')).toBe(false);
  });
});
