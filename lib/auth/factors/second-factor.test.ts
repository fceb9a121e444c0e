import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { fakeClock, setClockForTests } from '../../clock';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../../db/client';
import { recoveryCodes, sessions, totpFactors, webauthnCredentials } from '../../db/schema';
import { createUser } from '../../team/users';
import { authenticate, SignInError } from '../authenticate';
import { recordFailure } from '../lockout';
import { createSession, validateSession } from '../sessions';
import { hashRecoveryCode, issueRecoveryCodes, normalizeRecoveryCode, redeemRecoveryCode, remainingRecoveryCodes } from './recovery-codes';
import { demoTotpSecret, openSecret, sealSecret } from './secret-box';
import {
  MAX_FACTOR_FAILURES,
  checkSecondFactor,
  finishSignInStep,
  recordFactorFailure,
  secondFactorPolicy,
  setSecondFactorRequired,
  stageAfterPassword,
  usersWithoutFactor,
} from './second-factor';
import { beginTotpSetup, confirmTotpSetup, seedTotp, verifyTotp } from './totp';
import { passkeyAuthenticationOptions, relyingPartyFrom } from './webauthn';

const SERVER_SECRET = 'a-test-server-secret-of-at-least-32-characters';
const RP = relyingPartyFrom('http://localhost:3340');
let client: PGlite;
let db: ConsoleDb;
const clock = fakeClock(new Date('2026-11-25T12:00:05.000Z'));

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

async function freshUser(password = 'a-long-password-1') {
  const email = `u-${Math.random().toString(36).slice(2, 8)}@t.test`;
  return { ...(await createUser({ name: 'Factor User', email, role: 'finance', password }, db)), password };
}
const codeAt = (secret: string, at: Date, offsetSteps = 0) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) + offsetSteps * 30 });
async function domainCode(promise: Promise<unknown>): Promise<{ code: string; httpStatus: number }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; httpStatus: number };
  }
  throw new Error('expected a refusal');
}

describe('authenticator app (TOTP)', () => {
  it('stores the secret encrypted, accepts the current code once and refuses it replayed in the same window', async () => {
    const user = await freshUser();
    const { secret } = await beginTotpSetup(db, user, SERVER_SECRET, clock.now());
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row.secretEnc).not.toContain(secret);
    expect(openSecret(row.secretEnc, SERVER_SECRET)).toBe(secret);
    expect(() => openSecret(row.secretEnc, `${SERVER_SECRET}-other`)).toThrow();

    expect((await domainCode(confirmTotpSetup(db, user.id, '000000', SERVER_SECRET, clock.now()))).code).toBe('TOTP_INVALID');
    await confirmTotpSetup(db, user.id, await codeAt(secret, clock.now()), SERVER_SECRET, clock.now());

    // The confirmation code itself cannot sign in: same step.
    const replayed = await domainCode(verifyTotp(db, user.id, await codeAt(secret, clock.now()), SERVER_SECRET, clock.now()));
    expect(replayed).toMatchObject({ code: 'TOTP_REUSED', httpStatus: 401 });

    clock.advance(30_000);
    const code = await codeAt(secret, clock.now());
    await verifyTotp(db, user.id, code, SERVER_SECRET, clock.now());
    expect((await domainCode(verifyTotp(db, user.id, code, SERVER_SECRET, clock.now()))).code).toBe('TOTP_REUSED');
    // An older code (previous step, still inside the tolerance) is refused too: steps only move forward.
    expect((await domainCode(verifyTotp(db, user.id, await codeAt(secret, clock.now(), -1), SERVER_SECRET, clock.now()))).code).toBe('TOTP_REUSED');
    // Two minutes old: simply wrong.
    expect((await domainCode(verifyTotp(db, user.id, await codeAt(secret, clock.now(), -4), SERVER_SECRET, clock.now()))).code).toBe('TOTP_INVALID');
    expect((await domainCode(verifyTotp(db, user.id, 'abc', SERVER_SECRET, clock.now()))).httpStatus).toBe(400);
  });

  it('lets exactly one of two racing requests with the same code through', async () => {
    const user = await freshUser();
    const secret = demoTotpSecret(SERVER_SECRET, user.email);
    await seedTotp(db, user.id, secret, SERVER_SECRET, clock.now());
    clock.advance(30_000);
    const code = await codeAt(secret, clock.now());
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verifyTotp(db, user.id, code, SERVER_SECRET, clock.now())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('derives demo secrets from the server secret (another installation gets other codes)', () => {
    expect(demoTotpSecret(SERVER_SECRET, 'finance@acme.test')).toMatch(/^[A-Z2-7]{32}$/);
    expect(demoTotpSecret(SERVER_SECRET, 'finance@acme.test')).not.toBe(demoTotpSecret(`${SERVER_SECRET}x`, 'finance@acme.test'));
    expect(sealSecret('x', SERVER_SECRET)).not.toBe(sealSecret('x', SERVER_SECRET));
  });
});

describe('recovery codes', () => {
  it('issues ten, stores only hashes, and each works exactly once', async () => {
    const user = await freshUser();
    const codes = await issueRecoveryCodes(db, user.id, clock.now());
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const rows = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    const stored = rows.map((r) => r.codeHash).join(' ');
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(normalizeRecoveryCode(code)!);
      expect(rows.some((r) => r.codeHash === hashRecoveryCode(normalizeRecoveryCode(code)!))).toBe(true);
    }
    await redeemRecoveryCode(db, user.id, codes[3].toLowerCase().replace('-', ' '), clock.now());
    expect((await domainCode(redeemRecoveryCode(db, user.id, codes[3], clock.now())))).toMatchObject({ code: 'RECOVERY_CODE_INVALID', httpStatus: 401 });
    expect(await remainingRecoveryCodes(db, user.id)).toBe(9);
    // Racing the same code: one wins.
    const raced = await Promise.allSettled(Array.from({ length: 4 }, () => redeemRecoveryCode(db, user.id, codes[5], clock.now())));
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // A new set replaces the old one.
    await issueRecoveryCodes(db, user.id, clock.now());
    expect((await domainCode(redeemRecoveryCode(db, user.id, codes[0], clock.now()))).code).toBe('RECOVERY_CODE_INVALID');
  });
});

