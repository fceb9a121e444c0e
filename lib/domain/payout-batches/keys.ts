import { v5 as uuidv5 } from 'uuid';

// Fixed namespace for keys derived from batch ids; changing it would change every key of batches being executed
// during an upgrade and break exactly-once — never change it.
const BATCH_KEY_NAMESPACE = '0b8c3f52-7d1e-4c5a-9f27-3e6a1d4b9c80';

/**
 * The idempotency key of one step of one row's execution, from the batch id and the row's line: every executor,
 * restart or retry reaching that step sends the same key, so the service makes one withdrawal per row.
 * The withdrawal has one key per row; each quote attempt its own (a re-quote after an expiry is a new intent).
 */
export function batchRowKey(batchId: string, line: number, step: 'withdrawal' | { quoteAttempt: number }): string {
  const name = typeof step === 'string' ? `${batchId}:${line}:${step}` : `${batchId}:${line}:quote:${step.quoteAttempt}`;
  return uuidv5(name, BATCH_KEY_NAMESPACE);
}
