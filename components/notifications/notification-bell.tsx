'use client';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useIdle } from '@/hooks/use-idle';
import type { BellState } from './bell-live';

// Both load after the page: the data (react-query, the live channel) once the page is idle (or the bell is reached
// sooner), the dropdown on first open.
const BellLive = dynamic(() => import('./bell-live'), { ssr: false });
const NotificationPanel = dynamic(() => import('./notification-panel'), { ssr: false });

/** Items the dropdown shows; the page has the rest. */
const LATEST = 8;

/**
 * The header's bell: the unread count (counted on the server for the first paint, then fetched with react-query,
 * refreshed by the live channel's "your inbox changed", polled every 30 s while the channel is down) and a dropdown
 * of the latest items.
 */
export function NotificationBell({ initialUnread, initialUnreadLabel }: { initialUnread: number; initialUnreadLabel: string }) {
  const t = useTranslations('notifications.bell');
  const [state, setState] = useState<BellState>({ page: undefined, failed: false, live: false });
  const [open, setOpen] = useState(false);
  // The server counted the unread items for the first paint: reading them again and opening the live channel can wait
  // for the page's own work (hydration, its lazy parts) to finish, in a task of its own. Pointing at or focusing the
  // bell starts it at once.
  const idle = useIdle();
  const [reached, setReached] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The server's count until the browser has read the inbox itself.
  const unread = state.page?.unread ?? initialUnread;
  // The server's words for the server's count; the browser formats only a count it learned itself.
  const unreadLabel = unread === initialUnread ? initialUnreadLabel : t('unread', { count: unread });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      {idle || reached || open ? <BellLive limit={LATEST} onChange={setState} /> : null}
      <button
        ref={button}
        type="button"
        data-testid="notification-bell"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => setReached(true)}
        onFocus={() => setReached(true)}
        className={cn(
          'relative inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <span className="sr-only">
          {t('open')}, {unreadLabel}
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-5">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
          />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-accent px-1 text-center text-[0.65rem] leading-4 font-semibold tabular-nums text-accent-fg"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationPanel
          id={`${id}-panel`}
          page={state.page}
          failed={state.failed}
          live={state.live}
          onNavigate={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
