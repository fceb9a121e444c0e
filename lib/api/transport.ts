import 'server-only';

/** One HTTP exchange, body fully read: a body cut off mid-stream is a transport failure, not a response. */
export type Exchange =
  | { kind: 'response'; status: number; headers: Headers; text: string }
  | { kind: 'network'; message: string }
  | { kind: 'timeout' };

/** Thrown when the caller's own signal aborted: not retried. */
export class CallerAbortError extends Error {
  constructor() {
    super('Request aborted by the caller');
    this.name = 'CallerAbortError';
  }
}

/**
 * Performs one attempt with its own time-out (covering headers and body). Only the error's class name is kept
 * for network failures: undici messages can echo URLs, never headers, but we keep the surface minimal anyway.
 */
export async function exchange(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  callerSignal?: AbortSignal,
): Promise<Exchange> {
  if (callerSignal?.aborted) throw new CallerAbortError();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
  try {
    const response = await fetchImpl(url, { ...init, signal });
    const text = await response.text();
    return { kind: 'response', status: response.status, headers: response.headers, text };
  } catch (error) {
    if (callerSignal?.aborted) throw new CallerAbortError();
    if (timeout.signal.aborted) return { kind: 'timeout' };
    const name = error instanceof Error ? error.name : 'Error';
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.name})` : '';
    return { kind: 'network', message: `${name}${cause}` };
  } finally {
    clearTimeout(timer);
  }
}
