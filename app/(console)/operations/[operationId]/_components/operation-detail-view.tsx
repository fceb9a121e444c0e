import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { LiveRefresh } from '@/components/live/live-refresh';
import { liveCursor } from '@/lib/live/cursor';
import { AmountText, amountText } from '@/components/money/amount-text';
import { StuckBadge } from '@/components/operations/stuck-badge';
import { TestOperationBadge } from '@/components/operations/test-badge';
import { useOperationTypeLabel } from '@/components/operations/use-operation-type-label';
import { StatusBadge } from '@/components/status/status-badge';
import { useStatusLabel } from '@/components/status/use-status-label';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { PageHeader } from '@/components/ui/page-header';
import { getAccount } from '@/lib/api/accounts';
import { getOperation } from '@/lib/api/operations';
import type { Operation } from '@/lib/api/schemas/operation';
import { ownerName } from '@/lib/domain/accounts/owner';
import { displayDictKey } from '@/lib/domain/beneficiaries/dict-key';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { isTerminal } from '@/lib/domain/operations/view';
import { now } from '@/lib/clock';
import { isNotFound } from '@/lib/errors';
import { stuckMinutes } from '@/lib/operations/stuck';
import { findPayoutByOperation } from '@/lib/payouts';
import { can } from '@/lib/auth/permissions';
import { getCurrentUser } from '@/lib/auth/session';
import { isUuid } from '@/lib/validation/uuid';
import { FeesCard } from './fees-card';
import { FundingInstructionFields } from './funding-instruction-fields';
import { OperationActivity, OperationStatesOnly } from './operation-activity';
import { QuoteCard } from './quote-card';
import { RawJson } from './raw-json';
import { RequestsCard } from './requests-card';
import { TransactionsCard } from './transactions-card';

async function loadOperation(operationId: string): Promise<{ op: Operation } | { error: unknown }> {
  try {
    return { op: (await getOperation(operationId)).data };
  } catch (error) {
    // Unknown and other companies' ids both answer 404: a not-found page (HTTP 404), not an error.
    if (isNotFound(error)) notFound();
    return { error };
  }
}

/** Names of the accounts the operation touches; a name that cannot be read falls back to the id. */
async function accountName(id: string): Promise<string | null> {
  try {
    return ownerName((await getAccount(id)).data.owner);
  } catch {
    return null;
  }
}

/** The console's payout request behind a withdrawal (null for one made elsewhere, or when it cannot be read). */
async function payoutOf(operationId: string): Promise<{ id: string; beneficiaryName: string } | null> {
  try {
    return await findPayoutByOperation(operationId);
  } catch {
    return null;
  }
}

function targetAccountId(op: Operation): string | null {
  const intent = op.intent as { type: string; targetAccount?: { id?: unknown } };
  return intent.type === 'TRANSFER' && typeof intent.targetAccount?.id === 'string' ? intent.targetAccount.id : null;
}

/**
 * One operation: header, stuck warning, summary (accounts, beneficiary, funding instruction), state history with
 * reasons and seconds, quote, fees, rail transactions, tags, the webhooks it emitted and the raw JSON. Refreshed
 * live while it is not finished (polling every 5 s when events cannot arrive).
 */
