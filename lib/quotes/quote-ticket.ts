import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getEnv } from '@/lib/env';

/** What the console learnt about a quote when the service issued it, carried by the browser to the confirm step. */
export interface QuoteFacts {
  quoteId: string;
  accountId: string;
  /** What the swap debits: the quote's `sourceAmount`. */
  payValue: string;
  payAsset: string;
}

// The contract has no GET for a quote, so the confirm step cannot ask the service what it will debit. The quote
// action signs the facts it read and the confirm action checks the signature: the browser carries them, but cannot
// change them (a smaller amount to slip past the balance check) without the server's secret.
function mac(facts: QuoteFacts, secret: string): Buffer {
  const key = createHmac('sha256', secret).update('console.quote-ticket.v1').digest();
  return createHmac('sha256', key).update([facts.quoteId, facts.accountId, facts.payValue, facts.payAsset].join('\n')).digest();
}

export function signQuoteFacts(facts: QuoteFacts, secret = getEnv().NEXTAUTH_SECRET): string {
  return mac(facts, secret).toString('base64url');
}

export function verifyQuoteFacts(facts: QuoteFacts, ticket: string, secret = getEnv().NEXTAUTH_SECRET): boolean {
  const expected = mac(facts, secret);
  const given = Buffer.from(ticket, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
