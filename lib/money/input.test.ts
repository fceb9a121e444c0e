import { describe, expect, it } from 'vitest';
import { acceptTyped, decimalSeparator, decimalToTyped, parsePasted, typedToDecimal } from './input';

describe('decimalSeparator', () => {
  it('comes from Intl', () => {
    expect(decimalSeparator('pt-BR')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
  });
});

describe('acceptTyped (while typing)', () => {
  it('takes digits and one decimal mark up to the asset scale', () => {
    expect(acceptTyped('1234', 'BRL', 'pt-BR')).toBe('1234');
    expect(acceptTyped('1234,5', 'BRL', 'pt-BR')).toBe('1234,5');
    expect(acceptTyped('1234,56', 'BRL', 'pt-BR')).toBe('1234,56');
    expect(acceptTyped('1234,567', 'BRL', 'pt-BR')).toBeNull();
    expect(acceptTyped('0,123456', 'USDC', 'pt-BR')).toBe('0,123456');
    expect(acceptTyped('0,1234567', 'USDC', 'pt-BR')).toBeNull();
    expect(acceptTyped('12.5', 'USD', 'en')).toBe('12.5');
    expect(acceptTyped('12.555', 'USD', 'en')).toBeNull();
  });

  it('maps a typed "." to the locale mark and refuses letters, signs, a second mark', () => {
    expect(acceptTyped('12.5', 'BRL', 'pt-BR')).toBe('12,5');
    expect(acceptTyped('12a', 'BRL', 'pt-BR')).toBeNull();
    expect(acceptTyped('-12', 'BRL', 'pt-BR')).toBeNull();
    expect(acceptTyped('1,2,3', 'BRL', 'pt-BR')).toBeNull();
    expect(acceptTyped('1,234', 'USD', 'en')).toBeNull();
    expect(acceptTyped('', 'USD', 'en')).toBe('');
    expect(acceptTyped('1'.repeat(16), 'USD', 'en')).toBeNull();
  });
});

describe('parsePasted', () => {
  it.each([
    ['1.234,56', 'pt-BR', '1234.56'],
    ['R$ 1.234,56', 'pt-BR', '1234.56'],
    ['1,234.56', 'pt-BR', '1234.56'],
    ['1,234.56', 'en', '1234.56'],
    ['$1,234.56', 'en', '1234.56'],
    ['1.234,56', 'en', '1234.56'],
    ['1.234.567', 'pt-BR', '1234567'],
    ['1,234,567', 'en', '1234567'],
    ['1.234', 'pt-BR', '1234'],
    ['1.23', 'en', '1.23'],
    ['1,234', 'en', '1234'],
    ['1,5', 'en', '1.5'],
    ['12,50', 'pt-BR', '12.5'],
    ['0,10', 'pt-BR', '0.1'],
    ['1 234,56', 'pt-BR', '1234.56'],
    ['1234.56 USD', 'en', '1234.56'],
    ['007', 'en', '7'],
  ])('%s in %s → %s', (text, locale, expected) => {
    expect(parsePasted(text, locale === 'en' ? 'USD' : 'BRL', locale)).toBe(expected);
  });

  it('keeps the stablecoin scale and refuses more decimals than the asset has (no silent rounding)', () => {
    expect(parsePasted('0,123456', 'USDC', 'pt-BR')).toBe('0.123456');
    expect(parsePasted('1.234', 'USDC', 'en')).toBe('1.234');
    expect(parsePasted('1.234', 'USD', 'en')).toBeNull();
    expect(parsePasted('1,234.567', 'BRL', 'pt-BR')).toBeNull();
  });

  it('refuses what is not one amount', () => {
    for (const text of ['', 'abc', '1,2.3,4', '-5', '1.2.3,4,5', '12abc34']) expect(parsePasted(text, 'BRL', 'pt-BR'), text).toBeNull();
  });
});

describe('typed ⇄ decimal', () => {
  it('converts between the locale notation and the decimal string, never via number', () => {
    expect(typedToDecimal('1234,5', 'pt-BR')).toBe('1234.5');
    expect(typedToDecimal(',5', 'pt-BR')).toBe('0.5');
    expect(typedToDecimal('12,', 'pt-BR')).toBe('12');
    expect(typedToDecimal('', 'pt-BR')).toBe('');
    expect(typedToDecimal('0012.30', 'en')).toBe('12.30');
    expect(typedToDecimal('99999999999999.99', 'en')).toBe('99999999999999.99');
    expect(decimalToTyped('1234.5', 'pt-BR')).toBe('1234,5');
    expect(decimalToTyped('1234.5', 'en')).toBe('1234.5');
  });
});
