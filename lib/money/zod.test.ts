import { describe, expect, it } from 'vitest';
import { amountSchema, amountStringSchema, assetSchema, moneyInputSchema, moneyInputSchemaWith } from './zod';

describe('amountStringSchema', () => {
  it('outputs the canonical string', () => {
    expect(amountStringSchema('USD').parse(' 10.5 ')).toBe('10.50');
    expect(amountStringSchema('USDT').parse('1')).toBe('1.000000');
  });

  it('uses parseAmount codes as catalogue keys with values', () => {
    const r = amountStringSchema('BRL').safeParse('1.234');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('AMOUNT_TOO_MANY_DECIMALS|{"asset":"BRL"}');
    expect(amountStringSchema('USD').safeParse('1,000').error?.issues[0].message).toBe('AMOUNT_INVALID|{"asset":"USD"}');
    expect(amountStringSchema('USD').safeParse('').error?.issues[0].message).toBe('AMOUNT_EMPTY|{"asset":"USD"}');
    expect(amountStringSchema('USD').safeParse(12).error?.issues[0].message).toBe('required');
  });

  it('passes options through', () => {
    expect(amountStringSchema('USD', { allowZero: true }).parse('0')).toBe('0.00');
    expect(amountStringSchema('USD').safeParse('0').success).toBe(false);
  });
});

describe('moneyInputSchema', () => {
  it('produces an Amount', () => {
    expect(moneyInputSchema.parse({ value: '5', asset: 'EURC' })).toEqual({ value: '5.000000', asset: 'EURC', decimals: 6 });
  });

  it('puts amount errors on the value path and asset errors on asset', () => {
    const r = moneyInputSchema.safeParse({ value: '-5', asset: 'USD' });
    expect(r.error?.issues).toMatchObject([{ path: ['value'], message: 'AMOUNT_INVALID|{"asset":"USD"}' }]);
    const bad = moneyInputSchema.safeParse({ value: '5', asset: 'BTC' });
    expect(bad.error?.issues).toMatchObject([{ path: ['asset'], message: 'assetUnsupported' }]);
    expect(moneyInputSchemaWith({ allowNegative: true }).parse({ value: '-5', asset: 'USD' }).value).toBe('-5.00');
  });
});

describe('amountSchema (service amounts)', () => {
  it('accepts and canonicalises contract amounts', () => {
    expect(amountSchema.parse({ value: '10.5', asset: 'USD', decimals: 2 })).toEqual({ value: '10.50', asset: 'USD', decimals: 2 });
    expect(amountSchema.parse({ value: '-0.000001', asset: 'USDC', decimals: 6 }).value).toBe('-0.000001');
  });

  it('refuses wrong scale, over-precise or non-decimal values', () => {
    expect(amountSchema.safeParse({ value: '1.00', asset: 'USD', decimals: 6 }).error?.issues[0].path).toEqual(['decimals']);
    expect(amountSchema.safeParse({ value: '1.001', asset: 'USD', decimals: 2 }).error?.issues[0].path).toEqual(['value']);
    expect(amountSchema.safeParse({ value: '1e3', asset: 'USD', decimals: 2 }).success).toBe(false);
    expect(amountSchema.safeParse({ value: 10, asset: 'USD', decimals: 2 }).success).toBe(false);
  });

  it('knows the 20 assets', () => {
    expect(assetSchema.options).toHaveLength(20);
  });
});
