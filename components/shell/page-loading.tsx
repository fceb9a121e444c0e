import { PageHeader } from '@/components/ui/page-header';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

/**
 * A list page's `loading.tsx`: its real title at once and placeholder rows, announced as loading. Only for leaf
 * routes: a loading boundary above a page that can 404 would turn its 404 into a 200.
 */
export function PageLoading({ title, description, label }: { title: string; description?: string; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="page-loading">
      <span className="sr-only">{label}</span>
      <PageHeader title={title} description={description} />
      <Skeleton className="mb-4 h-24 w-full" />
      <SkeletonRows rows={8} />
    </div>
  );
}
