'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, useTransition } from 'react';
import { AmountText } from '@/components/money/amount-text';
import { StatusBadge } from '@/components/status/status-badge';
import { cn } from '@/components/ui/cn';
import { withQueryProvider } from '@/components/query/query-provider';
import type { Role } from '@/lib/auth/permissions';
import type { AppLocale } from '@/lib/i18n/config';
import { savePreferencesAction } from '@/lib/i18n/actions';
import { paletteActions, type PaletteAction } from '@/lib/domain/search/palette-actions';
import { foldText } from '@/lib/domain/search/query';
import type { SearchGroup, SearchHit } from '@/lib/domain/search/results';

export interface PaletteSectionLink {
  href: string;
  label: string;
}

interface SearchAnswer {
  groups: SearchGroup[];
  indexing: boolean;
}

const DEBOUNCE_MS = 200;

/** The text the search runs on: settles DEBOUNCE_MS after the last keystroke. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [value]);
  return settled;
}

/**
 * The search request. react-query passes an AbortSignal: when the text changes the superseded request has no
 * observer left and is aborted; answers are cached per text (and invalidated by live events, key `['search']`).
 */
async function fetchSearch(q: string, signal: AbortSignal): Promise<SearchAnswer> {
  const response = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`search ${response.status}`);
  return (await response.json()) as SearchAnswer;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  role: Role;
  locale: AppLocale;
  savedTimeZone: string | null;
  sections: PaletteSectionLink[];
}

