import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Brand } from './brand';

/** A centred full-page message (404, 403) outside the console shell. */
export function StatusPage({ code, title, children, action }: { code: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="mb-10">
        <Brand />
      </div>
      <div className="w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-accent-text">{code}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        <div className="mt-3 text-sm text-fg-muted">{children}</div>
        <div className="mt-6 flex justify-center gap-2">
          {action ?? (
            <Link href="/" className={buttonVariants()}>
              Go to Overview
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