export async function OperationDetailView({ operationId }: { operationId: string }) {
  // A malformed id can name no operation: no call, a real 404.
  if (!isUuid(operationId)) notFound();
  const since = await liveCursor(); // before the data (LiveRefresh `since`)
  const result = await loadOperation(operationId);
  const t = await getTranslations('operations.detail');
  const breadcrumb = (
    <Link href="/operations" className="hover:text-fg hover:underline">
      ← {t('back')}
    </Link>
  );
  if ('error' in result) {
    return (
      <>
        <PageHeader title={t('fallbackTitle')} breadcrumb={breadcrumb} />
        <ServiceErrorAlert error={result.error} title={t('loadFailed')} />
      </>
    );
  }
  const { op } = result;
  const targetId = targetAccountId(op);
  const [name, targetName, payout, locale, ts, user] = await Promise.all([
    accountName(op.account.id),
    targetId ? accountName(targetId) : Promise.resolve(null),
    op.intent.type === 'WITHDRAWAL' ? payoutOf(op.id) : Promise.resolve(null),
    getLocale(),
    getTranslations('operations'),
    getCurrentUser(),
  ]);
  // Request ids come from the audit log: only roles that read the audit see them.
  const showRequests = user !== null && can(user.role, 'audit:read');
  const stuck = stuckMinutes(op);
  const terminal = isTerminal(op.currentState.status);
  return (
    <div data-testid="operation-detail" data-operation-id={op.id} data-status={op.currentState.status}>
      <Header op={op} breadcrumb={breadcrumb} stuck={stuck} locale={locale} />
      <div className="mb-4 space-y-3">
        <LiveRefresh resources={[{ kind: 'OPERATION', id: op.id }]} active={!terminal} pollingNote={ts('live.polling')} since={since} />
        {stuck !== null ? <StuckAlert op={op} minutes={stuck} elapsed={Math.floor((now().getTime() - Date.parse(op.createdAt)) / 60_000)} /> : null}
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <Summary op={op} accountName={name} targetId={targetId} targetName={targetName} payout={payout} />
          <TransactionsCard transactions={op.transactions} states={op.states} />
          <FeesCard fees={op.fees} />
        </div>
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title={t('timeline.title')} description={t('timeline.description')} />
            <CardBody>
              <Suspense fallback={<OperationStatesOnly op={op} />}>
                <OperationActivity op={op} />
              </Suspense>
            </CardBody>
          </Card>
          {showRequests ? (
            <Suspense fallback={null}>
              <RequestsCard operationId={op.id} payoutId={payout?.id ?? null} />
            </Suspense>
          ) : null}
          <QuoteCard quote={op.quote} />
          <TagsCard tags={op.tags ?? []} />
        </div>
      </div>
      <div className="mt-6 space-y-6">
        <RawJson op={op} />
      </div>
    </div>
  );
}

function Header({ op, breadcrumb, stuck, locale }: { op: Operation; breadcrumb: React.ReactNode; stuck: number | null; locale: string }) {
  const t = useTranslations('operations.detail');
  const typeLabel = useOperationTypeLabel();
  return (
    <PageHeader
      breadcrumb={breadcrumb}
      title={t('title', { type: typeLabel(op.intent.type), amount: amountText(op.sourceAmount, locale) })}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>{t('operationId')}</span>
          <code className="font-mono text-xs text-fg">{op.id}</code>
          <CopyButton value={op.id} iconOnly size="sm" variant="ghost" srLabel={t('copyId')} />
        </span>
      }
      actions={
        <span className="flex items-center gap-2" data-testid="operation-status" data-status={op.currentState.status}>
          <StatusBadge status={op.currentState.status} className="text-sm" />
          {stuck !== null ? <StuckBadge minutes={stuck} /> : null}
          <TestOperationBadge op={op} />
        </span>
      }
    />
  );
}

