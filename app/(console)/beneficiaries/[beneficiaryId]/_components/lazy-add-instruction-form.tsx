'use client';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

// The "add a payment instruction" card (the key fields and their checks) is not in the detail page's first-load JS
// (perf-budget.json), and the roles that cannot add instructions never load it. It is a React.lazy chunk the server
// renders into the page, in a Suspense boundary of its own: the page hydrates without waiting for it, and the form's
// markup is hydrated when its chunk arrives (with next/dynamic and `ssr: false` React threw the server's placeholder
// away and drew it again inside the page's load: README, issue 30).
const AddInstructionForm = lazy(() => import('./add-instruction-form').then((m) => ({ default: m.AddInstructionForm })));

export function LazyAddInstructionForm(props: ComponentProps<typeof AddInstructionForm>) {
  return (
    <Suspense fallback={<Skeleton className="h-96 w-full" />}>
      <AddInstructionForm {...props} />
    </Suspense>
  );
}
