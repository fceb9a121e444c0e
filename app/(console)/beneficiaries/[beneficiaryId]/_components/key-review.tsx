import type { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { keyReviewState, type KeyReviewRecord, type KeyReviewState, type reviewRefusal } from '@/lib/domain/beneficiaries/key-review';

const REVIEW_TONE: Record<KeyReviewState, BadgeTone> = { AWAITING_REVIEW: 'warning', APPROVED: 'success', REJECTED: 'danger' };

/** The team's review of one key: its state, who added and who decided it, and the controls for who may decide. */
export function KeyReview({
  tr,
  record,
  serviceStatus,
  refusal,
  controls,
}: {
  tr: Awaited<ReturnType<typeof getTranslations<'keyReview'>>>;
  record: KeyReviewRecord | null;
  serviceStatus: string;
  refusal: ReturnType<typeof reviewRefusal>;
  controls: ReactNode;
}) {
  const state = keyReviewState(record);
  const lines: ReactNode[] = [];
  if (state === 'AWAITING_REVIEW') {
    if (serviceStatus === 'REJECTED') lines.push(tr('serviceRejected'));
    else if (refusal === 'OWN_KEY') lines.push(tr('ownKey'));
    else lines.push(record?.creatorName ? tr('waitingFor', { name: record.creatorName }) : tr('waitingForAnyone'));
  } else if (record?.decidedBySystem) {
    lines.push(tr('approvedBySystem'));
  } else if (record) {
    lines.push(
      <>
        {state === 'APPROVED' ? tr('approvedBy', { name: record.reviewerName ?? '' }) : tr('rejectedBy', { name: record.reviewerName ?? '', reason: record.reason ?? '' })}
        {record.decidedAt ? (
          <>
            {' · '}
            <DateTimeText value={record.decidedAt} />
          </>
        ) : null}
      </>,
    );
  }
  // Who added it; with no creator on record, say who may review it while it waits.
  if (!record?.decidedBySystem) {
    lines.push(record?.creatorName ? tr('addedBy', { name: record.creatorName }) : state === 'AWAITING_REVIEW' ? tr('addedByUnknown') : tr('addedOutside'));
  }
  return (
    <div className="space-y-2 rounded-md border border-border p-3" data-testid="key-review" data-review-state={state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-fg">{tr('sectionTitle')}</span>
        <Badge tone={REVIEW_TONE[state]} dot>
          {tr(`state.${state}`)}
        </Badge>
      </div>
      {lines.map((line, n) => (
        <p key={n} className="text-sm text-fg-muted [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
      {refusal === null ? controls : null}
    </div>
  );
}
