'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { failureSentence, type Failure } from '@/lib/errors';
import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { ROLE_LABELS, ROLES } from '@/lib/auth/permissions';
import { addUserAction } from '../actions';
import { addUserSchema, type AddUserInput } from '@/lib/domain/team/schema';

type Created = { name: string; email: string; oneTimePassword: string };

const FIELDS = ['name', 'email', 'role'] as const;
const EMPTY: AddUserInput = { name: '', email: '', role: 'viewer' };

export function AddUserButton() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { toast } = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddUserInput>({ resolver: zodResolver(addUserSchema), defaultValues: EMPTY });

  function close() {
    if (isSubmitting) return;
    setOpen(false);
    // The one-time password must not linger in memory after the dialog is closed.
    setCreated(null);
    setFailure(null);
    reset(EMPTY);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await addUserAction(values));
    if (!outcome.ok) {
      if (!applyFieldErrors(outcome.failure, FIELDS, { setError, setFocus })) setFailure(outcome.failure);
      return;
    }
    const { user, oneTimePassword } = outcome.data;
    setCreated({ name: user.name, email: user.email, oneTimePassword });
    toast({ title: `${user.name} was added as ${ROLE_LABELS[user.role]}.` });
  });

  return (
    <>
      <Button
        onClick={() => {
          setCreated(null);
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
        </svg>
        Add user
      </Button>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!isSubmitting}
        title={created ? 'User added' : 'Add user'}
        description={
          created
            ? undefined
            : 'They get a one-time password and must choose their own at first sign-in.'
        }
        footer={
          created ? (
            <Button onClick={close} autoFocus>
              Done
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" form="add-user-form" loading={isSubmitting}>
                Add user
              </Button>
            </>
          )
        }
      >
        {created ? (
          <div className="space-y-4">
            <p className="text-fg-muted">
              Give <span className="font-medium text-fg">{created.name}</span> ({created.email}) this one-time password
              through a trusted channel. They will set their own at first sign-in.
            </p>
            <div className="flex items-center gap-2 rounded-lg border border-border bg-surface-muted p-3">
              <code data-testid="one-time-password" className="flex-1 font-mono text-base tracking-wide text-fg select-all">
                {created.oneTimePassword}
              </code>
              <CopyButton value={created.oneTimePassword} srLabel="Copy one-time password" />
            </div>
            <Alert tone="warning">This password is shown only once. It cannot be displayed again after you close this dialog.</Alert>
          </div>
        ) : (
          <form id="add-user-form" onSubmit={onSubmit} noValidate className="space-y-4">
            {failure ? <Alert tone="error">{failureSentence(failure)}</Alert> : null}
            <Field id="add-user-name" label="Name" required error={errors.name?.message}>
              <Input autoComplete="off" autoFocus {...register('name')} />
            </Field>
            <Field id="add-user-email" label="E-mail" required error={errors.email?.message}>
              <Input type="email" autoComplete="off" spellCheck={false} {...register('email')} />
            </Field>
            <Field id="add-user-role" label="Role" required error={errors.role?.message} hint="Viewer is read-only. You can change the role later.">
              <Select {...register('role')}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            </Field>
          </form>
        )}
      </Dialog>
    </>
  );
}
