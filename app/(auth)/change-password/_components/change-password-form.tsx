'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import { showFailure } from '@/components/forms/show-failure';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/team/password-limits';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { changePasswordAction } from '../actions';
import type { ChangePasswordInput } from '@/lib/domain/team/change-password-schema';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

// zod and the schema load when the form is first focused (or at the first validation), not with the page; the
// server action validates again.
const schema = lazySchema<ChangePasswordInput>(
  async () => (await import('@/lib/domain/team/change-password-schema')).changePasswordSchema,
);

export function ChangePasswordForm() {
  const t = useTranslations('auth.changePassword');
  const fieldMessage = useFieldMessage();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const [done, setDone] = useState(false);
  // Nothing is said about a password before the first submit.
  const form = useForm<ChangePasswordInput>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema,
    mode: 'onSubmit',
  });
  const { register, handleSubmit, error } = form;
  const isSubmitting = form.submitting;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await changePasswordAction(values));
    if (!outcome.ok) {
      const sentence = showFailure(form, outcome.failure, errorsT, FIELDS);
      if (sentence) setFailure({ sentence, requestId: outcome.failure.requestId ?? null });
      return;
    }
    setDone(true);
    // A full load: the layout re-reads the session (must-change is cleared) and every cached page is dropped.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- deliberate full load, see above
    window.location.assign('/');
  });

  return (
    // POST and a submit button that stays disabled until hydrated: a submit before the scripts run must not put the
    // passwords into the address bar (a plain form GET), and only the server action can change a password.
    <form method="post" onSubmit={onSubmit} onFocus={form.preload} noValidate className="space-y-5">
      <noscript>
        <Alert tone="warning">{t('needsScript')}</Alert>
      </noscript>
      {failure ? <Alert tone="error" requestId={failure.requestId}>{failure.sentence}</Alert> : null}
      {done ? <Alert tone="success">{t('done')}</Alert> : null}
      <Field id="currentPassword" label={t('current')} error={fieldMessage(error('currentPassword'))}>
        <Input type="password" autoComplete="current-password" autoFocus {...register('currentPassword')} />
      </Field>
      <Field
        id="newPassword"
        label={t('new')}
        hint={t('newHint', { min: PASSWORD_MIN_LENGTH })}
        error={fieldMessage(error('newPassword'))}
      >
        <Input type="password" autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field id="confirmPassword" label={t('repeat')} error={fieldMessage(error('confirmPassword'))}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <SubmitButton className="w-full" loading={isSubmitting || done}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
