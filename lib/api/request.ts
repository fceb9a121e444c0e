import 'server-only';
import type { z } from 'zod';
import { CircuitBreaker } from './circuit-breaker';
import type { ResolvedApiConfig } from './config';
import { ApiError, CLIENT_ERROR_CODES } from './errors';
import { isRetryableStatus, parseRetryAfter, runWithRetries, type AttemptOutcome } from './retry';
import { errorBodySchema } from './schemas/error';
import type { TokenProvider } from './token';
import { CallerAbortError, exchange, type Exchange } from './transport';
import { isUuid } from '@/lib/validation/uuid';
import { observeServiceCall } from '@/lib/observability/service-calls';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

interface BaseSpec<T> {
  path: string;
  query?: Query;
  /** Validates a 2xx body. Omit for endpoints answering with no body (202, 204). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the client's whole-call budget (uploads need longer). */
  deadlineMs?: number;
}

/** Reads never carry an idempotency key (contract: not sent on GET and DELETE). */
export interface ReadSpec<T> extends BaseSpec<T> {
  method: 'GET' | 'DELETE';
  idempotencyKey?: never;
  json?: never;
  form?: never;
  stream?: never;
}

/** Every mutation carries the caller's idempotency key, reused on each retry, so a retry can never act twice. */
export interface MutationSpec<T> extends BaseSpec<T> {
  method: 'POST' | 'PUT' | 'PATCH';
  idempotencyKey: string;
  json?: unknown;
  form?: FormData;
  /**
   * A body streamed as it arrives (a document upload relayed without holding it in memory). It can be read
   * once, so such a call makes exactly one attempt: no retry, no re-send after a 401. The caller (the browser)
   * retries the whole upload with the same idempotency key.
   */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string };
}

export type RequestSpec<T> = ReadSpec<T> | MutationSpec<T>;

export interface ApiResponse<T> {
  data: T;
  status: number;
  requestId: string;
}


/** A fresh key for a new user intent. Create it once per intent (form instance), never per attempt. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function localRequestId(): string {
  return `local-${crypto.randomUUID()}`;
}

function buildUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join('|') : String(value));
  }
  return url.toString();
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorFromResponse(status: number, text: string, requestId: string): ApiError {
  const json = text ? parseJson(text) : { ok: false as const };
  const body = json.ok ? errorBodySchema.safeParse(json.value) : null;
  if (body?.success) {
    return new ApiError({
      status,
      code: body.data.code,
      message: body.data.message,
      details: body.data.details ?? {},
      requestId,
    });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: `The service answered HTTP ${status}`, requestId });
}

function invalidResponse(requestId: string, status: number, issues: { path: string; message: string }[]): ApiError {
  return new ApiError({
    status: 502,
    code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
    message: 'The service sent a response that does not match the contract',
    details: { upstreamStatus: status, issues: issues.slice(0, 10) },
    requestId,
  });
}

export interface Requester {
  request<T>(spec: RequestSpec<T>): Promise<ApiResponse<T>>;
}

/**
 * The HTTP layer every resource function goes through: auth, version header, per-attempt time-out inside a
 * whole-call deadline, retries with backoff and the same idempotency key, one token refresh on 401, a circuit
 * breaker, typed errors, response validation.
 */
