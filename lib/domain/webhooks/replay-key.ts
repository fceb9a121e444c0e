import { createHash } from 'node:crypto';

const NAMESPACE = 'fx-console:webhook-replay:';

/**
 * The idempotency key of one resend in a replay job: a name-based UUID (version 5 layout, SHA-1 of
 * job id + log id). The same job and log always give the same key, so a job resumed after a crash that
 * resends an item again is answered by the service with its first response instead of a second delivery.
 */
export function replayIdempotencyKey(jobId: string, logId: string): string {
  return derivedKey(jobId, logId);
}

/** A name-based UUID from an intent key and a part name: one stable key per part of one user intent. */
export function derivedKey(intentKey: string, part: string): string {
  const bytes = createHash('sha1').update(`${NAMESPACE}${intentKey}:${part}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
