import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount-problem';

describe('amountProblem', () => {
  it('names the refusals the money input can still let through, and words the rest as one', () => {
    expect(amountProblem('TOO_MANY_DECIMALS', 'BRL')).toEqual({ code: 'AMOUNT_TOO_MANY_DECIMALS', values: { asset: 'BRL' } });
    expect(amountProblem('EMPTY', 'USDC')).toEqual({ code: 'AMOUNT_EMPTY', values: { asset: 'USDC' } });
    expect(amountProblem('HEX', 'BRL')).toEqual({ code: 'AMOUNT_INVALID', values: { asset: 'BRL' } });
  });
});
