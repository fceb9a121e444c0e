import { randomUUID } from 'node:crypto';
import type { BackgroundTask, SandboxServices, Sql } from '../core/types';
import type { DeliveryConfig } from './config';
import { fanOutEvents } from './fan-out';
import { signMessage } from './signature';
import { deliveryBlockedReason, normalizeUrl } from './url-policy';

export interface ClaimedDelivery {
  id: string;
  kind: 'EVENT' | 'RESEND';
  subscription_id: string;
  customer_id: string;
  message_id: string;
  event_type: string;
  resource_name: string;
  /** The id of the resource the event is about (extension header `X-Resource-Id`); null when unknown. */
  resource_id: string | null;
  payload: string;
  attempts_made: number;
  url: string;
  allow_retry: boolean;
  lease_token: string;
  /** The execution log the claim opened for this attempt (completed with the outcome after the HTTP call). */
  log_id: string;
}

export interface AttemptOutcome {
  httpStatus: number;
  error: string | null;
}

/**
 * Leases due deliveries so that exactly one process attempts each, and opens their attempts in the same statement:
 * each claimed delivery has its attempt counted and its execution log written as "interrupted" (FAILED, httpStatus
 * 0, INTERRUPTED_ERROR) before anything is sent, so an attempt is never unlogged even if the process dies at once.
 * A lease that is not released (the process died mid-attempt) expires after `leaseMs` of wall time and the delivery
 * is attempted again with the same message id, logged as a retry. `next_attempt_at` is sandbox-clock time (retry
 * delays follow clock advances); the lease is wall-clock time (advancing the sandbox clock must not steal a
 * delivery that is in flight).
 */
export async function claimDueDeliveries(sql: Sql, cfg: DeliveryConfig, clockNow: Date, limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const token = randomUUID();
  const wallNow = Date.now();
  const { rows } = await sql.query<ClaimedDelivery>(CLAIM_DUE_DELIVERIES, [
    new Date(wallNow + cfg.leaseMs),
    token,
    clockNow,
    new Date(wallNow),
    limit,
    INTERRUPTED_ERROR,
  ]);
  return rows;
}

/**
 * The claim of due deliveries (partial index webhook_deliveries_due), with what an attempt needs, and the opening
 * of each attempt (counted, logged as interrupted). One statement for the whole batch: on the embedded engine's
 * single connection, a transaction per attempt (BEGIN, count, log, COMMIT) was most of a delivery's database time.
 * `attempts_made` is returned as the count BEFORE this attempt (0 for the first).
 */
export const CLAIM_DUE_DELIVERIES = `WITH due AS (
       SELECT id FROM sandbox.webhook_deliveries
       WHERE NOT done AND next_attempt_at <= $3 AND (locked_until IS NULL OR locked_until < $4)
       ORDER BY next_attempt_at, id
       LIMIT $5
       FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE sandbox.webhook_deliveries d
       SET locked_until = $1, lease_token = $2, attempts_made = d.attempts_made + 1
       FROM sandbox.webhook_subscriptions s
       WHERE s.id = d.subscription_id AND d.id IN (SELECT id FROM due)
       RETURNING d.id, d.kind, d.subscription_id, d.customer_id, d.message_id, d.event_type, d.resource_name,
                 d.payload, d.attempts_made - 1 AS attempts_made, d.lease_token, s.url, s.allow_retry,
                 gen_random_uuid() AS log_id,
                 -- A resend has no event of its own: it repeats the message of an earlier delivery.
                 COALESCE(
                   (SELECT e.resource_id FROM sandbox.webhook_events e WHERE e.id = d.event_id),
                   (SELECT e.resource_id FROM sandbox.webhook_deliveries o JOIN sandbox.webhook_events e ON e.id = o.event_id
                    WHERE o.message_id = d.message_id AND o.event_id IS NOT NULL LIMIT 1)
                 )::text AS resource_id
     ), opened AS (
       INSERT INTO sandbox.webhook_execution_logs
         (id, customer_id, subscription_id, delivery_id, message_id, event_type, url, payload, http_status, status,
          retry_attempts, error, created_at, updated_at, resource_id)
       SELECT log_id, customer_id, subscription_id, id, message_id, event_type, url, payload, 0, 'FAILED',
              attempts_made, $6, $3, $3, resource_id
       FROM claimed
     )
     -- A data-modifying CTE always runs to completion, even unreferenced.
     SELECT * FROM claimed`;

/** A fail-next rule for this customer and URL, consumed atomically (one rule use = one simulated failure). */
async function consumeFailRule(sql: Sql, customerId: string, url: string): Promise<number | null> {
  const { rows } = await sql.query<{ http_status: number }>(
    `UPDATE sandbox.webhook_fail_rules SET remaining = remaining - 1, updated_at = now()
     WHERE customer_id = $1 AND url = $2 AND remaining > 0
     RETURNING http_status`,
    [customerId, normalizeUrl(url)],
  );
  return rows[0] ? rows[0].http_status : null;
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `Timed out after ${timeoutMs} ms without a response`;
  }
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause as (Error & { code?: string; errors?: unknown[] }) | undefined;
    // `localhost` may resolve to ::1 and 127.0.0.1: both failures arrive as an AggregateError with an empty message.
    const inner = cause?.errors?.find((e): e is Error => e instanceof Error);
    const detail = cause?.message || inner?.message || cause?.code || err.message;
    return `Network error: ${detail}`.slice(0, 500);
  }
  return 'Network error';
}

