/** What the transfer form knows about an account (from the accounts list): enough to refuse the obvious. */
export interface TransferAccount {
  id: string;
  status: string;
  assets: ReadonlyArray<{ asset: string; status: string }>;
}

/** What the form refuses before review, as codes of the `errors` catalogue and what their sentences name. */
export type TransferProblem =
  | { field: 'targetAccountId'; code: 'SAME_ACCOUNT' }
  | { field: 'targetAccountId'; code: 'TARGET_NOT_ACTIVE'; status: string }
  | { field: 'asset'; code: 'ASSET_NOT_ENABLED_ON_ACCOUNT'; accountId: string; asset: string };

/** An asset is usable for moving money when the account lists it with status ACTIVE (the service's rule). */
export function enabledAssets(account: TransferAccount): string[] {
  return account.assets.filter((a) => a.status === 'ACTIVE').map((a) => a.asset);
}

/** Assets both accounts can move: enabled on the source AND on the target. */
export function commonAssets(source: TransferAccount, target: TransferAccount | undefined): string[] {
  const onSource = enabledAssets(source);
  if (!target) return onSource;
  const onTarget = new Set(enabledAssets(target));
  return onSource.filter((a) => onTarget.has(a));
}

/**
 * The service's transfer rules the form can check before sending (same account, target not ACTIVE, asset not
 * enabled on both). The service checks them again; whatever the form cannot know arrives as its refusal.
 */
export function transferProblems(source: TransferAccount, target: TransferAccount, asset: string): TransferProblem[] {
  const problems: TransferProblem[] = [];
  if (source.id === target.id) return [{ field: 'targetAccountId', code: 'SAME_ACCOUNT' }];
  if (target.status !== 'ACTIVE') problems.push({ field: 'targetAccountId', code: 'TARGET_NOT_ACTIVE', status: target.status });
  for (const account of [source, target]) {
    if (!enabledAssets(account).includes(asset)) {
      problems.push({ field: 'asset', code: 'ASSET_NOT_ENABLED_ON_ACCOUNT', accountId: account.id, asset });
      break;
    }
  }
  return problems;
}
