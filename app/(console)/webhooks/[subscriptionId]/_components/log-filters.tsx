import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import type { LogFilterErrors, LogFilters } from '@/lib/domain/webhooks/filters';
import { noViewHref } from '@/lib/domain/saved-views/list-schemas';

/** A plain GET form: the filters live in the URL, work without JavaScript, and a change starts from page one. */
export async function LogFilterForm({ pathname, filters, errors }: { pathname: string; filters: LogFilters; errors: LogFilterErrors }) {
  const t = await getTranslations('webhooks');
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form method="get" action={pathname} className="rounded-lg border border-border bg-surface p-4" aria-labelledby="log-filters-legend">
      <h3 id="log-filters-legend" className="mb-3 text-sm font-semibold text-fg">
        {t('filters.legend')}
      </h3>
      {hasErrors ? (
        <p className="mb-3 text-sm text-danger-text" role="status">
          {errors.to === 'range' ? t('filters.range') : t('filters.invalid')}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        <div>
          <Label htmlFor="filter-status">{t('filters.status')}</Label>
          <Select id="filter-status" name="status" defaultValue={filters.status ?? ''}>
            <option value="">{t('filters.anyStatus')}</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`logs.status_${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="filter-event">{t('filters.eventType')}</Label>
          <Select id="filter-event" name="eventType" defaultValue={filters.eventType ?? ''}>
            <option value="">{t('filters.anyEvent')}</option>
            {WEBHOOK_EVENT_TYPES.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="filter-from">{t('filters.from')}</Label>
          <Input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div>
          <Label htmlFor="filter-to">{t('filters.to')}</Label>
          <Input id="filter-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
          <button type="submit" className={buttonVariants({ variant: 'primary', size: 'md' })}>
            {t('filters.apply')}
          </button>
          <Link href={noViewHref(pathname)} className={buttonVariants({ variant: 'secondary', size: 'md' })}>
            {t('filters.clear')}
          </Link>
        </div>
      </div>
    </form>
  );
}
