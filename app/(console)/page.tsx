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
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader title="Balances" description="Per active account and asset." />
          <CardBody>
            <Suspense fallback={<SectionLoading label="Loading balances…" />}>
              <BalancesOverview />
            </Suspense>
          </CardBody>
        </Card>
        <Card>
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
