// Pure: the facts the background watch looks for — a webhook endpoint that keeps failing, a balance under the
// threshold an admin set — and the occurrence that makes each one item (see dedupeKey in ./kinds).
import { Dec } from '@/lib/money/decimal';

/** A subscription's endpoint "keeps failing": this many failed deliveries in a row (newest first)… */
export const WEBHOOK_CONSECUTIVE_FAILURES = 5;
/** …or, within the last hour, at least this many attempts of which this share failed. */
export const WEBHOOK_RATE_MIN_ATTEMPTS = 10;
export const WEBHOOK_RATE_THRESHOLD = 0.5;
const HOUR_MS = 3_600_000;

export interface DeliveryAttempt {
  id: string;
  status: string;
  createdAt: string;
}

export type WebhookFailing =
  | { failing: false }
  | { failing: true; reason: 'consecutive' | 'rate'; failed: number; attempts: number; since: string };

/**
 * Reads the service's delivery attempts of one subscription (its execution logs, newest first). The occurrence
 * (`since`) is the oldest failure of the current run, so one run of failures is one item however often the watch
 * looks; after a success, a new run is a new item. A failure-rate alert is at most one per clock hour.
 */
export function webhookFailing(attempts: readonly DeliveryAttempt[], now: Date): WebhookFailing {
  const sorted = [...attempts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  let run = 0;
  while (run < sorted.length && sorted[run].status === 'FAILED') run++;
  if (run >= WEBHOOK_CONSECUTIVE_FAILURES) {
    return { failing: true, reason: 'consecutive', failed: run, attempts: run, since: sorted[run - 1].id };
  }
  const hour = sorted.filter((a) => now.getTime() - Date.parse(a.createdAt) <= HOUR_MS);
  const failed = hour.filter((a) => a.status === 'FAILED');
  if (hour.length >= WEBHOOK_RATE_MIN_ATTEMPTS && failed.length / hour.length >= WEBHOOK_RATE_THRESHOLD) {
    // The window slides, so its first failure changes every few minutes: one rate alert per clock hour instead.
    return { failing: true, reason: 'rate', failed: failed.length, attempts: hour.length, since: `hour-${Math.floor(now.getTime() / HOUR_MS)}` };
  }
  return { failing: false };
}

/**
 * Low balance: below the threshold (strictly), read exactly as decimals. An unknown balance (the provider could
 * not be reached) is neither low nor recovered: the watch leaves the state as it was.
 */
export function balanceState(available: string | null, threshold: string): 'low' | 'ok' | 'unknown' {
  if (available === null) return 'unknown';
  return new Dec(available).lt(new Dec(threshold)) ? 'low' : 'ok';
}
