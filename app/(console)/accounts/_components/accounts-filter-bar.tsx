import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { PAGE_SIZES, type ListParams } from '@/lib/domain/lists/list-params';
import { useStatusLabel } from '@/components/status/use-status-label';
import { ASSETS } from '@/lib/money/assets';
import { ACCOUNT_STATUSES, type AccountFilters } from '@/lib/domain/accounts/filters';

/**
 * Filters, page size and sort as a plain GET form: submitting writes them into the URL and, because the
 * cursor is not part of the form, starts again from the first page. Works without client JS.
 */
export function AccountsFilterBar({ filters, paging }: { filters: AccountFilters; paging: ListParams }) {
  const t = useTranslations('accounts.filters');
  const statusLabel = useStatusLabel();
  return (
    <form
      // Remount when the URL changes (e.g. "Clear"), so the uncontrolled fields show the new state.
      key={JSON.stringify([filters, paging.limit, paging.sortOrder])}
      method="get"
      action="/accounts"
      role="search"
      aria-label={t('label')}
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 rounded-lg border border-border bg-surface p-4 lg:grid-cols-3 xl:grid-cols-[minmax(10rem,2fr)_minmax(9.5rem,1fr)_minmax(8rem,1fr)_minmax(9.5rem,1fr)_minmax(6rem,0.7fr)_auto]"
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-3 xl:col-span-1">
        <Label htmlFor="filter-name">{t('name')}</Label>
        <Input id="filter-name" name="name" type="search" defaultValue={filters.name ?? ''} placeholder={t('namePlaceholder')} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-status">{t('status')}</Label>
        <Select id="filter-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">{t('anyStatus')}</option>
          {ACCOUNT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-asset">{t('asset')}</Label>
        <Select id="filter-asset" name="asset" defaultValue={filters.asset ?? ''}>
          <option value="">{t('anyAsset')}</option>
          {ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-sort">{t('order')}</Label>
        <Select id="filter-sort" name="sortOrder" defaultValue={paging.sortOrder}>
          <option value="DESCENDING">{t('newest')}</option>
          <option value="ASCENDING">{t('oldest')}</option>
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-limit">{t('perPage')}</Label>
        <Select id="filter-limit" name="limit" defaultValue={String(paging.limit)}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={buttonVariants({ variant: 'primary' })}>
          {t('apply')}
        </button>
        <Link href="/accounts" className={buttonVariants({ variant: 'ghost' })}>
          {t('clear')}
        </Link>
      </div>
    </form>
  );
}
