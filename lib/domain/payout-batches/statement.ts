// Pure: what an approver of a payout batch signs (step-up purpose 'payout-batch.approve').
import type { StepUpStatement } from '@/lib/domain/step-up/statement';

export interface BatchForStatement {
  id: string;
  sourceAccountId: string;
  rowCount: number;
  totals: Record<string, string>;
  referenceCurrency: string;
  referenceTotal: string | null;
  payableDigest: string;
}

/**
 * The batch in canonical facts: its id, the account it pays from, how many rows, the total per asset (decimal
 * strings at the asset's scale), the value in the reference currency, and the digest of every row to be paid
 * (line, key, amount, asset) — so a row changed, added or removed after the approver looked changes the digest.
 */
export function batchApprovalStatement(b: BatchForStatement): StepUpStatement {
  return {
    purpose: 'payout-batch.approve',
    subject: b.id,
    facts: [
      ['batch', b.id],
      ['sourceAccount', b.sourceAccountId],
      ['rowCount', String(b.rowCount)],
      ...Object.entries(b.totals)
        .sort(([a], [c]) => a.localeCompare(c))
        .map(([asset, value]) => [`total.${asset}`, value] as const),
      ...(b.referenceTotal ? [[`referenceTotal.${b.referenceCurrency}`, b.referenceTotal] as const] : []),
      ['rowsDigest', b.payableDigest],
    ],
  };
}
