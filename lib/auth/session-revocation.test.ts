import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabase } from '@/lib/db/test-databases';
import { fakeClock, now, setClockForTests } from '../clock';
import { getDb, getRawClient, resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { getEnv, resetEnvForTests } from '../env';
import { saveUserPreferences } from '../i18n/preferences';
import { changePassword, changeRole, createUser, setDisabled } from '../team/users';
import { getAuthOptions, resetAuthOptionsForTests } from './auth-options';
import { resolveSessionUser } from './session';
import { SessionCache } from './session-cache';
import {
  concernsSession,
  createLocalInvalidator,
  createPgInvalidator,
  getSessionInvalidator,
  setSessionInvalidatorForTests,
  type SessionInvalidator,
} from './session-invalidation';
import { resetSessionTokensForTests } from '../security/session-token';
import { IDLE_TIMEOUT_MS, createSession, validateSession } from './sessions';

// Session rows are cached in-process for up to 1 s (lib/auth/session-cache.ts). These tests show that every way a
// session is revoked or changed still applies on the very next request of the same instance — with the row in
// the cache when the change is made — and, on PostgreSQL, on another instance as soon as its NOTIFY arrives.
// PostgreSQL: TEST_DATABASE_URL=postgres://… npx vitest run lib/auth/session-revocation.test.ts (it creates and
// drops a database of its own, so it never races lib/db/postgres.test.ts over the `console` schema).

const PASSWORD = 'a-long-password-1';
let monotonic = 0;
const clock = fakeClock();

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function setEnv() {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'session-cache-test-'));
  process.env.PUBLIC_URL = 'http://localhost:3998';
  delete process.env.NEXTAUTH_SECRET;
  delete process.env.NEXTAUTH_URL;
  delete process.env.FX_API_BASE_URL;
  delete process.env.SANDBOX;
  resetEnvForTests();
  resetAuthOptionsForTests();
  resetSessionTokensForTests();
}

