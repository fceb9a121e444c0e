/**
 * `npm run bench:batch` — one batch of 1,000 rows from upload to the last withdrawal created: the file is previewed
 * and submitted as the upload form does (parse, beneficiary directory, validation, valuation), approved once, then
 * executed by the real executor (leased, checkpointed, throttled at PAYOUT_BATCH_ROWS_PER_SECOND, 10 by default)
 * through the real wire client. Console and sandbox share one embedded PGlite on disk as in the app; the console
 * reaches the sandbox over real HTTP (a loopback node:http server over its handler). Prints the time of each phase,
 * the withdrawals counted through the service's API (must be exactly BENCH_ROWS) and the process's peak RSS.
 */
import http from 'node:http';
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApiClient } from '../lib/api/client';
import { iterateItems } from '../lib/api/pagination';
import { createWithdrawal, listOperations } from '../lib/api/operations';
import { createQuote } from '../lib/api/quotes';
import { newIdempotencyKey } from '../lib/api/request';
import { recordSystemApprovals } from '../lib/beneficiaries/key-reviews';
import { getDb, useTestDatabase as attachDatabase } from '../lib/db/client';
import { batchRowsPerSecond, claimBatch, workBatch, type RowSender } from '../lib/payout-batches/executor';
import { approveBatch, previewBatch, submitBatch, type BatchActor } from '../lib/payout-batches/service';
import { batchPageData } from '../lib/payout-batches/progress';
import { rowCounts } from '../lib/payout-batches/store';
import { createSandbox } from '../lib/sandbox';
import { fromPglite } from '../lib/sandbox/core/sql';

process.env.APPROVER_COOL_OFF_HOURS ??= '0';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const PEOPLE = Number(process.env.BENCH_BENEFICIARIES ?? 50);
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

