/**
 * `npm run bench:step-up` — what transaction signing costs on the server (issue 25, "Measure"):
 *   1. verifying a step-up assertion (consumeStepUp: load the challenge, recompute and compare the statement, check
 *      the P-256 signature against the stored public key, spend the challenge, move the counter): p50/p95 over
 *      BENCH_STEP_UPS (default 300) assertions, and re-checking a stored proof (the audit's Verify);
 *   2. the whole approval of a payout with the step-up (recompute the statement, consume the assertion, a quote for
 *      the rate bound, approve + execute) against the same approval without it, over BENCH_APPROVALS (default 60)
 *      payouts each. Console and sandbox share one embedded PGlite as in the app; the console reaches the sandbox
 *      over real HTTP (loopback). Prints the 1-minute load average: the figures mean little without it.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApiClient } from '../lib/api/client';
import { newIdempotencyKey } from '../lib/api/request';
import { relyingPartyFrom } from '../lib/auth/factors/webauthn';
import type { SessionUser } from '../lib/auth/sessions';
import { beginStepUpWith, consumeStepUpWith, verifyStoredProofWith, type StepUpDeps } from '../lib/auth/step-up/service';
import { useTestDatabase as attachDatabase, type ConsoleDb } from '../lib/db/client';
import { webauthnCredentials } from '../lib/db/schema';
import type { StepUpStatement } from '../lib/domain/step-up/statement';
import { approvePayout, previewQuote } from '../lib/payouts/approval';
import { requestPayout } from '../lib/payouts/request';
import { approvePayoutWithStepUp, payoutStepUpStatement } from '../lib/payouts/step-up';
import { createSandbox } from '../lib/sandbox';
import { fromPglite } from '../lib/sandbox/core/sql';
import { createUser } from '../lib/team/users';

process.env.APPROVER_COOL_OFF_HOURS ??= '0';

const STEP_UPS = Number(process.env.BENCH_STEP_UPS ?? 300);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 60);
const RP = relyingPartyFrom('http://localhost:3000');
const SECRET = 'bench-step-up-server-secret-of-32-characters';
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

/** A software authenticator (P-256, as the platform authenticators sign). */
function softAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  const id = createHash('sha256').update(cose).digest().subarray(0, 16).toString('base64url');
  let counter = 0;
  return {
    id,
    cose: cose.toString('base64url'),
    assert(challenge: string) {
      counter++;
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: RP.origin, crossOrigin: false }));
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([createHash('sha256').update(RP.rpID).digest(), Buffer.from([0x05]), count]);
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: clientDataJSON.toString('base64url'), authenticatorData: authData.toString('base64url'), signature: signature.toString('base64url') },
        clientExtensionResults: {},
      };
    },
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const fmt = (samples: number[]) => `p50 ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms (n=${samples.length})`;

