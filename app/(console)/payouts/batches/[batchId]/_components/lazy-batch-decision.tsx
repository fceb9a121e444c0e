'use client';
import { lazyInBoundary } from '@/components/ui/lazy-in-boundary';
import { SkeletonRows } from '@/components/ui/skeleton';

// The decision card (the rejection reason form, the step-up dialog with WebAuthn and the statement's facts) is not in
// the page's first-load JS: the batch page stays within the budget (perf-budget.json; `npm run test:first-load`
// measured 1.309× the floor with it in the page's chunks). Rendered by the server, hydrated when its chunk arrives
// (components/ui/lazy-in-boundary.tsx); its buttons are disabled until then.
export const LazyBatchDecision = lazyInBoundary(
  () => import('./batch-decision').then((m) => m.BatchDecision),
  <SkeletonRows rows={3} />,
);