/** A software authenticator: a P-256 key, its COSE form, and assertions signed as a real one would. */
function softAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  const cose = Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]), x, Buffer.from([0x22, 0x58, 0x20]), y]);
  const id = Buffer.from(createHash('sha256').update(cose).digest().subarray(0, 16)).toString('base64url');
  let counter = 0;
  return {
    id,
    cose: cose.toString('base64url'),
    assert(challenge: string, opts: { origin?: string; rpID?: string; counter?: number } = {}) {
      counter = opts.counter ?? counter + 1;
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: opts.origin ?? RP.origin, crossOrigin: false }));
      const flags = Buffer.from([0x05]);
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([createHash('sha256').update(opts.rpID ?? RP.rpID).digest(), flags, count]);
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
        clientExtensionResults: {},
      };
    },
  };
}

describe('passkey assertions', () => {
  it('accepts a right one once; refuses malformed (400), unknown (401), wrong origin or RP ID (401), replayed and backwards counters — changing nothing', async () => {
    const user = await freshUser();
    const key = softAuthenticator();
    await db.insert(webauthnCredentials).values({ id: key.id, userId: user.id, name: 'Laptop', publicKey: key.cose, counter: 0, deviceType: 'singleDevice' });
    const sid = await createSession(db, { userId: user.id, roleVersion: 1, at: clock.now(), stage: 'second-factor' });
    const ctx = { sessionId: sid, userId: user.id, rp: RP, serverSecret: SERVER_SECRET };
    const answer = (response: unknown) => checkSecondFactor(db, ctx, { method: 'webauthn', response }, clock.now());
    const challenge = async () => (await passkeyAuthenticationOptions(db, RP, { sessionId: sid, userId: user.id }, clock.now())).challenge;

    expect(await domainCode(answer({ id: 'x' }))).toMatchObject({ code: 'WEBAUTHN_MALFORMED', httpStatus: 400 });
    const stranger = softAuthenticator();
    expect(await domainCode(answer(stranger.assert(await challenge())))).toMatchObject({ code: 'WEBAUTHN_UNKNOWN_CREDENTIAL', httpStatus: 401 });
    expect(await domainCode(answer(key.assert(await challenge(), { origin: 'https://evil.test' })))).toMatchObject({ code: 'WEBAUTHN_REFUSED', httpStatus: 401 });
    expect(await domainCode(answer(key.assert(await challenge(), { rpID: 'evil.test' })))).toMatchObject({ code: 'WEBAUTHN_REFUSED', httpStatus: 401 });
    const [untouched] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id));
    expect(untouched).toMatchObject({ counter: 0, lastUsedAt: null });

    const good = key.assert(await challenge(), { counter: 7 });
    expect(await answer(good)).toEqual({ method: 'webauthn', credentialName: 'Laptop' });
    // The same answer again: its challenge was spent.
    expect((await domainCode(answer(good))).code).toBe('WEBAUTHN_CHALLENGE_EXPIRED');
    // A counter that went backwards (a cloned authenticator).
    expect((await domainCode(answer(key.assert(await challenge(), { counter: 3 })))).code).toBe('WEBAUTHN_REFUSED');
    const [used] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id));
    expect(used.counter).toBe(7);
    expect(used.lastUsedAt).toEqual(clock.now());
  });
});

