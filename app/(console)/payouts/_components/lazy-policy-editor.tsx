'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

// The admin's approval policy editor (the form, the money field, the policy rules with decimal.js) sits below
// the list and loads after the page, not with its first load: /payouts stays within the first-load JS budget
// (perf-budget.json) for every role, and a non-admin, who never gets the editor, does not pay for it either.
export const LazyPolicyEditor = dynamic(() => import('./policy-editor').then((m) => m.PolicyEditor), {
  ssr: false,
  loading: () => <SkeletonRows rows={6} className="px-5 py-4" />,
});
