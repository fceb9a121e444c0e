import { describe, expect, it } from 'vitest';
import { commonAssets, enabledAssets, transferProblems, type TransferAccount } from './rules';

const main: TransferAccount = {
  id: 'a',
  status: 'ACTIVE',
  assets: [{ asset: 'BRL', status: 'ACTIVE' }, { asset: 'USD', status: 'ACTIVE' }, { asset: 'EUR', status: 'ONBOARDING' }],
};
const treasury: TransferAccount = { id: 'b', status: 'ACTIVE', assets: [{ asset: 'BRL', status: 'ACTIVE' }, { asset: 'EUR', status: 'ACTIVE' }] };
const onboarding: TransferAccount = { id: 'c', status: 'ACTION_REQUIRED', assets: [{ asset: 'BRL', status: 'ONBOARDING' }] };

describe('transfer rules', () => {
  it('only ACTIVE assets are enabled', () => {
    expect(enabledAssets(main)).toEqual(['BRL', 'USD']);
  });

  it('offers the assets enabled on both accounts', () => {
    expect(commonAssets(main, treasury)).toEqual(['BRL']);
    expect(commonAssets(main, undefined)).toEqual(['BRL', 'USD']);
  });

  it('refuses the same account, and nothing else is reported then', () => {
    expect(transferProblems(main, main, 'BRL')).toEqual([{ field: 'targetAccountId', code: 'SAME_ACCOUNT' }]);
  });

  it('refuses an inactive target and an asset the target does not have enabled', () => {
    expect(transferProblems(main, onboarding, 'BRL')).toEqual([
      { field: 'targetAccountId', code: 'TARGET_NOT_ACTIVE', status: 'ACTION_REQUIRED' },
      { field: 'asset', code: 'ASSET_NOT_ENABLED_ON_ACCOUNT', accountId: 'c', asset: 'BRL' },
    ]);
  });

  it('names the source when it lacks the asset, and accepts a valid transfer', () => {
    expect(transferProblems(main, treasury, 'EUR')).toEqual([{ field: 'asset', code: 'ASSET_NOT_ENABLED_ON_ACCOUNT', accountId: 'a', asset: 'EUR' }]);
    expect(transferProblems(main, treasury, 'BRL')).toEqual([]);
  });
});
