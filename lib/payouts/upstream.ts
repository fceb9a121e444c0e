import 'server-only';
import type { ApiClient } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import type { Quote } from '@/lib/api/schemas/quote';
import type { StoredQuote } from '@/lib/db/schema';

// What payouts take from the payments service: its client (injectable), its quote as a payout keeps it, and whether
// a refusal of it is definite.

export interface PayoutDeps {
  /** Defaults to the app's client (tests and the benchmark pass their own). */
  client?: ApiClient;
}

export function toStoredQuote(q: Quote): StoredQuote {
  return {
    id: q.id,
    rate: { value: q.effectiveRate.value, base: q.effectiveRate.base, quote: q.effectiveRate.quote },
    sourceAmount: { value: q.sourceAmount.value, asset: q.sourceAmount.asset },
    targetAmount: { value: q.targetAmount.value, asset: q.targetAmount.asset },
    expiresAt: q.expiresAt,
  };
}

/**
 * A refusal the service gave for sure (it did not act): a 4xx other than 408/429. Anything else — 5xx, a
 * time-out, a lost response, an open circuit — may or may not have acted, so the execution must be resumed
 * later with the same idempotency key, never abandoned or re-keyed. 409 IDEMPOTENCY_CONFLICT means the key
 * already carried another body, i.e. something DID act: never a definite refusal either.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code === 'IDEMPOTENCY_CONFLICT' || error.code === 'CIRCUIT_OPEN') return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
