import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/components/ui/cn';
import { pageLinks, type SearchParams } from '@/lib/domain/lists/list-params';

/** Paging by links (a list page: every page has its own URL). */
interface LinkPaging {
  pathname: string;
  searchParams: SearchParams;
  meta: { previousCursor: string | null; nextCursor: string | null };
  itemCount: number;
  firstHref?: string | null;
  className?: string;
}

/**
 * Paging by "load more" (a live feed read in the browser: older items are added under the ones shown, which stay as
 * they are). `more` is null when there is nothing older: no pager at all.
 */
interface LoadMorePaging {
  more: { label: string; onLoad: () => void; loading: boolean } | null;
  className?: string;
}

/**
 * Previous / Next links built from the contract's cursors. Plain links: paging works without client JS and
 * every page has its own URL. A list read forwards only (the console's own tables: no previous cursor) passes
 * `firstHref` (null on its first page) instead of a previous link: the way back is to its first page. A live list
 * read in the browser passes `more` instead: one button that adds the next page under the items shown.
 */
export function CursorPagination(props: LinkPaging | LoadMorePaging) {
  const t = useTranslations('common.pagination');
  if ('more' in props) {
    const { more, className } = props;
    if (!more) return null;
    return (
      <nav aria-label={t('label')} className={cn('flex items-center', className)}>
        <Button size="sm" variant="secondary" onClick={more.onLoad} loading={more.loading}>
          {more.label}
        </Button>
      </nav>
    );
  }
  const { pathname, searchParams, meta, itemCount, firstHref, className } = props;
  const links = pageLinks(pathname, searchParams, meta);
  const disabled = cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'pointer-events-none opacity-50');
  // A forward-only list on its only page has nowhere to go: no pager at all, as before these lists shared this one.
  if (firstHref === null && !links.next) return null;
  return (
    <nav aria-label={t('label')} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-fg-muted" aria-live="polite">
        {t('showing', { count: itemCount })}
      </p>
      <div className="flex items-center gap-2">
        {firstHref ? (
          <Link href={firstHref} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t('first')}
          </Link>
        ) : null}
        {firstHref !== undefined ? null : links.previous ? (
          <Link href={links.previous} rel="prev" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            <span aria-hidden="true">←</span> {t('previous')}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            <span aria-hidden="true">←</span> {t('previous')}
          </span>
        )}
        {links.next ? (
          <Link href={links.next} rel="next" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t('next')} <span aria-hidden="true">→</span>
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {t('next')} <span aria-hidden="true">→</span>
          </span>
        )}
      </div>
    </nav>
  );
}
