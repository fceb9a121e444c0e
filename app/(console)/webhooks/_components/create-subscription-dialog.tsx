'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { applyFailure } from '@/components/forms/apply-failure';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import { parseFieldKey } from '@/lib/validation/validation-result';
import { EVENTS_BY_RESOURCE, WEBHOOK_RESOURCES, type WebhookEventType } from '@/lib/contract/webhook-events';
import { examplePayload } from '@/lib/domain/webhooks/catalog';
import { reachProblem, type DeliveryReach } from '@/lib/domain/webhooks/delivery-reach';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { createSubscriptionAction } from '../actions';
import { createSubscriptionSchema, urlProblem } from '@/lib/domain/webhooks/schema';

type Errors = { url?: string; events?: string; form?: string };

export interface CreateSubscriptionDialogProps {
  open: boolean;
  onClose: () => void;
  sandboxOn: boolean;
  reach: DeliveryReach;
}

/**
 * "New subscription": URL, all events or a pick from the catalogue (each with its description and example), retries.
 * The URL field says where this deployment delivers and, on leaving it or submitting, when deliveries to the typed
 * URL could never arrive (the server refuses those too). Loaded by CreateSubscriptionButton when first wanted.
 */
export function CreateSubscriptionDialog({ open, onClose, sandboxOn, reach }: CreateSubscriptionDialogProps) {
  const t = useTranslations('webhooks');
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const { key, renew } = useIdempotencyKey();
  const [url, setUrl] = useState('');
  const [includeAll, setIncludeAll] = useState(true);
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [allowRetry, setAllowRetry] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, startTransition] = useTransition();

  const errorsT = catalogueTranslator(useErrorsTranslator());
  /** A field's message: a code of the form's rules (values after a bar), or a refusal already worded. */
  const tr = (message: string | undefined) => {
    if (message === undefined) return undefined;
    const { key, values } = parseFieldKey(message);
    return errorsT(key, values) ?? message;
  };

  /** The URL rule, then this deployment's reach: a code of the `errors` catalogue, or a sentence already worded. */
  function urlError(value: string): string | undefined {
    if (!value) return undefined;
    const rule = urlProblem(value, sandboxOn);
    if (rule) return rule;
    const unreachable = reachProblem(value, reach);
    return unreachable ? (errorsT(unreachable.code, { host: unreachable.host, receiver: unreachable.receiver }) ?? unreachable.code) : undefined;
  }

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((all) => (on ? [...all, event] : all.filter((e) => e !== event)));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { intentKey: key, url: url.trim(), includeAll, events, allowRetry };
    const parsed = createSubscriptionSchema.safeParse(input);
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'url' || field === 'events') next[field] ??= issue.message;
      }
    }
    const problem = urlError(input.url);
    if (problem) next.url ??= problem;
    setErrors(next);
    if (next.url || next.events) return;
    startTransition(async () => {
      const outcome = readActionResult(await createSubscriptionAction(input));
      if (outcome.ok) {
        renew();
        onClose();
        toast({ title: t('create.created'), description: input.url });
        router.push(`/webhooks/${outcome.data.id}`);
        return;
      }
      // A refusal about the URL is said once, on the field.
      let onUrl: string | undefined;
      applyFailure((_field, message) => (onUrl = message), outcome.failure, errorsT, ['url']);
      setErrors({ url: onUrl, form: onUrl ? undefined : sentence(outcome.failure) });
    });
  }

  const hint =
    reach.kind === 'sandbox'
      ? t(reach.external ? 'create.urlHintReachExternal' : 'create.urlHintReach', {
          targets: [reach.receiver, ...reach.allowed].join(', '),
        })
      : t('create.urlHint');

  return (
    <Dialog
      open={open}
      onClose={() => (pending ? undefined : onClose())}
      dismissible={!pending}
      title={t('create.title')}
      description={t('create.description')}
      className="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="min-w-0 space-y-4">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Field id="subscription-url" label={t('create.url')} hint={hint} error={tr(errors.url)} required>
          <Input
            type="url"
            inputMode="url"
            autoComplete="url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              // A shown error follows the typing, so leaving the field (a click elsewhere) never moves the form.
              if (errors.url) setErrors((all) => ({ ...all, url: urlError(e.target.value.trim()) }));
            }}
            onBlur={() => setErrors((all) => ({ ...all, url: urlError(url.trim()) }))}
          />
        </Field>
        <Checkbox id="subscription-all" label={t('create.allEvents')} checked={includeAll} onChange={(e) => setIncludeAll(e.target.checked)} />
        {!includeAll ? (
          <fieldset className="min-w-0 space-y-3" aria-describedby={errors.events ? 'subscription-events-error' : undefined}>
            <legend className="text-sm font-medium text-fg">{t('create.pick')}</legend>
            {errors.events ? (
              <p id="subscription-events-error" className="text-sm text-danger-text">
                {tr(errors.events)}
              </p>
            ) : null}
            {WEBHOOK_RESOURCES.map((resource) => (
              <div key={resource} className="min-w-0 rounded-md border border-border p-3">
                <p className="mb-2 text-sm font-semibold text-fg">{t(`create.resource.${resource}`)}</p>
                <ul className="space-y-2">
                  {EVENTS_BY_RESOURCE[resource].map((event) => (
                    <li key={event} className="min-w-0">
                      <Checkbox
                        id={`event-${event}`}
                        label={<span className="font-mono text-xs break-all">{event}</span>}
                        checked={events.includes(event)}
                        onChange={(e) => toggle(event, e.target.checked)}
                        aria-describedby={`event-${event}-description`}
                      />
                      <p id={`event-${event}-description`} className="ml-6 text-sm text-fg-muted">
                        {t(`events.${event}`)}
                      </p>
                      <details className="ml-6 mt-1">
                        <summary className="cursor-pointer text-sm text-accent-text">{t('create.example')}</summary>
                        <pre className="mt-1 max-h-48 max-w-full overflow-auto rounded bg-surface-muted p-2 text-xs" tabIndex={0}>
                          {JSON.stringify(examplePayload(event), null, 2)}
                        </pre>
                      </details>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        ) : null}
        <Checkbox id="subscription-retry" label={t('create.allowRetry')} checked={allowRetry} onChange={(e) => setAllowRetry(e.target.checked)} />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