export function createRequester(config: ResolvedApiConfig, tokens: TokenProvider): Requester {
  const breaker = new CircuitBreaker({ threshold: config.circuitThreshold, cooldownMs: config.circuitCooldownMs, now: config.now });

  async function request<T>(spec: RequestSpec<T>): Promise<ApiResponse<T>> {
    const isMutation = spec.method === 'POST' || spec.method === 'PUT' || spec.method === 'PATCH';
    if (isMutation && (typeof spec.idempotencyKey !== 'string' || !isUuid(spec.idempotencyKey))) {
      // Programmer error caught before any traffic: a mutation without a stable key could execute twice.
      throw new ApiError({
        status: 500,
        code: CLIENT_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED,
        message: `${spec.method} ${spec.path} needs an idempotency key (a UUID created once per user intent)`,
        requestId: localRequestId(),
      });
    }
    const url = buildUrl(config.baseUrl, spec.path, spec.query);
    const timeoutMs = spec.timeoutMs ?? config.timeoutMs;
    const deadline = config.now() + (spec.deadlineMs ?? config.deadlineMs);
    // An attempt never runs past the call's deadline.
    const attemptTimeout = () => Math.max(1, Math.min(timeoutMs, deadline - config.now()));

    const send = (token: string): Promise<Exchange> => {
      const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
      if (config.serviceVersion) headers.set('X-Service-Version', config.serviceVersion);
      // X-Request-Id of the console request or job step this call serves, and the trace context.
      for (const [name, value] of Object.entries(call.headers())) headers.set(name, value);
      let body: BodyInit | undefined;
      if (isMutation) {
        headers.set('X-Idempotency-Key', spec.idempotencyKey as string);
        if (spec.stream) {
          headers.set('Content-Type', spec.stream.contentType);
          body = spec.stream.body;
        } else if (spec.form) {
          body = spec.form; // fetch sets the multipart boundary itself
        } else if (spec.json !== undefined) {
          headers.set('Content-Type', 'application/json');
          body = JSON.stringify(spec.json);
        }
      }
      // `duplex: 'half'` is how fetch takes a streamed request body (not yet in lib.dom's RequestInit).
      const init = { method: spec.method, headers, body, ...(spec.stream ? { duplex: 'half' } : {}) } as RequestInit;
      return exchange(config.fetch, url, init, attemptTimeout(), spec.signal);
    };

    let lastError: unknown = null;
    let attempts = 0;
    const oneShot = isMutation && spec.stream !== undefined;
    const attempt = async (n: number): Promise<AttemptOutcome<ApiResponse<T>>> => {
      attempts = n + 1;
      const openMs = breaker.remainingOpenMs();
      if (openMs > 0) {
        // Mid-call, the caller learns what actually went wrong (and whether the outcome is unknown).
        if (lastError) throw lastError;
        throw new ApiError({
          status: 503,
          code: CLIENT_ERROR_CODES.CIRCUIT_OPEN,
          message: 'The service is failing; calls are paused for a few seconds',
          details: { outcomeUnknown: false, retryAfterSeconds: Math.ceil(openMs / 1000) },
          requestId: localRequestId(),
        });
      }
      let token = await tokens.getToken();
      let result = await send(token);
      if (result.kind === 'response' && result.status === 401 && !oneShot) {
        // The cached token was revoked or expired early: refresh once, retry once; a second 401 is final.
        tokens.invalidate(token);
        token = await tokens.getToken();
        result = await send(token);
      }
      if (result.kind === 'network' && config.stopping()) {
        // This process is shutting down: its listener no longer accepts connections (the sandbox embedded in it is
        // reached through that listener) and the drain closes idle keep-alive sockets, so a retry would only fail
        // again and hold the exit back. The call ends now, transient, its outcome unknown on a mutation: the caller
        // keeps its key and whoever takes the work over sends it again. Not counted against the service's health.
        throw new ApiError({
          status: 503,
          code: CLIENT_ERROR_CODES.SERVICE_UNREACHABLE,
          message: 'The service could not be reached',
          details: { outcomeUnknown: isMutation, attempts: n + 1, cause: result.message, interrupted: 'shutdown' },
          requestId: localRequestId(),
        });
      }
      if (result.kind !== 'response' || result.status >= 500 || result.status === 408) breaker.recordFailure();
      else breaker.recordSuccess();
      if (result.kind === 'network' || result.kind === 'timeout') {
        const error =
          result.kind === 'timeout'
            ? new ApiError({
                status: 504,
                code: CLIENT_ERROR_CODES.TIMEOUT,
                message: 'The service did not answer in time',
                details: { outcomeUnknown: isMutation, attempts: n + 1 },
                requestId: localRequestId(),
              })
            : new ApiError({
                status: 503,
                code: CLIENT_ERROR_CODES.SERVICE_UNREACHABLE,
                message: 'The service could not be reached',
                details: { outcomeUnknown: isMutation, attempts: n + 1, cause: result.message },
                requestId: localRequestId(),
              });
        lastError = error;
        return { done: false, error, retryAfterMs: null, reason: result.kind };
      }

      const requestId = result.headers.get('x-request-id') ?? localRequestId();
      if (result.status >= 200 && result.status < 300) {
        if (!spec.schema) return { done: true, value: { data: undefined as T, status: result.status, requestId } };
        const json = parseJson(result.text);
        if (!json.ok) throw invalidResponse(requestId, result.status, [{ path: '', message: 'Body is not JSON' }]);
        const parsed = spec.schema.safeParse(json.value);
        if (!parsed.success) {
          throw invalidResponse(
            requestId,
            result.status,
            parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
          );
        }
        return { done: true, value: { data: parsed.data, status: result.status, requestId } };
      }

      const error = errorFromResponse(result.status, result.text, requestId);
      if (!isRetryableStatus(result.status)) throw error;
      lastError = error;
      return {
        done: false,
        error,
        retryAfterMs: parseRetryAfter(result.headers.get('retry-after'), config.now()),
        reason: `HTTP ${result.status}`,
      };
    };

    const call = observeServiceCall({ method: spec.method, path: spec.path, idempotencyKey: isMutation ? spec.idempotencyKey : undefined });
    try {
      // Each attempt is a child span of the call (lib/observability/service-calls.ts).
      const tracedAttempt = (n: number) => call.attempt(n, () => attempt(n), (outcome) => (outcome.done ? undefined : outcome.reason));
      const response = await runWithRetries(tracedAttempt, {
        maxRetries: oneShot ? 0 : config.maxRetries,
        backoffBaseMs: config.backoffBaseMs,
        backoffCapMs: config.backoffCapMs,
        retryAfterCapMs: config.retryAfterCapMs,
        sleep: config.sleep,
        random: config.random,
        signal: spec.signal,
        deadline,
        now: config.now,
        onRetry: ({ retry, delayMs, reason }) => {
          call.retried();
          config.logger.warn('request.retry', { method: spec.method, path: spec.path, retry, delayMs, reason });
        },
      });
      call.done({ status: response.status, attempts, serviceRequestId: response.requestId, circuitOpen: breaker.remainingOpenMs() > 0 });
      return response;
    } catch (error) {
      const e = error as Partial<ApiError>;
      call.done({ status: e.status ?? 0, code: e.code ?? 'INTERNAL', attempts, serviceRequestId: e.requestId, circuitOpen: breaker.remainingOpenMs() > 0 });
      if (error instanceof CallerAbortError || (spec.signal?.aborted && !(error instanceof ApiError))) {
        throw new ApiError({
          status: 499,
          code: CLIENT_ERROR_CODES.ABORTED,
          message: 'The request was cancelled',
          requestId: localRequestId(),
        });
      }
      if (error instanceof ApiError && error.status >= 500) {
        config.logger.warn('request.failed', {
          method: spec.method,
          path: spec.path,
          status: error.status,
          code: error.code,
          requestId: error.requestId,
        });
      }
      throw error;
    }
  }

  return { request };
}