async function approverWithPasskey(db: ConsoleDb, name: string) {
  const row = await createUser({ name, email: `${name}-${Date.now().toString(36)}@bench.test`, role: 'finance', password: 'bench-password-long-enough-1' }, db);
  const key = softAuthenticator();
  await db.insert(webauthnCredentials).values({ id: key.id, userId: row.id, name: `${name} key`, publicKey: key.cose, counter: 0, deviceType: 'singleDevice' });
  const user = { id: row.id, email: row.email, name, role: 'finance', sessionId: crypto.randomUUID(), mustChangePassword: false, locale: null, timeZone: null, stage: 'complete', amr: 'pwd+webauthn', factorVerifiedAt: null } as SessionUser;
  return { user, key };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-step-up-'));
  const pg = await PGlite.create(path.join(dir, 'pglite'));
  const db = await attachDatabase(pg);
  const sandbox = createSandbox({ sql: fromPglite(pg), basePath: '', readCache: true });
  await sandbox.ready;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      sandbox
        .handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: body.length ? body : undefined }))
        .then(async (r) => {
          res.writeHead(r.status, Object.fromEntries(r.headers));
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const deps = (): StepUpDeps => ({ db, rp: RP, serverSecret: SECRET, at: new Date() });

  // 1. Verifying one assertion.
  const { user, key } = await approverWithPasskey(db, 'verifier');
  const statement = (i: number): StepUpStatement => ({
    purpose: 'payout.approve',
    subject: `bench-${i}`,
    facts: [['payout', `bench-${i}`], ['amount', '1234.56'], ['asset', 'BRL'], ['key', 'EMAIL ••••e.com'], ['maxDriftBps', '50.00']],
  });
  const verify: number[] = [];
  const recheck: number[] = [];
  for (let i = 0; i < STEP_UPS; i++) {
    const c = await beginStepUpWith(deps(), user, statement(i));
    const answer = key.assert(c.digest);
    const t0 = performance.now();
    const proof = await consumeStepUpWith(deps(), user, { challengeId: c.challengeId, webauthn: answer }, statement(i));
    verify.push(performance.now() - t0);
    const t1 = performance.now();
    const checked = await verifyStoredProofWith(db, proof, RP);
    recheck.push(performance.now() - t1);
    if (!checked.ok) throw new Error(`stored proof did not verify: ${checked.reason}`);
  }

  // 2. Whole approvals, with and without the step-up.
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${p} → ${res.status} ${await res.text()}`);
    return (await res.json().catch(() => ({}))) as Record<string, unknown> & { id: string };
  };
  const creds = (await post('/_sandbox/customers', { name: 'Bench Co', auto: false })) as unknown as { clientId: string; clientSecret: string };
  const client = createApiClient({ baseUrl: base, credentials: creds });
  const token = await client.tokens.getToken();
  const account = await post(
    '/api/accounts',
    {
      assets: [{ code: 'USD', isVirtual: false }, { code: 'BRL', isVirtual: false }],
      owner: { type: 'COMPANY', legalName: 'Bench Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
    },
    token,
  );
  await post(`/_sandbox/accounts/${account.id}/activate`, {}, token);
  await post(`/_sandbox/accounts/${account.id}/balances`, { asset: 'USD', value: '10000000.00' }, token);
  const b = await post(
    '/api/beneficiaries',
    {
      holder: { type: 'INDIVIDUAL', firstName: 'João', lastName: 'Pereira', taxId: { type: 'CPF', value: '52998224725' }, dateOfBirth: '1990-05-17', address },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'joao@example.com' },
    },
    token,
  );
  const instructionId = (b.paymentInstructions as Array<{ id: string }>)[0]!.id;
  await post(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
  const requester = { id: crypto.randomUUID(), email: 'requester@bench.test', name: 'requester', role: 'finance' as const };
  const { user: approver, key: approverKey } = await approverWithPasskey(db, 'approver');
  const newPayout = async () => {
    const p = await requestPayout(
      requester,
      { requestId: newIdempotencyKey(), sourceAccountId: account.id, sourceAsset: 'USD', beneficiaryId: b.id, instructionId, fixedSide: 'source', amount: '10.00', memo: 'bench' },
      { client },
    );
    const preview = await previewQuote(approver, p.id, { client });
    return { id: p.id, quoteId: preview.quoteId, acknowledged: preview.needsAcknowledgement };
  };
  const plain: number[] = [];
  const signed: number[] = [];
  for (let i = 0; i < APPROVALS; i++) {
    // Alternate, so a drift of the machine's load hits both alike.
    const a = await newPayout();
    const t0 = performance.now();
    await approvePayout(approver, { requestId: a.id, previewQuoteId: a.quoteId, acknowledged: a.acknowledged }, { client });
    plain.push(performance.now() - t0);

    const s = await newPayout();
    const intent = { payoutId: s.id, previewQuoteId: s.quoteId, acknowledged: s.acknowledged };
    const challenge = await beginPayoutStepUpFor(approver, intent, deps());
    const answer = approverKey.assert(challenge.digest);
    const t1 = performance.now();
    await approvePayoutWithStepUp(approver, { ...intent, stepUp: { challengeId: challenge.challengeId, webauthn: answer } }, { client, stepUp: deps() });
    signed.push(performance.now() - t1);
  }

  const [l1, l5] = loadavg();
  console.log(`load average (1 min / 5 min): ${l1!.toFixed(2)} / ${l5!.toFixed(2)}`);
  console.log(`verify a step-up assertion (consumeStepUp):       ${fmt(verify)}`);
  console.log(`re-check a stored proof (audit Verify):           ${fmt(recheck)}`);
  console.log(`approve a payout without step-up:                 ${fmt(plain)}`);
  console.log(`approve a payout with step-up (+ rate-bound quote): ${fmt(signed)}`);
  console.log(`step-up's share of an approval (p50):             +${(percentile(signed, 50) - percentile(plain, 50)).toFixed(2)} ms`);

  server.close();
  await sandbox.stop();
  await pg.close();
  rmSync(dir, { recursive: true, force: true });
}

/** beginPayoutStepUp's statement with the bench's explicit step-up dependencies. */
async function beginPayoutStepUpFor(user: SessionUser, intent: { payoutId: string; previewQuoteId: string; acknowledged: boolean }, d: StepUpDeps) {
  return beginStepUpWith(d, user, await payoutStepUpStatement(user, intent));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
