'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

type Phase = 'idle' | 'running' | 'finishing';

/** A navigation answered within this time shows nothing (no flash on fast pages). */
const SHOW_AFTER_MS = 120;
/** A navigation that never lands (aborted, failed before rendering) does not leave the bar up for good. */
const GIVE_UP_AFTER_MS = 30_000;

/**
 * The target of a click that Next's <Link> turned into a client-side navigation to another URL: a same-origin
 * anchor whose default the router prevented. Plain anchors (full loads: the browser shows its own progress),
 * downloads, new tabs and in-page hashes do not count.
 */
function navigationTarget(event: MouseEvent): URL | null {
  if (!event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

function Bar({ label }: { label: string }) {
  const url = `${usePathname()}?${useSearchParams().toString()}`;
  const [phase, setPhase] = useState<Phase>('idle');
  // The new URL is rendered: fill the bar, then hide it (state adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(url);
  if (seen !== url) {
    setSeen(url);
    if (phase !== 'idle') setPhase('finishing');
  }
  const current = useRef(url);
  useEffect(() => {
    current.current = url;
  }, [url]);

  useEffect(() => {
    let show: number | undefined;
    function onClick(event: MouseEvent) {
      if (!navigationTarget(event)) return;
      const from = current.current;
      window.clearTimeout(show);
      show = window.setTimeout(() => {
        if (current.current === from) setPhase('running');
      }, SHOW_AFTER_MS);
    }
    // Bubbling, after React's root listener: <Link> has prevented the default by then.
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      window.clearTimeout(show);
    };
  }, []);

  useEffect(() => {
    if (phase === 'idle') return;
    const id = window.setTimeout(() => setPhase('idle'), phase === 'finishing' ? 250 : GIVE_UP_AFTER_MS);
    return () => window.clearTimeout(id);
  }, [phase]);

  return (
    // A named region around it: shown, it is content like any other, and content outside landmarks fails axe's
    // `region` rule (the banner's backdrop filter would clip a fixed child to the header, so it cannot live there).
    <section aria-label={label} hidden={phase === 'idle'}>
      <div
        role="progressbar"
        aria-label={label}
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-[3px] overflow-hidden"
        data-testid="route-progress"
      >
        {/* Out of the flow (fixed), so showing it moves nothing; a transform, so it never triggers layout. */}
        <div
          className={
            phase === 'finishing'
              ? 'h-full w-full origin-left scale-x-100 bg-accent opacity-0 transition-[transform,opacity] duration-200 motion-reduce:transition-none'
              : 'h-full w-full origin-left scale-x-[0.85] bg-accent transition-transform duration-[8000ms] ease-out starting:scale-x-[0.08] motion-reduce:transition-none'
          }
        />
      </div>
    </section>
  );
}

/**
 * A thin bar at the top of the viewport while a client-side navigation is on its way (App Router has no route
 * events: it starts on a <Link> click and ends when the new pathname or query is rendered). Named for assistive
 * technology, no layout shift, no motion for those who asked for less. No Suspense boundary of its own (every
 * console page is dynamic, so useSearchParams needs none): it hydrates with the shell, before a first click.
 */
export function RouteProgress({ label }: { label: string }) {
  return <Bar label={label} />;
}
