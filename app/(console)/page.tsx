import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { AccountsNeedingAction } from './_overview/accounts-needing-action';
import { BalancesLoading, BalancesOverview, listOverviewAccounts } from './_overview/balances-overview';
import { LiveStatusNotice } from './_overview/live-status-notice';
import { RecentOperations } from './_overview/recent-operations';
import { PayoutsInbox } from './_overview/payouts-inbox';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('overview'))('metaTitle') };
}

function SectionLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <SkeletonRows rows={3} />
    </div>
  );
}

export default async function OverviewPage() {
  const user = await requirePage('/');
  const [t, ops, listing] = await Promise.all([getTranslations('overview'), getTranslations('operations.overview'), listOverviewAccounts()]);
  const tp = await getTranslations('payouts.overview');
  return (
    <>
      <PageHeader title={t('title')} description={t('welcome', { name: user.name })} />
      <Suspense fallback={null}>
        <LiveStatusNotice role={user.role} />
      </Suspense>
      {/* minmax(0, …) tracks and min-w-0 cards: a long account name wraps inside its card instead of widening it. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardHeader title={t('balances.title')} description={t('balances.description')} />
          <CardBody>
            <Suspense fallback={<BalancesLoading label={t('balances.loading')} listing={listing} />}>
              <BalancesOverview listing={listing} />
            </Suspense>
          </CardBody>
        </Card>
        <Card className="min-w-0">
          <CardHeader title={t('needingAction.title')} description={t('needingAction.description')} />
          <CardBody>
            <Suspense fallback={<SectionLoading label={t('needingAction.loading')} />}>
              <AccountsNeedingAction />
            </Suspense>
          </CardBody>
        </Card>
        <Card className="min-w-0 xl:col-span-2">
          <CardHeader title={ops('title')} description={ops('description')} />
          <CardBody>
            <Suspense fallback={<SectionLoading label={ops('loading')} />}>
              <RecentOperations />
            </Suspense>
          </CardBody>
        </Card>
        {can(user.role, 'payouts:approve') ? (
          <Card className="min-w-0">
            <CardHeader title={tp('title')} description={tp('description')} />
            <CardBody>
              <Suspense fallback={<SectionLoading label={tp('loading')} />}>
                <PayoutsInbox userId={user.id} />
              </Suspense>
            </CardBody>
          </Card>
        ) : null}
      </div>
    </>
  );
}
