import { describe, expect, it } from 'vitest';
import { formatTaxId } from './tax-id-format';

describe('formatTaxId', () => {
  it('masks numeric and alphanumeric CNPJ', () => {
    expect(formatTaxId('11222333000181', 'CNPJ')).toBe('11.222.333/0001-81');
    expect(formatTaxId('12ABC34501DE35', 'CNPJ')).toBe('12.ABC.345/01DE-35');
    expect(formatTaxId('11.222.333/0001-81', 'CNPJ')).toBe('11.222.333/0001-81');
  });

  it('masks CPF and leaves other values as sent', () => {
    expect(formatTaxId('12345678909', 'CPF')).toBe('123.456.789-09');
    expect(formatTaxId('123', 'CNPJ')).toBe('123');
    expect(formatTaxId('GB123456789', 'VAT_GB')).toBe('GB123456789');
  });
});
