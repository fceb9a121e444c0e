import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, setClockForTests } from '../../clock';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../../db/client';
import { stepUpChallenges, webauthnCredentials } from '../../db/schema';
import type { StepUpStatement } from '../../domain/step-up/statement';
import { createUser } from '../../team/users';
import { demoTotpSecret } from '../factors/secret-box';
import { seedTotp } from '../factors/totp';
import { relyingPartyFrom } from '../factors/webauthn';
import { STEP_UP_TTL_MS, beginStepUpWith, consumeStepUpWith, verifyStoredProofWith, type StepUpDeps, type StepUpResponse } from './service';

const SERVER_SECRET = 'a-test-server-secret-of-at-least-32-characters';
const RP = relyingPartyFrom('http://localhost:3340');
let client: PGlite;
let db: ConsoleDb;
const clock = fakeClock(new Date('2026-11-25T12:00:05.000Z'));
const d = (): StepUpDeps => ({ db, rp: RP, serverSecret: SERVER_SECRET, at: clock.now() });

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

async function freshUser() {
  const email = `s-${Math.random().toString(36).slice(2, 8)}@t.test`;
  return createUser({ name: 'Approver', email, role: 'finance', password: 'a-long-password-1' }, db);
}

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
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([createHash('sha256').update(opts.rpID ?? RP.rpID).digest(), Buffer.from([0x05]), count]);
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

async function withPasskey(name = 'Laptop') {
  const user = await freshUser();
  const key = softAuthenticator();
  await db.insert(webauthnCredentials).values({ id: key.id, userId: user.id, name, publicKey: key.cose, counter: 0, deviceType: 'singleDevice' });
  return { user, key };
}

const payout = (id: string, amount = '100.00'): StepUpStatement => ({
  purpose: 'payout.approve',
  subject: id,
  facts: [
    ['payout', id],
    ['amount', amount],
    ['asset', 'BRL'],
    ['key', 'PHONE ••••4321'],
    ['maxDriftBps', '50.00'],
  ],
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; httpStatus: number; reason?: string; differing?: string[] }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; httpStatus: number };
  }
  throw new Error('expected a refusal');
}

