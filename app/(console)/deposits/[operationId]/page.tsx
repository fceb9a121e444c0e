import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { IntlScope } from '@/components/i18n/intl-scope';
import { LiveRefresh } from '@/components/live/live-refresh';
import { AmountText } from '@/components/money/amount-text';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { loadDepositInstruction } from '@/lib/deposits/deposit-instruction';
import { liveCursor } from '@/lib/live/cursor';
import { getEnv } from '@/lib/env';
import { isUuid } from '@/lib/validation/uuid';
import { DepositCopyPaste } from './_components/deposit-copy-paste';
import { DepositPaymentFacts } from './_components/deposit-payment-facts';
import { DepositStatusNotice } from './_components/deposit-status-notice';
import { SimulatePaymentButton } from './_components/simulate-payment-button';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('deposits'))('instruction.title') };
}

/**
 * A deposit's payment instructions: amount, PIX key, the BR Code as a QR and as copy-and-paste text, expiry. The
 * page follows the deposit live until it is COMPLETED or FAILED. In the sandbox, "Simulate payment" pays it in.
 */
export default async function DepositPage({ params }: { params: Promise<{ operationId: string }> }) {
  const user = await requirePage('/deposits/[operationId]');
  const { operationId } = await params;
  if (!isUuid(operationId)) notFound();
  const since = await liveCursor(); // before the data (LiveRefresh `since`)
  const deposit = await loadDepositInstruction(operationId);
  if (!deposit) notFound();
  const { operation, status } = deposit;
  const t = await getTranslations('deposits');
  const canSimulate = getEnv().SANDBOX === 'on' && status === 'REQUESTED' && can(user.role, 'operations:create');
  const back = (
    <Link href="/deposits/new" className="hover:text-fg hover:underline">
      ← {t('title')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('instruction.title')} breadcrumb={back} />
      <Card className="max-w-3xl" data-testid="deposit" data-status={status}>
        <CardHeader title={<AmountText amount={operation.sourceAmount} />} description={operation.account.owner} actions={<StatusBadge status={status} />} />
        <CardBody className="space-y-5">
          <LiveRefresh resources={[{ kind: 'OPERATION', id: operation.id }]} active={!deposit.terminal} pollingNote={t('instruction.polling')} since={since} />
          <DepositStatusNotice operation={operation} />
          {deposit.badCode ? <Alert tone="error">{t('instruction.badCode')}</Alert> : null}
          <DepositPaymentFacts deposit={deposit} />
          {deposit.code ? <DepositCopyPaste code={deposit.code} /> : null}
          {canSimulate ? (
            <IntlScope namespaces={['deposits']}>
              <SimulatePaymentButton operationId={operation.id} />
            </IntlScope>
          ) : null}
          <div className="flex flex-wrap gap-4 border-t border-border pt-4 text-sm">
            <Link href={`/operations/${operation.id}`} className="font-medium text-accent-text hover:underline">
              {t('instruction.openOperation')}
            </Link>
            <Link href="/deposits/new" className="font-medium text-accent-text hover:underline">
              {t('instruction.another')}
            </Link>
          </div>
        </CardBody>
      </Card>
    </>
  );
}
