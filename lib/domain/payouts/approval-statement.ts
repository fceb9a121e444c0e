import { createHash } from 'node:crypto';
import { toAmount } from '@/lib/money/amount';
import { isAsset } from '@/lib/money/assets';
import { maskKey, type StepUpStatement } from '@/lib/domain/step-up/statement';
import { toleranceFor } from './drift';

/**
 * What an approver of a payout signs (transaction signing): the payout, its amount and asset, the source
 * account, the beneficiary and its key (masked, plus a fingerprint of the whole key: two keys with the same last
 * digits still sign differently), the fresh quote shown and the rate bound the approval grants (the drift the
 * approver accepts, in bps). Built from the database rows only, so the server can recompute it at approval time.
 */
export interface PayoutStatementInput {
  payout: {
    id: string;
    amount: string;
    fixedSide: 'source' | 'target';
    sourceAsset: string;
    targetAsset: string;
    sourceAccountId: string;
    beneficiaryId: string;
    beneficiaryName: string;
    dictKeyType: string;
    dictKey: string;
  };
  preview: { quoteId: string; rate: { value: string; base: string; quote: string }; driftBps: string };
  acknowledged: boolean;
}

export function keyFingerprint(type: string, key: string): string {
  return createHash('sha256').update(`${type}:${key}`, 'utf8').digest('hex').slice(0, 12);
}

export function payoutApprovalStatement(input: PayoutStatementInput): StepUpStatement {
  const { payout, preview } = input;
  const asset = payout.fixedSide === 'source' ? payout.sourceAsset : payout.targetAsset;
  if (!isAsset(asset)) throw new TypeError(`Unknown asset ${asset}`);
  const facts: [string, string][] = [
    ['payout', payout.id],
    ['amount', toAmount(payout.amount, asset).value],
    ['asset', asset],
    ['sourceAccount', payout.sourceAccountId],
    ['sourceAsset', payout.sourceAsset],
    ['beneficiary', payout.beneficiaryId],
    ['beneficiaryName', payout.beneficiaryName.replace(/\s+/g, ' ').trim()],
    ['key', `${payout.dictKeyType} ${maskKey(payout.dictKey)}`],
    ['keyFingerprint', keyFingerprint(payout.dictKeyType, payout.dictKey)],
    ['quote', preview.quoteId],
    ['rate', `${preview.rate.value} ${preview.rate.base}/${preview.rate.quote}`],
    ['maxDriftBps', toleranceFor(preview.driftBps, input.acknowledged)],
  ];
  return { purpose: 'payout.approve', subject: payout.id, facts };
}
