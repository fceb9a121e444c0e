/**
 * `npm run bench:payouts` — exactly-once under load: N payout requests (BENCH_PAYOUTS, default 500), each hit by
 * C concurrent approve calls (BENCH_APPROVE_CALLS, default 20: two approvers racing, each double-clicking), P
 * requests at a time (BENCH_PARALLEL, default 5). Console and sandbox share one embedded PGlite on disk as in
 * the app; the console reaches the sandbox over real HTTP (a loopback node:http server over its handler).
 * Prints the time and the number of withdrawals counted through the service's API (must equal N).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApiClient } from '../lib/api/client';
import { iterateItems } from '../lib/api/pagination';
import { listOperations } from '../lib/api/operations';
import { newIdempotencyKey } from '../lib/api/request';
import { useTestDatabase as attachDatabase } from '../lib/db/client';
import type { PayoutActor } from '../lib/payouts/actor';
import { approvePayout, previewQuote } from '../lib/payouts/approval';
import { requestPayout } from '../lib/payouts/request';
import { idsInStatus } from '../lib/payouts/store';
import { createSandbox } from '../lib/sandbox';
import { fromPglite } from '../lib/sandbox/core/sql';

// The approvers below are made up (no console user rows); the approver cool-off would refuse them. This measures
// exactly-once, not the cool-off, so it is off here unless set.
process.env.APPROVER_COOL_OFF_HOURS ??= '0';

const N = Number(process.env.BENCH_PAYOUTS ?? 500);
const CALLS = Number(process.env.BENCH_APPROVE_CALLS ?? 20);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 5);
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-payouts-'));
  const pg = await PGlite.create(path.join(dir, 'pglite'));
  await attachDatabase(pg); // the console's tables on the same embedded database as the sandbox, as in the app
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

  const who = (name: string): PayoutActor => ({ id: crypto.randomUUID(), email: `${name}@bench.test`, name, role: 'finance' });
  const requester = who('requester');
  const approvers = [who('approver-1'), who('approver-2')];
  const outcomes = new Map<string, number>();
  const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);

  const started = performance.now();
  let approveCalls = 0;
  async function one(): Promise<void> {
    const p = await requestPayout(
      requester,
      { requestId: newIdempotencyKey(), sourceAccountId: account.id, sourceAsset: 'USD', beneficiaryId: b.id, instructionId, fixedSide: 'source', amount: '10.00', memo: 'bench' },
      { client },
    );
    const previews = await Promise.all(approvers.map((a) => previewQuote(a, p.id, { client })));
    await Promise.all(
      Array.from({ length: CALLS }, (_, i) => {
        approveCalls++;
        const a = i % approvers.length;
        return approvePayout(approvers[a]!, { requestId: p.id, previewQuoteId: previews[a]!.quoteId, acknowledged: false }, { client }).then(
          (r) => count(r.replayed ? `replayed:${r.status}` : r.status),
          (e: { code?: string }) => count(`refused:${e.code ?? 'ERROR'}`),
        );
      }),
    );
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < N) {
        next++;
        await one();
      }
    }),
  );
  const approveSeconds = (performance.now() - started) / 1000;

  let withdrawals = 0;
  for await (const _op of iterateItems((cursor) => listOperations({ intentType: 'WITHDRAWAL', limit: 100, cursor }, { client }))) withdrawals++;
  const processing = (await idsInStatus(['PROCESSING'])).length;

  console.log(`payout requests:            ${N}`);
  console.log(`approve calls:              ${approveCalls} (${CALLS} concurrent per request, ${PARALLEL} requests at a time)`);
  console.log(`outcomes:                   ${[...outcomes].map(([k, v]) => `${k}=${v}`).join(', ')}`);
  console.log(`time:                       ${approveSeconds.toFixed(1)} s (${(approveCalls / approveSeconds).toFixed(0)} approve calls/s, request + previews included)`);
  console.log(`withdrawals via the API:    ${withdrawals} (requests in PROCESSING: ${processing})`);
  console.log(withdrawals === N && processing === N ? 'OK: exactly one withdrawal per request' : 'MISMATCH');

  server.close();
  await sandbox.stop();
  await pg.close();
  rmSync(dir, { recursive: true, force: true });
  if (withdrawals !== N) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
