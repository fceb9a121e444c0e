/**
 * Replay against the REAL sandbox (in-process, MSW routes https://fx.test/* to its handler; deliveries go to a
 * loopback URL MSW answers): failed deliveries made with the sandbox's fail-next helper are planned (dry run),
 * resent by the runner through lib/api with keys derived from job + log, and delivered; a resumed job that resends
 * an item again with the same key makes no second delivery; afterwards nothing is left to replay.
 */
import { PGlite } from '@electric-sql/pglite';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite } from '@/lib/sandbox/core/sql';
import { createAccount } from '../api/accounts';
import { createApiClient, type ApiClient } from '../api/client';
import { createTransfer } from '../api/operations';
import { newIdempotencyKey } from '../api/request';
import { createSubscription, listExecutionLogs, resendExecutionLog } from '../api/subscriptions';
import { recordingLogger } from '../api/testing/fakes';
import { failNextDeliveries } from '../api/webhooks';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { planReplay } from './execution-log-reads';
import { claimReplayJob, workReplayJob } from './replay-runner';
import { getReplayJob, insertReplayJob } from './replay-store';

const BASE = 'https://fx.test';
const HOOK = 'http://localhost:4998/replay-hook';

let sandboxPg: PGlite;
let consolePg: PGlite;
let db: ConsoleDb;
let sandbox: Sandbox;
const delivered: string[] = [];
const server = setupServer(
  http.all(`${BASE}/*`, ({ request }) => sandbox.handle(request)),
  http.post(HOOK, ({ request }) => {
    delivered.push(request.headers.get('x-message-id') ?? '');
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(async () => {
  sandboxPg = new PGlite();
  sandbox = createSandbox({ sql: fromPglite(sandboxPg), basePath: '' });
  await sandbox.ready;
  consolePg = new PGlite();
  db = await useTestDatabase(consolePg);
  server.listen({ onUnhandledRequest: 'error' });
}, 120_000);
afterAll(async () => {
  server.close();
  resetDatabaseForTests();
  await sandbox.stop();
  await sandboxPg.close();
  await consolePg.close();
});

async function helper(path: string, body: unknown, token?: string) {
  const headers = new Headers({ 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await sandbox.handle(new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };
async function activeAccount(client: ApiClient, legalName: string, taxId: string): Promise<string> {
  const { data } = await createAccount(
    { assets: [{ code: 'BRL', isVirtual: false }], owner: { type: 'COMPANY', legalName, taxId: { value: taxId, type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', incorporateDate: '2015-03-10', address } },
    { idempotencyKey: newIdempotencyKey(), client },
  );
  await helper(`/_sandbox/accounts/${data.id}/activate`, {}, await client.tokens.getToken());
  return data.id;
}

describe('replay against the sandbox', () => {
  it('dry run → job → every failed message delivered once; a resumed resend with the same key sends nothing', async () => {
    const created = await helper('/_sandbox/customers', { name: 'Replay Co', auto: false });
    const client = createApiClient({
      baseUrl: BASE,
      credentials: { clientId: created.clientId, clientSecret: created.clientSecret },
      sleep: async () => {},
      random: () => 0,
      logger: recordingLogger(),
    });
    const a = await activeAccount(client, 'Replay A', '11222333000181');
    const b = await activeAccount(client, 'Replay B', '11444777000161');
    await helper(`/_sandbox/accounts/${a}/balances`, { asset: 'BRL', value: '100.00' }, await client.tokens.getToken());
    await sandbox.worker.drain();

    const sub = await createSubscription({ url: HOOK, includeAll: true, allowRetry: false }, { idempotencyKey: newIdempotencyKey(), client });
    await failNextDeliveries({ url: HOOK, count: 4 }, { idempotencyKey: newIdempotencyKey(), client });
    for (let i = 0; i < 4; i++) {
      await createTransfer({ sourceAccountId: a, targetAccountId: b, amount: { value: '1.00', asset: 'BRL' } }, { idempotencyKey: newIdempotencyKey(), client });
    }
    await sandbox.worker.drain();
    const failed = await listExecutionLogs(sub.data.id, { limit: 100 }, { client });
    expect(failed.data.map((l) => l.status)).toEqual(['FAILED', 'FAILED', 'FAILED', 'FAILED']);
    expect(delivered).toHaveLength(0);

    // Dry run: four messages whose newest attempt failed.
    const plan = await planReplay(sub.data.id, { from: null, to: null }, [], { client });
    expect(plan.items).toHaveLength(4);

    const jobId = newIdempotencyKey();
    await insertReplayJob({ id: jobId, subscriptionId: sub.data.id, windowFrom: null, windowTo: null, eventTypes: [], ratePerSecond: 5, actor: { id: newIdempotencyKey(), email: 'admin@acme.test' }, items: plan.items }, db);
    const keys: string[] = [];
    const deps = {
      db,
      owner: 'test-runner',
      leaseMs: 5_000,
      now: () => Date.now(),
      sleep: async () => {},
      resend: async (subscriptionId: string, logId: string, idempotencyKey: string) => {
        keys.push(`${logId}|${idempotencyKey}`);
        await resendExecutionLog(subscriptionId, logId, { idempotencyKey, client });
      },
    };
    const job = await claimReplayJob(deps);
    expect(await workReplayJob(job!, deps)).toBe('completed');
    await sandbox.worker.drain();
    expect((await getReplayJob(jobId, db))?.progress.counts.SENT).toBe(4);
    expect(new Set(delivered)).toEqual(new Set(plan.items.map((i) => i.messageId)));
    expect(delivered).toHaveLength(4);

    // A process that died after the service accepted a resend sends it again with the same key: no new delivery.
    const [logId, key] = keys[0].split('|');
    await resendExecutionLog(sub.data.id, logId, { idempotencyKey: key, client });
    await sandbox.worker.drain();
    expect(delivered).toHaveLength(4);

    // Nothing left to replay: each message's newest attempt is a success.
    expect((await planReplay(sub.data.id, { from: null, to: null }, [], { client })).items).toHaveLength(0);
  }, 60_000);
});
