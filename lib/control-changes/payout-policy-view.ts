import 'server-only';
import type { SessionUser } from '@/lib/auth/sessions';
import { can } from '@/lib/auth/permissions';
import { getTieredPolicy, referenceCurrency } from '@/lib/payouts/approval-policy';
import { controlChangeDelayHours, listPendingControlChanges } from './service';

/** The approval policy editor's view for a role that may change it, else null. */
export async function loadPolicyEditorView(role: SessionUser['role']) {
  if (!can(role, 'payouts:policy')) return null;
  const [policy, pending] = await Promise.all([getTieredPolicy(), listPendingControlChanges()]);
  const waiting = pending.find((c) => c.kind === 'payouts.policy') ?? null;
  return {
    policy: policy.policy,
    currency: referenceCurrency(),
    saved: policy.saved,
    updatedByEmail: policy.updatedByEmail,
    updatedAt: policy.updatedAt?.toISOString() ?? null,
    waiting: waiting ? { requestedByEmail: waiting.requestedByEmail } : null,
    delayHours: controlChangeDelayHours(),
  };
}
