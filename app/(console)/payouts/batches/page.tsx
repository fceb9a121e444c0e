import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { amountText } from '@/components/money/amount-text';
import { BatchStatusBadge } from '@/components/payout-batches/batch-status-badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { listBatches, rowCountsFor } from '@/lib/payout-batches/store';
import { batchOutcome, type BatchStatus, type RowCounts } from '@/lib/domain/payout-batches/state-machine';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payoutBatches.list'))('metaTitle') };
}

/** A completed batch some of whose rows failed says so. */
function shownStatus(status: BatchStatus, counts: RowCounts | undefined): string {
  return status === 'COMPLETED' && counts ? batchOutcome(counts) : status;
}
/** Rows whose withdrawal went out (still moving or paid). */
function sentOf(counts: RowCounts | undefined): number {
  return counts ? counts.CREATED + counts.COMPLETED : 0;
}

export default async function BatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePage('/payouts/batches');
  const sp = await searchParams;
  const t = await getTranslations('payoutBatches.list');
  const locale = await getLocale();
  const page = await listBatches({ cursor: firstParam(sp, 'cursor') ?? null, limit: 20 });
  const counts = await rowCountsFor(page.data.map((b) => b.id));
  const total = (totals: Record<string, string>) =>
    Object.entries(totals)
      .map(([asset, value]) => amountText({ value, asset }, locale))
      .join(' · ');
  return (
    <>
      <PageHeader
        breadcrumb={
          <Link href="/payouts" className="hover:text-fg hover:underline">
            ← {t('breadcrumb')}
          </Link>
        }
        title={t('title')}
        description={t('description')}
        actions={
          <Link href="/payouts/batches/new" className={buttonVariants()}>
            {t('new')}
          </Link>
        }
      />
      {page.data.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyDescription')} />
      ) : (
        <>
          <div className="hidden sm:block">
            <Table label={t('label')}>
              <THead>
                <TR>
                  <TH>{t('col.created')}</TH>
                  <TH>{t('col.total')}</TH>
                  <TH>{t('col.status')}</TH>
                  <TH>{t('col.progress')}</TH>
                  <TH>{t('col.requester')}</TH>
                </TR>
              </THead>
              <TBody>
                {page.data.map((b) => (
                  <TR key={b.id} data-testid={`batch-row-${b.id}`}>
                    <TD className="whitespace-nowrap">
                      <Link href={`/payouts/batches/${b.id}`} className="font-medium underline underline-offset-4">
                        <DateTimeText value={b.createdAt.toISOString()} />
                      </Link>
                    </TD>
                    <TD className="tabular-nums">{total(b.totals)}</TD>
                    <TD>
                      <BatchStatusBadge status={shownStatus(b.status, counts.get(b.id))} />
                    </TD>
                    <TD className="tabular-nums">{t('progress', { created: sentOf(counts.get(b.id)), rows: b.rowCount })}</TD>
                    <TD>{b.requesterName}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <CardList aria-label={t('label')} className="sm:hidden">
            {page.data.map((b) => (
              <CardListItem key={b.id}>
                <div className="flex items-start justify-between gap-3">
                  <Link href={`/payouts/batches/${b.id}`} className="min-w-0 font-medium underline underline-offset-4">
                    <DateTimeText value={b.createdAt.toISOString()} />
                  </Link>
                  <BatchStatusBadge status={shownStatus(b.status, counts.get(b.id))} />
                </div>
                <p className="mt-1 text-sm tabular-nums [overflow-wrap:anywhere]">{total(b.totals)}</p>
                <p className="text-sm text-fg-muted">
                  {t('progress', { created: sentOf(counts.get(b.id)), rows: b.rowCount })} · {b.requesterName}
                </p>
              </CardListItem>
            ))}
          </CardList>
          {page.nextCursor ? (
            <p className="mt-4">
              <Link href={`/payouts/batches?cursor=${encodeURIComponent(page.nextCursor)}`} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                {t('more')}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