/** One HTTP POST. Redirects are not followed (a 3xx is a failed delivery): a redirect must not move the call elsewhere. */
export async function postDelivery(
  fetchFn: typeof fetch,
  d: Pick<ClaimedDelivery, 'url' | 'payload' | 'event_type' | 'message_id' | 'customer_id' | 'resource_name'> &
    Partial<Pick<ClaimedDelivery, 'resource_id'>>,
  signature: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  try {
    const res = await fetchFn(d.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        // The answer is only drained, never read: a compressed one cost the receiver a gzip and this process a
        // gunzip per delivery (a tenth of a console's CPU while delivering).
        'Accept-Encoding': 'identity',
        'User-Agent': 'payments-fx-sandbox-webhooks/1',
        'X-Event-Type': d.event_type,
        'X-Message-Id': d.message_id,
        'X-Company-Id': d.customer_id,
        'X-Resource-Name': d.resource_name,
        // Extension: the contract's operation and beneficiary event bodies carry no id of their own.
        ...(d.resource_id ? { 'X-Resource-Id': d.resource_id } : {}),
        'X-Message-Signature': signature,
      },
      body: d.payload,
    });
    await drainSmallBody(res);
    if (res.status >= 200 && res.status < 300) return { httpStatus: res.status, error: null };
    return { httpStatus: res.status, error: `Endpoint responded with HTTP ${res.status}` };
  } catch (err) {
    return { httpStatus: 0, error: describeFetchError(err, timeoutMs) };
  }
}

/** A receiver's answer up to this size, arriving within BODY_WAIT_MS, is read rather than cancelled (keep-alive). */
const SMALL_BODY_BYTES = 16 * 1024;
const BODY_WAIT_MS = 1_000;

/**
 * The response body is not needed, but reading a small one to its end lets the connection be kept alive for the
 * next delivery (cancelling closes it: a new TCP connection, and a DNS lookup, for every webhook — and the
 * receiver sees the request as abandoned). A body larger than SMALL_BODY_BYTES or slower than BODY_WAIT_MS is
 * cancelled: a receiver never holds an attempt with its body.
 */
async function drainSmallBody(res: Response): Promise<void> {
  const reader = res.body?.getReader();
  if (!reader) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), BODY_WAIT_MS);
  });
  try {
    for (let read = 0; ; ) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === 'late') break;
      if (chunk.done) return;
      read += chunk.value.byteLength;
      if (read > SMALL_BODY_BYTES) break;
    }
    await reader.cancel().catch(() => undefined);
  } catch {
    await reader.cancel().catch(() => undefined);
  } finally {
    clearTimeout(timer);
  }
}

/** What an attempt's execution log says until its outcome is recorded: the outcome if the process dies meanwhile. */
export const INTERRUPTED_ERROR = 'Interrupted: the sandbox stopped before this attempt completed; its outcome is unknown';

/**
 * Makes one attempt for a claimed delivery and records it. Never throws.
 *
 * The claim has already counted the attempt and logged it (FAILED, httpStatus 0, error "Interrupted…"), so every
 * attempt has its execution log even when the process is killed mid-delivery: the lease then expires, the delivery
 * is attempted again with the same message id, and that re-delivery shows as a retry (`retryAttempts` + 1) next to
 * the interrupted one. Here the HTTP call is made and the log completed with its outcome.
 */
