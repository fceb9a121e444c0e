import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInViaApi, signInViaUi } from '../e2e/helpers/auth';
import { SCALE_LOG_DIR, SCALE_PORT_C, SCALE_PORTS, SCALE_RECEIVER_PORT, SCALE_WEBHOOK_ALLOW } from '../playwright.scale.config';

// A third console instance (C) from the same build on the same PostgreSQL, started here through `npm start`'s
// script (scripts/start.mjs hands SIGTERM to the console's drain instead of Next's), so the test can stop it.
const [A] = SCALE_PORTS.map((port) => `http://localhost:${port}`);
const PORT_C = SCALE_PORT_C;
const C = `http://localhost:${PORT_C}`;

function startInstanceC(): ChildProcess {
  const dataDir = `.data-scale-${PORT_C}`;
  return spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT_C),
      HOSTNAME: '127.0.0.1',
      PUBLIC_URL: C,
      NEXTAUTH_URL: C,
      NEXTAUTH_SECRET: process.env.SCALE_NEXTAUTH_SECRET!,
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: process.env.SCALE_ACTIONS_KEY!,
      NEXT_TELEMETRY_DISABLED: '1',
      // Its sandbox loop delivers like the others' (any instance may make any delivery).
      SANDBOX_WEBHOOK_ALLOW: SCALE_WEBHOOK_ALLOW,
      SHUTDOWN_DEADLINE_MS: '8000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the clean-up can stop start.mjs and the Next server it runs together.
    detached: true,
  });
}

/** C's output, kept where the scale run's log scan reads every instance's lines (playwright.scale.config.ts). */
function keepLog(output: string[]): void {
  const file = path.join(process.cwd(), SCALE_LOG_DIR, `server-${PORT_C}.log`);
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, output.join(''));
}

