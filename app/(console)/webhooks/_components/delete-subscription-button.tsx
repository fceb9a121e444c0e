'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { deleteSubscriptionAction } from '../actions';

export function DeleteSubscriptionButton({ subscriptionId, url }: { subscriptionId: string; url: string }) {
  const t = useTranslations('webhooks');
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  function confirm() {
    startTransition(async () => {
      const outcome = readActionResult(await deleteSubscriptionAction({ subscriptionId }));
      if (outcome.ok) {
        setOpen(false);
        toast({ title: t('delete.deleted'), description: url });
        router.refresh();
      } else {
        toast({ tone: 'error', title: t('delete.failed'), description: sentence(outcome.failure) });
      }
    });
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={t('delete.buttonFor', { url })}>
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => (pending ? undefined : setOpen(false))}
        onConfirm={confirm}
        title={t('delete.title')}
        description={t('delete.description', { url })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        tone="danger"
        pending={pending}
      />
    </>
  );
}