export async function performAttempt(services: SandboxServices, cfg: DeliveryConfig, d: ClaimedDelivery): Promise<void> {
  let outcome: AttemptOutcome;
  try {
    outcome = await attemptOutcome(services, cfg, d);
  } catch (err) {
    outcome = { httpStatus: 0, error: `Delivery error: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) };
  }
  try {
    await recordAttempt(services, cfg, d, outcome);
  } catch (err) {
    // The database went away (stopping): the log keeps "Interrupted", the lease expires and, if the delivery still
    // exists, a later tick repeats it with the same message id.
    console.error(`[sandbox] webhook attempt not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function attemptOutcome(services: SandboxServices, cfg: DeliveryConfig, d: ClaimedDelivery): Promise<AttemptOutcome> {
  const forced = await consumeFailRule(services.sql, d.customer_id, d.url);
  if (forced !== null) {
    return forced === 0
      ? { httpStatus: 0, error: 'Simulated network error (sandbox fail-next)' }
      : { httpStatus: forced, error: `Endpoint responded with HTTP ${forced} (simulated by sandbox fail-next)` };
  }
  const blocked = deliveryBlockedReason(d.url, cfg.allowExternal, services.policy.webhookAllow);
  if (blocked) return { httpStatus: 0, error: blocked };
  const customer = await services.getCustomer(services.sql, d.customer_id);
  if (!customer) return { httpStatus: 0, error: 'Customer no longer exists' };
  const signature = signMessage(d.message_id, customer.clientId, customer.clientSecret);
  return postDelivery(services.fetch, d, signature, cfg.timeoutMs);
}

async function recordAttempt(services: SandboxServices, cfg: DeliveryConfig, d: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
  const success = outcome.httpStatus >= 200 && outcome.httpStatus < 300;
  // d.attempts_made is the count before this attempt: 0 for the first, n for the n-th retry.
  const retryIndex = d.attempts_made;
  const retryLeft = d.kind === 'EVENT' && d.allow_retry && retryIndex < cfg.maxRetries;
  const done = success || !retryLeft;
  const now = services.clock.now();
  const nextAttemptAt = done ? now : new Date(now.getTime() + cfg.retryDelaySeconds * 1000);
  await services.sql.query(RECORD_ATTEMPT, [
    d.id,
    d.lease_token,
    done,
    nextAttemptAt,
    d.log_id,
    outcome.httpStatus,
    success ? 'SUCCESS' : 'FAILED',
    success ? null : outcome.error,
    now,
  ]);
}

/**
 * An attempt's outcome: its log completed and, if this process still holds the lease, the delivery's next step
 * planned — one statement (both commit together), where a transaction cost four calls into the embedded engine.
 */
const RECORD_ATTEMPT = `WITH logged AS (
       UPDATE sandbox.webhook_execution_logs SET http_status = $6, status = $7, error = $8, updated_at = $9 WHERE id = $5
     )
     -- Guarded by the lease token: if the lease expired and another process took over, it owns the schedule now.
     UPDATE sandbox.webhook_deliveries
     SET next_attempt_at = $4, locked_until = NULL, lease_token = NULL,
         -- allowRetry may have been switched off while this attempt was in flight.
         done = $3 OR NOT COALESCE((SELECT s.allow_retry FROM sandbox.webhook_subscriptions s
                                    WHERE s.id = webhook_deliveries.subscription_id), false)
     WHERE id = $1 AND lease_token = $2`;

interface InFlightState {
  attempts: Set<Promise<void>>;
}

const inFlightByServices = new WeakMap<SandboxServices, InFlightState>();

function stateOf(services: SandboxServices): InFlightState {
  let s = inFlightByServices.get(services);
  if (!s) {
    s = { attempts: new Set() };
    inFlightByServices.set(services, s);
  }
  return s;
}

/** Waits until every attempt this sandbox started has been recorded (tests, benchmarks, graceful stop). */
export async function settleInFlightDeliveries(services: SandboxServices): Promise<void> {
  const s = stateOf(services);
  while (s.attempts.size) await Promise.allSettled([...s.attempts]);
}

/**
 * The webhook task: fan out new events, then claim due deliveries and attempt them over HTTP — outside any
 * transaction. A tick waits for its attempts up to `tickBudgetMs`; slower ones (a receiver near its time-out) keep
 * running in the background, so one slow endpoint never stalls settlement or other customers' deliveries.
 */
/** The idle probe of the webhook task: new events to fan out, deliveries due (both partial indexes). */
export const PENDING_WEBHOOK_WORK = `SELECT EXISTS (SELECT 1 FROM sandbox.webhook_events WHERE NOT fanned_out) AS events,
                EXISTS (SELECT 1 FROM sandbox.webhook_deliveries
                        WHERE NOT done AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $2)) AS due`;

/** The next retry of an undelivered webhook (the idle loop sleeps until then): first entry of the same index. */
export const NEXT_DELIVERY_AT = `SELECT min(next_attempt_at) AS at FROM sandbox.webhook_deliveries WHERE NOT done`;

export function createDeliveryTask(cfg: DeliveryConfig): BackgroundTask {
  return {
    name: 'webhooks.deliver',
    async nextDueAt({ sql }) {
      const { rows } = await sql.query<{ at: Date | null }>(NEXT_DELIVERY_AT);
      return rows[0]?.at ?? null;
    },
    async run(services) {
      const now = services.clock.now();
      // Two index-only probes (partial indexes) first: an idle tick reads, and writes nothing.
      const { rows } = await services.sql.query<{ events: boolean; due: boolean }>(PENDING_WEBHOOK_WORK, [now, new Date()]);
      const fanned = rows[0]?.events ? await fanOutEvents(services.sql, now) : 0;
      if (!rows[0]?.due && fanned === 0) return 0;
      const state = stateOf(services);
      const capacity = Math.min(cfg.batchSize, cfg.maxInFlight - state.attempts.size);
      const claimed = await claimDueDeliveries(services.sql, cfg, now, capacity);
      if (!claimed.length) return fanned;
      const batch = claimed.map((d) => {
        const p: Promise<void> = performAttempt(services, cfg, d).finally(() => {
          state.attempts.delete(p);
        });
        state.attempts.add(p);
        return p;
      });
      let budget: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(batch),
        new Promise<void>((resolve) => {
          budget = setTimeout(resolve, cfg.tickBudgetMs);
        }),
      ]);
      clearTimeout(budget);
      return fanned + claimed.length;
    },
  };
}
