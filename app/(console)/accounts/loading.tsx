import { PageHeader } from '@/components/ui/page-header';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function AccountsLoading() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading accounts…</span>
      <PageHeader title="Accounts" description="Company accounts, their assets and onboarding status." />
      <Skeleton className="mb-4 h-20 w-full" />
      <SkeletonRows rows={8} />
    </div>
  );
}
