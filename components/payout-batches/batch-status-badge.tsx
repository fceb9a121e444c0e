import { useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<string, BadgeTone> = {
  PENDING_APPROVAL: 'warning',
  APPROVED: 'info',
  EXECUTING: 'info',
  COMPLETED: 'success',
  COMPLETED_WITH_FAILURES: 'warning',
  CANCELLED: 'neutral',
  REJECTED: 'danger',
  PENDING: 'neutral',
  SUBMITTING: 'info',
  CREATED: 'info',
  FAILED: 'danger',
};

/** A batch's (or, with `row`, a batch row's) status in the reader's words; the raw value in `data-status`. */
export function BatchStatusBadge({ status, row = false }: { status: string; row?: boolean }) {
  const t = useTranslations('payoutBatches');
  const key = `${row ? 'rowStatus' : 'status'}.${status}`;
  return (
    <Badge tone={TONES[status] ?? 'neutral'} dot data-status={status}>
      {t.has(key) ? t(key) : status}
    </Badge>
  );
}
