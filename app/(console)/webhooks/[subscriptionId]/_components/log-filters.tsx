import { getTranslations } from 'next-intl/server';
import { FilterBar, FilterField } from '@/components/data-table/filter-bar';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import type { LogFilterErrors, LogFilters } from '@/lib/domain/webhooks/filters';
import { noViewHref } from '@/lib/domain/saved-views/list-schemas';

/** The delivery log's filters (see FilterBar: the URL holds them); a bad value in the URL is said, not applied. */
export async function LogFilterForm({ pathname, filters, errors }: { pathname: string; filters: LogFilters; errors: LogFilterErrors }) {
  const t = await getTranslations('webhooks');
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <FilterBar
      action={pathname}
      label={t('filters.legend')}
      heading={t('filters.legend')}
      stateKey={JSON.stringify(filters)}
      className="mb-0 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
      applyLabel={t('filters.apply')}
      clear={{ href: noViewHref(pathname), label: t('filters.clear') }}
      actionsClassName="flex-wrap sm:col-span-2 lg:col-span-1"
      notice={
        hasErrors ? (
          <p className="text-sm text-danger-text" role="status">
            {errors.to === 'range' ? t('filters.range') : t('filters.invalid')}
          </p>
        ) : null
      }
    >
      <FilterField id="filter-status" label={t('filters.status')}>
        <Select id="filter-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">{t('filters.anyStatus')}</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`logs.status_${s}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-event" label={t('filters.eventType')}>
        <Select id="filter-event" name="eventType" defaultValue={filters.eventType ?? ''}>
          <option value="">{t('filters.anyEvent')}</option>
          {WEBHOOK_EVENT_TYPES.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-from" label={t('filters.from')}>
        <Input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </FilterField>
      <FilterField id="filter-to" label={t('filters.to')}>
        <Input id="filter-to" name="to" type="date" defaultValue={filters.to ?? ''} />
      </FilterField>
    </FilterBar>
  );
}
