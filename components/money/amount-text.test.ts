import { describe, expect, it } from 'vitest';
import { amountText } from './amount-text';

// Intl puts a no-break space between the symbol and the number in pt-BR; compare what a reader sees.
const seen = (s: string) => s.replace(/\u00a0/g, ' ');

describe('amountText', () => {
  it('formats fiat and stablecoin amounts from their decimal strings in the user locale', () => {
    expect(seen(amountText({ value: '223500.00', asset: 'BRL', decimals: 2 }, 'pt-BR'))).toBe('R$ 223.500,00');
    expect(amountText({ value: '223500.00', asset: 'BRL', decimals: 2 }, 'en')).toBe('R$223,500.00');
    expect(seen(amountText({ value: '15000.000000', asset: 'USDT', decimals: 6 }, 'pt-BR'))).toBe('15.000,000000 USDT');
    expect(amountText({ value: '15000.000000', asset: 'USDT', decimals: 6 }, 'en')).toBe('15,000.000000 USDT');
  });

  it('keeps every digit of values beyond a double precision', () => {
    expect(amountText({ value: '12345678901234.56', asset: 'USD', decimals: 2 }, 'en')).toBe('$12,345,678,901,234.56');
    expect(seen(amountText({ value: '12345678901234.56', asset: 'USD', decimals: 2 }, 'pt-BR'))).toBe('US$ 12.345.678.901.234,56');
  });

  it('shows what the service sent when it cannot be formatted', () => {
    expect(amountText({ value: '10.00', asset: 'XYZ', decimals: 2 }, 'pt-BR')).toBe('10.00 XYZ');
    expect(amountText({ value: '1.234', asset: 'USD', decimals: 2 }, 'en')).toBe('1.234 USD');
  });
});
