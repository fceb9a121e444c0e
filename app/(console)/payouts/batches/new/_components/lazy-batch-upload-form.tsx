'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

// The upload form (react-dropzone, the preview table and the error file) loads right after the
// page's first paint instead of with it: with it, /payouts/batches/new measured 1.255× the floor's first-load JS
// (`npm run test:first-load`, budget 1.20× in perf-budget.json). Choosing and checking a file needs script anyway.
export const LazyBatchUploadForm = dynamic(() => import('./batch-upload-form').then((m) => m.BatchUploadForm), {
  ssr: false,
  loading: () => <SkeletonRows rows={6} />,
});
