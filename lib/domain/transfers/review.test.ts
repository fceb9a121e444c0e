import { describe, expect, it } from 'vitest';
import { outcomeUnknown, reviewTransfer, sameIntent, type TransferIntent } from './review';

const intent: TransferIntent = { sourceAccountId: 'a', targetAccountId: 'b', asset: 'BRL', amount: '12.34' };
let n = 0;
const newKey = () => `key-${++n}`;

describe('transfer review keys', () => {
  it('a first review gets a new key; reviewing the same intent again keeps it', () => {
    const first = reviewTransfer(null, intent, newKey);
    expect(first).toEqual({ ...intent, idempotencyKey: expect.stringMatching(/^key-/) });
    expect(reviewTransfer(first, { ...intent }, newKey).idempotencyKey).toBe(first.idempotencyKey);
  });

  it('any change of account, asset or amount is another intent with another key', () => {
    const first = reviewTransfer(null, intent, newKey);
    for (const change of [{ amount: '12.35' }, { asset: 'USD' }, { sourceAccountId: 'c' }, { targetAccountId: 'c' }]) {
      const next = reviewTransfer(first, { ...intent, ...change }, newKey);
      expect(sameIntent(first, next)).toBe(false);
      expect(next.idempotencyKey).not.toBe(first.idempotencyKey);
    }
  });

  it('keeps the key only when the outcome of a failed confirm is unknown', () => {
    for (const httpStatus of [500, 502, 503, 504, 408, 429, 0]) expect(outcomeUnknown({ httpStatus }), String(httpStatus)).toBe(true);
    for (const httpStatus of [400, 403, 404, 409, 422]) expect(outcomeUnknown({ httpStatus }), String(httpStatus)).toBe(false);
  });
});
