'use client';

import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

/**
 * False during server render and hydration, true once React runs in the browser: e.g. keep a submit button
 * disabled until a click can reach the form's handler (before that it would send a plain HTML GET).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}
