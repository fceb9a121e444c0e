import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a page whose code is not in the page's first-load JS (perf-budget.json), rendered by the server into the
 * page it sends: a React.lazy chunk in a Suspense boundary of its own. The page hydrates without waiting for the
 * chunk; the boundary keeps the server's markup and is hydrated when its chunk arrives. `fallback` is what a
 * client-side render shows while the chunk loads.
 *
 * Not next/dynamic with `ssr: false`: the server sends a boundary it gave up on (`<!--$!-->`), which React throws away
 * and draws again while the page hydrates — tasks of 35–60 ms at full speed (README, issue 30). Not a lazy part with
 * no boundary of its own either: it holds the hydration of what surrounds it until its chunk comes (measured worse on
 * all three pages tried, README, issue 30). For a part opened by a click, next/dynamic with `ssr: false` stays right:
 * nothing of it is in the page to begin with.
 *
 * The server sends the boundary with its fallback and the part after it in the same response, which React's inline
 * script swaps in at the next frame (on every request, not only the first). So a part that is the page's largest
 * paint is better without a boundary: /notifications' parts measured a later largest paint in one (README, issue 30).
 *
 * Until the boundary is hydrated its controls reach no handler: React does not replay a click on a boundary it could
 * not hydrate yet (it stops the event), and a file picked or a native select changed is lost. So a part's controls
 * that act on a click or a pick stay disabled until `useHydrated` (hooks/use-hydrated.ts) says so.
 *
 * Call it at module scope, once per part, with the `import()` in the caller's module (that is where the bundler
 * splits the chunk).
 */
export function lazyInBoundary<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  function InBoundary(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return InBoundary;
}
