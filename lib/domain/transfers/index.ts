// Transfer rules between a customer's own accounts. Pure: no React, no server-only.
export { commonAssets, enabledAssets, transferProblems, type TransferAccount, type TransferProblem } from './rules';
export { outcomeUnknown, reviewTransfer, sameIntent, type ReviewedTransfer, type TransferIntent } from './review';
