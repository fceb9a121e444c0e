'use client';

import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after the component mounted (`requestIdleCallback`, at most `timeoutMs`
 * later; a short timer where the browser has no idle callback): for work a page does not need to show or to answer
 * its first input, so that it runs in a task of its own after the page's instead of inside them.
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(handle);
  }, [timeoutMs]);
  return idle;
}
