'use client';
import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

// The "add a payment instruction" card (the key fields and their checks) comes after the
// beneficiary's own details and loads after the page, not with its first load: the detail page stays within the
// first-load JS budget (perf-budget.json), and the roles that cannot add instructions never load it.
export const LazyAddInstructionForm = dynamic(() => import('./add-instruction-form').then((m) => m.AddInstructionForm), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full" />,
});
