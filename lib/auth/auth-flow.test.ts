import { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { auditEvents, loginAttempts, sessions, users } from '../db/schema';
import { authenticate, SignInError } from './authenticate';
import { fakeClock, setClockForTests } from '../clock';
import { DEMO_USERS } from '../team/demo-users';
import { BCRYPT_COST, DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';
import { demoPasswordMessage, seedDemoUsers, usersWithDemoPasswords } from '../team/seed-demo-users';
import { GLOBAL_KEY, lockedMinutes, pruneLoginAttempts, recordFailure, unlockUser } from './lockout';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, createSession, pruneSessions, validateSession } from './sessions';
import { changePassword, changeRole, createUser, listUsers, setDisabled } from '../team/users';
import { memoryLimiters, useRateLimitersForTests } from '../security/rate-limits';
import { seedTotp } from './factors/totp';

/** Gives a user an authenticator app, so the lock yields to the second factor. */
async function withFactor(userId: string): Promise<void> {
  await seedTotp(db, userId, 'JBSWY3DPEHPK3PXP', 'test-server-secret-at-least-32-characters', clock.now());
}

let client: PGlite;
let db: ConsoleDb;
const clock = fakeClock();
const MIN = 60_000;

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
  clock.install();
});
afterAll(async () => {
  setClockForTests(undefined);
  resetDatabaseForTests();
  await client.close();
});
afterEach(() => vi.restoreAllMocks());
// Request limits count real time (the lockout counts the fake clock): the lockout tests below make more attempts in a
// second than the limits allow in a minute, so each test starts with fresh, roomy counters; the limits have their own
// tests ('request limits').
beforeEach(() => useRateLimitersForTests(memoryLimiters({ signInAddress: 10_000, signInAccount: 10_000 })));

