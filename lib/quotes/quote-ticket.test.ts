import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/env', () => ({ getEnv: () => ({ NEXTAUTH_SECRET: 'x'.repeat(40) }) }));

const { signQuoteFacts, verifyQuoteFacts } = await import('./quote-ticket');

const facts = { quoteId: 'q1', accountId: 'a1', payValue: '99999999.00', payAsset: 'BRL' };

describe('quote ticket', () => {
  it('verifies the facts it signed, and nothing else', () => {
    const ticket = signQuoteFacts(facts);
    expect(verifyQuoteFacts(facts, ticket)).toBe(true);
    expect(verifyQuoteFacts({ ...facts, payValue: '1.00' }, ticket)).toBe(false);
    expect(verifyQuoteFacts({ ...facts, accountId: 'a2' }, ticket)).toBe(false);
    expect(verifyQuoteFacts(facts, signQuoteFacts(facts, 'y'.repeat(40)))).toBe(false);
    expect(verifyQuoteFacts(facts, '')).toBe(false);
    expect(verifyQuoteFacts(facts, 'not-a-ticket')).toBe(false);
  });
});