function StuckAlert({ op, minutes, elapsed }: { op: Operation; minutes: number; elapsed: number }) {
  const t = useTranslations('operations.stuck');
  const typeLabel = useOperationTypeLabel();
  const statusLabel = useStatusLabel();
  return (
    <Alert tone="warning" title={t('detailTitle')}>
      {t('detailBody', {
        status: statusLabel(op.currentState.status),
        minutes: Math.max(elapsed, minutes),
        type: typeLabel(op.intent.type).toLowerCase(),
        limit: minutes,
      })}
    </Alert>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function AccountLink({ id, name }: { id: string; name: string | null }) {
  return (
    <Link href={`/accounts/${id}`} className="text-accent-text underline-offset-2 hover:underline">
      {name ?? <span className="font-mono text-xs">{id}</span>}
    </Link>
  );
}

type PayoutLink = { id: string; beneficiaryName: string } | null;

interface WithdrawalBeneficiary {
  id?: string | null;
  holder?: { type?: unknown; name?: unknown; firstName?: unknown; lastName?: unknown; legalName?: unknown } | null;
  paymentInstruction?: { id?: string; rail?: unknown; keyType?: unknown; key?: unknown } | null;
}

function Summary({
  op,
  accountName,
  targetId,
  targetName,
  payout,
}: {
  op: Operation;
  accountName: string | null;
  targetId: string | null;
  targetName: string | null;
  payout: PayoutLink;
}) {
  const t = useTranslations('operations.detail');
  const typeLabel = useOperationTypeLabel();
  const intent = op.intent as {
    type: string;
    beneficiary?: WithdrawalBeneficiary | null;
    fundingInstruction?: Record<string, unknown> & { rail?: string };
  };
  const beneficiary = intent.type === 'WITHDRAWAL' ? intent.beneficiary : null;
  return (
    <Card>
      <CardHeader title={t('summary')} />
      <CardBody>
        <dl className="divide-y divide-border">
          <Row label={t('type')}>{typeLabel(op.intent.type)}</Row>
          <Row label={t('status')}>
            <StatusBadge status={op.currentState.status} />
          </Row>
          <Row label={t('source')}>
            <AmountText amount={op.sourceAmount} className="font-medium" />
          </Row>
          <Row label={t('target')}>
            <AmountText amount={op.targetAmount} className="font-medium" />
          </Row>
          <Row label={t('account')}>
            <AccountLink id={op.account.id} name={accountName} />
          </Row>
          {targetId ? (
            <Row label={t('targetAccount')}>
              <AccountLink id={targetId} name={targetName} />
            </Row>
          ) : null}
          {beneficiary ? (
            <Row label={t('beneficiary')}>
              <BeneficiaryText beneficiary={beneficiary} fallbackName={payout?.beneficiaryName ?? null} />
            </Row>
          ) : null}
          {payout ? (
            <Row label={t('payoutRequest')}>
              <Link href={`/payouts/${payout.id}`} className="text-accent-text underline-offset-2 hover:underline" data-testid="operation-payout-link">
                {t('openPayout', { beneficiary: payout.beneficiaryName })}
              </Link>
            </Row>
          ) : null}
          {intent.type === 'DEPOSIT' && intent.fundingInstruction ? (
            <Row label={t('fundingInstruction')}>
              <FundingInstructionFields instruction={intent.fundingInstruction} />
            </Row>
          ) : null}
          <Row label={t('created')}>
            <DateTimeText value={op.createdAt} seconds />
          </Row>
          <Row label={t('updated')}>
            <DateTimeText value={op.updatedAt} seconds />
          </Row>
        </dl>
      </CardBody>
    </Card>
  );
}

/** Who a withdrawal pays: the holder's name (linked to the beneficiary), then the rail and PIX key in words. */
function BeneficiaryText({ beneficiary, fallbackName }: { beneficiary: WithdrawalBeneficiary; fallbackName: string | null }) {
  const t = useTranslations('operations.detail');
  const rails = useTranslations('common.funding.rails');
  const keyTypes = useTranslations('beneficiaries.keyType');
  const holder = beneficiary.holder && typeof beneficiary.holder.type === 'string' ? holderName(beneficiary.holder as { type: string }) : null;
  const named = typeof beneficiary.holder?.name === 'string' && beneficiary.holder.name ? beneficiary.holder.name : holder;
  const name = named || fallbackName;
  const instruction = beneficiary.paymentInstruction;
  const rail = typeof instruction?.rail === 'string' ? (rails.has(instruction.rail) ? rails(instruction.rail) : instruction.rail) : null;
  const keyType = typeof instruction?.keyType === 'string' ? instruction.keyType : null;
  const key = typeof instruction?.key === 'string' ? instruction.key : null;
  const label = name ?? (beneficiary.id ? t('beneficiaryId', { id: beneficiary.id }) : '—');
  return (
    <>
      {beneficiary.id ? (
        <Link href={`/beneficiaries/${beneficiary.id}`} className="block text-accent-text underline-offset-2 hover:underline" data-testid="operation-beneficiary">
          {label}
        </Link>
      ) : (
        <span className="block" data-testid="operation-beneficiary">
          {label}
        </span>
      )}
      {rail ? (
        <span className="mt-1 block text-xs text-fg-muted" data-testid="operation-payment-instruction">
          {[rail, keyType ? (keyTypes.has(keyType) ? keyTypes(keyType) : keyType) : null, keyType && key ? displayDictKey(keyType, key) : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
      ) : null}
    </>
  );
}

function TagsCard({ tags }: { tags: { key: string | null; value: string }[] }) {
  const t = useTranslations('operations.detail.tags');
  return (
    <Card>
      <CardHeader title={t('title')} />
      <CardBody>
        {tags.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t('label')}>
            {tags.map((tag, i) => (
              <li key={`${tag.key ?? ''}=${tag.value}-${i}`}>
                <Badge tone="neutral">
                  {tag.key ? <span className="text-fg-muted">{tag.key}:</span> : null}
                  {tag.value}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
