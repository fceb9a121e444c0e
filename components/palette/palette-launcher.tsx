'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import type { Role } from '@/lib/auth/permissions';
import type { AppLocale } from '@/lib/i18n/config';
import type { PaletteSectionLink } from './command-palette';

/**
 * The palette's header button and its shortcuts (Ctrl/Cmd+K, and "/" outside a text field). The palette itself
 * (cmdk, its results, react-query's hooks in use) is a separate chunk fetched on first open — or as soon as the
 * pointer or focus reaches the button — so no route's first-load JS carries it.
 */
const loadPalette = () => import('./command-palette');
const CommandPalette = dynamic(() => loadPalette().then((m) => m.CommandPalette), { ssr: false });

function preload() {
  loadPalette().catch(() => undefined); // retried when the palette renders
}

/** Typing into a field (or a contenteditable) keeps its "/"; the palette opens only from elsewhere. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(type);
}

const noSubscribe = () => () => {};
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface PaletteLauncherProps {
  role: Role;
  locale: AppLocale;
  /** Kept when the palette switches the language (the preferences form sends both). */
  savedTimeZone: string | null;
  /** The nav sections this user may open, labels already translated. */
  sections: PaletteSectionLink[];
}

export function PaletteLauncher(props: PaletteLauncherProps) {
  const t = useTranslations('palette');
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept: reopening is instant and keeps the cache warm.
  const [wanted, setWanted] = useState(false);
  const mac = useSyncExternalStore(noSubscribe, isApple, () => false);
  // The shortcuts listen from an effect: a key pressed before hydration is the browser's own (tests wait for this).
  const hydrated = useHydrated();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const k = event.key.toLowerCase();
      const chord = k === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey;
      const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isTypingTarget(event.target);
      if (!chord && !slash) return;
      // Another modal (a confirmation, a form dialog) keeps the keyboard; the palette's own input handles "/".
      if (!chord && document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setWanted(true);
      setOpen((was) => (chord ? !was : true));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const shortcut = mac ? t('shortcutMac') : t('shortcut');
  return (
    <>
      <button
        type="button"
        data-testid="palette-open"
        data-hydrated={hydrated ? 'true' : undefined}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="flex h-9 min-w-9 items-center justify-center gap-2 rounded-md border border-border bg-surface px-2 text-sm text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring md:w-64 md:justify-start md:px-3"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 3.38 9.84l3.64 3.64a.75.75 0 1 0 1.06-1.06l-3.64-3.64A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
            clipRule="evenodd"
          />
        </svg>
        <span className="sr-only md:not-sr-only md:flex-1 md:text-left">{t('openLong')}</span>
        <kbd className="hidden rounded border border-border bg-surface-muted px-1.5 font-sans text-xs text-fg-muted md:inline">{shortcut}</kbd>
      </button>
      {wanted ? <CommandPalette {...props} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
