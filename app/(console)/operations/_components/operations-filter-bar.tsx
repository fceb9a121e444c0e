import { useTranslations } from 'next-intl';
import { FilterBar, FilterField } from '@/components/data-table/filter-bar';
import { useOperationTypeLabel } from '@/components/operations/use-operation-type-label';
import { useStatusLabel } from '@/components/status/use-status-label';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { INTENT_TYPE_VALUES, OPERATION_STATUS_VALUES } from '@/lib/contract/operation-vocabulary';
import type { OperationListState } from '@/lib/domain/operations/list-filters';
import { noViewHref } from '@/lib/domain/saved-views/list-schemas';
import { ASSETS } from '@/lib/money/assets';

const GRID = 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]';

/** The operations list's filters (see FilterBar: the URL holds them); dates are days in the reader's zone. */
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
    <FilterBar
      action="/operations"
      label={t('label')}
      stateKey={JSON.stringify([state.type, state.status, state.account, state.asset, state.from, state.to])}
      className={GRID}
      applyLabel={t('apply')}
      clear={{ href: noViewHref('/operations'), label: t('clear') }}
      actionsClassName="sm:col-span-2 md:col-span-3 xl:col-span-1"
      hint={{ id: 'operations-dates-hint', text: t('datesHint', { zone: timeZone }) }}
    >
      <FilterField id="filter-type" label={t('type')}>
        <Select id="filter-type" name="type" defaultValue={state.type ?? ''}>
          <option value="">{t('anyType')}</option>
          {INTENT_TYPE_VALUES.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-status" label={t('status')}>
        <Select id="filter-status" name="status" defaultValue={state.status ?? ''}>
          <option value="">{t('anyStatus')}</option>
          {OPERATION_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-account" label={t('account')} className="sm:col-span-2 md:col-span-1">
        <Select id="filter-account" name="account" defaultValue={state.account ?? ''}>
          <option value="">{t('anyAccount')}</option>
          {accountOptions.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-asset" label={t('asset')}>
        <Select id="filter-asset" name="asset" defaultValue={state.asset ?? ''}>
          <option value="">{t('anyAsset')}</option>
          {ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="filter-from" label={t('from')}>
        <Input id="filter-from" name="from" type="date" defaultValue={state.from ?? ''} max={state.to} />
      </FilterField>
      <FilterField id="filter-to" label={t('to')}>
        <Input id="filter-to" name="to" type="date" defaultValue={state.to ?? ''} min={state.from} />
      </FilterField>
    </FilterBar>
  );
}
