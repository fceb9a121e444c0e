import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function AccountLoading() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="space-y-6">
      <span className="sr-only">Loading the account…</span>
      <Skeleton className="h-9 w-72" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
      <SkeletonRows rows={6} />
    </div>
  );
}
