'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { readActionResult } from '@/lib/actions/result';
import { failureSentence, type Failure } from '@/lib/errors';
import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/team/password-policy';
import { changePasswordAction } from '../actions';
import { changePasswordSchema, type ChangePasswordInput } from '../schema';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
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
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? <Alert tone="error">{failureSentence(failure)}</Alert> : null}
      {done ? <Alert tone="success">Password changed. Opening the console…</Alert> : null}
      <Field id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...register('currentPassword')} />
      </Field>
      <Field
        id="newPassword"
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember and hard to guess.`}
        error={errors.newPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field id="confirmPassword" label="Repeat new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting || done}>
        Change password
      </Button>
    </form>
  );
}
