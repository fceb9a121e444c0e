'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { failNextAction, sendTestEventsAction } from '../../actions';

/** Sandbox only: the fail-next helper for this endpoint, and real events from small transfers. */
export function SandboxTools({ subscriptionId }: { subscriptionId: string }) {
  const t = useTranslations('webhooks');
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const [failCount, setFailCount] = useState('5');
  const [eventCount, setEventCount] = useState('1');
  const [pending, startTransition] = useTransition();

  function failNext() {
    const count = Number(failCount);
    startTransition(async () => {
      const outcome = readActionResult(await failNextAction({ subscriptionId, count, intentKey: crypto.randomUUID() }));
      if (outcome.ok) toast({ title: t('sandbox.failDone', { count }) });
      else toast({ tone: 'error', title: t('sandbox.failed'), description: sentence(outcome.failure) });
    });
  }

  function sendEvents() {
    const count = Number(eventCount);
    startTransition(async () => {
      const outcome = readActionResult(await sendTestEventsAction({ count, intentKey: crypto.randomUUID() }));
      if (outcome.ok) {
        toast({ title: t('sandbox.eventsDone', { count, source: outcome.data.source, target: outcome.data.target }) });
        router.refresh();
      } else toast({ tone: 'error', title: t('sandbox.failed'), description: sentence(outcome.failure) });
    });
  }

  return (
    <Card className="border-dashed">
      <CardHeader title={t('sandbox.title')} description={t('sandbox.description')} />
      <CardBody className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="sandbox-fail-count">{t('sandbox.failCount')}</Label>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Input id="sandbox-fail-count" className="w-24" type="number" min={1} max={100} value={failCount} onChange={(e) => setFailCount(e.target.value)} />
            <Button variant="secondary" onClick={failNext} disabled={pending}>
              {t('sandbox.failNext')}
            </Button>
          </div>
        </div>
        <div>
          <Label htmlFor="sandbox-event-count">{t('sandbox.eventCount')}</Label>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Input
              id="sandbox-event-count"
              className="w-24"
              type="number"
              min={1}
              max={50}
              value={eventCount}
              onChange={(e) => setEventCount(e.target.value)}
              aria-describedby="sandbox-event-hint"
            />
            <Button variant="secondary" onClick={sendEvents} disabled={pending}>
              {t('sandbox.sendEvents')}
            </Button>
          </div>
          <p id="sandbox-event-hint" className="mt-1 text-sm text-fg-muted">
            {t('sandbox.eventsHint')}
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
