import { createHash } from 'node:crypto';

/**
 * The idempotency key of "confirm this quote", derived from the quote id: a double click, a retry after a time-out
 * and the same quote confirmed from a second tab all send the SAME key, so the service runs one swap and replays its
 * answer to the others. A quote is single use, so one key per quote is one key per intent. The key is a uuid
 * (the service requires that format): SHA-256 of a purpose label and the id, shaped as an RFC 4122 version 4/variant 1
 * uuid. Server-side only (node:crypto).
 */
export function operationKeyForQuote(purpose: 'swap' | 'deposit' | 'withdrawal', quoteId: string): string {
  return derivedKey(`${purpose}:quote`, quoteId);
}

/**
 * A uuid-shaped idempotency key derived from a purpose and the id of what the intent is about (e.g. simulating the
 * payment of one deposit): every retry or second tab of that intent sends the same key.
 */
export function derivedKey(purpose: string, id: string): string {
  const b = createHash('sha256').update(`console:${purpose}:${id}`).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Buffer.from(b).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
