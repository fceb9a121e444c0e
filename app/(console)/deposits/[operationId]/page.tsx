import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { LiveRefresh } from '@/components/live/live-refresh';
import { AmountText, amountText } from '@/components/money/amount-text';
import { reasonSentence } from '@/components/operations/reason-sentence';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { PageHeader } from '@/components/ui/page-header';
import { getOperation } from '@/lib/api/operations';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { parseBrCode } from '@/lib/domain/deposits';
import { getEnv } from '@/lib/env';
import { isNotFound } from '@/lib/errors';
import { SimulatePaymentButton } from './_components/simulate-payment-button';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('deposits'))('instruction.title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TERMINAL = new Set(['COMPLETED', 'FAILED']);

/** The QR of a BR Code as an SVG data URL, drawn on the server: no QR library reaches the browser. */
async function qrDataUrl(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * A deposit's payment instructions: amount, PIX key, the BR Code as a QR and as copy-and-paste text, expiry. The
 * page follows the deposit live until it is COMPLETED or FAILED. In the sandbox, "Simulate payment" pays it in.
 */
export default async function DepositPage({ params }: { params: Promise<{ operationId: string }> }) {
  const user = await requirePage('/deposits/[operationId]');
  const { operationId } = await params;
  if (!UUID.test(operationId)) notFound();
  const operation = await getOperation(operationId).then(
    (r) => r.data,
    (error: unknown) => {
      if (isNotFound(error)) notFound();
      throw error;
    },
  );
  if (operation.intent.type !== 'DEPOSIT') notFound();
  const t = await getTranslations('deposits');
  const reasons = await getTranslations('operations.reasons');
  const status = operation.currentState.status;
  const terminal = TERMINAL.has(status);
  const instruction = operation.intent.fundingInstruction as Record<string, unknown>;
  const brCode = typeof instruction.qrCode === 'string' ? instruction.qrCode : null;
  const parsed = brCode ? parseBrCode(brCode) : null;
  const key = typeof instruction.key === 'string' ? instruction.key : (parsed?.key ?? null);
  // A code whose checksum fails would send money nowhere: it is not shown at all.
  const code = brCode && parsed?.crcValid ? brCode : null;
  const qr = code ? await qrDataUrl(code) : null;
  const payIn = operation.sourceAmount;
  const locale = await getLocale();
  const canSimulate = getEnv().SANDBOX === 'on' && status === 'REQUESTED' && can(user.role, 'operations:create');

  return (
    <>
      <PageHeader
        title={t('instruction.title')}
        breadcrumb={
          <Link href="/deposits/new" className="hover:text-fg hover:underline">
            ← {t('title')}
          </Link>
        }
      />
      <Card className="max-w-3xl" data-testid="deposit" data-status={status}>
        <CardHeader
          title={<AmountText amount={payIn} />}
          description={operation.account.owner}
          actions={<StatusBadge status={status} />}
        />
        <CardBody className="space-y-5">
          <LiveRefresh resources={[{ kind: 'OPERATION', id: operation.id }]} active={!terminal} pollingNote={t('instruction.polling')} />
          <div aria-live="polite">
            {status === 'COMPLETED' ? <Alert tone="success">{t('instruction.completed')}</Alert> : null}
            {status === 'FAILED' ? (
              <Alert tone="error">{t('instruction.failed', { reason: reasonSentence(reasons, operation.currentState.reason)?.sentence ?? status })}</Alert>
            ) : null}
            {status === 'PROCESSING' ? <Alert tone="info">{t('instruction.processing')}</Alert> : null}
            {status === 'REQUESTED' ? <p className="text-sm text-fg-muted">{t('instruction.waiting')}</p> : null}
          </div>
          {brCode && !code ? <Alert tone="error">{t('instruction.badCode')}</Alert> : null}
          <div className="grid gap-6 md:grid-cols-[auto_1fr]">
            {qr ? (
              <figure className="space-y-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- a server-drawn data URL, nothing for next/image to optimise */}
                <img
                  src={qr}
                  width={192}
                  height={192}
                  alt={t('instruction.qrAlt', { amount: amountText(payIn, locale) })}
                  className="rounded-md border border-border bg-white p-1"
                  data-testid="deposit-qr"
                />
                <figcaption className="text-xs text-fg-muted">{t('instruction.qr')}</figcaption>
              </figure>
            ) : null}
            <dl className="min-w-0 space-y-3 text-sm">
              <div>
                <dt className="text-fg-muted">{t('instruction.amount')}</dt>
                <dd className="text-lg font-semibold" data-testid="deposit-amount" data-value={payIn.value}>
                  <AmountText amount={payIn} />
                </dd>
              </div>
              {operation.targetAmount.asset !== payIn.asset ? (
                <div>
                  <dt className="text-fg-muted">{t('instruction.credit')}</dt>
                  <dd>
                    <AmountText amount={operation.targetAmount} />
                  </dd>
                </div>
              ) : null}
              {key ? (
                <div>
                  <dt className="text-fg-muted">{t('instruction.key')}</dt>
                  <dd className="flex flex-wrap items-center gap-2">
                    <code className="break-all" data-testid="deposit-key">
                      {key}
                    </code>
                    <IntlScope namespaces={[]}>
                      <CopyButton value={key} srLabel={t('instruction.copyKey')} />
                    </IntlScope>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="text-fg-muted">{t('instruction.expires')}</dt>
                <dd>
                  <DateTimeText value={operation.quote.expiresAt} />
                </dd>
              </div>
            </dl>
          </div>
          {code ? (
            <div className="space-y-2">
              <p className="text-sm font-medium text-fg" id="pix-copy-paste">
                {t('instruction.copyPaste')}
              </p>
              <div className="flex flex-wrap items-start gap-2">
                <code
                  aria-labelledby="pix-copy-paste"
                  className="block max-w-full min-w-0 flex-1 rounded-md bg-surface-muted p-2 text-xs break-all"
                  data-testid="deposit-brcode"
                >
                  {code}
                </code>
                <IntlScope namespaces={[]}>
                  <CopyButton value={code} srLabel={t('instruction.copyCode')} />
                </IntlScope>
              </div>
            </div>
          ) : null}
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
