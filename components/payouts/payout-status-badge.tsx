import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { BadgeTone } from '@/components/ui/badge';

const TONES: Record<string, BadgeTone> = {
  APPROVING: 'warning',
  EXECUTING: 'info',
  PROCESSING: 'info',
  COMPLETED: 'success',
  FAILED: 'danger',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
  EXPIRED: 'neutral',
};

/** A payout request's status in the reader's language; the raw value stays in `data-status` for tests and support. */
export function PayoutStatusBadge({ status, className }: { status: string; className?: string }) {
  const t = useTranslations('payouts.status');
  return (
    <Badge tone={TONES[status] ?? 'neutral'} dot data-status={status} title={status} className={className}>
      {t.has(status) ? t(status) : status}
    </Badge>
  );
}
