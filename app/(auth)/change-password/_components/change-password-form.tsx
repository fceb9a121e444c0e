'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/team/password-limits';
import { changePasswordAction } from '../actions';
import { lazyResolver } from '@/components/forms/lazy-resolver';
import type { ChangePasswordInput } from '@/lib/domain/team/change-password-schema';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

// zod and the schema load when the form is first focused (or at the first validation), not with the page; the
// server action validates again.
const validation = lazyResolver<ChangePasswordInput, unknown, ChangePasswordInput>(async () => {
  const [{ zodResolver }, { changePasswordSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/domain/team/change-password-schema')]);
  return zodResolver(changePasswordSchema);
});

export function ChangePasswordForm() {
  const t = useTranslations('auth.changePassword');
  const fieldMessage = useFieldMessage();
  const failureSentence = useFailureSentence();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: validation.resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await changePasswordAction(values));
    if (!outcome.ok) {
      if (!applyFieldErrors(outcome.failure, FIELDS, { setError, setFocus })) setFailure(outcome.failure);
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
    <form method="post" onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-5">
      <noscript>
        <Alert tone="warning">{t('needsScript')}</Alert>
      </noscript>
      {failure ? <Alert tone="error">{failureSentence(failure)}</Alert> : null}
      {done ? <Alert tone="success">{t('done')}</Alert> : null}
      <Field id="currentPassword" label={t('current')} error={fieldMessage(errors.currentPassword?.message)}>
        <Input type="password" autoComplete="current-password" autoFocus {...register('currentPassword')} />
      </Field>
      <Field
        id="newPassword"
        label={t('new')}
        hint={t('newHint', { min: PASSWORD_MIN_LENGTH })}
        error={fieldMessage(errors.newPassword?.message)}
      >
        <Input type="password" autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field id="confirmPassword" label={t('repeat')} error={fieldMessage(errors.confirmPassword?.message)}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <SubmitButton className="w-full" loading={isSubmitting || done}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
