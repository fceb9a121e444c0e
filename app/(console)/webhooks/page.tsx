import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { listSubscriptions } from '@/lib/api/subscriptions';
import type { Subscription } from '@/lib/api/schemas/subscription';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import type { DeliveryHealth } from '@/lib/domain/webhooks/health';
import { parseListParams, type SearchParams } from '@/lib/domain/lists/list-params';
import { getEnv } from '@/lib/env';
import { deliveryReach } from '@/lib/webhooks/delivery-reach';
import { loadDayHealth } from '@/lib/webhooks/execution-log-reads';
import { CreateSubscriptionButton } from './_components/create-subscription';
import { DeleteSubscriptionButton } from './_components/delete-subscription-button';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('webhooks'))('metaTitle') };
}

function percent(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** Subscriptions, each with its last-24-hours delivery summary; admins create and delete (with a confirmation). */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/webhooks');
  const t = await getTranslations('webhooks');
  const locale = await getLocale();
  const sp = await searchParams;
  const paging = parseListParams(sp);
  const canManage = can(user.role, 'webhooks:manage');
  const sandboxOn = getEnv().SANDBOX === 'on';
  const create = canManage ? (
    <IntlScope namespaces={['webhooks', 'validation']}>
      <CreateSubscriptionButton sandboxOn={sandboxOn} reach={deliveryReach()} />
    </IntlScope>
  ) : null;

  let page: Awaited<ReturnType<typeof listSubscriptions>> | null = null;
  let failure: unknown = null;
  try {
    page = await listSubscriptions({ limit: paging.limit, cursor: paging.cursor, direction: paging.direction });
  } catch (error) {
    failure = error;
  }
  const now = new Date();
  const health = page
    ? await Promise.all(page.data.map((s) => loadDayHealth(s.id, now, s.createdAt).catch((): DeliveryHealth | null => null)))
    : [];

  const healthCell = (h: DeliveryHealth | null) =>
    !h || h.window24h.rate === null ? (
      <span className="text-fg-muted">{t('list.noAttempts')}</span>
    ) : (
      <span className="flex flex-wrap items-center gap-2">
        <span className="tabular">{t('list.rate', { rate: percent(h.window24h.rate, locale) })}</span>
        {h.consecutiveFailures > 0 ? <Badge tone="danger">{t('list.streak', { count: h.consecutiveFailures })}</Badge> : null}
      </span>
    );
  const eventsText = (sub: Subscription) =>
    sub.includeAll ? t('list.allEvents') : t('list.eventCount', { count: sub.resources.reduce((n, r) => n + r.events.length, 0) });
  const deleteButton = (sub: Subscription) =>
    canManage ? (
      <IntlScope namespaces={['webhooks']}>
        <DeleteSubscriptionButton subscriptionId={sub.id} url={sub.url} />
      </IntlScope>
    ) : null;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={create} />
      {failure ? (
        <ServiceErrorAlert error={failure} title={t('list.failed')} />
      ) : page && page.data.length === 0 && !paging.cursor ? (
        <EmptyState title={t('list.emptyTitle')} description={canManage ? t('list.emptyDescription') : t('list.emptyReadOnly')} action={create} />
      ) : page ? (
        <div className="space-y-4">
          <div className="hidden md:block">
            <Table label={t('list.caption')}>
              <TableCaption>{t('list.caption')}</TableCaption>
              <THead>
                <tr>
                  <TH>{t('list.url')}</TH>
                  <TH>{t('list.events')}</TH>
                  <TH>{t('list.retries')}</TH>
                  <TH>{t('list.health')}</TH>
                  <TH>{t('list.created')}</TH>
                  {canManage ? (
                    <TH className="text-right">
                      <span className="sr-only">{t('list.actions')}</span>
                    </TH>
                  ) : null}
                </tr>
              </THead>
              <TBody>
                {page.data.map((sub, i) => (
                  <TR key={sub.id} data-testid="subscription-row">
                    <TD className="max-w-[22rem]">
                      <Link href={`/webhooks/${sub.id}`} className="font-medium break-all text-accent-text underline-offset-2 hover:underline">
                        {sub.url}
                      </Link>
                    </TD>
                    <TD>{eventsText(sub)}</TD>
                    <TD>{sub.allowRetry ? t('list.retriesOn') : t('list.retriesOff')}</TD>
                    <TD>{healthCell(health[i] ?? null)}</TD>
                    <TD>
                      <DateTimeText value={sub.createdAt} className="tabular whitespace-nowrap" />
                    </TD>
                    {canManage ? <TD className="text-right">{deleteButton(sub)}</TD> : null}
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          {/* Narrow screens: one card per subscription instead of a table that scrolls sideways. */}
          <ul className="space-y-3 md:hidden" aria-label={t('list.caption')}>
            {page.data.map((sub, i) => (
              <li key={sub.id} className="rounded-lg border border-border bg-surface p-4" data-testid="subscription-card">
                <Link href={`/webhooks/${sub.id}`} className="font-medium break-all text-accent-text underline-offset-2 hover:underline">
                  {sub.url}
                </Link>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-fg-muted">{t('list.events')}</dt>
                  <dd>{eventsText(sub)}</dd>
                  <dt className="text-fg-muted">{t('list.retries')}</dt>
                  <dd>{sub.allowRetry ? t('list.retriesOn') : t('list.retriesOff')}</dd>
                  <dt className="text-fg-muted">{t('list.health')}</dt>
                  <dd>{healthCell(health[i] ?? null)}</dd>
                  <dt className="text-fg-muted">{t('list.created')}</dt>
                  <dd>
                    <DateTimeText value={sub.createdAt} className="tabular" />
                  </dd>
                </dl>
                {canManage ? <div className="mt-3">{deleteButton(sub)}</div> : null}
              </li>
            ))}
          </ul>
          <CursorPagination pathname="/webhooks" searchParams={sp} meta={page.meta} itemCount={page.data.length} />
        </div>
      ) : null}
    </>
  );
}
