'use client';

import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';

/**
 * Signs out through next-auth's CSRF-protected endpoint (which also ends the server-side session row),
 * then does a full navigation so no cached console page survives.
 */
export function SignOutButton({ label, className }: { label: string; className?: string }) {
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      const csrf = await fetch('/api/auth/csrf', { cache: 'no-store' }).then((r) => r.json() as Promise<{ csrfToken: string }>);
      await fetch('/api/auth/signout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: '/login', json: 'true' }),
      });
    } finally {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops every cached console page
      window.location.assign('/login');
    }
  }

  return (
    <button
      type="button"
      onClick={signOut}
      disabled={pending}
      aria-busy={pending || undefined}
      className={cn(
        'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-surface-muted',
        'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
    >
      {pending ? (
        <Spinner />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-fg-muted">
          <path fillRule="evenodd" clipRule="evenodd" d="M3 4.25A2.25 2.25 0 0 1 5.25 2h5.5A2.25 2.25 0 0 1 13 4.25v2a.75.75 0 0 1-1.5 0v-2a.75.75 0 0 0-.75-.75h-5.5a.75.75 0 0 0-.75.75v11.5c0 .414.336.75.75.75h5.5a.75.75 0 0 0 .75-.75v-2a.75.75 0 0 1 1.5 0v2A2.25 2.25 0 0 1 10.75 18h-5.5A2.25 2.25 0 0 1 3 15.75V4.25Z" />
          <path fillRule="evenodd" clipRule="evenodd" d="M19 10a.75.75 0 0 0-.75-.75H8.704l1.048-.943a.75.75 0 1 0-1.004-1.114l-2.5 2.25a.75.75 0 0 0 0 1.114l2.5 2.25a.75.75 0 1 0 1.004-1.114l-1.048-.943h9.546A.75.75 0 0 0 19 10Z" />
        </svg>
      )}
      {label}
    </button>
  );
}
