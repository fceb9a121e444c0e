'use client';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyInBoundary } from '@/components/ui/lazy-in-boundary';

// The "add a payment instruction" card (the key fields and their checks) is not in the detail page's first-load JS
// (perf-budget.json), and the roles that cannot add instructions never load it. Rendered by the server, hydrated when
// its chunk arrives (components/ui/lazy-in-boundary.tsx).
export const LazyAddInstructionForm = lazyInBoundary(
  () => import('./add-instruction-form').then((m) => m.AddInstructionForm),
  <Skeleton className="h-96 w-full" />,
);
