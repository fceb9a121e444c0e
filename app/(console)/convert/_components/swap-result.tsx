import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { LiveRefresh } from '@/components/live/live-refresh';
import { AmountText } from '@/components/money/amount-text';
import { reasonSentence } from '@/components/operations/reason-sentence';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { Operation } from '@/lib/api/schemas/operation';
import type { Amount } from '@/lib/money/amount-core';

const TERMINAL = new Set(['COMPLETED', 'FAILED']);

/**
 * The swap just confirmed, followed live until it settles (a router refresh on each of its events, polling when
 * events cannot arrive): status, what was paid and received, the account's balances as the service reports them
 * now (re-read on every refresh), and the link to the operation's page.
 */
export async function SwapResult({ operation, balances, since }: { operation: Operation; balances: Amount[]; since: number }) {
  const t = await getTranslations('convert.result');
  const reasons = await getTranslations('operations.reasons');
  const status = operation.currentState.status;
  const terminal = TERMINAL.has(status);
  const reason = reasonSentence(reasons, operation.currentState.reason)?.sentence;
  const involved = new Set<string>([operation.sourceAmount.asset, operation.targetAmount.asset]);
  return (
    <Card className="mb-6" data-testid="swap-result" data-operation-id={operation.id} data-status={status}>
      <CardHeader title={t('title')} actions={<StatusBadge status={status} />} />
      <CardBody className="space-y-4">
        <LiveRefresh resources={[{ kind: 'OPERATION', id: operation.id }]} active={!terminal} pollingNote={t('polling')} since={since} />
        <p className="flex flex-wrap items-center gap-2 text-sm text-fg">
          <AmountText amount={operation.sourceAmount} className="font-semibold" />
          <span aria-hidden="true">→</span>
          <span className="sr-only">{t('into')}</span>
          <AmountText amount={operation.targetAmount} className="font-semibold" />
        </p>
        <div aria-live="polite">
          {status === 'COMPLETED' ? <Alert tone="success">{t('completed')}</Alert> : null}
          {status === 'FAILED' ? <Alert tone="error">{reason ? t('failed', { reason }) : t('failedNoReason')}</Alert> : null}
          {!terminal ? <p className="text-sm text-fg-muted">{t('following')}</p> : null}
        </div>
        <div>
          <h2 className="mb-2 text-sm font-medium text-fg">{t('balances', { account: operation.account.owner })}</h2>
          <ul className="grid gap-1 text-sm sm:grid-cols-2">
            {balances
              .filter((b) => involved.has(b.asset))
              .map((b) => (
                <li key={b.asset} className="flex justify-between gap-4 rounded-md bg-surface-muted px-3 py-1.5">
                  <span className="text-fg-muted">{b.asset}</span>
                  <span data-testid={`balance-${b.asset}`} data-value={b.value}>
                    <AmountText amount={b} />
                  </span>
                </li>
              ))}
          </ul>
        </div>
        <Link href={`/operations/${operation.id}`} className="inline-block text-sm font-medium text-accent-text hover:underline">
          {t('openOperation')}
        </Link>
      </CardBody>
    </Card>
  );
}