/** The same checks on both engines; `invalidator()` is this instance's (its cache has a controllable clock). */
function revocationSuite(ctx: { db: () => ConsoleDb; invalidator: () => SessionInvalidator }) {
  const secret = () => getEnv().NEXTAUTH_SECRET;
  const cache = () => ctx.invalidator().cache;

  async function signedIn(role: 'admin' | 'finance' | 'viewer', opts: { mustChangePassword?: boolean } = {}) {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@t.test`;
    const user = await createUser({ name: `${role} user`, email, role, password: PASSWORD, ...opts }, ctx.db());
    const [row] = await ctx.db().select().from(users).where(eq(users.id, user.id));
    const sid = await createSession(ctx.db(), { userId: user.id, roleVersion: row.roleVersion, at: now() });
    const token = await encode({ token: { sub: user.id, sid }, secret: secret() });
    return { user, sid, token };
  }

  /** One authenticated request: the cookie's JWT → session row (cache or database) → user. */
  const request = (token: string) => resolveSessionUser(token, secret());

  async function warm(s: { sid: string; token: string }) {
    expect(await request(s.token)).not.toBeNull();
    expect(cache().get(s.sid)).toBeDefined(); // the next check starts from a cached row
  }

  it('serves the session row from memory for at most 1 s', async () => {
    const s = await signedIn('viewer');
    await warm(s);
    // Behind the cache's back (no invalidation): the cached row still answers …
    await ctx.db().update(users).set({ name: 'Renamed' }).where(eq(users.id, s.user.id));
    expect((await request(s.token))?.name).toBe('viewer user');
    // … until it is 1 s old.
    monotonic += 1000;
    expect((await request(s.token))?.name).toBe('Renamed');
  });

  it('sign-out ends the session on the next request, and tells this instance\'s listeners (live streams) at once', async () => {
    const s = await signedIn('finance');
    await warm(s);
    const heard: boolean[] = [];
    const stop = ctx.invalidator().onInvalidation((what) => heard.push(concernsSession(what, { sessionId: s.sid, userId: s.user.id })));
    await getAuthOptions().events!.signOut!({ token: { sub: s.user.id, sid: s.sid }, session: undefined as never });
    stop();
    expect(heard[0]).toBe(true);
    expect(await request(s.token)).toBeNull();
    expect(await ctx.db().select().from(sessions).where(eq(sessions.id, s.sid))).toEqual([]);
  });

  it('disabling a user ends their sessions on the next request', async () => {
    const admin = await signedIn('admin');
    const s = await signedIn('finance');
    await warm(s);
    await setDisabled(admin.user, s.user.id, true, ctx.db());
    expect(await request(s.token)).toBeNull();
  });

  it('a role change applies on the next request', async () => {
    const admin = await signedIn('admin');
    const s = await signedIn('finance');
    await warm(s);
    await changeRole(admin.user, s.user.id, 'viewer', ctx.db());
    expect((await request(s.token))?.role).toBe('viewer');
  });

  it('a password change ends the other sessions and lifts must-change on the kept one, on the next request', async () => {
    const s = await signedIn('viewer', { mustChangePassword: true });
    const [row] = await ctx.db().select().from(users).where(eq(users.id, s.user.id));
    const other = await createSession(ctx.db(), { userId: s.user.id, roleVersion: row.roleVersion, at: now() });
    const otherToken = await encode({ token: { sub: s.user.id, sid: other }, secret: secret() });
    await warm(s);
    await warm({ sid: other, token: otherToken });
    expect((await request(s.token))?.mustChangePassword).toBe(true);
    await changePassword(s.user.id, PASSWORD, 'another-long-password-2', { keepSessionId: s.sid }, ctx.db());
    expect(await request(otherToken)).toBeNull();
    expect((await request(s.token))?.mustChangePassword).toBe(false);
  });

  it('a saved language and time zone apply on the next request', async () => {
    const s = await signedIn('viewer');
    await warm(s);
    await saveUserPreferences(ctx.db(), s.user.id, { locale: 'pt-BR', timeZone: 'America/Sao_Paulo' });
    expect(await request(s.token)).toMatchObject({ locale: 'pt-BR', timeZone: 'America/Sao_Paulo' });
  });

  it('idle and absolute limits still apply to a cached row', async () => {
    const s = await signedIn('viewer');
    await warm(s);
    clock.advance(IDLE_TIMEOUT_MS);
    expect(await validateSession(ctx.db(), s.sid, now())).toEqual({ ok: false, reason: 'idle' });
    expect(cache().get(s.sid)).toBeUndefined();
  });
}

describe('session cache on PGlite (one process)', () => {
  let client: PGlite;
  let db: ConsoleDb;
  let invalidator: SessionInvalidator;

  beforeAll(async () => {
    setEnv();
    client = new PGlite();
    db = await useTestDatabase(client);
    invalidator = createLocalInvalidator(new SessionCache(1000, 1000, () => monotonic));
    setSessionInvalidatorForTests(invalidator);
    clock.install();
  });
  afterAll(async () => {
    setClockForTests(undefined);
    setSessionInvalidatorForTests(undefined);
    resetDatabaseForTests();
    resetEnvForTests();
    resetAuthOptionsForTests();
    await client.close();
  });

  it('is the local invalidator by default on the embedded database', async () => {
    setSessionInvalidatorForTests(undefined);
    expect((await getSessionInvalidator()).kind).toBe('local');
    setSessionInvalidatorForTests(invalidator);
  });

  revocationSuite({ db: () => db, invalidator: () => invalidator });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('session cache on PostgreSQL (several instances, LISTEN/NOTIFY)', () => {
  const dbName = `fx_session_cache_${process.pid}`;
  let adminPool: import('pg').Pool;
  let db: ConsoleDb;
  let connectionString: string;
  let invalidator: SessionInvalidator & { ready: Promise<void> };
  let other: SessionInvalidator & { ready: Promise<void> };

  beforeAll(async () => {
    const { Pool } = await import('pg');
    adminPool = new Pool({ connectionString: url, max: 1 });
    await adminPool.query(`drop database if exists ${dbName} with (force)`);
    await adminPool.query(`create database ${dbName}`);
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    connectionString = u.toString();
    setEnv();
    process.env.DATABASE_URL = connectionString;
    resetEnvForTests();
    resetDatabaseForTests();
    db = await getDb();
    const raw = await getRawClient();
    if (raw.kind !== 'pg') throw new Error('expected the pg client');
    // This instance (the console's pool for NOTIFY), and a second instance with a cache that would otherwise keep
    // rows for a minute: only the notification can make it re-read.
    invalidator = createPgInvalidator({ connectionString, pool: raw.pool, cache: new SessionCache(1000, 1000, () => monotonic), reconnectDelay: () => 50 });
    other = createPgInvalidator({ connectionString, cache: new SessionCache(60_000), reconnectDelay: () => 50 });
    setSessionInvalidatorForTests(invalidator);
    await Promise.all([invalidator.ready, other.ready]);
    clock.install();
  });
  afterAll(async () => {
    setClockForTests(undefined);
    setSessionInvalidatorForTests(undefined);
    await invalidator?.close();
    await other?.close();
    const raw = await getRawClient().catch(() => undefined);
    if (raw?.kind === 'pg') await raw.pool.end();
    resetDatabaseForTests();
    delete process.env.DATABASE_URL;
    resetEnvForTests();
    resetAuthOptionsForTests();
    await adminPool?.end();
    // Waits for the ending clients' connections to leave before the forced drop (lib/db/test-databases.ts).
    if (url) await dropTestDatabase(url, dbName);
  });

  revocationSuite({ db: () => db, invalidator: () => invalidator });

  it('another instance drops its cached row when this one disables the user (NOTIFY), not a minute later', async () => {
    const admin = await createUser({ name: 'Admin', email: `admin-x@t.test`, role: 'admin', password: PASSWORD }, db);
    const user = await createUser({ name: 'Far', email: `far@t.test`, role: 'finance', password: PASSWORD }, db);
    const sid = await createSession(db, { userId: user.id, roleVersion: 1, at: now() });
    const onOther = () => validateSession(db, sid, now(), { sessions: other });
    expect((await onOther()).ok).toBe(true);
    expect(other.cache.get(sid)).toBeDefined();
    let heard = false;
    const stop = other.onInvalidation((what) => (heard ||= concernsSession(what, { sessionId: sid, userId: user.id })));
    await setDisabled(admin, user.id, true, db);
    await until(() => other.cache.get(sid) === undefined);
    await until(() => heard); // a live stream on the other instance re-checks its session on this notice
    stop();
    expect(await onOther()).toEqual({ ok: false, reason: 'missing' });
  });

  it('an instance whose listener dropped reads the database until it is back, then starts from an empty cache', async () => {
    const user = await createUser({ name: 'Drop', email: `drop@t.test`, role: 'viewer', password: PASSWORD }, db);
    const sid = await createSession(db, { userId: user.id, roleVersion: 1, at: now() });
    await validateSession(db, sid, now(), { sessions: other });
    expect(other.cache.get(sid)).toBeDefined();
    const { Client } = await import('pg');
    const admin = new Client({ connectionString });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = $1 AND query ILIKE 'LISTEN console_sessions%'`,
      [dbName],
    );
    await admin.end();
    await until(() => !other.cachingAllowed() || other.cache.size === 0);
    expect(other.cache.get(sid)).toBeUndefined();
    await until(() => other.cachingAllowed() && invalidator.cachingAllowed());
    expect((await validateSession(db, sid, now(), { sessions: other })).ok).toBe(true);
  });
});
