'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { refreshInbox } from '@/components/notifications/use-inbox';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { wordingKey, type NotificationKind } from '@/lib/domain/notifications/kinds';
import type { PreferencesForm as FormValues } from '@/lib/domain/notifications/schema';
import { saveNotificationPreferencesAction } from '@/lib/notifications/actions';

// zod and the schema load on first use, not with the page (first-load JS budget).
const schema = lazySchema<FormValues>(async () => (await import('@/lib/domain/notifications/schema')).preferencesFormSchema);

/** One switch per kind the user's role can receive; saving stores which are off. */
export function PreferencesForm({ offered, muted }: { offered: NotificationKind[]; muted: string[] }) {
  const t = useTranslations('notifications');
  const sentence = useFailureSentence();
  const client = useQueryClient();
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ defaultValues: { on: offered.map((k) => !muted.includes(k)) }, schema, mode: 'onSubmit' });
  const { checkbox, handleSubmit } = form;
  const isSubmitting = form.submitting;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const { mutedFromForm } = await import('@/lib/domain/notifications/schema');
    const r = readActionResult(await saveNotificationPreferencesAction({ muted: mutedFromForm(offered, values) as NotificationKind[] }));
    if (!r.ok) {
      setError(sentence(r.failure));
      return;
    }
    await refreshInbox(client);
    toast({ tone: 'success', title: t('preferences.saved') });
  });

  return (
    <Card>
      <CardHeader title={t('preferences.title')} description={t('preferences.description')} />
      <CardBody>
        {offered.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('preferences.none')}</p>
        ) : (
          <form onSubmit={onSubmit} onFocus={form.preload} noValidate className="space-y-4" data-testid="notification-preferences">
            <fieldset className="space-y-2.5">
              <legend className="sr-only">{t('preferences.title')}</legend>
              {offered.map((kind, i) => (
                <div key={kind}>
                  <Checkbox id={`pref-${kind}`} label={t(`${wordingKey(kind)}.label`)} {...checkbox(`on.${i}`)} />
                </div>
              ))}
            </fieldset>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <SubmitButton loading={isSubmitting}>{t('preferences.save')}</SubmitButton>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
