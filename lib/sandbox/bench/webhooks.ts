import { randomUUID } from 'node:crypto';
import { createCustomer } from '../core/customers';
import { ListQuery, cursorBinding, encodeCursor } from '../core/pagination';
import type { Sandbox } from '../index';
import { settleInFlightDeliveries } from '../webhooks/delivery';
import { startLocalReceiver } from '../testing/local-receiver';

export interface Percentiles {
  samples: number;
  p50: number;
  p95: number;
  max: number;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (n: number) => Math.round(n * 100) / 100;
  return { samples: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]) };
}

async function api(sandbox: Sandbox, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (method === 'POST') headers['X-Idempotency-Key'] = randomUUID();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return sandbox.handle(
    new Request(`http://sandbox.bench${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
}

async function benchCustomer(sandbox: Sandbox): Promise<{ customerId: string; token: string }> {
  const c = await createCustomer(sandbox.services.sql, { name: `Bench ${randomUUID().slice(0, 8)}`, auto: false, now: sandbox.services.clock.now() });
  return { customerId: c.id, token: await sandbox.tokens.issue(c) };
}

/**
 * Delivery latency from the state transition (the emitting transaction commits) to receipt at a real HTTP receiver
 * on 127.0.0.1, with the worker loop running as in production. `wake: true` is what route handlers get (core wakes
 * the worker after every mutating request); `wake: false` measures the polling path (transitions made by the
 * background loop itself are picked up on its next round).
 * The sandbox must be ready; it is started here if it was not.
 */
export async function benchDeliveryLatency(sandbox: Sandbox, opts: { samples?: number; wake?: boolean } = {}): Promise<Percentiles> {
  const samples = opts.samples ?? 200;
  const receiver = await startLocalReceiver();
  try {
    const { customerId, token } = await benchCustomer(sandbox);
    const res = await api(sandbox, token, 'POST', '/api/subscriptions', { url: `${receiver.origin}/bench`, includeAll: true });
    if (res.status !== 201) throw new Error(`subscription not created: ${res.status} ${await res.text()}`);
    sandbox.start();
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await sandbox.services.sql.transaction((tx) =>
        sandbox.services.emit(tx, {
          customerId,
          type: 'OPERATION_COMPLETED',
          resourceName: 'OPERATION',
          resourceId: randomUUID(),
          payload: { customerId, sample: i, currentState: { status: 'COMPLETED', createdAt: new Date().toISOString() } },
        }),
      );
      if (opts.wake !== false) sandbox.services.wake();
      const [got] = (await receiver.waitFor(i + 1, 10_000)).slice(i, i + 1);
      latencies.push(got.receivedAt - t0);
      // Spread the samples over the loop's tick phase instead of always emitting right after a delivery.
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
    }
    return percentiles(latencies);
  } finally {
    await settleInFlightDeliveries(sandbox.services);
    await receiver.close();
  }
}

export interface DeliveryThroughput {
  deliveries: number;
  seconds: number;
  perSecond: number;
  /** CPU of this whole process (sandbox, engine and the local receiver) per delivery, user + system. */
  cpuMsPerDelivery: number;
}

/**
 * Delivery throughput: `messages` events emitted at once (one transaction), then the worker loop as in production
 * delivers them to a real HTTP receiver on 127.0.0.1; time and process CPU until the last is received and every
 * attempt recorded. CPU per delivery is the figure that does not depend on what else the machine runs.
 */
export async function benchDeliveryThroughput(sandbox: Sandbox, opts: { messages?: number } = {}): Promise<DeliveryThroughput> {
  const messages = opts.messages ?? 1_000;
  const receiver = await startLocalReceiver();
  try {
    const { customerId, token } = await benchCustomer(sandbox);
    const res = await api(sandbox, token, 'POST', '/api/subscriptions', { url: `${receiver.origin}/throughput`, includeAll: true });
    if (res.status !== 201) throw new Error(`subscription not created: ${res.status} ${await res.text()}`);
    await sandbox.services.sql.transaction(async (tx) => {
      for (let i = 0; i < messages; i++) {
        await sandbox.services.emit(tx, {
          customerId,
          type: 'OPERATION_COMPLETED',
          resourceName: 'OPERATION',
          resourceId: randomUUID(),
          payload: { customerId, sample: i, currentState: { status: 'COMPLETED', createdAt: new Date().toISOString() } },
        });
      }
    });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    sandbox.start();
    sandbox.services.wake();
    await receiver.waitFor(messages, 600_000);
    await settleInFlightDeliveries(sandbox.services);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return {
      deliveries: messages,
      seconds: Math.round(seconds * 100) / 100,
      perSecond: Math.round((messages / seconds) * 10) / 10,
      cpuMsPerDelivery: Math.round(((cpu.user + cpu.system) / 1000 / messages) * 100) / 100,
    };
  } finally {
    await receiver.close();
  }
}

const BENCH_OWNER = {
  type: 'COMPANY',
  legalName: 'Bench Importação Ltda',
  taxId: { value: '11222333000181', type: 'CNPJ' },
  industry: 'INFORMATION_TECHNOLOGY',
  incorporateDate: '2015-03-01',
  address: { addressLine1: 'Rua Augusta, 500', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01304-001' },
};

async function expectJson(res: Response, status: number, what: string): Promise<{ id: string }> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { id: string }) : { id: '' };
}

/**
 * Latency of a real transition through the API: `POST /api/operations/transfer` is sent at t0 and the
 * `OPERATION_REQUESTED` webhook it causes is received at a local receiver (needs the default modules).
 */
export async function benchTransitionLatency(
  sandbox: Sandbox,
  opts: { samples?: number } = {},
): Promise<Percentiles & { request: Percentiles; afterResponse: Percentiles }> {
  const samples = opts.samples ?? 100;
  const receiver = await startLocalReceiver();
  try {
    const { token } = await benchCustomer(sandbox);
    const accounts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const acc = await expectJson(
        await api(sandbox, token, 'POST', '/api/accounts', { assets: [{ code: 'BRL', isVirtual: false }], owner: BENCH_OWNER }),
        201,
        'create account',
      );
      await expectJson(await api(sandbox, token, 'POST', `/_sandbox/accounts/${acc.id}/activate`), 200, 'activate account');
      accounts.push(acc.id);
    }
    await expectJson(
      await api(sandbox, token, 'POST', `/_sandbox/accounts/${accounts[0]}/balances`, { asset: 'BRL', value: '1000000.00' }),
      200,
      'credit balance',
    );
    await expectJson(
      await api(sandbox, token, 'POST', '/api/subscriptions', {
        url: `${receiver.origin}/transition`,
        resources: [{ name: 'OPERATION', events: ['OPERATION_REQUESTED'] }],
      }),
      201,
      'subscribe',
    );
    sandbox.start();
    const latencies: number[] = [];
    const requestTimes: number[] = [];
    const afterResponse: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await expectJson(
        await api(sandbox, token, 'POST', '/api/operations/transfer', {
          sourceAccountId: accounts[0],
          targetAccountId: accounts[1],
          amount: { value: '1.00', asset: 'BRL' },
        }),
        201,
        'transfer',
      );
      const t1 = performance.now();
      const got = (await receiver.waitFor(i + 1, 10_000))[i];
      latencies.push(got.receivedAt - t0);
      requestTimes.push(t1 - t0);
      afterResponse.push(got.receivedAt - t1);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
    }
    return { ...percentiles(latencies), request: percentiles(requestTimes), afterResponse: percentiles(afterResponse) };
  } finally {
    await settleInFlightDeliveries(sandbox.services);
    await receiver.close();
  }
}

export interface LogPageTimes {
  logs: number;
  firstPage: Percentiles;
  deepPage: Percentiles;
  filteredPage: Percentiles;
}

/**
 * Time of `GET /api/subscriptions/{id}/executionLogs` (limit 10, end to end through the handler: auth, validation,
 * keyset query, JSON) with `count` logs on one subscription, bulk-inserted with generate_series.
 */
export async function benchExecutionLogPages(sandbox: Sandbox, count: number, repeats = 50): Promise<LogPageTimes> {
  const { customerId, token } = await benchCustomer(sandbox);
  const created = await api(sandbox, token, 'POST', '/api/subscriptions', { url: 'http://127.0.0.1:9/never-called', includeAll: true });
  const sub = (await created.json()) as { id: string };
  await sandbox.services.sql.query(
    `INSERT INTO sandbox.webhook_execution_logs
       (id, customer_id, subscription_id, message_id, event_type, url, payload, http_status, status, retry_attempts, error,
        created_at, updated_at)
     SELECT gen_random_uuid(), $1, $2, gen_random_uuid(),
            (ARRAY['OPERATION_REQUESTED','OPERATION_COMPLETED','OPERATION_FAILED','ASSET_ACTIVATED'])[1 + g % 4],
            'http://127.0.0.1:9/never-called', '{"customerId":"' || $1 || '","n":' || g || '}',
            CASE WHEN g % 10 = 0 THEN 500 ELSE 200 END, CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 0,
            CASE WHEN g % 10 = 0 THEN 'Endpoint responded with HTTP 500' END,
            now() - (g * interval '1 second'), now() - (g * interval '1 second')
     FROM generate_series(1, $3::int) g`,
    [customerId, sub.id, count],
  );
  await sandbox.services.sql.exec('ANALYZE sandbox.webhook_execution_logs');
  const base = `/api/subscriptions/${sub.id}/executionLogs`;

  async function time(path: string): Promise<Percentiles> {
    const times: number[] = [];
    for (let i = 0; i < repeats + 5; i++) {
      const t0 = performance.now();
      const res = await api(sandbox, token, 'GET', path);
      await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i >= 5) times.push(performance.now() - t0); // first calls warm caches and plans
    }
    return percentiles(times);
  }

  // A cursor in the middle of the history: what a user paging deep into old attempts hits.
  let deepPath = `${base}?limit=10`;
  {
    const { rows } = await sandbox.services.sql.query<{ t: string; id: string }>(
      `SELECT created_at::text AS t, id::text AS id FROM sandbox.webhook_execution_logs
       WHERE subscription_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
      [sub.id, Math.floor(count / 2)],
    );
    if (rows[0]) {
      const cursor = encodeCursor({ t: rows[0].t, i: rows[0].id, d: 'N', s: 'D', b: cursorBinding(new ListQuery('limit=10', base)) });
      deepPath = `${base}?limit=10&cursor=${cursor}`;
    }
  }
  return {
    logs: count,
    firstPage: await time(`${base}?limit=10`),
    deepPage: await time(deepPath),
    filteredPage: await time(`${base}?limit=10&status=FAILED`),
  };
}
