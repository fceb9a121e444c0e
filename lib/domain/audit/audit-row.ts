import { isUuid } from '@/lib/validation/uuid';

/** Where an event's target can be opened: payout requests and beneficiaries have pages; other targets are text. */
export function auditTargetHref(action: string, target: string | null): string | null {
  if (!target || !isUuid(target)) return null;
  if (action.startsWith('payouts.')) return `/payouts/${target}`;
  if (action.startsWith('beneficiaries.')) return `/beneficiaries/${target}`;
  return null;
}

/** The idempotency key an audited write carried, when its details hold one. */
export function auditIdempotencyKey(details: Record<string, unknown> | null | undefined): string | null {
  return details && typeof details.idempotencyKey === 'string' ? details.idempotencyKey : null;
}
