import { describe, expect, it } from 'vitest';
import { amountFormSchema, checkAmount, convertAmountContext } from './amount-check';

const brl = (value: string) => ({ value, asset: 'BRL' as const, decimals: 2 as const });

describe('checkAmount', () => {
  it('passes a typed amount at the asset scale as its canonical string', () => {
    expect(checkAmount('10.5', { asset: 'BRL', available: null })).toEqual({ ok: true, value: '10.50' });
  });

  it.each([
    ['', 'AMOUNT_EMPTY'],
    ['0', 'AMOUNT_ZERO_NOT_ALLOWED'],
    ['1.234', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['abc', 'AMOUNT_INVALID'],
  ])('refuses %j with %s and the asset', (input, code) => {
    expect(checkAmount(input, { asset: 'BRL', available: null })).toEqual({ ok: false, code, values: { asset: 'BRL' } });
  });

  it('refuses more than the balance the page knows, with the balance as the reader sees it', () => {
    expect(checkAmount('1.01', { asset: 'BRL', available: brl('1.00'), availableText: 'R$ 1,00' })).toEqual({
      ok: false,
      code: 'OVER_AVAILABLE',
      values: { available: 'R$ 1,00' },
    });
    expect(checkAmount('1.00', { asset: 'BRL', available: brl('1.00') })).toEqual({ ok: true, value: '1.00' });
  });

  it('refuses nothing on an unknown balance or one of another asset (the server checks)', () => {
    expect(checkAmount('5000', { asset: 'BRL', available: null })).toEqual({ ok: true, value: '5000.00' });
    expect(checkAmount('5000', { asset: 'USDC', available: brl('1.00') })).toEqual({ ok: true, value: '5000.000000' });
  });

  it('refuses when there is no asset to price the amount in', () => {
    expect(checkAmount('1', { asset: undefined, available: null })).toMatchObject({ ok: false, code: 'ASSET_UNSUPPORTED' });
  });
});

describe('amountFormSchema', () => {
  const schema = amountFormSchema<{ amount: string; asset: 'BRL' | 'USDC' }>((v) => ({ asset: v.asset, available: null }));

  it('outputs the values with the canonical amount', () => {
    expect(schema.safeParse({ amount: '2', asset: 'USDC' })).toEqual({ success: true, data: { amount: '2.000000', asset: 'USDC' } });
  });

  it('puts the code and its values on the amount field', () => {
    expect(schema.safeParse({ amount: '', asset: 'BRL' })).toEqual({
      success: false,
      error: { issues: [{ path: ['amount'], message: 'AMOUNT_EMPTY|{"asset":"BRL"}' }] },
    });
  });
});

describe('convertAmountContext', () => {
  const available = brl('1.00');
  it('holds a sold amount against the sold asset balance', () => {
    expect(convertAmountContext({ sellAsset: 'BRL', buyAsset: 'USDC', fixedSide: 'sell' }, available)).toEqual({ asset: 'BRL', available });
  });
  it('prices a bought amount in the bought asset, with no balance to compare', () => {
    expect(convertAmountContext({ sellAsset: 'BRL', buyAsset: 'USDC', fixedSide: 'buy' }, available)).toEqual({ asset: 'USDC', available: null });
  });
});