async function waitUntilUp(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up within ${ms} ms`);
}

/** Reads an SSE response until `needle` is in what arrived, or the stream ends. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const state = { text: '', ended: false };
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      state.text += new TextDecoder().decode(value);
    }
    state.ended = true;
  })();
  const waitFor = async (test: () => boolean, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms; got: ${state.text.slice(-400)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { state, pump, waitFor };
}

test('SIGTERM during an open live stream: the stream gets a retry hint and an end, the instance exits 0, the browser reconnects elsewhere', async ({ playwright }) => {
  test.setTimeout(240_000);
  const c = startInstanceC();
  const output: string[] = [];
  c.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  c.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitUntilUp(`${C}/api/ready`, 180_000);
    // A session made on C (the sessions live in the shared database, so A honours it too).
    const session = await playwright.request.newContext({ baseURL: C });
    await signInViaApi(session, C, 'viewer@acme.test', 'demo-viewer-2026');
    const cookie = (await session.storageState()).cookies.map((k) => `${k.name}=${k.value}`).join('; ');
    await session.dispose();

    const stream = await fetch(`${C}/api/live`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const sse = sseReader(stream.body!);
    await sse.waitFor(() => sse.state.text.includes('event: status'), 'status event', 15_000);

    const exited = once(c, 'exit');
    c.kill('SIGTERM');
    // The drain's first stage: a short retry hint, then `end` with the reason, then the stream closes.
    await sse.waitFor(() => sse.state.ended, 'end of the stream', 10_000);
    expect(sse.state.text).toMatch(/\nretry: \d+\n/);
    expect(sse.state.text).toMatch(/event: end\ndata: \{"reason":"restart"\}/);
    const [code] = (await exited) as [number | null];
    expect(code, output.join('').slice(-1500)).toBe(0);
    expect(output.join('')).toMatch(/"step":"live stream".*"msg":"drained"/);
    // C no longer answers; the browser's reconnect (through the balancer) reaches A with the same cookie.
    expect(await fetch(`${C}/api/health`).then(() => 'up', () => 'down')).toBe('down');
    const again = await fetch(`${A}/api/live`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(again.status).toBe(200);
    const resumed = sseReader(again.body!);
    await resumed.waitFor(() => resumed.state.text.includes('event: status'), 'status event on A', 15_000);
    await again.body!.cancel().catch(() => {});
  } finally {
    keepLog(output);
    if (c.exitCode === null && c.signalCode === null && c.pid) {
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});


// ---- SIGTERM during a webhook replay job -----------------------------------------------------------------------

/** The test's webhook endpoint: every request it gets, by message id. */
function startReceiver(port: number): Promise<{ server: Server; got: Array<{ path: string; messageId: string }> }> {
  const got: Array<{ path: string; messageId: string }> = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.push({ path: req.url ?? '', messageId: String(req.headers['x-message-id']) });
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, got })));
}

/** The console's own customer (acme-demo) in the shared sandbox schema, through A's mount. */
async function demoSandbox(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } }) {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ client_id: string; client_secret: string }>(
    "select client_id, client_secret from sandbox.customers where client_id = 'acme-demo'",
  );
  await db.end();
  const api = await playwright.request.newContext({ baseURL: `${A}/sandbox/` });
  const tokenRes = await api.post('api/oauth/client/token', {
    headers: { 'X-Idempotency-Key': crypto.randomUUID() },
    data: { clientId: rows[0].client_id, clientSecret: rows[0].client_secret },
  });
  expect(tokenRes.status(), await tokenRes.text()).toBe(200);
  const { accessToken } = (await tokenRes.json()) as { accessToken: string };
  const call = async <T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
    const res = await api.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, ...(method === 'POST' ? { 'X-Idempotency-Key': crypto.randomUUID() } : {}) },
      data,
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  };
  const remove = async (path: string) => {
    await api.delete(path, { headers: { Authorization: `Bearer ${accessToken}` } });
  };
  return { api, call, remove };
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

test('SIGTERM during a webhook replay job: the job stops at a checkpoint, C exits 0, another instance finishes it, nothing is sent twice', async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const EVENTS = 40; // 20 transfers × (requested + completed); at the job's 5 resends a second: about 8 s of work
  const receiver = await startReceiver(SCALE_RECEIVER_PORT);
  const endpoint = `http://127.0.0.1:${SCALE_RECEIVER_PORT}/hook/replay-${Date.now().toString(36)}`;
  const c = startInstanceC();
  const output: string[] = [];
  c.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  c.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const { api, call, remove } = await demoSandbox(playwright);
  // What reached this test's endpoint (a subscription left by an earlier run of the test may call the same port).
  const got = () => receiver.got.filter((g) => g.path === new URL(endpoint).pathname);
  let subscriptionId: string | undefined;
  try {
    // The demo customer's endpoint, its next 40 deliveries failing without reaching it (no automatic retries).
    const sub = await call<{ id: string }>('POST', 'api/subscriptions', { url: endpoint, includeAll: true, allowRetry: false });
    subscriptionId = sub.id;
    await call('POST', '_sandbox/deliveries/fail-next', { url: endpoint, count: EVENTS });
    const { data: accounts } = await call<{ data: Array<{ id: string; owner: { legalName?: string } }> }>('GET', 'api/accounts?limit=100');
    const byName = Object.fromEntries(accounts.map((a) => [a.owner.legalName ?? a.id, a.id]));
    const main = byName['Acme Importação Ltda'];
    const treasury = byName['Acme Importação Ltda — Tesouraria'];
    expect(main && treasury, JSON.stringify(Object.keys(byName))).toBeTruthy();
    for (let i = 0; i < EVENTS / 2; i++) {
      await call('POST', 'api/operations/transfer', { sourceAccountId: main, targetAccountId: treasury, amount: { value: '0.01', asset: 'BRL' } });
    }
    await expect
      .poll(async () => (await call<{ data: unknown[] }>('GET', `api/subscriptions/${sub.id}/executionLogs?status=FAILED&limit=100`)).data.length, {
        timeout: 60_000,
        intervals: [500, 1000],
      })
      .toBe(EVENTS);
    expect(got(), 'the failed deliveries never reached the endpoint').toEqual([]);

    // The replay is started on C (the action wakes C's runner, which claims the job at once).
    await waitUntilUp(`${C}/api/ready`, 180_000);
    const context = await browser.newContext({ baseURL: C });
    const page = await context.newPage();
    await signInViaUi(page, 'admin@acme.test', 'demo-admin-2026');
    await page.goto(`/webhooks/${sub.id}`);
    await page.getByRole('button', { name: 'Count failed deliveries' }).click();
    await expect(page.getByTestId('replay-dry-run')).toContainText(`${EVENTS} failed messages will be resent.`);
    await page.getByRole('button', { name: `Resend ${EVENTS}` }).click();
    await expect(page.getByTestId('replay-job')).toHaveAttribute('data-status', 'RUNNING');
    await context.close();
    const [job] = await query<{ id: string }>(
      'select id from console.webhook_replay_jobs where subscription_id = $1 order by created_at desc limit 1',
      [sub.id],
    );
    const sentCount = async () =>
      Number((await query<{ n: string }>("select count(*) as n from console.webhook_replay_items where job_id = $1 and status = 'SENT'", [job.id]))[0].n);

    // A few resends in, C is stopped right after one (while its runner waits for the next slot at the job's rate).
    await expect.poll(sentCount, { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(5);
    expect(output.join(''), 'C works the job').toContain(`"jobId":"${job.id}"`);
    const itemLines = () => output.join('').split('"msg":"replay item"').length;
    const before = itemLines();
    await expect.poll(itemLines, { timeout: 10_000, intervals: [5] }).toBeGreaterThan(before);
    const exited = once(c, 'exit');
    const stoppedAt = Date.now();
    c.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    const log = output.join('');
    expect(code, log.slice(-1500)).toBe(0);
    expect(Date.now() - stoppedAt, 'within SHUTDOWN_DEADLINE_MS').toBeLessThan(8_000 + 2_000);
    expect(log).toMatch(/"jobId":"[^"]+".*"msg":"replay job paused for shutdown"/);
    expect(log).toMatch(/"step":"webhook replay runner".*"msg":"drained"/);
    // Paused at a checkpoint: nothing settled as failed, part of the job still to do; at most the one resend the
    // closing listener broke is left in flight (SENDING), to go first, with its key, on the next instance.
    const atExit = await query<{ status: string; n: string }>(
      'select status, count(*) as n from console.webhook_replay_items where job_id = $1 group by status',
      [job.id],
    );
    const counts = Object.fromEntries(atExit.map((r) => [r.status, Number(r.n)]));
    expect(counts.SENDING ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(1);
    expect((counts.FAILED ?? 0) + (counts.REFUSED ?? 0), JSON.stringify(counts)).toBe(0);
    expect(counts.PENDING ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    const sentByC = counts.SENT ?? 0;
    const [held] = await query<{ status: string; lease_owner: string | null }>('select status, lease_owner from console.webhook_replay_jobs where id = $1', [job.id]);
    expect(held.status).toBe('RUNNING');

    // A (or B) takes the job over (its idle runner looks at least every 30 s) and finishes it.
    await expect
      .poll(async () => (await query<{ status: string }>('select status from console.webhook_replay_jobs where id = $1', [job.id]))[0].status, {
        timeout: 90_000,
        intervals: [500, 1000],
      })
      .toBe('COMPLETED');
    expect(await sentCount()).toBe(EVENTS);
    // Time for a second copy of any message to arrive.
    await new Promise((r) => setTimeout(r, 3_000));
    const items = await query<{ message_id: string }>('select message_id from console.webhook_replay_items where job_id = $1', [job.id]);
    const received = new Map<string, number>();
    for (const g of got()) received.set(g.messageId, (received.get(g.messageId) ?? 0) + 1);
    expect([...received].filter(([, n]) => n > 1), 'messages the endpoint got more than once').toEqual([]);
    expect(items.filter((i) => received.get(i.message_id) !== 1).map((i) => i.message_id), 'messages never received').toEqual([]);
    // The stop cost no item a failed attempt (C did not call its own service after it stopped listening).
    const troubled = await query<{ log_id: string; attempts: number; error: string | null }>(
      'select log_id, attempts, error from console.webhook_replay_items where job_id = $1 and (attempts <> 1 or error is not null)',
      [job.id],
    );
    expect(troubled, 'items with a failed attempt').toEqual([]);
    expect(got()).toHaveLength(EVENTS);
    expect(sentByC, 'C sent part of the job, the other instance the rest').toBeLessThan(EVENTS);
  } finally {
    if (subscriptionId) await remove(`api/subscriptions/${subscriptionId}`);
    await api.dispose();
    await new Promise((r) => receiver.server.close(r));
    keepLog(output);
    if (c.exitCode === null && c.signalCode === null && c.pid) {
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
