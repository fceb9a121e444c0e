'use client';
import { SkeletonRows } from '@/components/ui/skeleton';
import { lazyInBoundary } from '@/components/ui/lazy-in-boundary';

// The upload form (react-dropzone, the preview table and the error file) is not in the page's first-load JS: with
// it, /payouts/batches/new measured 1.255× the floor's (`npm run test:first-load`, budget 1.20× in perf-budget.json).
// Rendered by the server, hydrated when its chunk arrives (components/ui/lazy-in-boundary.tsx); its file picker waits
// for hydration itself.
export const LazyBatchUploadForm = lazyInBoundary(
  () => import('./batch-upload-form').then((m) => m.BatchUploadForm),
  <SkeletonRows rows={6} />,
);
