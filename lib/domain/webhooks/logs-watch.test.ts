import { describe, expect, it } from 'vitest';
import { attemptsSignature, WATCHED_ATTEMPTS } from './logs-watch';
import { isRetryableFailure } from './replay';

const log = (id: string, status = 'FAILED', updatedAt = '2026-11-23T12:00:00.000Z') => ({ id, status, updatedAt });

describe('attempts signature (what the logs page watches)', () => {
  it('changes when a new attempt arrives, when a recent one changes status, and not otherwise', () => {
    const before = attemptsSignature([log('b'), log('a')]);
    expect(attemptsSignature([log('b'), log('a')])).toBe(before);
    expect(attemptsSignature([log('c', 'SUCCESS'), log('b'), log('a')])).not.toBe(before);
    expect(attemptsSignature([log('b', 'SUCCESS', '2026-11-23T12:00:01.000Z'), log('a')])).not.toBe(before);
  });

  it('looks at the newest attempts only', () => {
    const many = Array.from({ length: WATCHED_ATTEMPTS + 5 }, (_, i) => log(`id${i}`));
    const changedOld = many.map((l, i) => (i === WATCHED_ATTEMPTS + 2 ? { ...l, status: 'SUCCESS' } : l));
    expect(attemptsSignature(changedOld)).toBe(attemptsSignature(many));
    expect(attemptsSignature([])).toBe('');
  });
});

describe('resend intent keys', () => {
  it('keeps the key after failures whose outcome is unknown, renews it after the service answered', () => {
    for (const code of ['NO_RESPONSE', 'TIMEOUT', 'SERVICE_UNREACHABLE', 'CIRCUIT_OPEN', 'SERVICE_BUSY']) expect(isRetryableFailure(code)).toBe(true);
    for (const code of ['DELIVERY_ALREADY_SUCCEEDED', 'FORBIDDEN', 'RESOURCE_NOT_FOUND', 'INVALID_INPUT']) expect(isRetryableFailure(code)).toBe(false);
  });
});
