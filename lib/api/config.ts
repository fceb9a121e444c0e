import 'server-only';
import { log } from '@/lib/observability/logger';

export interface ApiCredentials {
  clientId: string;
  clientSecret: string;
}

/** Structured, secret-free log lines (method, path, status, attempt, request id). Never headers or bodies. */
export interface ApiLogger {
  warn(event: string, fields: Record<string, unknown>): void;
}

export interface ApiConfig {
  /** The service's `{base_url}`, e.g. `https://fx.test` or `http://localhost:3000/sandbox`. */
  baseUrl: string;
  /** The service's `{auth_url}`; the token lives at `{authUrl}/api/oauth/client/token`. Defaults to `baseUrl`. */
  authUrl?: string;
  /** Client credentials, or a lazy source (the embedded sandbox's demo customer is only known after it starts). */
  credentials: ApiCredentials | (() => Promise<ApiCredentials>);
  /** Sent as `X-Service-Version` when set. */
  serviceVersion?: string;
  /** Per-attempt time-out in ms (connect + full body). Default 10 000. */
  timeoutMs?: number;
  /**
   * Budget for the whole call, retries and waits included. Default 20 000: a person waiting on a page or a
   * button gets an answer within it, however the service misbehaves.
   */
  deadlineMs?: number;
  /** Retries after the first attempt for network errors, time-outs, 408, 429 and 5xx. Default 3. */
  maxRetries?: number;
  /** Backoff: full jitter over `min(capMs, baseMs · 2^retry)`. Defaults 500 ms and 5 000 ms. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Consecutive failed attempts that open the circuit (default 5) and how long it stays open (default 10 000 ms). */
  circuitThreshold?: number;
  circuitCooldownMs?: number;
  /** Longest `Retry-After` the client will wait. Default 10 000 ms. */
  retryAfterCapMs?: number;
  /** Refresh the token this long before its `exp`. Default 60 000 ms. */
  tokenRefreshSkewMs?: number;
  /**
   * True once this process is shutting down (the app's client: lib/observability/shutdown's isDraining). An attempt
   * that then cannot reach the service ends the call at once instead of being retried: see request.ts.
   */
  stopping?: () => boolean;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  logger?: ApiLogger;
}

/** Every knob resolved; credentials stay a lazy getter so they never sit on an object someone might serialise. */
export interface ResolvedApiConfig {
  baseUrl: string;
  authUrl: string;
  getCredentials: () => Promise<ApiCredentials>;
  serviceVersion: string | undefined;
  timeoutMs: number;
  deadlineMs: number;
  maxRetries: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  retryAfterCapMs: number;
  circuitThreshold: number;
  circuitCooldownMs: number;
  tokenRefreshSkewMs: number;
  stopping: () => boolean;
  fetch: typeof fetch;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  logger: ApiLogger;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const consoleLogger: ApiLogger = {
  warn(event, fields) {
    log().warn({ kind: 'service', event, ...fields }, event);
  },
};

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function resolveConfig(config: ApiConfig): ResolvedApiConfig {
  const source = config.credentials;
  const getCredentials = typeof source === 'function' ? source : () => Promise.resolve(source);
  return {
    baseUrl: trimSlash(config.baseUrl),
    authUrl: trimSlash(config.authUrl ?? config.baseUrl),
    getCredentials,
    serviceVersion: config.serviceVersion || undefined,
    timeoutMs: config.timeoutMs ?? 10_000,
    deadlineMs: config.deadlineMs ?? 20_000,
    maxRetries: config.maxRetries ?? 3,
    backoffBaseMs: config.backoffBaseMs ?? 500,
    backoffCapMs: config.backoffCapMs ?? 5_000,
    retryAfterCapMs: config.retryAfterCapMs ?? 10_000,
    circuitThreshold: config.circuitThreshold ?? 5,
    circuitCooldownMs: config.circuitCooldownMs ?? 10_000,
    tokenRefreshSkewMs: config.tokenRefreshSkewMs ?? 60_000,
    stopping: config.stopping ?? (() => false),
    // Late-bound so MSW (which patches globalThis.fetch after import) intercepts the default.
    fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    sleep: config.sleep ?? defaultSleep,
    random: config.random ?? Math.random,
    now: config.now ?? Date.now,
    logger: config.logger ?? consoleLogger,
  };
}
