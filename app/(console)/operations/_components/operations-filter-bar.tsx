import Link from 'next/link';
import { noViewHref } from '@/lib/domain/saved-views/list-schemas';
import { useTranslations } from 'next-intl';
import { useOperationTypeLabel } from '@/components/operations/use-operation-type-label';
import { useStatusLabel } from '@/components/status/use-status-label';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { OperationListState } from '@/lib/domain/operations/list-filters';
import { INTENT_TYPE_VALUES, OPERATION_STATUS_VALUES } from '@/lib/contract/operation-vocabulary';
import { ASSETS } from '@/lib/money/assets';

/**
 * Filters as a plain GET form: submitting writes them into the URL and, because the cursor is not part of the
 * form, starts again from the first page. Works without client JS.
 */
export function OperationsFilterBar({
  state,
  accounts,
  timeZone,
}: {
  state: OperationListState;
  accounts: { id: string; name: string }[];
  timeZone: string;
}) {
  const t = useTranslations('operations.filters');
  const typeLabel = useOperationTypeLabel();
  const statusLabel = useStatusLabel();
  // An account in the URL that is not in the first 100 names still filters (and shows as its id).
  const accountOptions = state.account && !accounts.some((a) => a.id === state.account) ? [...accounts, { id: state.account, name: state.account }] : accounts;
  return (
    <form
      // Remount when the URL changes (e.g. "Clear"), so the uncontrolled fields show the new state.
      key={JSON.stringify([state.type, state.status, state.account, state.asset, state.from, state.to])}
      method="get"
      action="/operations"
      role="search"
      aria-label={t('label')}
      aria-describedby="operations-dates-hint"
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]"
    >
      <div className="space-y-1.5">
        <Label htmlFor="filter-type">{t('type')}</Label>
        <Select id="filter-type" name="type" defaultValue={state.type ?? ''}>
          <option value="">{t('anyType')}</option>
          {INTENT_TYPE_VALUES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-status">{t('status')}</Label>
        <Select id="filter-status" name="status" defaultValue={state.status ?? ''}>
          <option value="">{t('anyStatus')}</option>
          {OPERATION_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5 sm:col-span-2 md:col-span-1">
        <Label htmlFor="filter-account">{t('account')}</Label>
        <Select id="filter-account" name="account" defaultValue={state.account ?? ''}>
          <option value="">{t('anyAccount')}</option>
          {accountOptions.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-asset">{t('asset')}</Label>
        <Select id="filter-asset" name="asset" defaultValue={state.asset ?? ''}>
          <option value="">{t('anyAsset')}</option>
          {ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-from">{t('from')}</Label>
        <Input id="filter-from" name="from" type="date" defaultValue={state.from ?? ''} max={state.to} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-to">{t('to')}</Label>
        <Input id="filter-to" name="to" type="date" defaultValue={state.to ?? ''} min={state.from} />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 md:col-span-3 xl:col-span-1">
        <button type="submit" className={buttonVariants({ variant: 'primary' })}>
          {t('apply')}
        </button>
        <Link href={noViewHref('/operations')} className={buttonVariants({ variant: 'ghost' })}>
          {t('clear')}
        </Link>
      </div>
      <p id="operations-dates-hint" className="col-span-full text-xs text-fg-muted">
        {t('datesHint', { zone: timeZone })}
      </p>
    </form>
  );
}
