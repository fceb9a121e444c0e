import 'server-only';

/** Statuses worth another attempt with the same idempotency key: the service may not have acted, or asks us to wait. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * `Retry-After` as delta-seconds or an HTTP-date, in ms from `now`; null when absent or unparseable.
 * A date in the past means "now" (0).
 */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** Full jitter (AWS architecture blog): uniform in [0, min(cap, base · 2^retry)]. `retry` counts from 0. */
export function backoffDelay(retry: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

export type AttemptOutcome<T> =
  | { done: true; value: T }
  | { done: false; error: unknown; retryAfterMs: number | null; reason: string };

export interface RetryPolicy {
  maxRetries: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  retryAfterCapMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  signal?: AbortSignal;
  /** Absolute time (per `now`) after which no further attempt starts: the last error is thrown instead. */
  deadline?: number;
  now?: () => number;
  onRetry?: (info: { retry: number; delayMs: number; reason: string }) => void;
}

/**
 * Runs `attempt` until it is done or the retry budget is spent; then throws the last attempt's error.
 * Errors thrown (not returned) by `attempt` are final and propagate at once.
 */
export async function runWithRetries<T>(attempt: (n: number) => Promise<AttemptOutcome<T>>, policy: RetryPolicy): Promise<T> {
  for (let n = 0; ; n++) {
    const outcome = await attempt(n);
    if (outcome.done) return outcome.value;
    if (n >= policy.maxRetries) throw outcome.error;
    const delayMs =
      outcome.retryAfterMs !== null
        ? Math.min(outcome.retryAfterMs, policy.retryAfterCapMs)
        : backoffDelay(n, policy.backoffBaseMs, policy.backoffCapMs, policy.random);
    // Waiting past the deadline only delays the same failure: give the caller the answer now.
    if (policy.deadline !== undefined && policy.now && policy.now() + delayMs >= policy.deadline) throw outcome.error;
    policy.onRetry?.({ retry: n + 1, delayMs, reason: outcome.reason });
    await policy.sleep(delayMs, policy.signal);
  }
}
