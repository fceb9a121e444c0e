import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

/** The 403/404 message card. Inside the console shell it renders as is; StatusPage adds a page around it. */
export async function StatusPanel({ code, title, children, action }: { code: string; title: string; children: ReactNode; action?: ReactNode }) {
  const t = await getTranslations('common');
  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-accent-text">{code}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      <div className="mt-3 text-sm text-fg-muted">{children}</div>
      <div className="mt-6 flex justify-center gap-2">
        {action ?? (
          <Link href="/" className={buttonVariants()}>
            {t('goToOverview')}
          </Link>
        )}
      </div>
    </div>
  );
}
