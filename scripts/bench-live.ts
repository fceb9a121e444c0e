/**
 * Live-update figures (`npm run bench:live`), everything in this process on in-memory PGlite, over real HTTP on
 * 127.0.0.1 — the default set-up's pieces (embedded sandbox with its background loop, the console's receiver,
 * the in-process bus, the SSE stream) wired as in the app, minus Next's routing:
 *
 * 1. transition → SSE: a sandbox state change (transfer created = OPERATION_REQUESTED, then the complete helper =
 *    OPERATION_COMPLETED) until its message is read by each of BENCH_STREAMS (50) headless clients of the live
 *    stream, open at once as 50 tabs would be; 500 transitions, one latency per transition and stream.
 * 2. receiver: 1,000 signed deliveries (10 % repeats of an earlier message id), 10 at a time; p50/p95 and
 *    exactly one stored row per message id.
 * 3. CSV export of 10,000 operations through the service's pages (lib/api client over HTTP): time and the
 *    peak RSS growth of this process while exporting.
 *
 * Env: BENCH_STREAMS (50), BENCH_TRANSITIONS (500), BENCH_DELIVERIES (1000), BENCH_EXPORT_OPS (10000), BENCH_PARTS=sse,receiver,csv.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { count, countDistinct } from 'drizzle-orm';
import { createApiClient } from '../lib/api/client';
import { listOperations } from '../lib/api/operations';
import { useTestDatabase as openConsoleDatabase, type ConsoleDb } from '../lib/db/client';
import { receivedEvents } from '../lib/db/schema';
import { parseLiveEvent, type LiveEvent } from '../lib/domain/live/events';
import { operationsCsv } from '../lib/domain/operations/export';
import { createMemoryBus } from '../lib/live/bus';
import { receiveWebhook } from '../lib/live/receiver';
import { openLiveStream } from '../lib/live/stream';
import { latestSeq, listEventsAfter } from '../lib/live/store';
import { createCustomer } from '../lib/sandbox/core/customers';
import { fromPglite } from '../lib/sandbox/core/sql';
import { createSandbox, type Sandbox } from '../lib/sandbox/index';
import { settleInFlightDeliveries } from '../lib/sandbox/webhooks/delivery';

const TRANSITIONS = Number(process.env.BENCH_TRANSITIONS ?? 500);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const EXPORT_OPS = Number(process.env.BENCH_EXPORT_OPS ?? 10_000);
const STREAMS = Math.max(1, Number(process.env.BENCH_STREAMS ?? 50));
const PARTS = new Set((process.env.BENCH_PARTS ?? 'sse,receiver,csv').split(','));

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const r = (n: number) => Math.round(n * 10) / 10;
  return { n: sorted.length, p50: r(at(0.5)), p95: r(at(0.95)), max: r(sorted[sorted.length - 1]) };
}

function toRequest(req: IncomingMessage, origin: string, controller: AbortController): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`${origin}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal: controller.signal,
    duplex: 'half',
  } as RequestInit);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

const OWNER = {
  type: 'COMPANY',
  legalName: 'Bench Importação Ltda',
  taxId: { value: '11222333000181', type: 'CNPJ' },
  industry: 'INFORMATION_TECHNOLOGY',
  incorporateDate: '2015-03-01',
  address: { addressLine1: 'Rua Augusta, 500', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01304-001' },
};

async function api(sandbox: Sandbox, token: string, method: string, path: string, body?: unknown): Promise<{ id: string }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (method === 'POST') headers['X-Idempotency-Key'] = randomUUID();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await sandbox.handle(new Request(`http://sandbox.bench${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { id: string }) : { id: '' };
}

async function main() {
  const sandboxPg = new PGlite();
  const sandbox = createSandbox({ sql: fromPglite(sandboxPg) });
  await sandbox.ready;
  const consolePg = new PGlite();
  const db: ConsoleDb = await openConsoleDatabase(consolePg);
  const bus = createMemoryBus();
  const customer = await createCustomer(sandbox.services.sql, { name: 'Bench Co', auto: false, now: sandbox.services.clock.now() });
  const token = await sandbox.tokens.issue(customer);
  const credentials = { clientId: customer.clientId, clientSecret: customer.clientSecret };
  const receiverTimes: number[] = [];

  const server = createServer((req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const request = toRequest(req, origin, controller);
    const path = (req.url ?? '/').split('?')[0];
    const t0 = performance.now();
    if (req.method === 'POST' && path === '/api/webhooks') {
      void receiveWebhook(request, { getDb: async () => db, getCredentials: async () => credentials, getBus: async () => bus })
        .then((r) => {
          receiverTimes.push(performance.now() - t0);
          return send(res, r);
        })
        .catch(() => res.writeHead(500).end());
    } else if (path === '/api/live') {
      const stream = openLiveStream({
        bus,
        lastEventId: null,
        loadAfter: (seq, limit) => listEventsAfter(db, seq, limit),
        latestSeq: () => latestSeq(db),
        checkSession: async () => true,
        status: async () => ({ receiving: true }),
        signal: controller.signal,
      });
      void send(res, new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } }));
    } else if (path.startsWith('/sandbox/')) {
      void sandbox
        .handle(new Request(`http://sandbox.bench${req.url!.slice('/sandbox'.length)}`, { method: req.method, headers: request.headers, body: request.body, duplex: 'half' } as RequestInit))
        .then((r) => send(res, r));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const acc = await api(sandbox, token, 'POST', '/api/accounts', { assets: [{ code: 'BRL', isVirtual: false }], owner: OWNER });
    await api(sandbox, token, 'POST', `/_sandbox/accounts/${acc.id}/activate`);
    accounts.push(acc.id);
  }
  await api(sandbox, token, 'POST', `/_sandbox/accounts/${accounts[0]}/balances`, { asset: 'BRL', value: '100000000.00' });
  sandbox.start();

  try {
    if (PARTS.has('sse')) {
      await api(sandbox, token, 'POST', '/api/subscriptions', { url: `${origin}/api/webhooks`, includeAll: true, allowRetry: true });
      // The headless clients: STREAMS SSE connections (one browser tab each), messages timestamped as parsed.
      const liveAbort = new AbortController();
      const openClient = async () => {
        const got: Array<{ at: number; event: LiveEvent }> = [];
        const waiters: Array<() => void> = [];
        const live = await fetch(`${origin}/api/live`, { signal: liveAbort.signal });
        void (async () => {
          const reader = live.body!.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (block.includes('event: change') && data) {
                const event = parseLiveEvent(data.slice(6));
                if (event) got.push({ at: performance.now(), event });
                for (const w of waiters.splice(0)) w();
              }
            }
          }
        })();
        const waitFor = async (n: number) => {
          const deadline = Date.now() + 10_000;
          while (got.length < n) {
            if (Date.now() > deadline) throw new Error(`SSE got ${got.length}/${n}`);
            await new Promise<void>((r) => {
              waiters.push(r);
              setTimeout(r, 200);
            });
          }
          return got[n - 1];
        };
        return { waitFor };
      };
      const clients: Array<Awaited<ReturnType<typeof openClient>>> = [];
      for (let i = 0; i < STREAMS; i++) clients.push(await openClient());
      await new Promise((r) => setTimeout(r, 200));
      // One latency per transition and stream: from the service call's start until that stream's client parsed it.
      const latencies: number[] = [];
      const everyClient = async (n: number, type: string, t0: number) => {
        const events = await Promise.all(clients.map((c) => c.waitFor(n)));
        for (const e of events) {
          if (e.event.type !== type) throw new Error(`expected ${type}, got ${e.event.type}`);
          latencies.push(e.at - t0);
        }
      };
      let seen = 0;
      for (let i = 0; i < TRANSITIONS / 2; i++) {
        let t0 = performance.now();
        const op = await api(sandbox, token, 'POST', '/api/operations/transfer', {
          sourceAccountId: accounts[0],
          targetAccountId: accounts[1],
          amount: { value: '1.00', asset: 'BRL' },
        });
        await everyClient(++seen, 'OPERATION_REQUESTED', t0);
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
        t0 = performance.now();
        await api(sandbox, token, 'POST', `/_sandbox/operations/${op.id}/complete`);
        await everyClient(++seen, 'OPERATION_COMPLETED', t0);
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
      }
      liveAbort.abort();
      const p = percentiles(latencies);
      console.log(
        `transition → SSE message at the client (ms), ${STREAMS} open streams: p50 ${p.p50}  p95 ${p.p95}  max ${p.max}  ` +
          `(n=${p.n}: ${TRANSITIONS} transitions × ${STREAMS} streams; goal p95 <= 200: ${p.p95 <= 200 ? 'met' : 'not met'}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')})`,
      );
      const r = percentiles(receiverTimes);
      console.log(`  receiver time for those deliveries (ms): p50 ${r.p50}  p95 ${r.p95}  max ${r.max}`);
      await settleInFlightDeliveries(sandbox.services);
    }

    if (PARTS.has('receiver')) {
      await db.delete(receivedEvents);
      receiverTimes.length = 0;
      const ids: string[] = [];
      const plan: string[] = [];
      for (let i = 0; i < DELIVERIES; i++) {
        // Every tenth delivery repeats an earlier message id (a re-delivery after a crash).
        if (i % 10 === 9 && ids.length > 0) plan.push(ids[Math.floor(Math.random() * ids.length)]);
        else {
          const id = randomUUID();
          ids.push(id);
          plan.push(id);
        }
      }
      const body = JSON.stringify({
        customerId: customer.id,
        account: { owner: 'Bench' },
        sourceAmount: { value: '1.00', asset: 'BRL', decimals: 2 },
        destinationAmount: { value: '1.00', asset: 'BRL', decimals: 2 },
        intent: { type: 'TRANSFER' },
        fees: [],
        transactions: [],
        currentState: { status: 'COMPLETED', createdAt: new Date().toISOString() },
        atTime: new Date().toISOString(),
        quote: null,
        tags: [],
      });
      const statuses = new Map<number, number>();
      const clientTimes: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < plan.length) {
          const messageId = plan[next++];
          const t0 = performance.now();
          const res = await fetch(`${origin}/api/webhooks`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Event-Type': 'OPERATION_COMPLETED',
              'X-Resource-Name': 'OPERATION',
              'X-Message-Id': messageId,
              'X-Message-Signature': createHmac('sha256', credentials.clientSecret).update(`${messageId}+${credentials.clientId}`).digest('hex'),
            },
            body,
          });
          await res.arrayBuffer();
          clientTimes.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 10 }, worker));
      const [{ rows }] = await db.select({ rows: count() }).from(receivedEvents);
      const [{ distinct }] = await db.select({ distinct: countDistinct(receivedEvents.messageId) }).from(receivedEvents);
      const unique = new Set(plan).size;
      const c = percentiles(clientTimes);
      const s = percentiles(receiverTimes);
      console.log(
        `receiver, ${plan.length} deliveries (${plan.length - unique} repeats), 10 concurrent: round trip p50 ${c.p50}  p95 ${c.p95}  max ${c.max} ms; ` +
          `in the handler p50 ${s.p50}  p95 ${s.p95} ms (goal p95 <= 50); statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `stored ${rows} rows for ${unique} message ids (${distinct} distinct) — ${rows === unique && distinct === unique ? 'exactly one each' : 'MISMATCH'}`,
      );
    }

    if (PARTS.has('csv')) {
      await sandbox.stop();
      const t0 = performance.now();
      let made = 0;
      const maker = async () => {
        while (made < EXPORT_OPS) {
          made++;
          await api(sandbox, token, 'POST', '/api/operations/transfer', {
            sourceAccountId: accounts[0],
            targetAccountId: accounts[1],
            amount: { value: '1.00', asset: 'BRL' },
          });
        }
      };
      await Promise.all(Array.from({ length: 4 }, maker));
      console.log(`  (created ${EXPORT_OPS} operations in ${Math.round(performance.now() - t0)} ms)`);
      const client = createApiClient({ baseUrl: `${origin}/sandbox`, credentials });
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t1 = performance.now();
      const first = await listOperations({ limit: 100 }, { client });
      const gen = operationsCsv(first, (cursor) => listOperations({ limit: 100, cursor, direction: 'NEXT' }, { client }));
      let bytes = 0;
      let lines = 0;
      for (;;) {
        const { value, done } = await gen.next();
        if (done) {
          lines = value.rows;
          break;
        }
        bytes += Buffer.byteLength(value);
      }
      clearInterval(sampler);
      const ms = Math.round(performance.now() - t1);
      console.log(
        `CSV export of ${lines} operations: ${ms} ms, ${(bytes / 1024 / 1024).toFixed(2)} MB; peak RSS growth ${((peak - rssBefore) / 1024 / 1024).toFixed(1)} MB ` +
          `(this process also serves the sandbox's pages)`,
      );
    }
  } finally {
    await sandbox.stop();
    server.closeAllConnections();
    server.close();
    await sandboxPg.close();
    await consolePg.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
