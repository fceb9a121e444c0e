import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { requirePage } from '@/lib/auth/session';
import { AccountsNeedingAction } from './_overview/accounts-needing-action';
import { BalancesOverview } from './_overview/balances-overview';

export const metadata: Metadata = { title: 'Overview' };

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
  return (
    <>
      <PageHeader title="Overview" description={`Welcome back, ${user.name}. Balances and onboarding, live from the service.`} />
      {/* minmax(0, …) tracks and min-w-0 cards: a long account name wraps inside its card instead of widening it. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardHeader title="Balances" description="Per active account and asset." />
          <CardBody>
            <Suspense fallback={<SectionLoading label="Loading balances…" />}>
              <BalancesOverview />
            </Suspense>
          </CardBody>
        </Card>
        <Card className="min-w-0">
          <CardHeader title="Accounts that need action" description="Onboarding items currently due." />
          <CardBody>
            <Suspense fallback={<SectionLoading label="Loading accounts that need action…" />}>
              <AccountsNeedingAction />
            </Suspense>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
