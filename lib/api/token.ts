import 'server-only';
import { z } from 'zod';
import type { ResolvedApiConfig } from './config';
import { ApiError, CLIENT_ERROR_CODES } from './errors';
import { isRetryableStatus, parseRetryAfter, runWithRetries, type AttemptOutcome } from './retry';
import { exchange } from './transport';
import { count } from '@/lib/observability/metrics';

export const TOKEN_PATH = '/api/oauth/client/token';

/** Token response (contract: Authentication 4). Upstream's quickstart spells it `access_token`; accept both. */
const tokenResponseSchema = z
  .looseObject({
    accessToken: z.string().min(1).optional(),
    access_token: z.string().min(1).optional(),
    tokenType: z.string().optional(),
    expiresIn: z.number().positive().optional(),
  })
  .refine((v) => v.accessToken !== undefined || v.access_token !== undefined, 'accessToken missing');

export interface TokenProvider {
  /** A valid access token: the cached one, or a fresh one shared by every concurrent caller (single-flight). */
  getToken(): Promise<string>;
  /** Drops `token` if it is still the cached one (after a 401), so concurrent 401s trigger one refresh only. */
  invalidate(token: string): void;
}

interface CachedToken {
  token: string;
  refreshAt: number;
}

/** Seconds-since-epoch `exp` from a JWT payload, decoded without verification (the service verifies it). */
export function readJwtExp(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

function tokenUnavailable(requestId: string, upstreamStatus: number | null, reason: string): ApiError {
  // Deliberately no upstream body: a token endpoint may echo the client id or other credential material.
  return new ApiError({
    status: 503,
    code: CLIENT_ERROR_CODES.TOKEN_UNAVAILABLE,
    message: 'Could not obtain an access token from the payments service',
    details: { upstreamStatus, reason },
    requestId,
  });
}

export function createTokenProvider(config: ResolvedApiConfig): TokenProvider {
  let cached: CachedToken | null = null;
  let inflight: Promise<string> | null = null;

  function refreshAtFor(token: string, expiresIn: number | undefined, issuedAt: number): number {
    const expSeconds = readJwtExp(token);
    const expiresAt = expSeconds !== null ? expSeconds * 1000 : issuedAt + (expiresIn ?? 3600) * 1000;
    const lifetime = Math.max(0, expiresAt - issuedAt);
    // A token shorter-lived than twice the skew is still reused for half its life instead of never.
    return expiresAt - Math.min(config.tokenRefreshSkewMs, lifetime / 2);
  }

  async function fetchToken(): Promise<string> {
    let credentials;
    try {
      credentials = await config.getCredentials();
    } catch {
      throw tokenUnavailable(`local-${crypto.randomUUID()}`, null, 'credentials unavailable');
    }
    const body = JSON.stringify({ clientId: credentials.clientId, clientSecret: credentials.clientSecret });
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (config.serviceVersion) headers['X-Service-Version'] = config.serviceVersion;

    const deadline = config.now() + config.deadlineMs;
    return runWithRetries<string>(
      async (): Promise<AttemptOutcome<string>> => {
        const issuedAt = config.now();
        const timeoutMs = Math.max(1, Math.min(config.timeoutMs, deadline - issuedAt));
        const result = await exchange(config.fetch, `${config.authUrl}${TOKEN_PATH}`, { method: 'POST', headers, body }, timeoutMs);
        if (result.kind !== 'response') {
          const error = tokenUnavailable(`local-${crypto.randomUUID()}`, null, result.kind === 'timeout' ? 'timeout' : 'network error');
          // Shutting down: the token endpoint is out of reach for the same reason as the calls (request.ts).
          if (result.kind === 'network' && config.stopping()) throw error;
          return { done: false, error, retryAfterMs: null, reason: `token ${result.kind}` };
        }
        const requestId = result.headers.get('x-request-id') ?? `local-${crypto.randomUUID()}`;
        if (result.status < 200 || result.status >= 300) {
          const error = tokenUnavailable(requestId, result.status, 'token endpoint refused');
          if (!isRetryableStatus(result.status)) throw error;
          return {
            done: false,
            error,
            retryAfterMs: parseRetryAfter(result.headers.get('retry-after'), config.now()),
            reason: `token HTTP ${result.status}`,
          };
        }
        let parsed;
        try {
          parsed = tokenResponseSchema.safeParse(JSON.parse(result.text));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) throw tokenUnavailable(requestId, result.status, 'malformed token response');
        const token = (parsed.data.accessToken ?? parsed.data.access_token) as string;
        cached = { token, refreshAt: refreshAtFor(token, parsed.data.expiresIn, issuedAt) };
        return { done: true, value: token };
      },
      {
        maxRetries: config.maxRetries,
        backoffBaseMs: config.backoffBaseMs,
        backoffCapMs: config.backoffCapMs,
        retryAfterCapMs: config.retryAfterCapMs,
        sleep: config.sleep,
        random: config.random,
        deadline,
        now: config.now,
        onRetry: ({ retry, delayMs, reason }) => config.logger.warn('token.retry', { retry, delayMs, reason }),
      },
    );
  }

  return {
    getToken() {
      if (cached && config.now() < cached.refreshAt) return Promise.resolve(cached.token);
      inflight ??= fetchToken()
        .then(
          (token) => (count((m) => m.service.tokenRefreshes, { outcome: 'ok' }), token),
          (error: unknown) => {
            count((m) => m.service.tokenRefreshes, { outcome: 'failed' });
            throw error;
          },
        )
        .finally(() => {
        inflight = null;
      });
      return inflight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
