'use client';

import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useToast } from '@/components/ui/toast';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult, type ActionOutcome } from '@/lib/actions/result';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/lib/contract/webhook-events';
import { MAX_JOB_ITEMS } from '@/lib/domain/webhooks/replay';
import type { ReplayJobView } from '@/lib/webhooks/replay-store';
import { cancelReplayAction, replayDryRunAction, startReplayAction } from '../../actions';

type DryRun = { count: number; scanned: number; truncated: boolean; overLimit: boolean };

/**
 * Replay many: window + event types → dry-run count → start (a background job in the console) → progress bar,
 * cancel, summary. Progress is polled from /api/webhook-replays/{id}, so a reload picks the running job up again.
 */
export function ReplayPanel({ subscriptionId, initialJob, canManage }: { subscriptionId: string; initialJob: ReplayJobView | null; canManage: boolean }) {
  const t = useTranslations('webhooks');
  const format = useFormatter();
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>([]);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<ReplayJobView | null>(initialJob);
  const [pending, startTransition] = useTransition();
  const running = job?.status === 'RUNNING';

  useEffect(() => {
    if (!running || !job) return;
    let stopped = false;
    const id = setInterval(async () => {
      const res = await fetch(`/api/webhook-replays/${job.id}`, { cache: 'no-store' }).catch(() => null);
      if (!res?.ok || stopped) return;
      const body = (await res.json()) as { data: ReplayJobView };
      setJob(body.data);
      if (body.data.status !== 'RUNNING') router.refresh();
    }, 700);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [running, job?.id, router]); // eslint-disable-line react-hooks/exhaustive-deps

  const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  const windowInput = () => ({ subscriptionId, from, to, eventTypes, timeZone: timeZone() });
  /** A refusal as one sentence; a field's own message (a catalogue key of this section) when it names one. */
  const problem = (outcome: Extract<ActionOutcome<unknown>, { ok: false }>) => {
    const field = outcome.failure.fieldErrors.to ?? outcome.failure.fieldErrors.from;
    return field && t.has(field) ? t(field) : sentence(outcome.failure);
  };

  function count() {
    setError(null);
    startTransition(async () => {
      const outcome = readActionResult(await replayDryRunAction(windowInput()));
      if (outcome.ok) setDryRun(outcome.data);
      else setError(problem(outcome));
    });
  }

  function start() {
    setError(null);
    const jobId = crypto.randomUUID();
    startTransition(async () => {
      const outcome = readActionResult(await startReplayAction({ ...windowInput(), jobId }));
      if (!outcome.ok) {
        setError(problem(outcome));
        return;
      }
      toast({ title: t('replay.started') });
      setDryRun(null);
      const res = await fetch(`/api/webhook-replays/${jobId}`, { cache: 'no-store' });
      if (res.ok) setJob(((await res.json()) as { data: ReplayJobView }).data);
    });
  }

  function cancel() {
    if (!job) return;
    startTransition(async () => {
      const outcome = readActionResult(await cancelReplayAction({ jobId: job.id }));
      if (!outcome.ok) {
        setError(problem(outcome));
        return;
      }
      toast({ title: t('replay.cancelled') });
      const res = await fetch(`/api/webhook-replays/${job.id}`, { cache: 'no-store' });
      if (res.ok) setJob(((await res.json()) as { data: ReplayJobView }).data);
    });
  }

  const n = (v: number) => format.number(v);
  const c = job?.progress.counts;

  return (
    <Card>
      <CardHeader title={t('replay.title')} description={canManage ? t('replay.description') : undefined} />
      <CardBody className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {job ? (
          <div className="space-y-2" data-testid="replay-job" data-status={job.status}>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium">{t(`replay.status_${job.status}`)}</span>
              <span className="tabular" aria-live="polite">
                {t('replay.progress', { done: n(job.progress.done), total: n(job.progress.total) })}
              </span>
            </div>
            <progress
              className="h-2 w-full overflow-hidden rounded accent-accent"
              max={Math.max(1, job.progress.total)}
              value={job.progress.done}
              aria-label={t('replay.progressLabel')}
              data-testid="replay-progress"
            />
            {c && job.status !== 'RUNNING' ? (
              <p className="text-sm" data-testid="replay-summary">
                {t('replay.summary', { sent: n(c.SENT), refused: n(c.REFUSED), failed: n(c.FAILED), pending: n(c.PENDING + c.SENDING) })}
              </p>
            ) : null}
            {job.createdByEmail ? (
              <p className="text-sm text-fg-muted">
                {t('replay.startedBy', { email: job.createdByEmail })} · <DateTimeText value={job.createdAt} />
              </p>
            ) : null}
            {job.problems.length > 0 ? (
              <div>
                <p className="text-sm font-medium">{t('replay.problems')}</p>
                <ul className="list-disc pl-5 text-sm text-fg-muted">
                  {job.problems.map((p) => (
                    <li key={p.logId} className="break-words">
                      {p.error}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {canManage && running ? (
              <Button variant="secondary" size="sm" onClick={cancel} loading={pending}>
                {pending ? t('replay.cancelling') : t('replay.cancel')}
              </Button>
            ) : null}
            {canManage && !running ? (
              <Button variant="secondary" size="sm" onClick={() => setJob(null)}>
                {t('replay.again')}
              </Button>
            ) : null}
          </div>
        ) : canManage ? (
          <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <Label htmlFor="replay-from">{t('replay.from')}</Label>
                <Input id="replay-from" type="date" value={from} onChange={(e) => (setFrom(e.target.value), setDryRun(null))} />
              </div>
              <div>
                <Label htmlFor="replay-to">{t('replay.to')}</Label>
                <Input id="replay-to" type="date" value={to} onChange={(e) => (setTo(e.target.value), setDryRun(null))} />
              </div>
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-fg">{t('replay.eventTypes')}</legend>
              <div className="grid gap-1 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((e) => (
                  <Checkbox
                    key={e}
                    id={`replay-${e}`}
                    label={<span className="font-mono text-xs">{e}</span>}
                    checked={eventTypes.includes(e)}
                    onChange={(ev) => {
                      setDryRun(null);
                      setEventTypes((all) => (ev.target.checked ? [...all, e] : all.filter((x) => x !== e)));
                    }}
                  />
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={count} loading={pending && !dryRun}>
                {pending && !dryRun ? t('replay.counting') : t('replay.dryRun')}
              </Button>
              {dryRun && dryRun.count > 0 ? (
                <Button onClick={start} loading={pending} data-testid="replay-start">
                  {pending ? t('replay.starting') : t('replay.start', { count: n(dryRun.count) })}
                </Button>
              ) : null}
            </div>
            {dryRun ? (
              <div className="text-sm" role="status" data-testid="replay-dry-run">
                <p className="font-medium">{t('replay.count', { count: dryRun.count })}</p>
                <p className="text-fg-muted">
                  {dryRun.truncated ? t('replay.truncatedScan', { scanned: n(dryRun.scanned) }) : t('replay.scanned', { scanned: n(dryRun.scanned) })}
                </p>
                {dryRun.overLimit ? <p className="text-fg-muted">{t('replay.overLimit', { max: n(MAX_JOB_ITEMS) })}</p> : null}
              </div>
            ) : null}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
