'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { DeliveryReach } from '@/lib/domain/webhooks/delivery-reach';

/**
 * The "New subscription" button. The dialog behind it (its zod schema, the event catalogue with examples, the form)
 * loads when it is first wanted — the pointer over the button, keyboard focus on it, or the click — instead of with
 * /webhooks, which it had put over the first-load JS budget (perf-budget.json).
 */
const loadDialog = () => import('./create-subscription-dialog');
const CreateSubscriptionDialog = dynamic(() => loadDialog().then((m) => m.CreateSubscriptionDialog), { ssr: false });

function preload() {
  loadDialog().catch(() => undefined); // a failed download is retried when the dialog renders
}

export function CreateSubscriptionButton({ sandboxOn, reach }: { sandboxOn: boolean; reach: DeliveryReach }) {
  const t = useTranslations('webhooks');
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept: what was typed stays when the dialog is closed and opened again.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('create.open')}
      </Button>
      {wanted ? <CreateSubscriptionDialog open={open} onClose={() => setOpen(false)} sandboxOn={sandboxOn} reach={reach} /> : null}
    </>
  );
}
