'use client';
import dynamic from 'next/dynamic';
import { SkeletonRows } from '@/components/ui/skeleton';

// The forms (react-hook-form, the money field) load after the inbox, not with the page's first load: the page's
// first-load JS stays within the budget (perf-budget.json). Their server parts (what to show) still come with it.
const loading = () => <SkeletonRows rows={4} />;
export const LazyPreferencesForm = dynamic(() => import('./preferences-form').then((m) => m.PreferencesForm), { ssr: false, loading });
export const LazyThresholdsPanel = dynamic(() => import('./thresholds-panel').then((m) => m.ThresholdsPanel), { ssr: false, loading });
