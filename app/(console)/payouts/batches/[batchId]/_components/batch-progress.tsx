'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { isLive } from '@/hooks/live-connection';
import { useLiveEvents } from '@/hooks/use-live-events';
import { amountText } from '@/components/money/amount-text';
import { BatchStatusBadge } from '@/components/payout-batches/batch-status-badge';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { progressActive, progressPollMs, type BatchProgress } from '@/lib/domain/payout-batches/progress';
import { ROW_FINAL, ROW_STATUSES } from '@/lib/domain/payout-batches/state-machine';

export type BatchRowFacts = { line: number; beneficiaryName: string; dictKey: string; amount: string; asset: string; memo: string };

async function fetchProgress(batchId: string): Promise<BatchProgress> {
  const res = await fetch(`/api/payout-batches/${batchId}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`progress ${res.status}`);
  return ((await res.json()) as { data: BatchProgress }).data;
}

/**
 * Each row's withdrawal and status, kept current with react-query: the key sits under `operations`, so the live
 * channel's operation events (a withdrawal created) invalidate it; while events cannot arrive it polls, and says so
 * (how often: progressPollMs, lib/domain/payout-batches/progress.ts).
 * When the batch reaches another status the server part of the page is refreshed (its buttons change).
 */
export function BatchProgressTable({ batchId, rows, initial }: { batchId: string; rows: BatchRowFacts[]; initial: BatchProgress }) {
  const t = useTranslations('payoutBatches.detail');
  const locale = useLocale();
  const router = useRouter();
  const live = isLive(useLiveEvents(() => {}));
  const { data } = useQuery({
    // The server's status is part of the key: after an approval (router.refresh) the page's new status starts a
    // new query from the fresh server data, so polling starts without waiting for an event.
    queryKey: ['operations', 'payout-batch', batchId, initial.status],
    queryFn: () => fetchProgress(batchId),
    initialData: initial,
    refetchInterval: (query) => {
      const p = query.state.data;
      return p ? progressPollMs(p.status, p.counts, live) : false;
    },
  });
  const progress = data ?? initial;
  const seen = useRef(initial.status);
  useEffect(() => {
    if (progress.status !== seen.current) {
      seen.current = progress.status;
      router.refresh();
    }
  }, [progress.status, router]);
  const byLine = new Map(progress.rows.map((r) => [r.line, r]));
  const c = progress.counts;
  const total = rows.length;
  const active = progressActive(progress.status, c);
  const created = progress.rows.filter((r) => r.operationId !== null).length;
  const final = ROW_FINAL.reduce((n, s) => n + c[s], 0);
  return (
    <section className="space-y-3" aria-labelledby="batch-progress-title">
      <h2 id="batch-progress-title" className="text-base font-semibold text-fg">
        {t('progressTitle')}
      </h2>
      <div
        role="progressbar"
        aria-label={t('progressTitle')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={final}
        aria-valuetext={t('settled', { final, rows: total })}
        className="h-2 w-full overflow-hidden rounded bg-surface-muted"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${total ? Math.round((final / total) * 100) : 0}%` }} />
      </div>
      <p
        className="text-sm text-fg"
        data-testid="batch-progress"
        data-created={created}
        data-completed={c.COMPLETED}
        data-failed={c.FAILED}
        data-final={final}
        data-status={progress.status}
      >
        {t('progress', { created, rows: total })} <span className="text-fg-muted">{t('settled', { final, rows: total })}</span>
      </p>
      <ul aria-label={t('countsLabel')} className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {ROW_STATUSES.filter((s) => c[s] > 0).map((s) => (
          <li key={s} className="flex items-center gap-1.5" data-testid={`batch-count-${s}`}>
            <BatchStatusBadge status={s} row />
            <span className="tabular-nums">{c[s]}</span>
          </li>
        ))}
      </ul>
      {active && !live ? (
        <p role="status" className="text-xs text-fg-muted" data-live-polling="">
          {t('polling')}
        </p>
      ) : null}
      {/* Phones: one card per row (the table's five columns do not fit 390 px). */}
      <ul aria-label={t('rowsLabel')} className="divide-y divide-border rounded-md border border-border bg-surface sm:hidden">
        {rows.map((r) => {
          const p = byLine.get(r.line);
          return (
            <li key={r.line} className="space-y-1 p-3 text-sm">
              <p className="flex justify-between gap-2">
                <span className="font-medium [overflow-wrap:anywhere]">
                  {r.line} · {r.beneficiaryName}
                </span>
                <span className="whitespace-nowrap tabular-nums">{amountText({ value: r.amount, asset: r.asset }, locale)}</span>
              </p>
              <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">{r.dictKey}</p>
              <p className="flex flex-wrap items-center gap-2">
                <BatchStatusBadge status={p?.status ?? 'PENDING'} row />
                {p?.operationId ? (
                  <Link href={`/operations/${p.operationId}`} className="font-mono text-xs underline underline-offset-2 [overflow-wrap:anywhere]">
                    {p.operationId}
                  </Link>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <Table label={t('rowsLabel')}>
          <THead>
            <TR>
              <TH>{t('col.line')}</TH>
              <TH>{t('col.beneficiary')}</TH>
              <TH>{t('col.amount')}</TH>
              <TH>{t('col.status')}</TH>
              <TH>{t('col.withdrawal')}</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((r) => {
              const p = byLine.get(r.line);
              return (
                <TR key={r.line} data-testid={`batch-line-${r.line}`} data-status={p?.status ?? 'PENDING'}>
                  <TD className="tabular-nums">{r.line}</TD>
                  <TD className="[overflow-wrap:anywhere]">
                    <span className="block">{r.beneficiaryName}</span>
                    <span className="block text-xs text-fg-muted">{r.dictKey}</span>
                  </TD>
                  <TD className="whitespace-nowrap tabular-nums">{amountText({ value: r.amount, asset: r.asset }, locale)}</TD>
                  <TD>
                    <BatchStatusBadge status={p?.status ?? 'PENDING'} row />
                    {p?.failureCode ? <span className="ml-1 text-xs text-danger-text">{p.failureCode}</span> : null}
                  </TD>
                  <TD className="font-mono text-xs [overflow-wrap:anywhere]">
                    {p?.operationId ? (
                      <Link href={`/operations/${p.operationId}`} className="underline underline-offset-2">
                        {p.operationId}
                      </Link>
                    ) : (
                      t('none')
                    )}
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      </div>
    </section>
  );
}
