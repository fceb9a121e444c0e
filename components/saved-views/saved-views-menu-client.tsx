'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { lazyResolver } from '@/components/forms/lazy-resolver';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { readActionResult, type ActionOutcome } from '@/lib/actions/result';
import type { SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import type { RenameViewInput, SaveViewInput } from '@/lib/domain/saved-views/view-schema';
import type { Failure } from '@/lib/errors';
import {
  deleteViewAction,
  renameViewAction,
  saveViewAction,
  setDefaultViewAction,
  setTeamDefaultAction,
  shareViewAction,
} from '@/lib/saved-views/view-actions';
import type { SavedViewItem } from '@/lib/saved-views/view-service';

// zod and the schemas load when a form is first used, not with the list page (first-load JS budget).
const saveValidation = lazyResolver<SaveViewInput, unknown, SaveViewInput>(async () => {
  const [{ zodResolver }, { saveViewSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/domain/saved-views/view-schema')]);
  return zodResolver(saveViewSchema);
});
const renameValidation = lazyResolver<RenameViewInput, unknown, RenameViewInput>(async () => {
  const [{ zodResolver }, { renameViewSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/domain/saved-views/view-schema')]);
  return zodResolver(renameViewSchema);
});

export type SavedViewsMenuProps = {
  list: SavedViewList;
  items: SavedViewItem[];
  /** The page's current filters as a view would store them; empty when none are set. */
  currentQuery: string;
  /** The view this URL was opened from (`?saved=<id>`), if any. */
  activeId: string | null;
  noViewHref: string;
};

/** The saved-views menu next to a list's filters: open, save, rename, share, default, delete. */
export function SavedViewsMenuClient({ list, items, currentQuery, activeId, noViewHref }: SavedViewsMenuProps) {
  const t = useTranslations('savedViews');
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const [pending, startTransition] = useTransition();
  const [renaming, setRenaming] = useState<SavedViewItem | null>(null);
  const [deleting, setDeleting] = useState<SavedViewItem | null>(null);
  const active = items.find((v) => v.id === activeId) ?? null;

  function run<T>(action: () => Promise<ActionOutcome<T>>, done: string, after?: () => void) {
    startTransition(async () => {
      const outcome = await action();
      if (outcome.ok) {
        after?.();
        toast({ title: done });
        router.refresh();
      } else {
        toast({ tone: 'error', title: t('failed'), description: sentence(outcome.failure) });
      }
    });
  }

  return (
    <details className="group relative mb-4" data-testid="saved-views">
      <summary
        className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'cursor-pointer list-none [&::-webkit-details-marker]:hidden' })}
      >
        <span>{active ? t('buttonActive', { name: active.name }) : t('button', { count: items.length })}</span>
        <span aria-hidden="true" className="ms-1 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="z-20 mt-2 w-full space-y-4 rounded-lg border border-border bg-surface p-4 shadow-lg sm:absolute sm:w-[28rem]">
        <section aria-labelledby={`saved-views-${list}-title`} className="space-y-2">
          <h2 id={`saved-views-${list}-title`} className="text-sm font-semibold text-fg">
            {t('title')}
          </h2>
          {items.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('empty')}</p>
          ) : (
            <ul className="divide-y divide-border" aria-label={t('title')}>
              {items.map((v) => (
                <li key={v.id} className="space-y-1.5 py-2" data-testid="saved-view">
                  <div className="flex flex-wrap items-center gap-2">
                    {v.href ? (
                      <Link
                        href={v.href}
                        aria-current={v.id === activeId ? 'page' : undefined}
                        className="min-w-0 font-medium text-accent-text underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                      >
                        {v.name}
                      </Link>
                    ) : (
                      <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                        {v.name} <span className="text-xs text-fg-muted">({t('outdated')})</span>
                      </span>
                    )}
                    {v.shared ? <Badge tone="info">{v.mine ? t('sharedByMe') : t('sharedBy', { name: v.ownerName })}</Badge> : null}
                    {v.teamDefault ? <Badge tone="neutral">{t('teamDefault')}</Badge> : null}
                    {v.myDefault ? <Badge tone="success">{t('myDefault')}</Badge> : null}
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={pending}
                      onClick={() =>
                        run(
                          async () => readActionResult(await setDefaultViewAction({ list, id: v.myDefault ? null : v.id })),
                          v.myDefault ? t('defaultCleared') : t('defaultSet', { name: v.name }),
                        )
                      }
                      aria-label={v.myDefault ? t('clearDefaultFor', { name: v.name }) : t('makeDefaultFor', { name: v.name })}
                    >
                      {v.myDefault ? t('clearDefault') : t('makeDefault')}
                    </Button>
                    {v.canSetTeamDefault ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={pending}
                        onClick={() =>
                          run(
                            async () => readActionResult(await setTeamDefaultAction({ id: v.id, on: !v.teamDefault })),
                            v.teamDefault ? t('teamDefaultCleared') : t('teamDefaultSet', { name: v.name }),
                          )
                        }
                        aria-label={v.teamDefault ? t('clearTeamDefaultFor', { name: v.name }) : t('makeTeamDefaultFor', { name: v.name })}
                      >
                        {v.teamDefault ? t('clearTeamDefault') : t('makeTeamDefault')}
                      </Button>
                    ) : null}
                    {v.canEdit ? (
                      <>
                        <Button variant="ghost" size="sm" disabled={pending} onClick={() => setRenaming(v)} aria-label={t('renameFor', { name: v.name })}>
                          {t('rename')}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={pending}
                          onClick={() =>
                            run(
                              async () => readActionResult(await shareViewAction({ id: v.id, on: !v.shared })),
                              v.shared ? t('unshared', { name: v.name }) : t('shared', { name: v.name }),
                            )
                          }
                          aria-label={v.shared ? t('unshareFor', { name: v.name }) : t('shareFor', { name: v.name })}
                        >
                          {v.shared ? t('unshare') : t('share')}
                        </Button>
                        <Button variant="ghost" size="sm" disabled={pending} onClick={() => setDeleting(v)} aria-label={t('deleteFor', { name: v.name })}>
                          {t('delete')}
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Link href={noViewHref} className="inline-block text-sm text-accent-text hover:underline">
            {t('noView')}
          </Link>
        </section>
        <SaveViewForm list={list} currentQuery={currentQuery} onSaved={() => router.refresh()} />
      </div>
      <RenameDialog view={renaming} onClose={() => setRenaming(null)} onRenamed={() => router.refresh()} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => (pending ? undefined : setDeleting(null))}
        onConfirm={() => {
          const view = deleting;
          if (!view) return;
          run(async () => readActionResult(await deleteViewAction({ id: view.id })), t('deleted', { name: view.name }), () => setDeleting(null));
        }}
        title={t('deleteTitle')}
        description={deleting ? t('deleteDescription', { name: deleting.name }) : undefined}
        confirmLabel={t('delete')}
        tone="danger"
        pending={pending}
      />
    </details>
  );
}

const SAVE_FIELDS = ['name'] as const;

function SaveViewForm({ list, currentQuery, onSaved }: { list: SavedViewList; currentQuery: string; onSaved: () => void }) {
  const t = useTranslations('savedViews');
  const fieldMessage = useFieldMessage();
  const sentence = useFailureSentence();
  const { toast } = useToast();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SaveViewInput, unknown, SaveViewInput>({
    resolver: saveValidation.resolver,
    // The query is not a field: the page's current filters are sent as they are when the form is submitted.
    defaultValues: { list, name: '', query: currentQuery, shared: false, makeDefault: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await saveViewAction({ ...values, list, query: currentQuery }));
    if (!outcome.ok) {
      if (!applyFieldErrors(outcome.failure, SAVE_FIELDS, { setError, setFocus })) setFailure(outcome.failure);
      return;
    }
    toast({ title: t('saved', { name: values.name }) });
    reset({ list, name: '', query: currentQuery, shared: false, makeDefault: false });
    onSaved();
  });

  if (!currentQuery) {
    return <p className="border-t border-border pt-3 text-sm text-fg-muted">{t('nothingToSave')}</p>;
  }
  return (
    <form onSubmit={onSubmit} onFocus={saveValidation.preload} noValidate className="space-y-3 border-t border-border pt-3" aria-labelledby={`save-view-${list}`}>
      <h2 id={`save-view-${list}`} className="text-sm font-semibold text-fg">
        {t('saveTitle')}
      </h2>
      {failure ? <Alert tone="error">{sentence(failure)}</Alert> : null}
      <Field id={`save-view-${list}-name`} label={t('name')} required error={fieldMessage(errors.name?.message)}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <div className="flex flex-col gap-2">
        <Checkbox id={`save-view-${list}-shared`} label={t('shareWithTeam')} {...register('shared')} />
        <Checkbox id={`save-view-${list}-default`} label={t('useAsDefault')} {...register('makeDefault')} />
      </div>
      <Button type="submit" size="sm" loading={isSubmitting}>
        {t('save')}
      </Button>
    </form>
  );
}

const RENAME_FIELDS = ['name'] as const;

function RenameDialog({ view, onClose, onRenamed }: { view: SavedViewItem | null; onClose: () => void; onRenamed: () => void }) {
  const t = useTranslations('savedViews');
  const common = useTranslations('common');
  const fieldMessage = useFieldMessage();
  const sentence = useFailureSentence();
  const { toast } = useToast();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RenameViewInput, unknown, RenameViewInput>({
    resolver: renameValidation.resolver,
    values: { id: view?.id ?? '', name: view?.name ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await renameViewAction(values));
    if (!outcome.ok) {
      if (!applyFieldErrors(outcome.failure, RENAME_FIELDS, { setError, setFocus })) setFailure(outcome.failure);
      return;
    }
    toast({ title: t('renamed', { name: values.name }) });
    onClose();
    onRenamed();
  });

  return (
    <Dialog
      open={view !== null}
      onClose={() => (isSubmitting ? undefined : onClose())}
      dismissible={!isSubmitting}
      title={t('renameTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {common('cancel')}
          </Button>
          <Button type="submit" form="rename-view-form" loading={isSubmitting}>
            {t('rename')}
          </Button>
        </>
      }
    >
      <form id="rename-view-form" onSubmit={onSubmit} onFocus={renameValidation.preload} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{sentence(failure)}</Alert> : null}
        <Field id="rename-view-name" label={t('name')} required error={fieldMessage(errors.name?.message)}>
          <Input autoComplete="off" autoFocus {...register('name')} />
        </Field>
      </form>
    </Dialog>
  );
}
