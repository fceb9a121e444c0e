'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

const POLL_MS = 2_000;

/**
 * Keeps the first page of attempts current: polls the newest attempts' signature (GET /api/webhook-logs/{id})
 * every 2 s while the tab is visible and re-renders the server page when it changed — a new attempt, a retry, a
 * resend or a status change shows up without a reload. Failed deliveries never reach the console's receiver, so
 * the live event stream cannot announce them; this is the one place the page polls.
 */
export function LogWatcher({ subscriptionId, signature, active }: { subscriptionId: string; signature: string; active: boolean }) {
  const router = useRouter();
  const seen = useRef(signature);
  useEffect(() => {
    seen.current = signature;
  }, [signature]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let inFlight = false;
    const tick = async () => {
      if (inFlight || document.visibilityState !== 'visible') return;
      inFlight = true;
      try {
        const res = await fetch(`/api/webhook-logs/${subscriptionId}`, { cache: 'no-store' });
        if (!res.ok || stopped) return;
        const body = (await res.json()) as { data?: { signature?: string } };
        const next = body.data?.signature;
        if (typeof next === 'string' && next !== seen.current) {
          seen.current = next;
          router.refresh();
        }
      } catch {
        // A missed poll is retried on the next tick.
      } finally {
        inFlight = false;
      }
    };
    const id = setInterval(tick, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [active, subscriptionId, router]);
  return null;
}
