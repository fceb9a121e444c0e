import { useTranslations } from 'next-intl';
import { FilterBar, FilterField } from '@/components/data-table/filter-bar';
import { useStatusLabel } from '@/components/status/use-status-label';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ACCOUNT_STATUSES, type AccountFilters } from '@/lib/domain/accounts/filters';
import { PAGE_SIZES, type ListParams } from '@/lib/domain/lists/list-params';
import { ASSETS } from '@/lib/money/assets';

const GRID =
  'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(10rem,2fr)_minmax(9.5rem,1fr)_minmax(8rem,1fr)_minmax(9.5rem,1fr)_minmax(6rem,0.7fr)_auto]';

/** The account list's filters, page size and sort (see FilterBar: the URL holds them). */
export function AccountsFilterBar({ filters, paging }: { filters: AccountFilters; paging: ListParams }) {
  const t = useTranslations('accounts.filters');
  const statusLabel = useStatusLabel();
  return (
    <FilterBar
      action="/accounts"
      label={t('label')}
      stateKey={JSON.stringify([filters, paging.limit, paging.sortOrder])}
      className={GRID}
      applyLabel={t('apply')}
      clear={{ href: '/accounts', label: t('clear') }}
      actionsClassName="sm:col-span-2 lg:col-span-1"
    >
      <FilterField id="filter-name" label={t('name')} className="sm:col-span-2 lg:col-span-3 xl:col-span-1">
        <Input id="filter-name" name="name" type="search" defaultValue={filters.name ?? ''} placeholder={t('namePlaceholder')} />
      </FilterField>
      <FilterField id="filter-status" label={t('status')}>
        <Select id="filter-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">{t('anyStatus')}</option>
          {ACCOUNT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-asset" label={t('asset')}>
        <Select id="filter-asset" name="asset" defaultValue={filters.asset ?? ''}>
          <option value="">{t('anyAsset')}</option>
          {ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-sort" label={t('order')}>
        <Select id="filter-sort" name="sortOrder" defaultValue={paging.sortOrder}>
          <option value="DESCENDING">{t('newest')}</option>
          <option value="ASCENDING">{t('oldest')}</option>
        </Select>
      </FilterField>
      <FilterField id="filter-limit" label={t('perPage')}>
        <Select id="filter-limit" name="limit" defaultValue={String(paging.limit)}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </FilterField>
    </FilterBar>
  );
}
