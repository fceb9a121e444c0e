'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { readActionResult, type ActionOutcome } from '@/lib/actions/result';
import type { SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import {
  deleteViewAction,
  setDefaultViewAction,
  setTeamDefaultAction,
  shareViewAction,
} from '@/lib/saved-views/view-actions';
import type { SavedViewItem } from '@/lib/saved-views/view-service';

// Loaded when the menu is first opened, not with the list page.
const SaveViewForm = dynamic(() => import('./saved-views-forms').then((m) => m.SaveViewForm));
const RenameDialog = dynamic(() => import('./saved-views-forms').then((m) => m.RenameDialog));

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
  const [opened, setOpened] = useState(false);
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
    <details className="group relative mb-4" data-testid="saved-views" onToggle={(e) => setOpened(opened || e.currentTarget.open)}>
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
        {opened ? <SaveViewForm list={list} currentQuery={currentQuery} onSaved={() => router.refresh()} /> : null}
      </div>
      {renaming ? <RenameDialog view={renaming} onClose={() => setRenaming(null)} onRenamed={() => router.refresh()} /> : null}
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