function PaletteDialog({ open, onClose, role, locale, savedTimeZone, sections }: CommandPaletteProps) {
  const t = useTranslations('palette');
  const router = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [text, setText] = useState('');
  const [, startTransition] = useTransition();
  const q = useDebounced(text.trim());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The field mounted before the dialog was shown, when it could not take focus: give it now.
      inputRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [open]);

  const search = useQuery({
    queryKey: ['search', locale, q],
    queryFn: ({ signal }) => fetchSearch(q, signal),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });

  const folded = foldText(text);
  const actions = useMemo(() => paletteActions(role, locale), [role, locale]);
  const actionLabel = (a: PaletteAction) => (a.kind === 'locale' ? (a.locale === 'en' ? t('actions.switchToEn') : t('actions.switchToPt')) : t(`actions.${a.id}`));
  const shownActions = actions.filter((a) => !folded || foldText(actionLabel(a)).includes(folded));
  const shownSections = sections.filter((s) => !folded || foldText(s.label).includes(folded));

  function close() {
    onClose();
    setText('');
  }

  function go(href: string) {
    close();
    router.push(href);
  }

  function run(action: PaletteAction) {
    if (action.kind === 'link') return go(action.href);
    close();
    const form = new FormData();
    form.set('locale', action.locale);
    form.set('timeZone', savedTimeZone ?? '');
    startTransition(async () => {
      await savePreferencesAction(form);
      router.refresh();
    });
  }

  const groups = search.data?.groups ?? [];
  // While the answer for the new text is on its way the earlier answer stays on screen (no jump), dimmed and not
  // selectable: Enter never opens a row of a text no longer typed.
  // Also during the debounce: rows answering the text before the last keystrokes are not what is typed now.
  const stale = search.isPlaceholderData || q !== text.trim();
  // The first row is selected whenever the rows change (new results arrived, the text filtered the actions).
  const values = [
    ...(stale ? [] : groups.flatMap((g) => g.hits.map((h) => `${h.kind}:${h.id}`))),
    ...shownActions.map((a) => `action:${a.id}`),
    ...shownSections.map((s) => `section:${s.href}`),
  ];
  const rowsKey = values.join('|');
  const [selected, setSelected] = useState('');
  const [selectedFor, setSelectedFor] = useState<string | null>(null);
  if (selectedFor !== rowsKey) {
    setSelectedFor(rowsKey);
    setSelected(values[0] ?? '');
  }
  const searching = search.isFetching && q !== '';
  const nothing = q !== '' && !search.isPlaceholderData && !search.isFetching && !search.isError && groups.length === 0;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      data-testid="palette"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="mx-auto mt-[10vh] mb-auto w-[calc(100%-1.5rem)] max-w-xl rounded-xl border border-border bg-surface p-0 text-fg shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <Command label={t('inputLabel')} shouldFilter={false} loop value={selected} onValueChange={setSelected} className="flex max-h-[75vh] flex-col">
          <h2 id={titleId} className="sr-only">
            {t('title')}
          </h2>
          <div className="flex items-center gap-2 border-b border-border px-3">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-fg-muted">
              <path
                fillRule="evenodd"
                d="M9 3.5a5.5 5.5 0 1 0 3.38 9.84l3.64 3.64a.75.75 0 1 0 1.06-1.06l-3.64-3.64A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
                clipRule="evenodd"
              />
            </svg>
            <Command.Input
              ref={inputRef}
              value={text}
              onValueChange={setText}
              placeholder={t('placeholder')}
              maxLength={100}
              data-testid="palette-input"
              className="h-12 min-w-0 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-fg-subtle"
            />
            {searching ? (
              <span role="status" className="text-xs text-fg-muted">
                {t('loading')}
              </span>
            ) : null}
          </div>
          {/* Notices stay outside the listbox: it may hold only groups and options. */}
          {search.isError ? (
            <p role="alert" className="px-5 pt-2 text-sm text-danger-text">
              {t('failed')}
            </p>
          ) : null}
          {search.data?.indexing ? <p className="px-5 pt-2 text-xs text-fg-muted">{t('indexing')}</p> : null}
          {nothing && shownActions.length === 0 && shownSections.length === 0 ? (
            <p role="status" className="px-5 py-6 text-center text-sm text-fg-muted" data-testid="palette-empty">
              {t('empty', { query: q })}
            </p>
          ) : null}
          <Command.List label={t('title')} className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="palette-list">
            {groups.map((group) => (
              <Command.Group
                key={group.kind}
                heading={q === '' && group.kind === 'operation' ? t('recent') : t(`kinds.${group.kind}`)}
                data-testid={`palette-group-${group.kind}`}
                className={GROUP_CLASS}
              >
                {group.hits.map((hit) => (
                  <ResultItem key={`${hit.kind}:${hit.id}`} hit={hit} stale={stale} showMatch={q !== ''} onSelect={() => go(hit.href)} />
                ))}
              </Command.Group>
            ))}
            {shownActions.length > 0 ? (
              <Command.Group heading={t('actionsHeading')} className={GROUP_CLASS} data-testid="palette-group-actions">
                {shownActions.map((action) => (
                  <Command.Item key={action.id} value={`action:${action.id}`} onSelect={() => run(action)} className={ITEM_CLASS} data-testid={`palette-action-${action.id}`}>
                    <span lang={action.kind === 'locale' ? action.locale : undefined}>{actionLabel(action)}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
            {shownSections.length > 0 ? (
              <Command.Group heading={t('sectionsHeading')} className={GROUP_CLASS}>
                {shownSections.map((section) => (
                  <Command.Item key={section.href} value={`section:${section.href}`} onSelect={() => go(section.href)} className={ITEM_CLASS}>
                    {t('goTo', { section: section.label })}
                  </Command.Item>
                ))}
              </Command.Group>
            ) : null}
          </Command.List>
          <p className="hidden border-t border-border px-3 py-2 text-xs text-fg-muted sm:block">{t('hint')}</p>
        </Command>
      ) : null}
    </dialog>
  );
}

const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-fg-muted';
const ITEM_CLASS =
  'flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-3 py-2 text-sm text-fg data-[selected=true]:bg-accent-soft data-[selected=true]:text-fg';

function ResultItem({ hit, stale, showMatch, onSelect }: { hit: SearchHit; stale: boolean; showMatch: boolean; onSelect: () => void }) {
  const t = useTranslations('palette');
  const detail =
    hit.kind === 'operation' && ['SWAP', 'DEPOSIT', 'WITHDRAWAL', 'TRANSFER'].includes(hit.detail) ? t(`operationTypes.${hit.detail}`) : hit.detail;
  const shortId = hit.kind === 'webhookMessage' ? hit.id : hit.id.slice(0, 8);
  return (
    <Command.Item
      value={`${hit.kind}:${hit.id}`}
      onSelect={onSelect}
      disabled={stale}
      className={cn(ITEM_CLASS, 'data-[disabled=true]:cursor-default data-[disabled=true]:opacity-50')}
      data-testid="palette-result"
      data-kind={hit.kind}
      data-id={hit.id}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{hit.title}</span>
        <span className={cn('block truncate text-xs text-fg-muted')}>
          <span className="font-mono">{shortId}</span>
          {detail ? ` · ${detail}` : ''}
          {showMatch ? ` · ${t(`matchedBy.${hit.matchedBy}`)}` : ''}
        </span>
      </span>
      {hit.amount ? <AmountText amount={hit.amount} className="text-sm" /> : null}
      {hit.status ? <StatusBadge status={hit.status} /> : null}
    </Command.Item>
  );
}

/** The palette with the tab's react-query client (its search answers are cached and live-invalidated). */
export const CommandPalette = withQueryProvider(PaletteDialog);
