import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { CsvDialectSelect } from '@/components/forms/csv-dialect-select';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { CardList, CardListFacts, CardListItem } from '@/components/ui/card-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { listAuditActions, listAuditEvents } from '@/lib/audit/list-audit';
import { requirePage } from '@/lib/auth/session';
import { AUDIT_OUTCOMES, auditQueryString, dateBounds, parseAuditFilters } from '@/lib/domain/audit/filters';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { isUuid } from '@/lib/validation/uuid';
import { StepUpProofBlock } from './_components/step-up-proof';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('audit'))('metaTitle') };
}

const TONES: Record<string, BadgeTone> = { success: 'success', denied: 'danger', error: 'warning' };
const PAGE_SIZE = 50;

/** Where an event's target can be opened: payout requests and beneficiaries have pages; other targets are text. */
function targetHref(action: string, target: string): string | null {
  if (!isUuid(target)) return null;
  if (action.startsWith('payouts.')) return `/payouts/${target}`;
  if (action.startsWith('beneficiaries.')) return `/beneficiaries/${target}`;
  return null;
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePage('/audit');
  const filters = parseAuditFilters(await searchParams);
  const t = await getTranslations('audit');
  const locale = await getLocale();
  const { from, to } = dateBounds(filters);
  const [page, actions] = await Promise.all([
    listAuditEvents({
      limit: PAGE_SIZE,
      cursor: filters.cursor,
      actor: filters.actor,
      action: filters.action,
      outcome: filters.outcome,
      target: filters.target,
      from,
      to,
    }),
    listAuditActions(),
  ]);
  const query = auditQueryString(filters);
  // The export is a GET form: the filters, language and zone ride along as hidden fields, the layout is chosen.
  const exportFields = [...new URLSearchParams(query.slice(1)).entries(), ['lang', locale], ['tz', (await getTimeZone()) ?? DEFAULT_TIME_ZONE]];
  const nextHref = page.nextCursor ? `/audit${query ? `${query}&` : '?'}cursor=${encodeURIComponent(page.nextCursor)}` : null;
  /** What a row and a card both show of one event. */
  const cells = (e: (typeof page.data)[number]) => {
    const href = e.target ? targetHref(e.action, e.target) : null;
    return {
      key: e.details && typeof e.details.idempotencyKey === 'string' ? e.details.idempotencyKey : null,
      actor: e.actorEmail === 'system' && !e.actorId ? t('system') : (e.actorEmail ?? (e.actorId ? e.actorId : t('anonymous'))),
      target: e.target ? (
        href ? (
          <Link href={href} className="underline underline-offset-4">
            {e.target}
          </Link>
        ) : (
          e.target
        )
      ) : (
        '—'
      ),
    };
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          // A download, not a page: a plain GET form so the browser saves the streamed CSV, scripts or not.
          <form method="get" action="/api/audit/export" className="flex flex-wrap items-end gap-2" data-testid="audit-export">
            {exportFields.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <CsvDialectSelect
              id="audit-csv-dialect"
              name="dialect"
              defaultValue="standard"
              labels={{ label: t('exportFormat'), standard: t('exportStandard'), 'pt-BR': t('exportPtBR') }}
            />
            <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
              {t('export')}
            </button>
          </form>
        }
      />
      {/* Six fields side by side need about 61rem: only from 2xl; three per row below (pt-BR options were cut at 1280 px). */}
      <form
        key={query}
        method="get"
        action="/audit"
        role="search"
        aria-label={t('filters.label')}
        className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-border bg-surface p-4 lg:grid-cols-3 2xl:grid-cols-[minmax(10rem,1.5fr)_minmax(10rem,1.5fr)_minmax(14rem,1.2fr)_minmax(9rem,1fr)_minmax(9rem,1fr)_auto]"
      >
        <div className="col-span-2 space-y-1.5 lg:col-span-1">
          <Label htmlFor="audit-actor">{t('filters.actor')}</Label>
          <Input id="audit-actor" name="actor" type="search" defaultValue={filters.actor ?? ''} placeholder={t('filters.actorPlaceholder')} />
        </div>
        <div className="col-span-2 space-y-1.5 lg:col-span-1">
          <Label htmlFor="audit-action">{t('filters.action')}</Label>
          <Select id="audit-action" name="action" defaultValue={filters.action ?? ''}>
            <option value="">{t('filters.anyAction')}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor="audit-outcome">{t('filters.outcome')}</Label>
          <Select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ''}>
            <option value="">{t('filters.anyOutcome')}</option>
            {AUDIT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`outcome.${o}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-from">{t('filters.from')}</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-to">{t('filters.to')}</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        {filters.target ? <input type="hidden" name="target" value={filters.target} /> : null}
        <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
          <button type="submit" className={buttonVariants({ variant: 'primary' })}>
            {t('filters.apply')}
          </button>
          <Link href="/audit" className={buttonVariants({ variant: 'ghost' })}>
            {t('filters.clear')}
          </Link>
        </div>
      </form>
      {filters.target ? (
        <p className="mb-4 text-sm text-fg-muted" data-testid="audit-target">
          {t('targetOnly', { target: filters.target })}
        </p>
      ) : null}
      {page.data.length === 0 ? (
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      ) : (
        <>
          {/* From 1024 px a table; below, one card per event (six columns beside the sidebar would scroll sideways). */}
          <div className="hidden lg:block">
            <Table label={t('title')}>
              <THead>
                <TR>
                  <TH>{t('col.time')}</TH>
                  <TH>{t('col.actor')}</TH>
                  <TH>{t('col.action')}</TH>
                  <TH>{t('col.target')}</TH>
                  <TH>{t('col.outcome')}</TH>
                  <TH>{t('col.idempotencyKey')}</TH>
                </TR>
              </THead>
              <TBody>
                {page.data.map((e) => {
                  const { key, actor, target } = cells(e);
                  const proof = e.details?.stepUp ? (
                    <TR key={`${e.id}-proof`} data-testid="audit-proof-row">
                      <TD colSpan={6} className="pt-0">
                        <StepUpProofBlock eventId={e.id} details={e.details} />
                      </TD>
                    </TR>
                  ) : null;
                  return [
                    <TR key={e.id} data-testid="audit-row" data-action={e.action} data-outcome={e.outcome}>
                      <TD className="whitespace-nowrap">
                        <DateTimeText value={e.at.toISOString()} seconds />
                      </TD>
                      <TD className="[overflow-wrap:anywhere]">{actor}</TD>
                      <TD className="font-mono text-xs">{e.action}</TD>
                      <TD className="font-mono text-xs [overflow-wrap:anywhere]">{target}</TD>
                      <TD>
                        <Badge tone={TONES[e.outcome] ?? 'neutral'} dot>
                          {t(`outcome.${e.outcome}`)}
                        </Badge>
                      </TD>
                      <TD className="font-mono text-xs [overflow-wrap:anywhere]">{key ?? '—'}</TD>
                    </TR>,
                    proof,
                  ];
                })}
              </TBody>
            </Table>
          </div>
          <CardList aria-label={t('title')} className="lg:hidden">
            {page.data.map((e) => {
              const { key, actor, target } = cells(e);
              return (
                <CardListItem key={e.id} data-testid="audit-card" data-action={e.action} data-outcome={e.outcome}>
                  <div className="flex items-start justify-between gap-3">
                    <span className="min-w-0 font-mono text-xs font-medium text-fg [overflow-wrap:anywhere]">{e.action}</span>
                    <Badge tone={TONES[e.outcome] ?? 'neutral'} dot>
                      {t(`outcome.${e.outcome}`)}
                    </Badge>
                  </div>
                  <p className="mt-1 text-xs text-fg-muted">
                    <DateTimeText value={e.at.toISOString()} seconds />
                  </p>
                  <CardListFacts
                    facts={[
                      [t('col.actor'), actor],
                      [t('col.target'), <span key="target" className="font-mono">{target}</span>],
                      [t('col.idempotencyKey'), <span key="key" className="font-mono">{key ?? '—'}</span>],
                    ]}
                  />
                  {e.details?.stepUp ? (
                    <div className="mt-2">
                      <StepUpProofBlock eventId={e.id} details={e.details} />
                    </div>
                  ) : null}
                </CardListItem>
              );
            })}
          </CardList>
        </>
      )}
      <nav aria-label={t('pages')} className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-fg-muted">{t('exportHint')}</p>
        <div className="flex gap-2">
          {filters.cursor ? (
            <Link href={`/audit${query}`} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t('first')}
            </Link>
          ) : null}
          {nextHref ? (
            <Link href={nextHref} rel="next" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t('next')}
            </Link>
          ) : null}
        </div>
      </nav>
    </>
  );
}
