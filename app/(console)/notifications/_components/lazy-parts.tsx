'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

// The list (react-query's infinite query, the wording) and the forms (react-hook-form, the money field) load after
// the page, not with its first load: the page's first-load JS stays within the budget (1.20x the floor). The list is
// fetched in the browser anyway, so it shows a skeleton until then either way.
const loading = () => <SkeletonRows rows={4} />;
export const LazyInboxList = dynamic(() => import('./inbox-list').then((m) => m.InboxList), { ssr: false, loading });
export const LazyPreferencesForm = dynamic(() => import('./preferences-form').then((m) => m.PreferencesForm), { ssr: false, loading });
export const LazyThresholdsPanel = dynamic(() => import('./thresholds-panel').then((m) => m.ThresholdsPanel), { ssr: false, loading });
