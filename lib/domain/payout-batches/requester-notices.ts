// Pure: what a batch's requester is told about it (the inbox kinds `payout-batch.*`) and with which values.
import type { NotificationKind, NotificationParams } from '@/lib/domain/notifications/kinds';
import type { RowCounts } from './state-machine';

export interface BatchForNotice {
  id: string;
  requesterId: string;
  rowCount: number;
  totals: Record<string, string>;
  referenceCurrency: string;
  referenceTotal: string | null;
}

export interface BatchNotice {
  kind: Extract<NotificationKind, `payout-batch.${string}`>;
  subjectId: string;
  subjectUserId: string;
  actorId: string | null;
  params: NotificationParams;
}

/** The total as one amount: in the reference currency when it was valued, else the first asset's (a one-asset batch). */
function amountOf(b: BatchForNotice): { amount: string; asset: string } {
  if (b.referenceTotal) return { amount: b.referenceTotal, asset: b.referenceCurrency };
  const [asset, amount] = Object.entries(b.totals)[0] ?? ['', ''];
  return { amount, asset };
}

/**
 * The requester is told when the batch is decided — approved (the approval that completed the plan) or rejected,
 * with the reason — and once when every row is final: paid in full, or with the number of rows that failed (a
 * separate kind, so someone may keep only failures). Rows cancelled by someone are not a failure.
 */
export function batchNotice(
  b: BatchForNotice,
  event: { kind: 'approved'; by: string } | { kind: 'rejected'; by: string; reason: string } | { kind: 'finished'; counts: RowCounts },
): BatchNotice {
  const base = { subjectId: b.id, subjectUserId: b.requesterId, params: { rows: String(b.rowCount), ...amountOf(b) } };
  switch (event.kind) {
    case 'approved':
      return { ...base, kind: 'payout-batch.approved', actorId: event.by };
    case 'rejected':
      return { ...base, kind: 'payout-batch.rejected', actorId: event.by, params: { ...base.params, reason: event.reason.slice(0, 200) } };
    case 'finished': {
      const c = event.counts;
      const params = { ...base.params, completed: String(c.COMPLETED), failed: String(c.FAILED), cancelled: String(c.CANCELLED) };
      return { ...base, kind: c.FAILED > 0 ? 'payout-batch.rows-failed' : 'payout-batch.completed', actorId: null, params };
    }
  }
}
