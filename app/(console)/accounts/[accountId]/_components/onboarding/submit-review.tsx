'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { readActionResult } from '@/lib/actions/result';
import { missingItemsOf } from '@/lib/domain/accounts/requirement-board';
import { submitReviewAction } from '../../actions';

/**
 * Submit for review: enabled only when the board says nothing is due or rejected (`blockedReason` explains why
 * not). The click carries one idempotency key per page view, so a double click is one submission.
 */
export function SubmitReview({ accountId, blockedReason }: { accountId: string; blockedReason: string | null }) {
  const t = useTranslations('onboarding');
  const failureSentence = useFailureSentence();
  const router = useRouter();
  const { key } = useIdempotencyKey();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; requestId: string | null } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const docTitle = (type: string) =>
    type === 'UBO_VERIFICATION' ? t('item.uboVerification') : t.has(`documents.${type}.title`) ? t(`documents.${type}.title`) : type;

  async function submit() {
    setPending(true);
    setFailure(null);
    const outcome = readActionResult(await submitReviewAction({ accountId, idempotencyKey: key }));
    setPending(false);
    if (outcome.ok) {
      setSubmitted(true);
      router.refresh();
      return;
    }
    const f = outcome.failure;
    if (f.code === 'MISSING_DOCUMENTS_FOR_REVIEW') {
      // Each missing item by name; a group (`A|B`) as its options.
      const items = missingItemsOf(f).map((types) => types.map(docTitle).join(' / '));
      setFailure({ text: t('review.missing', { items: items.join('; ') }), requestId: f.requestId ?? null });
    } else {
      setFailure({ text: failureSentence({ ...f, requestId: null }), requestId: f.requestId ?? null });
    }
    router.refresh();
  }

  const disabled = blockedReason !== null || pending || submitted;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void submit()} loading={pending} disabled={disabled} aria-describedby="review-state">
          {pending ? t('review.submitting') : t('review.submit')}
        </Button>
        <p id="review-state" className="text-sm text-fg-muted">
          {submitted ? t('review.submitted') : (blockedReason ?? t('review.ready'))}
        </p>
      </div>
      {failure ? (
        <Alert tone="error" title={t('review.failed')} requestId={failure.requestId}>
          {failure.text}
        </Alert>
      ) : null}
    </div>
  );
}