function cpf(n: number): string {
  const base = String(100_000_000 + n * 7919).slice(0, 9).split('').map(Number);
  const digit = (ds: number[]) => {
    const r = (ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base);
  return [...base, d1, digit([...base, d1])].join('');
}

async function main() {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-batch-'));
  const pg = await PGlite.create(path.join(dir, 'pglite'));
  await attachDatabase(pg);
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
      assets: [{ code: 'BRL', isVirtual: false }],
      owner: { type: 'COMPANY', legalName: 'Bench Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
    },
    token,
  );
  await post(`/_sandbox/accounts/${account.id}/activate`, {}, token);
  await post(`/_sandbox/accounts/${account.id}/balances`, { asset: 'BRL', value: '100000000.00' }, token);
  const people: Array<{ taxId: string; key: string }> = [];
  const keys: Array<{ instructionId: string; beneficiaryId: string }> = [];
  for (let i = 0; i < PEOPLE; i++) {
    const taxId = cpf(i + 1);
    const key = `bench-${i}@example.com`;
    const b = await post(
      '/api/beneficiaries',
      {
        holder: { type: 'INDIVIDUAL', firstName: `Person${i}`, lastName: 'Bench', taxId: { type: 'CPF', value: taxId }, dateOfBirth: '1990-05-17', address },
        relationshipType: 'THIRD_PARTY',
        paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: key },
      },
      token,
    );
    const instructionId = (b.paymentInstructions as Array<{ id: string }>)[0]!.id;
    await post(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
    keys.push({ instructionId, beneficiaryId: b.id });
    people.push({ taxId, key });
  }
  await recordSystemApprovals(keys, 'bench');
  // Row i pays person i % PEOPLE an amount unique to it (no duplicate rows), in pt-BR notation with `;`.
  const lines = Array.from({ length: ROWS }, (_, i) => {
    const p = people[i % PEOPLE]!;
    return `${p.taxId};${p.key};1.${String(i).padStart(3, '0')},${String(i % 100).padStart(2, '0')};BRL;Fatura ${i + 1}`;
  });
  const bytes = new TextEncoder().encode(`cpf_cnpj;chave_pix;valor;moeda;descricao\n${lines.join('\n')}\n`);
  const who = (name: string): BatchActor => ({ id: crypto.randomUUID(), email: `${name}@bench.test`, name, role: 'finance' });
  const requester = who('requester');
  const rate = batchRowsPerSecond();
  const sender: RowSender = {
    async quote(input, idempotencyKey) {
      const { data } = await createQuote({ accountId: input.accountId, sourceAsset: input.asset, targetAsset: input.asset, sourceAmount: input.amount }, { client, idempotencyKey });
      return { id: data.id };
    },
    async withdraw(input, idempotencyKey) {
      const { data } = await createWithdrawal(
        { accountId: input.accountId, quoteId: input.quoteId, beneficiary: { type: 'REFERENCE', id: input.beneficiaryId, paymentInstruction: { type: 'REFERENCE', id: input.instructionId } } },
        { client, idempotencyKey },
      );
      return { id: data.id, status: data.currentState.status };
    },
  };

  const t0 = performance.now();
  const preview = await previewBatch(requester, { bytes, sourceAccountId: account.id }, { client });
  const t1 = performance.now();
  const { batch } = await submitBatch(
    requester,
    { batchId: crypto.randomUUID(), bytes, sourceAccountId: account.id, rowCount: preview.fileRowCount, rowsDigest: preview.fileDigest, excludedLines: preview.invalidLines, proceedWithoutInvalid: true },
    { client },
  );
  const t2 = performance.now();
  // As many approvals as the policy's tier for this total asks (two by finance, then one by an admin above 100 000).
  for (const role of ['finance', 'finance', 'admin', 'admin', 'admin'] as const) {
    const r = await approveBatch({ ...who(`approver-${role}`), role }, batch.id).catch((e: { code?: string }) => ({ status: e.code }));
    if (r.status === 'APPROVED') break;
  }
  const db = await getDb();
  const deps = { db, send: sender, owner: 'bench', now: () => Date.now(), sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), leaseMs: 30_000, rowsPerSecond: rate };
  const claimed = await claimBatch(deps);
  if (!claimed) throw new Error('batch not claimed');
  // The batch page's server reads (what /payouts/batches/[batchId] loads), timed every 500 ms while the executor works.
  const pageReads: number[] = [];
  const loads: number[] = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const s = performance.now();
      await batchPageData(batch.id);
      pageReads.push(performance.now() - s);
      loads.push(os.loadavg()[0]!);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const result = await workBatch(claimed, deps);
  const t3 = performance.now();
  reading = false;
  await reader;
  clearInterval(sampler);

  let withdrawals = 0;
  for await (const _op of iterateItems((cursor) => listOperations({ intentType: 'WITHDRAWAL', limit: 100, cursor }, { client }))) withdrawals++;
  const counts = await rowCounts(batch.id);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`rows:                        ${ROWS} (${PEOPLE} beneficiaries; file ${(bytes.byteLength / 1024).toFixed(0)} KiB; ${preview.invalidLines.length} invalid)`);
  console.log(`preview (parse + validate):  ${((t1 - t0) / 1000).toFixed(2)} s`);
  console.log(`submit (read again + store): ${((t2 - t1) / 1000).toFixed(2)} s`);
  console.log(`execution at ${rate} rows/s:     ${((t3 - t2) / 1000).toFixed(1)} s (${result}; ${(ROWS / ((t3 - t2) / 1000)).toFixed(1)} rows/s)`);
  console.log(`upload → last withdrawal:    ${((t3 - t0) / 1000).toFixed(1)} s`);
  console.log(`withdrawals via the API:     ${withdrawals} (rows CREATED ${counts.CREATED}, FAILED ${counts.FAILED})`);
  const sorted = [...pageReads].sort((a, b) => a - b);
  const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(`batch page reads meanwhile:  ${sorted.length} × p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms, max ${pct(1).toFixed(0)} ms (load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)})`);
  console.log(`peak RSS:                    ${mb(peakRss)} (now ${mb(process.memoryUsage().rss)})`);
  console.log(withdrawals === ROWS && counts.CREATED === ROWS ? `OK: exactly ${ROWS} withdrawals` : 'MISMATCH');
  server.close();
  await sandbox.stop();
  await pg.close();
  process.exit(withdrawals === ROWS ? 0 : 1);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
