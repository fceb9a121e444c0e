import { describe, expect, it } from 'vitest';
import { isTestOperation, pickTestTransferAccounts, TEST_OPERATION_TAG, type TestEventAccount } from './test-events';

const account = (id: string, brl: string | null, overrides: Partial<TestEventAccount> = {}): TestEventAccount => ({
  id,
  name: id,
  status: 'ACTIVE',
  assets: [{ asset: 'BRL', status: 'ACTIVE', available: brl === null ? null : { value: brl } }],
  ...overrides,
});

describe('pickTestTransferAccounts', () => {
  it('sends from the funded account, not the newest empty one', () => {
    // Listed newest first, as the accounts list answers: the first one is empty.
    const pick = pickTestTransferAccounts([account('new-empty', '0.00'), account('main', '222000.00'), account('treasury', '10.00')], 2);
    expect(pick).toMatchObject({ ok: true, source: { id: 'main' }, target: { id: 'new-empty' }, needed: '0.02' });
  });

  it('says when no account holds enough, and when there are not two usable accounts', () => {
    expect(pickTestTransferAccounts([account('a', '0.00'), account('b', null)], 1)).toEqual({ ok: false, problem: 'NO_FUNDS', needed: '0.01' });
    expect(pickTestTransferAccounts([account('a', '0.04'), account('b', '0')], 5)).toMatchObject({ ok: false, problem: 'NO_FUNDS', needed: '0.05' });
    expect(
      pickTestTransferAccounts(
        [account('a', '100'), account('b', '100', { status: 'ACTION_REQUIRED' }), account('c', '100', { assets: [{ asset: 'USD', status: 'ACTIVE', available: null }] })],
        1,
      ),
    ).toMatchObject({ ok: false, problem: 'NO_ACCOUNTS' });
  });
});

describe('isTestOperation', () => {
  it('by the sandbox test tag only', () => {
    expect(isTestOperation({ tags: [{ key: null, value: 'sandbox' }, { ...TEST_OPERATION_TAG }] })).toBe(true);
    expect(isTestOperation({ tags: [{ key: null, value: 'sandbox' }] })).toBe(false);
    expect(isTestOperation({})).toBe(false);
  });
});
