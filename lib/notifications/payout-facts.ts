import 'server-only';
import type { NotificationKind } from '@/lib/domain/notifications/kinds';
import { notify } from './notify';

type PayoutFacts = {
  id: string;
  requesterId: string;
  requesterName: string;
  beneficiaryName: string;
  amount: string;
  fixedSide: string;
  sourceAsset: string;
  targetAsset: string;
};

/**
 * A payout's transition as an inbox item. Called by lib/payouts right after the guarded update that made the
 * transition (only the caller whose update moved the row), so each transition is told once; the dedupe key makes
 * even a repeated call harmless.
 */
export function notifyPayout(
  kind: Extract<NotificationKind, `payout.${string}`>,
  p: PayoutFacts,
  opts: { actorId?: string | null; occurrence?: string; reason?: string | null } = {},
): Promise<string[]> {
  const awaiting = kind === 'payout.awaiting-approval';
  return notify({
    kind,
    subjectId: p.id,
    occurrence: opts.occurrence,
    // Waiting for approval: everyone who may approve except the requester; outcomes: the requester alone.
    subjectUserId: awaiting ? null : p.requesterId,
    actorId: awaiting ? p.requesterId : (opts.actorId ?? null),
    params: {
      requester: p.requesterName,
      beneficiary: p.beneficiaryName,
      amount: p.amount,
      asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset,
      ...(opts.reason ? { reason: opts.reason.slice(0, 200) } : {}),
    },
  });
}
