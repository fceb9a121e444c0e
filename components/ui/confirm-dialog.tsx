'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** "Are you sure?" for destructive or money-moving actions; Cancel is focused first so Enter is safe. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  pending = false,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  pending?: boolean;
}) {
  const t = useTranslations('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      dismissible={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending} autoFocus>
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={pending}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
