import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { DateText } from '@/components/data-table/date-text';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { StateTimeline } from '@/components/status/state-timeline';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { getAccount, listFundingInstructions } from '@/lib/api/accounts';
import { isNotFound } from '@/lib/errors';
import { isUuid } from '@/lib/validation/uuid';
import type { Account } from '@/lib/api/schemas/account';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import { ownerName, ownerTaxId, ownerUbos } from '@/lib/domain/accounts/owner';
import { AssetsCard } from './assets-card';
import { BalanceHistoryCard } from './balance-history-card';
import { sortInstructions } from '@/lib/domain/accounts/funding-fields';
import { FundingInstructions } from './funding-instructions';
import { OwnerCard } from './owner-card';
import { OnboardingBoard } from './onboarding/onboarding-board';
import { liveCursor } from '@/lib/live/cursor';
import { TagsList } from './tags-list';
import { UbosList } from './ubos-list';

function HistoryLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="rounded-lg border border-border bg-surface p-4">
      <span className="sr-only">{label}</span>
      <SkeletonRows rows={3} />
    </div>
  );
}

async function loadAccount(accountId: string): Promise<{ account: Account } | { error: unknown }> {
  try {
    return { account: (await getAccount(accountId)).data };
  } catch (error) {
    // Unknown and other companies' ids both answer 404 RESOURCE_NOT_FOUND: a not-found page, not an error.
    if (isNotFound(error)) notFound();
    return { error };
  }
}

async function loadFunding(accountId: string) {
  try {
    return { instructions: (await listFundingInstructions(accountId, { limit: 100 })).data };
  } catch (error) {
    return { error };
  }
}

/**
 * One account: owner, assets, the onboarding board (checklist, uploads, owners, review), funding instructions,
 * UBOs, tags and state history. `canDocuments`/`canReview` come from the signed-in user's role: without them the
 * board is read-only (the actions and the upload route check the permission again themselves).
 */
export async function AccountDetailView({
  accountId,
  canDocuments = false,
  canReview = false,
}: {
  accountId: string;
  canDocuments?: boolean;
  canReview?: boolean;
}) {
  // A malformed id can name no account: skip the call and say so.
  if (!isUuid(accountId)) notFound();
  const since = await liveCursor(); // before the account is read (the onboarding board's LiveRefresh `since`)
  const [accountResult, funding] = await Promise.all([loadAccount(accountId), loadFunding(accountId)]);
  const t = await getTranslations('accounts.detail');

  const breadcrumb = (
    <Link href="/accounts" className="hover:text-fg hover:underline">
      ← {t('back')}
    </Link>
  );

  if ('error' in accountResult) {
    return (
      <>
        <PageHeader title={t('fallbackTitle')} breadcrumb={breadcrumb} />
        <ServiceErrorAlert error={accountResult.error} title={t('loadFailed')} />
      </>
    );
  }

  const { account } = accountResult;
  const name = ownerName(account.owner);
  const taxId = ownerTaxId(account.owner);
  const ubos = ownerUbos(account.owner);
  const due = account.requirements.currentlyDue.length;
  const errors = account.requirements.errors.length;

  return (
    <>
      <PageHeader
        title={name}
        breadcrumb={breadcrumb}
        description={
          <>
            {taxId ? <span className="font-mono">{formatTaxId(taxId.value, taxId.type)}</span> : null}
            {taxId ? ' · ' : null}
            {t('opened')} <DateText value={account.createdAt} dateOnly />
          </>
        }
        actions={<StatusBadge status={account.currentState.status} className="text-sm" />}
      />

      <div className="space-y-6">
        {account.currentState.status === 'ACTION_REQUIRED' ? (
          <Alert tone="warning" title={t('needsAction.title')}>
            {due === 0 && errors === 0
              ? t('needsAction.waiting')
              : errors
                ? t('needsAction.dueAndRejected', { due, errors })
                : t('needsAction.due', { due })}
          </Alert>
        ) : null}

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <OwnerCard owner={account.owner} />
          <AssetsCard assets={account.assets} />
        </div>

        <Suspense fallback={<HistoryLoading label={(await getTranslations('balances.history'))('loading')} />}>
          <BalanceHistoryCard accountId={account.id} />
        </Suspense>

        <OnboardingBoard
          account={{
            id: account.id,
            status: account.currentState.status,
            requirements: account.requirements,
            ubos: ubos.map((u) => ({ id: u.id, name: u.name, ownershipPercentage: u.ownershipPercentage ?? null })),
          }}
          canDocuments={canDocuments}
          canReview={canReview}
          since={since}
        />

        <Card>
          <CardHeader title={t('funding.title')} description={t('funding.description')} />
          <CardBody>
            {'error' in funding ? (
              <ServiceErrorAlert error={funding.error} title={t('funding.loadFailed')} />
            ) : funding.instructions.length ? (
              <FundingInstructions
                instructions={sortInstructions(
                  funding.instructions,
                  account.assets.map((a) => a.asset),
                )}
              />
            ) : (
              <p className="text-sm text-fg-muted">{t('funding.empty')}</p>
            )}
          </CardBody>
        </Card>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader title={t('ubos.title')} />
            <CardBody>
              <UbosList ubos={ubos} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title={t('tags.title')} description={t('tags.description')} />
            <CardBody>
              <TagsList tags={account.tags} />
            </CardBody>
          </Card>
        </div>

        <Card>
          <CardHeader title={t('history.title')} />
          <CardBody>
            <StateTimeline states={account.states} label={t('history.label')} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
