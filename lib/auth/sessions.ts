import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { ConsoleDb } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Role } from './permissions';
import type { CachedSession, SessionStage } from './session-cache';

export type { SessionStage } from './session-cache';
import { getSessionInvalidator, type SessionInvalidation, type SessionInvalidator } from './session-invalidation';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 8 * 60 * 60_000;
/** Avoid a write per request: last_seen_at moves at most this often (far below the idle limit). */
const TOUCH_INTERVAL_MS = 15_000;

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
  mustChangePassword: boolean;
  /** Saved preferences (null: not chosen; see lib/i18n/request-context.ts). */
  locale: string | null;
  timeZone: string | null;
  /** `complete` unless the second factor (or its enrolment) is still owed; see lib/auth/session.ts. */
  stage: SessionStage;
  /** How this session was authenticated: `pwd`, `pwd+totp`, `pwd+webauthn`, `pwd+recovery`. */
  amr: string;
  /** When a second factor was last given in this session (null: never). */
  factorVerifiedAt: Date | null;
};

export type SessionCheck =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: 'missing' | 'idle' | 'expired' | 'disabled' };

export function hashUserAgent(userAgent: string | null | undefined): string | null {
  return userAgent ? createHash('sha256').update(userAgent).digest('hex').slice(0, 32) : null;
}

export async function createSession(
  db: ConsoleDb,
  input: {
    userId: string;
    roleVersion: number;
    userAgent?: string | null;
    at: Date;
    stage?: SessionStage;
    amr?: string;
    factorVerifiedAt?: Date | null;
    /** A session that continues another (a finished sign-in step) keeps its start for the absolute limit. */
    createdAt?: Date;
    /** Already hashed (a continued session carries its predecessor's). */
    userAgentHash?: string | null;
  },
): Promise<string> {
  // 256 random bits: the id is the revocation handle carried (encrypted) inside the next-auth JWT.
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    roleVersion: input.roleVersion,
    createdAt: input.createdAt ?? input.at,
    lastSeenAt: input.at,
    userAgentHash: input.userAgentHash !== undefined ? input.userAgentHash : hashUserAgent(input.userAgent),
    stage: input.stage ?? 'complete',
    amr: input.amr ?? 'pwd',
    factorVerifiedAt: input.factorVerifiedAt ?? null,
  });
  return id;
}

/**
 * The per-request check behind getCurrentUser(): row present, idle < 30 min, age < 8 h, user enabled.
 * The role always comes from the users row, so a role change applies on the very next request.
 *
 * The row (joined with its user) may come from the in-process cache (lib/auth/session-cache.ts, at most 1 s old);
 * every write that revokes or changes a session (or its user) drops the cached row once done, so that, too,
 * applies on the next request.
 */
export async function validateSession(
  db: ConsoleDb,
  sessionId: string,
  at: Date,
  opts: { sessions?: SessionInvalidator } = {},
): Promise<SessionCheck> {
  const sessionsState = opts.sessions ?? (await getSessionInvalidator());
  const { cache } = sessionsState;
  const useCache = sessionsState.cachingAllowed();
  let row = useCache ? cache.get(sessionId) : undefined;
  if (!row) {
    const epoch = cache.epoch;
    row = await readSessionRow(db, sessionId);
    if (!row) return { ok: false, reason: 'missing' };
    if (useCache) cache.fill(row, epoch);
  }
  const t = at.getTime();
  let reason: 'idle' | 'expired' | 'disabled' | null = null;
  if (row.disabled) reason = 'disabled';
  else if (t - row.createdAtMs >= ABSOLUTE_TIMEOUT_MS) reason = 'expired';
  else if (t - row.lastSeenAtMs >= IDLE_TIMEOUT_MS) reason = 'idle';
  if (reason) {
    await deleteSession(db, sessionId, { sessions: sessionsState });
    return { ok: false, reason };
  }
  const roleChanged = row.sessionRoleVersion !== row.userRoleVersion;
  if (roleChanged || t - row.lastSeenAtMs >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: at, roleVersion: row.userRoleVersion })
      .where(eq(sessions.id, sessionId));
    cache.update(sessionId, { lastSeenAtMs: t, sessionRoleVersion: row.userRoleVersion });
  }
  return {
    ok: true,
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      sessionId,
      mustChangePassword: row.mustChangePassword,
      locale: row.locale,
      timeZone: row.timeZone,
      stage: row.stage,
      amr: row.amr,
      factorVerifiedAt: row.factorVerifiedAtMs === null ? null : new Date(row.factorVerifiedAtMs),
    },
  };
}

async function readSessionRow(db: ConsoleDb, sessionId: string): Promise<CachedSession | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      locale: users.locale,
      timeZone: users.timeZone,
      disabledAt: users.disabledAt,
      userRoleVersion: users.roleVersion,
      sessionRoleVersion: sessions.roleVersion,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      stage: sessions.stage,
      amr: sessions.amr,
      factorVerifiedAt: sessions.factorVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return undefined;
  return {
    sessionId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    locale: row.locale,
    timeZone: row.timeZone,
    disabled: row.disabledAt !== null,
    stage: row.stage,
    amr: row.amr,
    factorVerifiedAtMs: row.factorVerifiedAt ? row.factorVerifiedAt.getTime() : null,
    userRoleVersion: row.userRoleVersion,
    sessionRoleVersion: row.sessionRoleVersion,
    createdAtMs: row.createdAt.getTime(),
    lastSeenAtMs: row.lastSeenAt.getTime(),
  };
}

type InvalidatorOption = { sessions?: SessionInvalidator };

async function invalidate(what: SessionInvalidation, opts: InvalidatorOption): Promise<void> {
  await (opts.sessions ?? (await getSessionInvalidator())).invalidate(what);
}

/** Ends one session (sign-out, expiry); the cached row goes with it, here and in every instance. */
export async function deleteSession(db: ConsoleDb, sessionId: string, opts: InvalidatorOption = {}): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await invalidate({ sessionId }, opts);
}

/**
 * Ends a user's sessions (all, or all but one). Inside a transaction, the caller must also call
 * {@link invalidateUserSessions} after the commit: a request reading between this call and the commit would
 * otherwise cache the rows that are about to disappear.
 */
export async function deleteUserSessions(
  db: ConsoleDb,
  userId: string,
  exceptSessionId?: string,
  opts: InvalidatorOption = {},
): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
  await invalidate({ userId }, opts);
}

/** After a committed change to a user (disabled, role, password): their cached sessions are read again. */
export async function invalidateUserSessions(userId: string, opts: InvalidatorOption = {}): Promise<void> {
  await invalidate({ userId }, opts);
}

/** Drops rows no request could revive (idle or past the absolute limit); run at start-up and on sign-in. */
export async function pruneSessions(db: ConsoleDb, at: Date): Promise<number> {
  const idleCutoff = new Date(at.getTime() - IDLE_TIMEOUT_MS);
  const absoluteCutoff = new Date(at.getTime() - ABSOLUTE_TIMEOUT_MS);
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleCutoff), lt(sessions.createdAt, absoluteCutoff)))
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * Is this session still good (row present, user enabled, within the idle and absolute limits)? Read-only: a
 * long-lived connection (the live channel) re-checks with this, so an open tab does not keep an idle session
 * alive the way a real request does.
 */
export async function isSessionStillValid(db: ConsoleDb, sessionId: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, disabledAt: users.disabledAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row || row.disabledAt) return false;
  const t = at.getTime();
  return t - row.createdAt.getTime() < ABSOLUTE_TIMEOUT_MS && t - row.lastSeenAt.getTime() < IDLE_TIMEOUT_MS;
}
