import { v5 as uuidv5 } from 'uuid';

// Fixed namespace for keys derived from payout request ids. Changing it would change every derived key and
// break exactly-once for requests executing during an upgrade — never change it.
const PAYOUT_KEY_NAMESPACE = '4f0f7a36-2b5e-4d8e-9a55-6d3c1f2b8e10';

/**
 * The idempotency key of one step of one payout's execution, derived (UUID v5) from the request id, so every
 * process, retry and concurrent approver that reaches that step sends the same key to the service.
 * The withdrawal has one key per request (the service replays it, or refuses another body with 409);
 * each quote attempt has its own (a re-quote after an expiry is a new intent); so does the quote that values a
 * payout in the reference currency when it pays into another asset.
 */
export function payoutStepKey(requestId: string, step: 'withdrawal' | 'valuation' | { quoteAttempt: number }): string {
  const name = typeof step === 'string' ? `${requestId}:${step}` : `${requestId}:quote:${step.quoteAttempt}`;
  return uuidv5(name, PAYOUT_KEY_NAMESPACE);
}