describe('sign-in stages', () => {
  it('password → second factor when the user has one; a finished step is a new session recording the factor', async () => {
    const user = await freshUser();
    const secret = demoTotpSecret(SERVER_SECRET, user.email);
    await seedTotp(db, user.id, secret, SERVER_SECRET, clock.now());
    const signedIn = await authenticate(db, { email: user.email, password: user.password, sandbox: 'on' }, clock.now());
    expect(signedIn.stage).toBe('second-factor');
    const pending = await validateSession(db, signedIn.sid, clock.now());
    expect(pending.ok && pending.user).toMatchObject({ stage: 'second-factor', amr: 'pwd' });

    const { sid } = await finishSignInStep(db, signedIn.sid, 'pwd+totp', clock.now());
    expect(sid).not.toBe(signedIn.sid);
    expect((await validateSession(db, signedIn.sid, clock.now())).ok).toBe(false);
    const done = await validateSession(db, sid, clock.now());
    expect(done.ok && done.user).toMatchObject({ stage: 'complete', amr: 'pwd+totp' });
  });

  it('ends the sign-in after too many wrong answers', async () => {
    const user = await freshUser();
    const sid = await createSession(db, { userId: user.id, roleVersion: 1, at: clock.now(), stage: 'second-factor' });
    for (let i = 1; i < MAX_FACTOR_FAILURES; i++) expect(await recordFactorFailure(db, sid)).toBe(false);
    expect(await recordFactorFailure(db, sid)).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.id, sid))).toHaveLength(0);
  });

  it('the team requirement: default on without the sandbox, enrolment for users without a factor, and turning it on signs them out', async () => {
    expect((await secondFactorPolicy(db, 'off')).required).toBe(true);
    expect((await secondFactorPolicy(db, 'on')).required).toBe(false);
    const bare = await freshUser();
    expect(await stageAfterPassword(db, bare.id, 'on')).toBe('complete');
    expect(await stageAfterPassword(db, bare.id, 'off')).toBe('enrol');
    const bareSession = await createSession(db, { userId: bare.id, roleVersion: 1, at: clock.now() });

    const admin = await freshUser();
    expect((await domainCode(setSecondFactorRequired(db, admin, true, clock.now()))).code).toBe('OWN_FACTOR_FIRST');
    await seedTotp(db, admin.id, demoTotpSecret(SERVER_SECRET, admin.email), SERVER_SECRET, clock.now());
    const adminSession = await createSession(db, { userId: admin.id, roleVersion: 1, at: clock.now() });
    expect((await usersWithoutFactor(db)).has(bare.id)).toBe(true);
    await setSecondFactorRequired(db, admin, true, clock.now());
    expect((await validateSession(db, bareSession, clock.now())).ok).toBe(false);
    expect((await validateSession(db, adminSession, clock.now())).ok).toBe(true);
    expect(await stageAfterPassword(db, bare.id, 'on')).toBe('enrol');
    await setSecondFactorRequired(db, admin, false, clock.now());
    expect(await stageAfterPassword(db, bare.id, 'on')).toBe('complete');
  });

  it('a locked e-mail still reaches the second factor with the right password, never with a wrong one', async () => {
    const user = await freshUser();
    await seedTotp(db, user.id, demoTotpSecret(SERVER_SECRET, user.email), SERVER_SECRET, clock.now());
    for (let i = 0; i < 5; i++) await recordFailure(db, user.email, '203.0.113.9', clock.now());
    const wrong = await authenticate(db, { email: user.email, password: 'wrong-password-x', clientAddress: '203.0.113.9', sandbox: 'on' }, clock.now()).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SignInError);
    expect((wrong as Error).message).toMatch(/^LOCKED:/);
    const right = await authenticate(db, { email: user.email, password: user.password, clientAddress: '203.0.113.9', sandbox: 'on' }, clock.now());
    expect(right.stage).toBe('second-factor');

    const bare = await freshUser();
    for (let i = 0; i < 5; i++) await recordFailure(db, bare.email, '203.0.113.9', clock.now());
    const refused = await authenticate(db, { email: bare.email, password: bare.password, clientAddress: '203.0.113.9', sandbox: 'on' }, clock.now()).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/^LOCKED:/);
  });
});
