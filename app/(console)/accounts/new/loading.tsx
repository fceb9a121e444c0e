import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';

export default function NewAccountLoading() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="max-w-4xl">
      <span className="sr-only">Loading the form…</span>
      <PageHeader title="New account" />
      <div className="space-y-6">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    </div>
  );
}
