'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

// The decision card (the rejection reason form, the step-up dialog with WebAuthn and the statement's
// facts) loads after the page, not with its first load: the batch page stays within the first-load JS budget
// (perf-budget.json; `npm run test:first-load` measured 1.309× the floor with it in the page's chunks).
export const LazyBatchDecision = dynamic(() => import('./batch-decision').then((m) => m.BatchDecision), {
  ssr: false,
  loading: () => <SkeletonRows rows={3} />,
});
