import type { Role } from './permissions';
import { count } from '../observability/metrics';

/** Where a sign-in stands (console.sessions.stage): only `complete` opens the console. */
export type SessionStage = 'second-factor' | 'enrol' | 'complete';

/**
 * An in-process cache of session rows (joined with their user) for at most {@link SESSION_CACHE_TTL_MS}, so an
 * authenticated request does not pay a database round-trip (PGlite: 2–4 ms) on every call.
 *
 * Revocation stays immediate in this process: every write that ends a session or changes what it may do (sign-out,
 * disable, role change, password change, idle/absolute expiry) calls {@link invalidateSession} or
 * {@link invalidateUser} after the write, and the next request reads the row again. Other instances on the same
 * PostgreSQL hear the same invalidation through LISTEN/NOTIFY (lib/auth/session-invalidation.ts); the TTL bounds
 * what a lost notification can cost.
 *
 * A read that began before an invalidation must not put the old row back: every invalidation bumps an epoch, and
 * {@link SessionCache.fill} drops a row read under an older epoch.
 */
export const SESSION_CACHE_TTL_MS = 1000;
/** Far above the sessions one instance serves in a second; the oldest entry goes first beyond it. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export type CachedSession = {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  role: Role;
  mustChangePassword: boolean;
  locale: string | null;
  timeZone: string | null;
  disabled: boolean;
  stage: SessionStage;
  amr: string;
  factorVerifiedAtMs: number | null;
  userRoleVersion: number;
  sessionRoleVersion: number;
  createdAtMs: number;
  lastSeenAtMs: number;
};

type Entry = { row: CachedSession; storedAt: number };

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private epochValue = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    /** Monotonic milliseconds; the app clock (lib/clock) is for session ages, not for this. */
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  /** Take this before reading the row from the database; pass it to {@link fill}. */
  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (entry && this.monotonic() - entry.storedAt >= this.ttlMs) this.entries.delete(sessionId);
    const hit = entry !== undefined && this.entries.has(sessionId);
    count((m) => m.sessionCache, { result: hit ? 'hit' : 'miss' });
    return hit ? entry.row : undefined;
  }

  /** Stores a row read from the database, unless something was invalidated since the read began. */
  fill(row: CachedSession, epochAtRead: number): void {
    if (epochAtRead !== this.epochValue) return;
    this.entries.delete(row.sessionId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(row.sessionId, { row, storedAt: this.monotonic() });
  }

  /** Records a write this process made to a cached row (last_seen_at, role_version) without a re-read. */
  update(sessionId: string, patch: Partial<Pick<CachedSession, 'lastSeenAtMs' | 'sessionRoleVersion'>>): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.row = { ...entry.row, ...patch };
  }

  invalidateSession(sessionId: string): void {
    this.epochValue++;
    this.entries.delete(sessionId);
  }

  invalidateUser(userId: string): void {
    this.epochValue++;
    for (const [sid, entry] of this.entries) if (entry.row.userId === userId) this.entries.delete(sid);
  }

  clear(): void {
    this.epochValue++;
    this.entries.clear();
  }
}
