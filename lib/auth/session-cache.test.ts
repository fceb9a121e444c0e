import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from './session-cache';
import { parseInvalidation } from './session-invalidation';

function row(sessionId: string, userId = 'u1', patch: Partial<CachedSession> = {}): CachedSession {
  return {
    sessionId,
    userId,
    email: `${userId}@t.test`,
    name: userId,
    role: 'viewer',
    mustChangePassword: false,
    locale: null,
    timeZone: null,
    disabled: false,
    stage: 'complete',
    amr: 'pwd',
    factorVerifiedAtMs: null,
    userRoleVersion: 1,
    sessionRoleVersion: 1,
    createdAtMs: 0,
    lastSeenAtMs: 0,
    ...patch,
  };
}

function cacheWithClock(ttl = 1000, max = 100) {
  let t = 0;
  const cache = new SessionCache(ttl, max, () => t);
  return { cache, advance: (ms: number) => (t += ms) };
}

describe('SessionCache', () => {
  it('serves a row for less than the TTL, then forgets it', () => {
    const { cache, advance } = cacheWithClock(1000);
    cache.fill(row('s1'), cache.epoch);
    advance(999);
    expect(cache.get('s1')?.sessionId).toBe('s1');
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops one session, or every session of one user', () => {
    const { cache } = cacheWithClock();
    cache.fill(row('a1', 'alice'), cache.epoch);
    cache.fill(row('a2', 'alice'), cache.epoch);
    cache.fill(row('b1', 'bob'), cache.epoch);
    cache.invalidateSession('a1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeDefined();
    cache.invalidateUser('alice');
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.userId).toBe('bob');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not store a row read before an invalidation (the read may predate the revoking write)', () => {
    const { cache } = cacheWithClock();
    const epoch = cache.epoch; // a request starts reading the row …
    cache.invalidateUser('someone-else'); // … any invalidation happens meanwhile …
    cache.fill(row('s1'), epoch); // … its (possibly stale) row is not kept
    expect(cache.get('s1')).toBeUndefined();
    cache.fill(row('s1'), cache.epoch);
    expect(cache.get('s1')).toBeDefined();
  });

  it('keeps at most maxEntries rows, evicting the oldest', () => {
    const { cache } = cacheWithClock(1000, 3);
    for (const id of ['s1', 's2', 's3', 's4']) cache.fill(row(id), cache.epoch);
    expect(cache.size).toBe(3);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s4')).toBeDefined();
  });

  it('records this process’s own touch without a re-read', () => {
    const { cache } = cacheWithClock();
    cache.fill(row('s1'), cache.epoch);
    cache.update('s1', { lastSeenAtMs: 5000, sessionRoleVersion: 2 });
    expect(cache.get('s1')).toMatchObject({ lastSeenAtMs: 5000, sessionRoleVersion: 2 });
    cache.update('missing', { lastSeenAtMs: 1 });
    expect(cache.get('missing')).toBeUndefined();
  });
});

describe('parseInvalidation (NOTIFY payloads)', () => {
  it('accepts a session id or a user id and ignores anything else', () => {
    expect(parseInvalidation('{"sessionId":"abc"}')).toEqual({ sessionId: 'abc' });
    expect(parseInvalidation('{"userId":"u-1"}')).toEqual({ userId: 'u-1' });
    expect(parseInvalidation('{"userId":""}')).toBeNull();
    expect(parseInvalidation('{"other":1}')).toBeNull();
    expect(parseInvalidation('not json')).toBeNull();
  });
});
