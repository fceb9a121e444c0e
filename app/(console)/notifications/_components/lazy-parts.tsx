'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

// The list (react-query's infinite query, the wording) and the forms (the form hook, the money field) load after
// the page, not with its first load: the page's first-load JS stays within the budget (perf-budget.json). The list is
// fetched in the browser anyway, so it shows a skeleton until then either way. The two that read react-query come
// inside the tab's client (components/query/query-provider.tsx), itself loaded with them.
const loading = () => <SkeletonRows rows={4} />;
const withQuery = () => import('@/components/query/query-provider').then((m) => m.withQueryProvider);
export const LazyInboxList = dynamic(
  () => Promise.all([import('./inbox-list'), withQuery()]).then(([m, wrap]) => wrap(m.InboxList)),
  { ssr: false, loading },
);
export const LazyPreferencesForm = dynamic(
  () => Promise.all([import('./preferences-form'), withQuery()]).then(([m, wrap]) => wrap(m.PreferencesForm)),
  { ssr: false, loading },
);
export const LazyThresholdsPanel = dynamic(() => import('./thresholds-panel').then((m) => m.ThresholdsPanel), { ssr: false, loading });
