import { describe, expect, it } from 'vitest';
import en from '@/messages/en/errors.json';
import pt from '@/messages/pt-BR/errors.json';
import { MONEY_READING_CODES, amountProblem } from './amount-problem';

describe('amountProblem', () => {
  it('names the refusals the money input can still let through, and words the rest as one', () => {
    expect(amountProblem('TOO_MANY_DECIMALS', 'BRL')).toEqual({ code: 'AMOUNT_TOO_MANY_DECIMALS', values: { asset: 'BRL' } });
    expect(amountProblem('EMPTY', 'USDC')).toEqual({ code: 'AMOUNT_EMPTY', values: { asset: 'USDC' } });
    expect(amountProblem('HEX', 'BRL')).toEqual({ code: 'AMOUNT_INVALID', values: { asset: 'BRL' } });
  });

  it('words each reading problem of the money input in both catalogues', () => {
    for (const catalogue of [en, pt]) {
      for (const code of Object.values(MONEY_READING_CODES)) expect(catalogue, code).toHaveProperty(code);
    }
  });
});
