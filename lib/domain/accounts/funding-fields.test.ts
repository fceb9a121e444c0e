import { describe, expect, it } from 'vitest';
import { fundingFields, railLabel, sortInstructions } from './funding-fields';

describe('funding instruction fields', () => {
  it('lists PIX key fields in order, without asset and rail', () => {
    expect(fundingFields({ asset: 'BRL', rail: 'PIX_KEY', key: 'abc@acme.test', keyType: 'EMAIL' })).toEqual([
      { key: 'keyType', label: 'PIX key type', value: 'EMAIL' },
      { key: 'key', label: 'PIX key', value: 'abc@acme.test' },
    ]);
  });

  it('orders TED bank details and keeps unknown fields with a readable label', () => {
    const fields = fundingFields({
      asset: 'BRL',
      rail: 'TED',
      accountType: 'CHECKING',
      accountNumber: '12345-6',
      branch: '0001',
      bankCode: '341',
      swiftLikeCode: 'XYZ',
      nested: { ignored: true },
      empty: null,
    });
    expect(fields.map((f) => f.key)).toEqual(['bankCode', 'branch', 'accountNumber', 'accountType', 'swiftLikeCode']);
    expect(fields.at(-1)?.label).toBe('Swift Like Code');
  });

  it('names rails, falling back to the raw value', () => {
    expect(railLabel('CRYPTO')).toBe('Crypto wallet');
    expect(railLabel('NEW_RAIL')).toBe('NEW_RAIL');
    expect(railLabel(null)).toBe('Funding instruction');
  });
});

describe('sortInstructions', () => {
  it('follows the account asset order, PIX before other rails, unknown assets last', () => {
    const sorted = sortInstructions(
      [
        { asset: 'USDT', rail: 'CRYPTO' },
        { asset: 'BRL', rail: 'TED' },
        { asset: 'XYZ', rail: 'SWIFT' },
        { asset: 'BRL', rail: 'PIX_KEY' },
        { asset: 'USD', rail: 'WIRE' },
      ],
      ['BRL', 'USD', 'USDT'],
    );
    expect(sorted.map((i) => `${i.asset}:${i.rail}`)).toEqual(['BRL:PIX_KEY', 'BRL:TED', 'USD:WIRE', 'USDT:CRYPTO', 'XYZ:SWIFT']);
  });
});
