'use client';

import { useSyncExternalStore } from 'react';
import { cn } from '@/components/ui/cn';
import { THEME_COOKIE, themeClass, type ThemeChoice } from './theme';

function resolvedIsDark(): boolean {
  const root = document.documentElement.classList;
  if (root.contains('dark')) return true;
  if (root.contains('light')) return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // In "system" mode the OS can switch under us.
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', listener);
  };
}

/** Flips between light and dark and remembers the choice in a cookie for a year. */
export function ThemeToggle({ initial, label, className }: { initial: ThemeChoice; label: string; className?: string }) {
  const dark = useSyncExternalStore(subscribe, resolvedIsDark, () => initial === 'dark');

  function toggle() {
    const next: ThemeChoice = resolvedIsDark() ? 'light' : 'dark';
    const root = document.documentElement.classList;
    root.remove('light', 'dark', 'theme-system');
    root.add(themeClass(next));
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    listeners.forEach((listener) => listener());
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      title={label}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <span className="sr-only">{label}</span>
      {/* Icons switch by CSS, so server and client render the same markup. */}
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 dark:hidden">
        <path d="M7.455 2.004a.75.75 0 0 1 .26.77 7 7 0 0 0 9.958 7.967.75.75 0 0 1 1.067.853A8.5 8.5 0 1 1 6.647 1.921a.75.75 0 0 1 .808.083Z" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="hidden size-5 dark:block">
        <path d="M10 2a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 2ZM10 15a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 15ZM10 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6ZM15.657 5.404a.75.75 0 1 0-1.06-1.06l-1.061 1.06a.75.75 0 0 0 1.06 1.06l1.06-1.06ZM6.464 14.596a.75.75 0 1 0-1.06-1.06l-1.06 1.06a.75.75 0 0 0 1.06 1.06l1.06-1.06ZM18 10a.75.75 0 0 1-.75.75h-1.5a.75.75 0 0 1 0-1.5h1.5A.75.75 0 0 1 18 10ZM5 10a.75.75 0 0 1-.75.75h-1.5a.75.75 0 0 1 0-1.5h1.5A.75.75 0 0 1 5 10ZM14.596 15.657a.75.75 0 0 0 1.06-1.06l-1.06-1.061a.75.75 0 1 0-1.06 1.06l1.06 1.06ZM5.404 6.464a.75.75 0 0 0 1.06-1.06l-1.06-1.06a.75.75 0 1 0-1.061 1.06l1.06 1.06Z" />
      </svg>
    </button>
  );
}
