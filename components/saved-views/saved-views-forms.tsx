'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { showFailure } from '@/components/forms/show-failure';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import type { SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import type { RenameViewInput, SaveViewInput } from '@/lib/domain/saved-views/view-schema';
import { catalogueTranslator } from '@/lib/errors';
import { renameViewAction, saveViewAction } from '@/lib/saved-views/view-actions';
import type { SavedViewItem } from '@/lib/saved-views/view-service';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';

// The forms of the saved-views menu, loaded when the menu is first opened (the form code and the fields stay out of
// the list pages' first-load JS). zod and the schemas load later still, when a form is first used.
const saveSchema = lazySchema<SaveViewInput>(async () => (await import('@/lib/domain/saved-views/view-schema')).saveViewSchema);
const renameSchema = lazySchema<RenameViewInput>(async () => (await import('@/lib/domain/saved-views/view-schema')).renameViewSchema);

const SAVE_FIELDS = ['name'] as const;

export function SaveViewForm({ list, currentQuery, onSaved }: { list: SavedViewList; currentQuery: string; onSaved: () => void }) {
  const t = useTranslations('savedViews');
  const fieldMessage = useFieldMessage();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const { toast } = useToast();
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const form = useForm<SaveViewInput>({
    // The query is not a field: the page's current filters are sent as they are when the form is submitted.
    defaultValues: { list, name: '', query: currentQuery, shared: false, makeDefault: false },
    schema: saveSchema,
    mode: 'onSubmit',
  });
  const { register, checkbox, handleSubmit, reset, error } = form;
  const isSubmitting = form.submitting;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await saveViewAction({ ...values, list, query: currentQuery }));
    if (!outcome.ok) {
      const sentence = showFailure(form, outcome.failure, errorsT, SAVE_FIELDS);
      if (sentence) setFailure({ sentence, requestId: outcome.failure.requestId ?? null });
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
    <form onSubmit={onSubmit} onFocus={form.preload} noValidate className="space-y-3 border-t border-border pt-3" aria-labelledby={`save-view-${list}`}>
      <h2 id={`save-view-${list}`} className="text-sm font-semibold text-fg">
        {t('saveTitle')}
      </h2>
      {failure ? <Alert tone="error" requestId={failure.requestId}>{failure.sentence}</Alert> : null}
      <Field id={`save-view-${list}-name`} label={t('name')} required error={fieldMessage(error('name'))}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <div className="flex flex-col gap-2">
        <Checkbox id={`save-view-${list}-shared`} label={t('shareWithTeam')} {...checkbox('shared')} />
        <Checkbox id={`save-view-${list}-default`} label={t('useAsDefault')} {...checkbox('makeDefault')} />
      </div>
      <Button type="submit" size="sm" loading={isSubmitting}>
        {t('save')}
      </Button>
    </form>
  );
}

const RENAME_FIELDS = ['name'] as const;

type RenameProps = { view: SavedViewItem | null; onClose: () => void; onRenamed: () => void };

/** Renames a saved view; a form of its own per view, so its field starts from that view's name. */
export function RenameDialog(props: RenameProps) {
  return <RenameViewDialog key={props.view?.id ?? ''} {...props} />;
}

function RenameViewDialog({ view, onClose, onRenamed }: RenameProps) {
  const t = useTranslations('savedViews');
  const common = useTranslations('common');
  const fieldMessage = useFieldMessage();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const { toast } = useToast();
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const form = useForm<RenameViewInput>({ defaultValues: { id: view?.id ?? '', name: view?.name ?? '' }, schema: renameSchema, mode: 'onSubmit' });
  const { register, handleSubmit, error } = form;
  const isSubmitting = form.submitting;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await renameViewAction(values));
    if (!outcome.ok) {
      const sentence = showFailure(form, outcome.failure, errorsT, RENAME_FIELDS);
      if (sentence) setFailure({ sentence, requestId: outcome.failure.requestId ?? null });
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
      <form id="rename-view-form" onSubmit={onSubmit} onFocus={form.preload} noValidate className="space-y-4">
        {failure ? <Alert tone="error" requestId={failure.requestId}>{failure.sentence}</Alert> : null}
        <Field id="rename-view-name" label={t('name')} required error={fieldMessage(error('name'))}>
          <Input autoComplete="off" autoFocus {...register('name')} />
        </Field>
      </form>
    </Dialog>
  );
}
