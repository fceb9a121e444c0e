'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

const load = () => import('./policy-editor');

/** Starts loading the editor's code before it is asked for (the button's hover or focus). */
export function preloadPolicyEditor(): void {
  void load();
}

// The admin's approval policy editor (the form, the money field, the policy rules with decimal.js) loads when the
// admin opens it, not with the page: /payouts stays within the first-load JS budget (perf-budget.json) for every
// role, and a non-admin, who never gets the editor, does not pay for it either.
export const LazyPolicyEditor = dynamic(() => load().then((m) => m.PolicyEditor), {
  ssr: false,
  loading: () => <SkeletonRows rows={6} />,
});
