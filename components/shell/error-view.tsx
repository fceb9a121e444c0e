'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * What a failed page shows: one sentence, a retry, and the digest (the server log's reference for this
 * failure) so support can find it. The error's message and stack stay on the server.
 */
export function ErrorView({ digest, retry, title }: { digest?: string; retry?: () => void; title?: string }) {
  const t = useTranslations('common');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <div aria-hidden="true" className="mb-4 flex size-12 items-center justify-center rounded-full bg-tone-danger-bg text-tone-danger-fg">
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-6">
          <path fillRule="evenodd" clipRule="evenodd" d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" />
        </svg>
      </div>
      <h1 className="text-xl font-semibold text-fg">{title ?? t('errorPage.title')}</h1>
      <p className="mt-2 text-sm text-fg-muted">{t('errorPage.body')}</p>
      {digest ? (
        <p className="mt-3 text-xs text-fg-muted">
          {t('errorPage.reference')} <code className="font-mono select-all">{digest}</code>
        </p>
      ) : null}
      <div className="mt-6 flex gap-2">
        {retry ? <Button onClick={retry}>{t('tryAgain')}</Button> : null}
        <Link href="/" className={buttonVariants({ variant: 'secondary' })}>
          {t('goToOverview')}
        </Link>
      </div>
    </div>
  );
}
