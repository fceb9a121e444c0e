'use client';

import { useEffect, useState } from 'react';
import { countdownAt, type CountdownState, type QuoteClock } from '@/lib/domain/quotes/countdown';

const IDLE: CountdownState = { remainingMs: 0, secondsLeft: 0, expired: true };

/**
 * The live countdown of one quote clock. Every component that shows the quote reads the SAME clock object (kept
 * by the component that owns the quote), so the form and the confirm step show one countdown that never restarts.
 * The browser's time ticks four times a second (so the displayed second changes on time) while a quote is held;
 * a new quote is never read before it arrived (`countdownAt` takes the later of now and its arrival).
 */
export function useQuoteCountdown(clock: QuoteClock | null): CountdownState {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!clock) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [clock]);
  return clock ? countdownAt(clock, now) : IDLE;
}