async function freshUser(role: 'admin' | 'compliance' | 'finance' | 'viewer', password = 'a-long-password-1') {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@t.test`;
  const user = await createUser({ name: `${role} user`, email, role, password }, db);
  return { ...user, password };
}

async function signIn(email: string, password: string) {
  return authenticate(db, { email, password, userAgent: 'vitest' }, clock.now());
}

async function signInError(email: string, password: string, clientAddress?: string): Promise<string> {
  try {
    await authenticate(db, { email, password, userAgent: 'vitest', clientAddress }, clock.now());
  } catch (error) {
    expect(error).toBeInstanceOf(SignInError);
    return (error as Error).message;
  }
  throw new Error('expected sign-in to fail');
}

describe('password hashing', () => {
  it('uses bcrypt cost 10 and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(bcrypt.getRounds(hash)).toBe(BCRYPT_COST);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(bcrypt.getRounds(DUMMY_PASSWORD_HASH)).toBe(BCRYPT_COST);
  });

  it('does the same bcrypt work for an unknown e-mail as for a wrong password', async () => {
    const user = await freshUser('viewer');
    const compare = vi.spyOn(bcrypt, 'compare');

    expect(await signInError(user.email, 'wrong-password-123')).toBe('CredentialsSignin');
    expect(compare).toHaveBeenCalledTimes(1);
    const [, knownHash] = compare.mock.calls[0];
    expect(knownHash).not.toBe(DUMMY_PASSWORD_HASH);

    expect(await signInError('nobody@t.test', 'wrong-password-123')).toBe('CredentialsSignin');
    expect(compare).toHaveBeenCalledTimes(2);
    const [, unknownHash] = compare.mock.calls[1];
    expect(unknownHash).toBe(DUMMY_PASSWORD_HASH);
    expect(bcrypt.getRounds(unknownHash as string)).toBe(bcrypt.getRounds(knownHash as string));
  });

  it('signs in case-insensitively and creates a session row', async () => {
    const user = await freshUser('finance');
    const result = await signIn(`  ${user.email.toUpperCase()} `, user.password);
    expect(result.id).toBe(user.id);
    expect(result.sid.length).toBeGreaterThanOrEqual(43);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, result.sid));
    expect(row.userId).toBe(user.id);
    expect(row.userAgentHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('tells a disabled user so only after the right password; a wrong one stays the generic error', async () => {
    const admin = await freshUser('admin');
    const user = await freshUser('viewer');
    await setDisabled(admin, user.id, true, db);
    expect(await signInError(user.email, user.password)).toBe('AccountDisabled');
    expect(await signInError(user.email, `${user.password}-wrong`)).toBe('CredentialsSignin');
  });
});

describe('lockout', () => {
  it('locks an e-mail for 15 minutes after 5 failures within 15 minutes, then unlocks', async () => {
    const user = await freshUser('viewer');
    for (let i = 1; i <= 4; i++) {
      expect(await signInError(user.email, `wrong-${i}-xxxxxxxx`)).toBe('CredentialsSignin');
      clock.advance(MIN);
    }
    expect(await signInError(user.email, 'wrong-5-xxxxxxxx')).toBe('LOCKED:15');

    // Even the right password is refused while locked when the user has no second factor. There is one bcrypt run
    // whatever the lock says, so a locked e-mail costs the same whether or not it has a factor (which could pass),
    // and the answer is the same lock either way.
    clock.advance(5 * MIN);
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await signInError(user.email, user.password)).toBe('LOCKED:10');
    expect(compare).toHaveBeenCalledTimes(1);
    expect(await signInError(user.email, `${user.password}-wrong`)).toBe('LOCKED:10');

    clock.advance(10 * MIN);
    const ok = await signIn(user.email, user.password);
    expect(ok.id).toBe(user.id);
    const left = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(left).toHaveLength(0); // success clears the counter
  });

  it('does not lock when the failures are spread beyond the 15-minute window', async () => {
    const user = await freshUser('viewer');
    for (let i = 0; i < 8; i++) {
      expect(await signInError(user.email, 'wrong-password-xx')).toBe('CredentialsSignin');
      clock.advance(4 * MIN); // 4 failures max inside any 15-minute window starting at a reset
    }
    const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(rows.find((r) => r.clientKey !== GLOBAL_KEY)!.failedCount).toBeLessThan(5);
  });

  it('a stranger elsewhere cannot lock the user out: the fast lock is per e-mail AND client address', async () => {
    const user = await freshUser('admin');
    for (let i = 0; i < 4; i++) expect(await signInError(user.email, 'guess-guess-1', '203.0.113.9')).toBe('CredentialsSignin');
    expect(await signInError(user.email, 'guess-guess-1', '203.0.113.9')).toBe('LOCKED:15');
    expect(await signInError(user.email, user.password, '203.0.113.9')).toBe('LOCKED:15');
    // The admin, from their own address, signs in at once.
    const ok = await authenticate(db, { email: user.email, password: user.password, clientAddress: '198.51.100.7' }, clock.now());
    expect(ok.id).toBe(user.id);
  });

  it('a slower global threshold per e-mail locks it everywhere, each time for longer', async () => {
    const email = `global-${Math.random().toString(36).slice(2, 8)}@t.test`;
    // 30 failures in an hour need six addresses (each locks itself after 5).
    const burst = async (prefix: string) => {
      let last = 0;
      for (let a = 0; a < 6; a++) for (let i = 0; i < 5; i++) last = await recordFailure(db, email, `${prefix}.${a}`, clock.now());
      return last;
    };
    expect(await burst('10.1')).toBe(15);
    expect(await lockedMinutes(db, email, '192.0.2.1', clock.now())).toBe(1);
    clock.advance(MIN + 1000);
    expect(await lockedMinutes(db, email, '192.0.2.1', clock.now())).toBe(0);
    await burst('10.2');
    expect(await lockedMinutes(db, email, '192.0.2.1', clock.now())).toBe(2);
    clock.advance(2 * MIN + 1000);
    await burst('10.3');
    expect(await lockedMinutes(db, email, '192.0.2.1', clock.now())).toBe(4);
    clock.advance(4 * MIN + 1000);
  });

  it('an admin unlock lifts every lock of the user at once', async () => {
    const user = await freshUser('finance');
    for (let i = 0; i < 5; i++) await signInError(user.email, 'wrong-wrong-1', '203.0.113.10');
    for (let a = 0; a < 6; a++) for (let i = 0; i < 5; i++) await recordFailure(db, user.email, `10.9.0.${a}`, clock.now());
    expect(await lockedMinutes(db, user.email, '203.0.113.10', clock.now())).toBe(15);
    expect(await lockedMinutes(db, user.email, '192.0.2.2', clock.now())).toBeGreaterThan(0);
    expect(await unlockUser(user.id, db)).toEqual({ email: user.email, activeLocks: 8 });
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toHaveLength(0);
    expect((await authenticate(db, { email: user.email, password: user.password, clientAddress: '203.0.113.10' }, clock.now())).id).toBe(user.id);
    await expect(unlockUser('not-a-uuid', db)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('locks unknown e-mails exactly like known ones', async () => {
    for (let i = 0; i < 4; i++) expect(await signInError('ghost@t.test', 'whatever-123456')).toBe('CredentialsSignin');
    expect(await signInError('GHOST@t.test', 'whatever-123456')).toBe('LOCKED:15');
    clock.advance(15 * MIN);
    expect(await signInError('ghost@t.test', 'whatever-123456')).toBe('CredentialsSignin');
  });
});

describe('server-side sessions', () => {
  it('end after 30 minutes idle, and activity keeps them alive', async () => {
    const user = await freshUser('viewer');
    const { sid } = await signIn(user.email, user.password);
    clock.advance(IDLE_TIMEOUT_MS - MIN);
    expect((await validateSession(db, sid, clock.now())).ok).toBe(true);
    clock.advance(IDLE_TIMEOUT_MS - MIN); // idle measured from the last request, not from sign-in
    expect((await validateSession(db, sid, clock.now())).ok).toBe(true);
    clock.advance(IDLE_TIMEOUT_MS + MIN);
    expect(await validateSession(db, sid, clock.now())).toEqual({ ok: false, reason: 'idle' });
    expect(await validateSession(db, sid, clock.now())).toEqual({ ok: false, reason: 'missing' });
  });

  it('end after 8 hours even while active', async () => {
    const user = await freshUser('viewer');
    const { sid } = await signIn(user.email, user.password);
    let elapsed = 0;
    while (elapsed + 20 * MIN < ABSOLUTE_TIMEOUT_MS) {
      clock.advance(20 * MIN);
      elapsed += 20 * MIN;
      expect((await validateSession(db, sid, clock.now())).ok).toBe(true);
    }
    clock.advance(ABSOLUTE_TIMEOUT_MS - elapsed + MIN);
    expect(await validateSession(db, sid, clock.now())).toEqual({ ok: false, reason: 'expired' });
  });

  it('end for every device when the user is disabled', async () => {
    const admin = await freshUser('admin');
    const user = await freshUser('finance');
    const a = await signIn(user.email, user.password);
    const b = await signIn(user.email, user.password);
    await setDisabled(admin, user.id, true, db);
    expect((await validateSession(db, a.sid, clock.now())).ok).toBe(false);
    expect((await validateSession(db, b.sid, clock.now())).ok).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    await setDisabled(admin, user.id, false, db);
    expect((await signIn(user.email, user.password)).id).toBe(user.id);
  });

  it('reflect a role change on the next call and track the role version', async () => {
    const admin = await freshUser('admin');
    const user = await freshUser('viewer');
    const { sid } = await signIn(user.email, user.password);
    const before = await validateSession(db, sid, clock.now());
    expect(before.ok && before.user.role).toBe('viewer');
    await changeRole(admin, user.id, 'finance', db);
    const after = await validateSession(db, sid, clock.now());
    expect(after.ok && after.user.role).toBe('finance');
    const [row] = await db.select().from(sessions).where(eq(sessions.id, sid));
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.roleVersion).toBe(u.roleVersion);
    expect(u.roleVersion).toBe(2);
  });

  it('an unknown session id is simply missing', async () => {
    expect(await validateSession(db, 'not-a-session', clock.now())).toEqual({ ok: false, reason: 'missing' });
  });

  it('pruning removes only sessions and counters that can no longer matter', async () => {
    const user = await freshUser('viewer');
    const stale = await createSession(db, { userId: user.id, roleVersion: 1, at: clock.now() });
    clock.advance(IDLE_TIMEOUT_MS - MIN);
    const live = await createSession(db, { userId: user.id, roleVersion: 1, at: clock.now() });
    await validateSession(db, stale, clock.now()); // keeps `stale` alive too
    clock.advance(IDLE_TIMEOUT_MS - MIN);
    const idle = await createSession(db, { userId: user.id, roleVersion: 1, at: new Date(clock.now().getTime() - IDLE_TIMEOUT_MS - 1) });
    expect(await pruneSessions(db, clock.now())).toBeGreaterThanOrEqual(1);
    const left = (await db.select().from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.id);
    expect(left).toContain(live);
    expect(left).not.toContain(idle);

    await signInError('prune-me@t.test', 'whatever-123456');
    await pruneLoginAttempts(db, clock.now()); // windows still open: the address's and the global counter kept
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'prune-me@t.test'))).toHaveLength(2);
    clock.advance(61 * MIN);
    await pruneLoginAttempts(db, clock.now());
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'prune-me@t.test'))).toHaveLength(0);
  });

  it('createSession stores the given time', async () => {
    const user = await freshUser('viewer');
    const sid = await createSession(db, { userId: user.id, roleVersion: 1, at: clock.now() });
    const [row] = await db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.createdAt.getTime()).toBe(clock.now().getTime());
  });
});

describe('users and the last-admin guard', () => {
  beforeEach(async () => {
    await db.delete(users);
  });

  it('never leaves the console without an enabled admin', async () => {
    const a = await freshUser('admin');
    const b = await freshUser('admin');
    await changeRole(a, b.id, 'viewer', db);
    await expect(changeRole(a, a.id, 'finance', db)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    await expect(setDisabled(b, a.id, true, db)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    await expect(setDisabled(a, a.id, true, db)).rejects.toMatchObject({ code: 'SELF_DISABLE' });
    const [row] = await db.select().from(users).where(eq(users.id, a.id));
    expect(row.role).toBe('admin');
    expect(row.disabledAt).toBeNull();
    // With a second admin the first may step down.
    await changeRole(a, b.id, 'admin', db);
    await changeRole(b, a.id, 'viewer', db);
    expect((await listUsers(db)).filter((u) => u.role === 'admin').map((u) => u.id)).toEqual([b.id]);
  });

  it('unknown or malformed user ids are NOT_FOUND, not a database error', async () => {
    const a = await freshUser('admin');
    for (const id of ['nope', '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      await expect(changeRole(a, id, 'viewer', db)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(setDisabled(a, id, true, db)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(changePassword(id, 'x', 'y', {}, db)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('a disabled admin does not count as the remaining admin', async () => {
    const a = await freshUser('admin');
    const b = await freshUser('admin');
    await setDisabled(a, b.id, true, db);
    await expect(changeRole(a, a.id, 'viewer', db)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
  });

  it('createUser normalises the e-mail, rejects duplicates and weak passwords', async () => {
    const u = await createUser({ name: ' Ana ', email: ' Ana@X.Test ', role: 'viewer', password: 'twelve-chars' }, db);
    expect(u.email).toBe('ana@x.test');
    expect(u.name).toBe('Ana');
    await expect(createUser({ name: 'A', email: 'ana@x.test', role: 'viewer', password: 'twelve-chars' }, db))
      .rejects.toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: { code: expect.any(String) } } });
    await expect(createUser({ name: 'B', email: 'b@x.test', role: 'viewer', password: 'short' }, db))
      .rejects.toMatchObject({ code: 'WEAK_PASSWORD', fields: { password: { code: 'passwordTooShort' } } }); // a `validation` catalogue key
    await expect(createUser({ name: 'B', email: 'not-an-email', role: 'viewer', password: 'twelve-chars' }, db))
      .rejects.toBeInstanceOf(DomainError);
  });

  it('changePassword checks the current one and ends the other sessions', async () => {
    const user = await freshUser('finance', 'first-password-1');
    const keep = await signIn(user.email, 'first-password-1');
    const other = await signIn(user.email, 'first-password-1');
    await expect(changePassword(user.id, 'nope-nope-nope', 'second-password-2', {}, db))
      .rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    await expect(changePassword(user.id, 'first-password-1', 'short', {}, db))
      .rejects.toMatchObject({ code: 'WEAK_PASSWORD' });
    await changePassword(user.id, 'first-password-1', 'second-password-2', { keepSessionId: keep.sid }, db);
    expect((await validateSession(db, keep.sid, clock.now())).ok).toBe(true);
    expect((await validateSession(db, other.sid, clock.now())).ok).toBe(false);
    expect(await signInError(user.email, 'first-password-1')).toBe('CredentialsSignin');
    expect((await signIn(user.email, 'second-password-2')).id).toBe(user.id);
  });
});

describe('demo users', () => {
  beforeEach(async () => {
    await db.delete(users);
  });

  it('are seeded once into an empty table and sign in with the published passwords', async () => {
    expect(await seedDemoUsers(db)).toBe(DEMO_USERS.length);
    expect(await seedDemoUsers(db)).toBe(0);
    const rows = await listUsers(db);
    expect(rows.map((u) => [u.email, u.role, u.name]).sort()).toEqual(
      DEMO_USERS.map((u) => [u.email, u.role, u.name]).sort(),
    );
    const admin = DEMO_USERS[0];
    expect((await signIn(admin.email, admin.password)).email).toBe(admin.email);
  });

  it('are not seeded when real users exist', async () => {
    await freshUser('admin');
    expect(await seedDemoUsers(db)).toBe(0);
  });

  it('the demo-password check lists the enabled demo users that still use the published password', async () => {
    await seedDemoUsers(db);
    expect(await usersWithDemoPasswords(db)).toEqual(DEMO_USERS.map((u) => u.email));
    const rows = await listUsers(db);
    const admin = rows.find((u) => u.email === 'admin@acme.test')!;
    await changePassword(admin.id, 'demo-admin-2026', 'quiet-lantern-2026', {}, db);
    for (const u of rows.filter((r) => r.email !== 'admin@acme.test' && r.email !== 'viewer@acme.test')) {
      await setDisabled(admin, u.id, true, db);
    }
    expect(await usersWithDemoPasswords(db)).toEqual(['viewer@acme.test']);
    const line = demoPasswordMessage(['viewer@acme.test']);
    expect(line).toContain('viewer@acme.test');
    expect(line).not.toContain('\n');
  });
});

describe('request limits and the way through a lock', () => {
  it('every attempt from one address counts, whatever the e-mail: RATE_LIMITED before any password work', async () => {
    useRateLimitersForTests(memoryLimiters());
    const user = await freshUser('viewer');
    for (let i = 0; i < 30; i++) {
      expect(await signInError(`spray-${i}@t.test`, 'not-the-password', '198.51.100.30')).toBe('CredentialsSignin');
    }
    const verify = vi.spyOn(await import('./password'), 'verifyPassword');
    const error = await signInError(user.email, user.password, '198.51.100.30');
    // The window started with the first of the 30 (real time, however slow bcrypt is on this machine).
    expect(error).toMatch(/^RATE_LIMITED:\d+$/);
    expect(Number(error.split(':')[1])).toBeGreaterThanOrEqual(1);
    expect(Number(error.split(':')[1])).toBeLessThanOrEqual(60);
    expect(verify).not.toHaveBeenCalled();
    // The same user from another address is not affected.
    expect((await authenticate(db, { email: user.email, password: user.password, clientAddress: '198.51.100.31' }, clock.now())).id).toBe(user.id);
  });

  it('attempts for one e-mail from many addresses hit its limit; the right password still leads to the second factor', async () => {
    useRateLimitersForTests(memoryLimiters());
    const user = await freshUser('finance');
    await withFactor(user.id);
    // A distributed guesser: ten addresses, one attempt each.
    for (let i = 0; i < 10; i++) await signInError(user.email, `guess-${i}-abcdef`, `203.0.113.${100 + i}`);
    expect(await signInError(user.email, 'still-a-guess-xyz', '192.0.2.50')).toMatch(/^RATE_LIMITED:\d+$/);
    const ok = await authenticate(db, { email: user.email, password: user.password, clientAddress: '192.0.2.50' }, clock.now());
    expect(ok).toMatchObject({ id: user.id, stage: 'second-factor' });
  });

  it('a locked account with a factor reaches its second factor with the right password; a wrong one is the same LOCKED answer', async () => {
    const user = await freshUser('admin');
    await withFactor(user.id);
    // The global lock, made from many addresses (the admin's own address never failed).
    for (let a = 0; a < 6; a++) for (let i = 0; i < 5; i++) await recordFailure(db, user.email, `10.77.0.${a}`, clock.now());
    expect(await signInError(user.email, 'wrong-password-xyz', '192.0.2.60')).toBe('LOCKED:1');
    const session = await authenticate(db, { email: user.email, password: user.password, clientAddress: '192.0.2.60' }, clock.now());
    // Half signed in: nothing opens until the factor is given (second-factor.test.ts covers that step).
    expect(session).toMatchObject({ id: user.id, stage: 'second-factor' });
    // The counters stay until the factor is given: the attack may still be going on.
    expect(await lockedMinutes(db, user.email, '192.0.2.61', clock.now())).toBeGreaterThan(0);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.target, user.email));
    expect(audit.map((r) => (r.details as { reason?: string } | null)?.reason)).toEqual(
      expect.arrayContaining(['locked', 'locked-password-ok-second-factor-owed']),
    );
    expect(audit.find((r) => (r.details as { reason?: string }).reason === 'locked-password-ok-second-factor-owed')?.details).toMatchObject({
      clientAddress: '192.0.2.60',
    });
  });

  it('a locked account without a factor stays locked, and a disabled user cannot use the way through', async () => {
    const plain = await freshUser('viewer');
    for (let i = 0; i < 5; i++) await recordFailure(db, plain.email, '192.0.2.71', clock.now());
    expect(await signInError(plain.email, plain.password, '192.0.2.71')).toBe('LOCKED:15');
    const user = await freshUser('finance');
    await withFactor(user.id);
    const admin = await freshUser('admin');
    for (let i = 0; i < 5; i++) await recordFailure(db, user.email, '192.0.2.70', clock.now());
    await setDisabled({ id: admin.id }, user.id, true, db);
    expect(await signInError(user.email, user.password, '192.0.2.70')).toBe('LOCKED:15');
  });
});

describe('sign-in audit trail', () => {
  it('records successes and refusals with the reason, never the password', async () => {
    const user = await freshUser('viewer', 'audit-password-1');
    const run = (email: string, password: string, correlationId: string) =>
      authenticate(db, { email, password, correlationId }, clock.now()).catch(() => null);
    await run(user.email, 'audit-password-1', 'sa-1');
    await run(user.email, 'not-the-password', 'sa-2');
    await run('nobody-here@t.test', 'not-the-password', 'sa-3');
    const rows = (await db.select().from(auditEvents)).filter((r) => r.correlationId?.startsWith('sa-'));
    const byId = Object.fromEntries(rows.map((r) => [r.correlationId, r]));
    expect(byId['sa-1']).toMatchObject({ action: 'auth.signIn', outcome: 'success', actorId: user.id, actorEmail: user.email });
    expect(byId['sa-2']).toMatchObject({ outcome: 'denied', actorId: null, actorEmail: user.email, details: { reason: 'wrong-password' } });
    expect(byId['sa-3']).toMatchObject({ outcome: 'denied', actorEmail: 'nobody-here@t.test', details: { reason: 'unknown-email' } });
    expect(JSON.stringify(rows)).not.toContain('not-the-password');
  });
});