describe('step-up with a passkey (transaction signing)', () => {
  it('the challenge is the digest of the statement; a right assertion is accepted once and gives a verifiable proof', async () => {
    const { user, key } = await withPasskey();
    const statement = payout('payout-a');
    const challenge = await beginStepUpWith(d(), user, statement);
    expect(challenge).toMatchObject({ method: 'webauthn', statement, expiresAt: new Date(clock.now().getTime() + STEP_UP_TTL_MS).toISOString() });
    expect(challenge.options?.challenge).toBe(challenge.digest);
    expect(challenge.options?.allowCredentials?.map((c) => c.id)).toEqual([key.id]);

    const response: StepUpResponse = { challengeId: challenge.challengeId, webauthn: key.assert(challenge.digest, { counter: 5 }) };
    const proof = await consumeStepUpWith(d(), user, response, payout('payout-a'));
    expect(proof).toMatchObject({ method: 'webauthn', digest: challenge.digest, credentialId: key.id, credentialName: 'Laptop', publicKey: key.cose });
    expect(proof.canonical).toContain('amount=100.00');
    expect(await verifyStoredProofWith(db, proof, RP)).toEqual({ ok: true });
    const [cred] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id));
    expect(cred.counter).toBe(5);

    // Replayed: the very same answer again.
    expect(await refusal(consumeStepUpWith(d(), user, response, payout('payout-a')))).toMatchObject({ code: 'STEP_UP_REPLAYED', httpStatus: 409 });

    // The stored proof tampered with: another statement, another signature, another relying party.
    expect((await verifyStoredProofWith(db, { ...proof, canonical: proof.canonical.replace('100.00', '900.00') }, RP)).ok).toBe(false);
    const otherSig = key.assert(challenge.digest).response.signature;
    expect((await verifyStoredProofWith(db, { ...proof, signature: otherSig.replace(/^.{8}/, 'AAAAAAAA') }, RP)).ok).toBe(false);
    expect((await verifyStoredProofWith(db, proof, relyingPartyFrom('https://evil.test'))).ok).toBe(false);
    // The key removed since: the proof carries the public key it was checked with.
    expect(await verifyStoredProofWith(db, { ...proof, publicKey: undefined }, RP)).toEqual({ ok: true });
  });

  it('refuses: no response, another user, another subject, statement changed, expired — the challenge stays unused', async () => {
    const { user, key } = await withPasskey();
    const { user: other } = await withPasskey();
    const a = await beginStepUpWith(d(), user, payout('payout-a'));
    const good = () => ({ challengeId: a.challengeId, webauthn: key.assert(a.digest) });

    expect(await refusal(consumeStepUpWith(d(), user, undefined, payout('payout-a')))).toMatchObject({ code: 'STEP_UP_REQUIRED', httpStatus: 401 });
    expect(await refusal(consumeStepUpWith(d(), user, { challengeId: a.challengeId }, payout('payout-a')))).toMatchObject({ code: 'STEP_UP_REQUIRED', httpStatus: 401 });
    expect(await refusal(consumeStepUpWith(d(), other, good(), payout('payout-a')))).toMatchObject({ code: 'STEP_UP_MISMATCH', httpStatus: 409 });
    // An assertion made for payout A presented to approve payout B.
    expect(await refusal(consumeStepUpWith(d(), user, good(), payout('payout-b')))).toMatchObject({ code: 'STEP_UP_MISMATCH', httpStatus: 409 });
    // The amount changed between preview and approval.
    expect(await refusal(consumeStepUpWith(d(), user, good(), payout('payout-a', '100.01')))).toMatchObject({
      code: 'STEP_UP_MISMATCH',
      httpStatus: 409,
      differing: ['amount'],
    });
    const [row] = await db.select().from(stepUpChallenges).where(eq(stepUpChallenges.id, a.challengeId));
    expect(row.usedAt).toBeNull();

    clock.advance(STEP_UP_TTL_MS);
    expect(await refusal(consumeStepUpWith(d(), user, good(), payout('payout-a')))).toMatchObject({ code: 'STEP_UP_EXPIRED', httpStatus: 409 });
    const [cred] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id));
    expect(cred.counter).toBe(0);
  });

  it('refuses malformed (400), unknown credential, wrong origin or RP ID, another challenge, counter backwards (401)', async () => {
    const { user, key } = await withPasskey();
    const begin = () => beginStepUpWith(d(), user, payout('payout-c'));
    const c = await begin();
    const send = (webauthn: unknown, id = c.challengeId) => consumeStepUpWith(d(), user, { challengeId: id, webauthn }, payout('payout-c'));

    expect(await refusal(send({ id: 'x' }))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 400 });
    expect(await refusal(send('junk'))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 400 });
    expect(await refusal(consumeStepUpWith(d(), user, { challengeId: 'not-a-uuid', webauthn: key.assert(c.digest) }, payout('payout-c')))).toMatchObject({
      code: 'STEP_UP_INVALID',
      httpStatus: 400,
    });
    expect(await refusal(send(softAuthenticator().assert(c.digest)))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 401, reason: 'unknown credential' });
    expect(await refusal(send(key.assert(c.digest, { origin: 'https://evil.test' })))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 401 });
    expect(await refusal(send(key.assert(c.digest, { rpID: 'evil.test' })))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 401 });
    // Signed over another challenge's digest (a statement shown for something else).
    const other = await beginStepUpWith(d(), user, payout('payout-d'));
    expect(await refusal(send(key.assert(other.digest)))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 401 });

    expect(await consumeStepUpWith(d(), user, { challengeId: c.challengeId, webauthn: key.assert(c.digest, { counter: 10 }) }, payout('payout-c'))).toMatchObject({
      method: 'webauthn',
    });
    // A counter that went backwards (a cloned authenticator).
    const again = await begin();
    expect(await refusal(send(key.assert(again.digest, { counter: 4 }), again.challengeId))).toMatchObject({
      code: 'STEP_UP_INVALID',
      httpStatus: 401,
      reason: 'counter went backwards',
    });
    const [cred] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, key.id));
    expect(cred.counter).toBe(10);
  });

  it('of raced answers with one assertion exactly one is accepted', async () => {
    const { user, key } = await withPasskey();
    const c = await beginStepUpWith(d(), user, payout('payout-r'));
    const answer = key.assert(c.digest);
    const raced = await Promise.allSettled(Array.from({ length: 5 }, () => consumeStepUpWith(d(), user, { challengeId: c.challengeId, webauthn: answer }, payout('payout-r'))));
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('a restart between preview and approval: the challenge lives in the database', async () => {
    const { user, key } = await withPasskey();
    const c = await beginStepUpWith(d(), user, payout('payout-restart'));
    // Nothing kept in memory is needed: only the id and the signed answer come back.
    const [row] = await db.select().from(stepUpChallenges).where(eq(stepUpChallenges.id, c.challengeId));
    expect(row).toMatchObject({ digest: c.digest, usedAt: null, method: 'webauthn' });
    expect((await consumeStepUpWith(d(), user, { challengeId: c.challengeId, webauthn: key.assert(c.digest) }, payout('payout-restart'))).digest).toBe(c.digest);
  });
});

