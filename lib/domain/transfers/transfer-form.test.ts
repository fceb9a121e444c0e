import { describe, expect, it } from 'vitest';
import { amountRefusalProblem, checkAmount, isAmountRefusal, transferChoice, transferFailureCode, transferSchema } from './transfer-form';

const available = { asset: 'BRL', value: '100.00', decimals: 2 } as const;
const values = { sourceAccountId: 'a', targetAccountId: 'b', asset: 'BRL', amount: '' };
const accounts = [
  { id: 'a', status: 'ACTIVE', assets: [{ asset: 'BRL', status: 'ACTIVE', available }, { asset: 'USDC', status: 'ACTIVE', available: null }] },
  { id: 'b', status: 'ACTIVE', assets: [{ asset: 'BRL', status: 'ACTIVE', available: null }] },
  { id: 'c', status: 'PENDING', assets: [] },
];

describe('transfer form rules', () => {
  it('refuses an empty, zero or malformed amount with its code', () => {
    expect(checkAmount('', 'BRL', null)).toEqual({ ok: false, refusal: 'EMPTY' });
    expect(checkAmount('0', 'BRL', null)).toEqual({ ok: false, refusal: 'ZERO_NOT_ALLOWED' });
    expect(checkAmount('1.234', 'BRL', null)).toEqual({ ok: false, refusal: 'TOO_MANY_DECIMALS' });
    expect(checkAmount('1e5', 'BRL', null)).toEqual({ ok: false, refusal: 'INVALID' });
  });

  it('refuses more than the known balance, accepts up to it', () => {
    expect(checkAmount('100.01', 'BRL', available)).toEqual({ ok: false, refusal: 'OVER_AVAILABLE' });
    const ok = checkAmount('100', 'BRL', available);
    expect(ok.ok && ok.amount.value).toBe('100.00');
  });

  it('puts the refusal on the amount field, the parsed amount in the output', () => {
    const refused = transferSchema(accounts).safeParse(values);
    expect(refused).toEqual({ success: false, error: { issues: [{ path: ['amount'], message: 'EMPTY' }] } });
    expect(transferSchema(accounts).safeParse({ ...values, amount: '100.01' }).success).toBe(false);
    const passed = transferSchema(accounts).safeParse({ ...values, amount: '10.5' });
    expect(passed.success && passed.data).toMatchObject({ asset: 'BRL', amount: { value: '10.50' } });
    expect(transferSchema(accounts).safeParse({ ...values, sourceAccountId: 'c' }).success).toBe(false);
  });

  it("uses an asset both accounts can move, the source's own while the target is not active", () => {
    expect(transferChoice(accounts, { ...values, asset: 'USDC' })).toMatchObject({ assets: ['BRL'], chosen: 'BRL', available });
    expect(transferChoice(accounts, { ...values, targetAccountId: 'c', asset: 'USDC' })).toMatchObject({ assets: ['BRL', 'USDC'], chosen: 'USDC', available: null });
  });

  it("hands on the page's wording of the chosen asset's balance, and none where the page gave none", () => {
    const worded = accounts.map((a) => ({ ...a, assets: a.assets.map((x) => ({ ...x, availableText: x.available ? `R$ ${x.available.value}` : null })) }));
    expect(transferChoice(worded, values)).toMatchObject({ chosen: 'BRL', available, availableText: 'R$ 100.00' });
    expect(transferChoice(worded, { ...values, targetAccountId: 'c', asset: 'USDC' })).toMatchObject({ chosen: 'USDC', availableText: null });
    expect(transferChoice(accounts, values)).toMatchObject({ available, availableText: null });
  });

  it("words the refusals that need the transfer's context with their own codes", () => {
    expect(transferFailureCode('ACCOUNT_NOT_ACTIVE')).toBe('TRANSFER_TARGET_NOT_ACTIVE');
    expect(transferFailureCode('INSUFFICIENT_BALANCE')).toBe('TRANSFER_INSUFFICIENT_BALANCE');
    expect(transferFailureCode('INCOMPATIBLE_CURRENCY')).toBe('INCOMPATIBLE_CURRENCY');
    expect(isAmountRefusal('OVER_AVAILABLE')).toBe(true);
    expect(isAmountRefusal('A sentence from the service.')).toBe(false);
  });

  it('words an amount refusal with a code of the errors catalogue and what it names', () => {
    expect(amountRefusalProblem('OVER_AVAILABLE', 'BRL', 'R$ 100,00')).toEqual({ code: 'OVER_AVAILABLE', values: { available: 'R$ 100,00' } });
    expect(amountRefusalProblem('TOO_MANY_DECIMALS', 'BRL', '')).toEqual({ code: 'AMOUNT_TOO_MANY_DECIMALS', values: { asset: 'BRL' } });
    expect(amountRefusalProblem('INVALID', 'USDC', '')).toEqual({ code: 'AMOUNT_INVALID', values: { asset: 'USDC' } });
  });
});
