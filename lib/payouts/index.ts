export { requestPayout, previewQuote, approvePayout, rejectPayout, cancelPayout, setApprovalPolicy, type PayoutActor } from './service';
export { executePayout, syncPayout } from './execute';
export { runPayoutSweep, startPayoutSweep } from './sweep';
export { getPayout, findPayoutByOperation, listPayouts, countInbox, liveApprovals, type PayoutWithApprovals, type PayoutScope } from './store';
export { PayoutError, DENIED_CODES } from './errors';
export { coolOffNoticeFor } from './cool-off';
export { getTieredPolicy, referenceCurrency } from './approval-policy';
