'use client';
import { lazy, type ComponentProps } from 'react';
import type { InboxList } from './inbox-list';
import type { PreferencesForm } from './preferences-form';
import type { ThresholdsPanel } from './thresholds-panel';

// The list (react-query, the wording) and the forms (the form hook, the money field) are not in the page's
// first-load JS (perf-budget.json): each is a React.lazy chunk. The server renders them into the page it sends — the
// inbox's first page, the switches, the thresholds — so nothing moves when their code arrives: the browser fetches
// each chunk when hydration reaches it, and React keeps the server's HTML until then.
// Measured with `npm run bench:budget -- --routes /notifications --details` (README, "Goal 1"), three ways:
//  - next/dynamic with `ssr: false` (before): skeletons, then the parts ~0.5 s later — a late largest paint and
//    layout shifts up to 0.40;
//  - a <Suspense> around each: the server sends the skeleton and the part after it in the same response, but React
//    reveals a streamed part up to ~300 ms later;
//  - next/dynamic with SSR on: the chunks preloaded with the page, counted as first-load JS (1.31× the floor).
// No Suspense boundary here, so the server waits the moment it takes to load the parts' modules and sends them whole.
// Measured once more with components/ui/lazy-in-boundary.tsx (the other pages' way, 2026-11-27, alternated runs): the
// inbox is this page's largest paint, and in a boundary it came later (finance: LCP 1.6–2.5 s → 1.7–2.9 s, score 98.5
// → 95 at the median of six), so these parts stay without one.
// The two that read react-query come inside the tab's client (components/query/query-provider.tsx).
const withQuery = () => import('@/components/query/query-provider').then((m) => m.withQueryProvider);
const Inbox = lazy(() => Promise.all([import('./inbox-list'), withQuery()]).then(([m, wrap]) => ({ default: wrap(m.InboxList) })));
const Preferences = lazy(() => Promise.all([import('./preferences-form'), withQuery()]).then(([m, wrap]) => ({ default: wrap(m.PreferencesForm) })));
const Thresholds = lazy(() => import('./thresholds-panel').then((m) => ({ default: m.ThresholdsPanel })));

export function LazyInboxList(props: ComponentProps<typeof InboxList>) {
  return <Inbox {...props} />;
}
export function LazyPreferencesForm(props: ComponentProps<typeof PreferencesForm>) {
  return <Preferences {...props} />;
}
export function LazyThresholdsPanel(props: ComponentProps<typeof ThresholdsPanel>) {
  return <Thresholds {...props} />;
}
