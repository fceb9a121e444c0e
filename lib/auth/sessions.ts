import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { ConsoleDb } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Role } from './permissions';

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
};

export type SessionCheck =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: 'missing' | 'idle' | 'expired' | 'disabled' };

export function hashUserAgent(userAgent: string | null | undefined): string | null {
  return userAgent ? createHash('sha256').update(userAgent).digest('hex').slice(0, 32) : null;
}

export async function createSession(
  db: ConsoleDb,
  input: { userId: string; roleVersion: number; userAgent?: string | null; at: Date },
): Promise<string> {
  // 256 random bits: the id is the revocation handle carried (encrypted) inside the next-auth JWT.
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    roleVersion: input.roleVersion,
    createdAt: input.at,
    lastSeenAt: input.at,
    userAgentHash: hashUserAgent(input.userAgent),
  });
  return id;
}

/**
 * The per-request check behind getCurrentUser(): row present, idle < 30 min, age < 8 h, user enabled.
 * The role always comes from the users row, so a role change applies on the very next request.
 */
export async function validateSession(db: ConsoleDb, sessionId: string, at: Date): Promise<SessionCheck> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return { ok: false, reason: 'missing' };
  const { session, user } = row;
  const t = at.getTime();
  let reason: 'idle' | 'expired' | 'disabled' | null = null;
  if (user.disabledAt) reason = 'disabled';
  else if (t - session.createdAt.getTime() >= ABSOLUTE_TIMEOUT_MS) reason = 'expired';
  else if (t - session.lastSeenAt.getTime() >= IDLE_TIMEOUT_MS) reason = 'idle';
  if (reason) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return { ok: false, reason };
  }
  const roleChanged = session.roleVersion !== user.roleVersion;
  if (roleChanged || t - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: at, roleVersion: user.roleVersion })
      .where(eq(sessions.id, sessionId));
  }
  return {
    ok: true,
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      sessionId,
      mustChangePassword: user.mustChangePassword,
      locale: user.locale,
      timeZone: user.timeZone,
    },
  };
}

export async function deleteSession(db: ConsoleDb, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: ConsoleDb, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
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
