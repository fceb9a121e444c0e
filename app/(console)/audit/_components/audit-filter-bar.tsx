import { useTranslations } from 'next-intl';
import { FilterBar, FilterField } from '@/components/data-table/filter-bar';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { AUDIT_OUTCOMES, auditQueryString, type AuditFilters } from '@/lib/domain/audit/filters';
import { noViewHref } from '@/lib/domain/saved-views/list-schemas';

/** Six fields side by side need about 61rem: only from 2xl; three per row below (pt-BR options were cut at 1280 px). */
const GRID =
  'grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(10rem,1.5fr)_minmax(10rem,1.5fr)_minmax(14rem,1.2fr)_minmax(9rem,1fr)_minmax(9rem,1fr)_auto]';

export function AuditFilterBar({ filters, actions }: { filters: AuditFilters; actions: string[] }) {
  const t = useTranslations('audit');
  return (
    <FilterBar
      action="/audit"
      label={t('filters.label')}
      stateKey={auditQueryString(filters)}
      className={GRID}
      applyLabel={t('filters.apply')}
      clear={{ href: noViewHref('/audit'), label: t('filters.clear') }}
      actionsClassName="col-span-2 lg:col-span-1"
    >
      <FilterField id="audit-actor" label={t('filters.actor')} className="col-span-2 lg:col-span-1">
        <Input id="audit-actor" name="actor" type="search" defaultValue={filters.actor ?? ''} placeholder={t('filters.actorPlaceholder')} />
      </FilterField>
      <FilterField id="audit-action" label={t('filters.action')} className="col-span-2 lg:col-span-1">
        <Select id="audit-action" name="action" defaultValue={filters.action ?? ''}>
          <option value="">{t('filters.anyAction')}</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="audit-outcome" label={t('filters.outcome')} className="col-span-2 sm:col-span-1">
        <Select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ''}>
          <option value="">{t('filters.anyOutcome')}</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`outcome.${o}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="audit-from" label={t('filters.from')}>
        <Input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </FilterField>
      <FilterField id="audit-to" label={t('filters.to')}>
        <Input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ''} />
      </FilterField>
      {filters.target ? <input type="hidden" name="target" value={filters.target} /> : null}
    </FilterBar>
  );
}
