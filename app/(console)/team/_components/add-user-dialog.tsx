'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import { showFailure } from '@/components/forms/show-failure';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { ROLE_WHILE_PENDING, roleChangeWeakens } from '@/lib/domain/control-changes/roles';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { addUserAction } from '../actions';
import type { AddUserInput } from '@/lib/domain/team/schema';

type Created = { name: string; email: string; oneTimePassword: string; pendingRole: Role | null };

const FIELDS = ['name', 'email', 'role'] as const;
const EMPTY: AddUserInput = { name: '', email: '', role: 'viewer' };

// The shared schema and zod load when the dialog opens, not with the page (first-load JS budget).
const schema = lazySchema<AddUserInput>(async () => (await import('@/lib/domain/team/schema')).addUserSchema);

/** The "add user" dialog: loaded by add-user-button.tsx when first wanted, not with /team. */
export function AddUserDialog({ open, onClose, delayHours }: { open: boolean; onClose: () => void; delayHours: number }) {
  const tc = useTranslations('controlChanges');
  const t = useTranslations('team.add');
  const roles = useTranslations('shell.roles');
  const common = useTranslations('common');
  const fieldMessage = useFieldMessage();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const [created, setCreated] = useState<Created | null>(null);
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const { toast } = useToast();
  const form = useForm<AddUserInput>({ defaultValues: EMPTY, schema, mode: 'onSubmit' });
  const { register, handleSubmit, reset, error } = form;
  const isSubmitting = form.submitting;
  const chosenRole = form.values.role;

  useEffect(() => {
    if (open) schema.preload();
  }, [open]);

  function close() {
    if (isSubmitting) return;
    onClose();
    // The one-time password must not linger in memory after the dialog is closed.
    setCreated(null);
    setFailure(null);
    reset(EMPTY);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await addUserAction(values));
    if (!outcome.ok) {
      const sentence = showFailure(form, outcome.failure, errorsT, FIELDS);
      if (sentence) setFailure({ sentence, requestId: outcome.failure.requestId ?? null });
      return;
    }
    const { user, oneTimePassword, requestedRole, pending } = outcome.data;
    setCreated({ name: user.name, email: user.email, oneTimePassword, pendingRole: pending ? requestedRole : null });
    toast({
      title: t('added', { name: user.name, role: roles(user.role) }),
      description: pending ? tc('toastPending') : undefined,
    });
  });

  return (
    <Dialog
        open={open}
        onClose={close}
        dismissible={!isSubmitting}
        title={created ? t('doneTitle') : t('title')}
        description={created ? undefined : t('description')}
        footer={
          created ? (
            <Button onClick={close} autoFocus>
              {t('done')}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={isSubmitting}>
                {common('cancel')}
              </Button>
              <Button type="submit" form="add-user-form" loading={isSubmitting}>
                {t('submit')}
              </Button>
            </>
          )
        }
      >
        {created ? (
          <div className="space-y-4">
            <p className="text-fg-muted">
              {t('giveOtp', { name: created.name, email: created.email })}
            </p>
            <div className="flex items-center gap-2 rounded-lg border border-border bg-surface-muted p-3">
              <code data-testid="one-time-password" className="flex-1 font-mono text-base tracking-wide text-fg select-all">
                {created.oneTimePassword}
              </code>
              <CopyButton value={created.oneTimePassword} srLabel={t('copyOtp')} />
            </div>
            <Alert tone="warning">{t('shownOnce')}</Alert>
            {created.pendingRole ? (
              <Alert tone="info" title={tc('needsSecondAdmin')}>
                <span data-testid="add-user-pending">
                  {tc('addPending', { name: created.name, viewer: roles(ROLE_WHILE_PENDING), role: roles(created.pendingRole), hours: delayHours })}
                </span>
              </Alert>
            ) : null}
          </div>
        ) : (
          <form id="add-user-form" onSubmit={onSubmit} noValidate className="space-y-4">
            {failure ? <Alert tone="error" requestId={failure.requestId}>{failure.sentence}</Alert> : null}
            <Field id="add-user-name" label={t('name')} required error={fieldMessage(error('name'))}>
              <Input autoComplete="off" autoFocus {...register('name')} />
            </Field>
            <Field id="add-user-email" label={t('email')} required error={fieldMessage(error('email'))}>
              <Input type="email" autoComplete="off" spellCheck={false} {...register('email')} />
            </Field>
            <Field
              id="add-user-role"
              label={t('role')}
              required
              error={fieldMessage(error('role'))}
              hint={
                roleChangeWeakens(ROLE_WHILE_PENDING, chosenRole)
                  ? tc('addPendingHint', { role: roles(chosenRole), viewer: roles(ROLE_WHILE_PENDING) })
                  : t('roleHint')
              }
            >
              <Select {...register('role')}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roles(role)}
                  </option>
                ))}
              </Select>
            </Field>
          </form>
        )}
    </Dialog>
  );
}
