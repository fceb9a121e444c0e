'use client';
import { lazy, Suspense, type ComponentProps } from 'react';
import { SkeletonRows } from '@/components/ui/skeleton';

// The upload form (react-dropzone, the preview table and the error file) is not in the page's first-load JS: with
// it, /payouts/batches/new measured 1.255× the floor's (`npm run test:first-load`, budget 1.20× in perf-budget.json).
// It is a React.lazy chunk the server renders into the page, in a Suspense boundary of its own: the page hydrates
// without waiting for it, and the form's markup is hydrated when its chunk arrives. With next/dynamic and `ssr: false`
// the server sent a boundary it gave up on, which React threw away and drew again inside the page's load (README,
// issue 30).
const BatchUploadForm = lazy(() => import('./batch-upload-form').then((m) => ({ default: m.BatchUploadForm })));

export function LazyBatchUploadForm(props: ComponentProps<typeof BatchUploadForm>) {
  return (
    <Suspense fallback={<SkeletonRows rows={6} />}>
      <BatchUploadForm {...props} />
    </Suspense>
  );
}