describe('step-up with an authenticator code (no passkey: weaker)', () => {
  it('uses TOTP only without a passkey; the code is single use; refused once a passkey exists', async () => {
    const user = await freshUser();
    const secret = demoTotpSecret(SERVER_SECRET, user.email);
    await seedTotp(db, user.id, secret, SERVER_SECRET, clock.now());
    const code = () => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

    const c = await beginStepUpWith(d(), user, payout('payout-t'));
    expect(c.method).toBe('totp');
    expect(c.options).toBeUndefined();
    expect(await refusal(consumeStepUpWith(d(), user, { challengeId: c.challengeId, totp: '12' }, payout('payout-t')))).toMatchObject({ code: 'STEP_UP_INVALID', httpStatus: 400 });
    const proof = await consumeStepUpWith(d(), user, { challengeId: c.challengeId, totp: await code() }, payout('payout-t'));
    expect(proof).toMatchObject({ method: 'totp', digest: c.digest });
    expect(proof.signature).toBeUndefined();
    expect(await verifyStoredProofWith(db, proof, RP)).toMatchObject({ ok: false });

    // The same code for another challenge within its 30 s: reused.
    const again = await beginStepUpWith(d(), user, payout('payout-t2'));
    expect(await refusal(consumeStepUpWith(d(), user, { challengeId: again.challengeId, totp: await code() }, payout('payout-t2')))).toMatchObject({ code: 'STEP_UP_REPLAYED' });

    const key = softAuthenticator();
    await db.insert(webauthnCredentials).values({ id: key.id, userId: user.id, name: 'Phone', publicKey: key.cose, counter: 0, deviceType: 'singleDevice' });
    clock.advance(30_000);
    expect(await refusal(consumeStepUpWith(d(), user, { challengeId: again.challengeId, totp: await code() }, payout('payout-t2')))).toMatchObject({ code: 'STEP_UP_INVALID' });
    expect((await beginStepUpWith(d(), user, payout('payout-t3'))).method).toBe('webauthn');
  });

  it('refuses to begin for a user with no factor at all', async () => {
    const user = await freshUser();
    expect(await refusal(beginStepUpWith(d(), user, payout('payout-n')))).toMatchObject({ code: 'STEP_UP_NO_FACTOR', httpStatus: 409 });
  });
});
