import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInViaApi, signInViaUi } from '../e2e/helpers/auth';
import { requestBatchViaUi } from '../e2e/helpers/batches';
import { demoTotpCode, secondsToNextStep } from '../e2e/helpers/totp';
import { batchRowKey } from '../lib/domain/payout-batches/keys';
import { SCALE_LOG_DIR, SCALE_PORT_C, SCALE_PORTS, SCALE_RECEIVER_PORT, SCALE_WEBHOOK_ALLOW } from '../playwright.scale.config';

// A third console instance (C) from the same build on the same PostgreSQL, started here through `npm start`'s
// script (scripts/start.mjs hands SIGTERM to the console's drain instead of Next's), so the test can stop it.
const [A] = SCALE_PORTS.map((port) => `http://localhost:${port}`);
const PORT_C = SCALE_PORT_C;
const C = `http://localhost:${PORT_C}`;

function startInstanceC(extraEnv: Record<string, string> = {}): ChildProcess {
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
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the clean-up can stop start.mjs and the Next server it runs together.
    detached: true,
  });
}

/** Sends C SIGTERM and returns its whole output once it exited: with 0, within its deadline (8 s) and a margin. */
async function stopWithinDeadline(c: ChildProcess, output: string[]): Promise<string> {
  const exited = once(c, 'exit');
  const stoppedAt = Date.now();
  c.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  const log = output.join('');
  expect(code, log.slice(-1500)).toBe(0);
  expect(Date.now() - stoppedAt, 'within SHUTDOWN_DEADLINE_MS').toBeLessThan(8_000 + 2_000);
  return log;
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
    const log = await stopWithinDeadline(c, output);
    expect(log).toMatch(/"jobId":"[^"]+".*"msg":"replay job paused for shutdown"/);
    expect(log).toMatch(/"step":"webhook replay runner".*"msg":"drained"/);
    // A resend the closing listener cut off ended at once: no retry against C's own closed port after the signal.
    const afterSignal = log.slice(log.indexOf('"msg":"shutting down"'));
    expect(afterSignal.split('\n').filter((l) => /request\.retry|token\.retry/.test(l)), 'retries after the signal').toEqual([]);
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

// ---- SIGTERM during a batch payout's execution -----------------------------------------------------------------

// The demo seed's beneficiary whose key the system approved (as e2e/payout-batches.spec.ts pays it): every row pays
// it a different amount (the same key, amount and asset twice would be a duplicate row).
const BATCH_TAX_ID = '39053344705';
const BATCH_PIX_KEY = 'joao.pereira@example.com';

/** The approval's step-up with the demo user's authenticator code: the next step's when this one was used at sign-in. */
async function approveWithCode(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Approve batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this batch' });
  await expect(dialog).toBeVisible();
  for (let round = 0; round < 3; round++) {
    for (const offset of [0, 1]) {
      await dialog.getByLabel('Code from your authenticator app').fill(await demoTotpCode(C, email, offset));
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && Boolean(r.request().headers()['next-action']));
      await dialog.getByRole('button', { name: 'Confirm with code and approve' }).click();
      await answered;
      const error = dialog.getByTestId('step-up-error');
      await expect(async () => expect((await dialog.isVisible()) ? await error.isVisible() : true).toBe(true)).toPass({ timeout: 30_000 });
      if (!(await dialog.isVisible())) return;
      const text = (await error.textContent()) ?? '';
      if (!/already used/.test(text)) throw new Error(`step-up refused for ${email}: ${text}`);
    }
    await page.waitForTimeout((secondsToNextStep() + 1) * 1000);
  }
  throw new Error(`step-up: no fresh code for ${email}`);
}

/** The pid in C's JSON log lines (pino's `base`): its executor's lease owner is `console-<pid>-<uuid>`. */
function pidIn(log: string): number | null {
  const match = /"pid":(\d+)/.exec(log);
  return match ? Number(match[1]) : null;
}

test('SIGTERM during a batch payout: C stops between two rows and exits 0, another instance pays the rest, every row exactly once', async ({ browser }) => {
  test.setTimeout(360_000);
  const ROWS = 80;
  // C sends rows as fast as its service answers (no wait between them), so the signal most likely lands inside a
  // row's two calls (quote, withdrawal) — the case where a call is cut off by the closing listener.
  const c = startInstanceC({ PAYOUT_BATCH_ROWS_PER_SECOND: '100' });
  const output: string[] = [];
  c.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  c.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitUntilUp(`${C}/api/ready`, 180_000);
    // Finance uploads the file on C and asks for approval, through the console's own pages.
    const file = [
      'tax_id,pix_key,amount,asset,memo',
      ...Array.from({ length: ROWS }, (_, i) => [BATCH_TAX_ID, BATCH_PIX_KEY, `1.${String(i + 1).padStart(2, '0')}`, 'BRL', `Shutdown ${i + 1}`].join(',')),
    ].join('\n');
    const requesterContext = await browser.newContext({ baseURL: C });
    const requester = await requesterContext.newPage();
    await signInViaUi(requester, 'finance@acme.test', 'demo-finance-2026');
    const batchId = await requestBatchViaUi(requester, { name: 'shutdown.csv', csv: `${file}\n` }, `${ROWS} rows read: ${ROWS} can be paid, 0 cannot.`);
    await requesterContext.close();
    const [batch] = await query<{ source_account_id: string; row_count: number; status: string }>(
      'select source_account_id, row_count, status from console.payout_batches where id = $1',
      [batchId],
    );
    expect(batch).toMatchObject({ row_count: ROWS, status: 'PENDING_APPROVAL' });
    const withdrawalsOfSource = async () =>
      (await query<{ id: string }>("select id from sandbox.operations where intent_type = 'WITHDRAWAL' and account_id = $1", [batch.source_account_id])).map((r) => r.id);
    const before = new Set(await withdrawalsOfSource());

    // Finance 2 approves on C with the step-up (under the policy's first tier: one approval); C's executor takes it.
    const approverContext = await browser.newContext({ baseURL: C });
    const approver = await approverContext.newPage();
    await signInViaUi(approver, 'finance2@acme.test', 'demo-finance2-2026');
    await approver.goto(`/payouts/batches/${batchId}`);
    await approveWithCode(approver, 'finance2@acme.test');
    await approverContext.close();

    const rowCounts = async () => {
      const rows = await query<{ status: string; n: string }>('select status, count(*) as n from console.payout_batch_rows where batch_id = $1 group by status', [batchId]);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
    };
    // Rows whose withdrawal exists (CREATED, or already followed to its end by a payout sweep).
    const sent = (counts: Record<string, number>) => ROWS - (counts.PENDING ?? 0) - (counts.SUBMITTING ?? 0);
    // Part of the way through, C is stopped.
    await expect.poll(async () => sent(await rowCounts()), { timeout: 60_000, intervals: [50] }).toBeGreaterThanOrEqual(15);
    const [held] = await query<{ status: string; lease_owner: string | null }>('select status, lease_owner from console.payout_batches where id = $1', [batchId]);
    const pid = pidIn(output.join(''));
    expect(held.status).toBe('EXECUTING');
    expect(held.lease_owner, 'C (its approval woke its executor) holds the batch').toMatch(new RegExp(`^console-${pid}-`));
    const log = await stopWithinDeadline(c, output);
    expect(log).toMatch(new RegExp(`"batchId":"${batchId}".*"msg":"batch paused for shutdown"`));
    expect(log).toMatch(/"step":"payout batch executor".*"msg":"drained"/);
    // From the signal on, no service call was retried against C's own closed listener (the embedded sandbox).
    const afterSignal = log.slice(log.indexOf('"msg":"shutting down"'));
    expect(afterSignal.split('\n').filter((l) => /request\.retry|token\.retry/.test(l)), 'retries after the signal').toEqual([]);

    // A checkpoint: nothing failed, part of the batch still to send, at most the one row whose calls the stop cut
    // off left in flight (SUBMITTING: sent first, with its keys, by the next holder), the lease released at once.
    const atExit = await rowCounts();
    expect(atExit.SUBMITTING ?? 0, JSON.stringify(atExit)).toBeLessThanOrEqual(1);
    expect(atExit.FAILED ?? 0, JSON.stringify(atExit)).toBe(0);
    expect(atExit.PENDING ?? 0, JSON.stringify(atExit)).toBeGreaterThan(0);
    const sentByC = sent(atExit);
    const [paused] = await query<{ status: string; lease_owner: string | null }>('select status, lease_owner from console.payout_batches where id = $1', [batchId]);
    expect(paused.status).toBe('EXECUTING');
    // C released its lease: free, or already taken by A or B — an idle executor's backoff starts short, so one may look
    // between C's exit and this query (a CI run saw B's lease here).
    expect(paused.lease_owner ?? 'free', 'C released the batch').not.toMatch(new RegExp(`^console-${pid}-`));

    // A (or B) takes the batch over (its idle executor looks at least every 30 s), sends the rest, and its payout
    // sweep follows every withdrawal to its end: the batch completes.
    await expect
      .poll(async () => (await query<{ status: string }>('select status from console.payout_batches where id = $1', [batchId]))[0].status, {
        timeout: 180_000,
        intervals: [1000],
      })
      .toBe('COMPLETED');

    // Every row paid once: the console's rows, the service's withdrawals and its idempotency store agree.
    const rows = await query<{ line: number; status: string; operation_id: string | null; failure: unknown }>(
      'select line, status, operation_id, failure from console.payout_batch_rows where batch_id = $1 order by line',
      [batchId],
    );
    expect(rows).toHaveLength(ROWS);
    expect(rows.filter((r) => r.status !== 'COMPLETED' || r.failure !== null || !r.operation_id), 'rows not paid').toEqual([]);
    const rowOps = rows.map((r) => r.operation_id!);
    expect(new Set(rowOps).size, 'one withdrawal per row').toBe(ROWS);
    const made = (await withdrawalsOfSource()).filter((id) => !before.has(id));
    expect([...made].sort(), 'the withdrawals the service made for the batch are exactly the rows\' ones').toEqual([...rowOps].sort());
    // Each at the service completed, for its row's amount (compared as numbers by PostgreSQL, not by JavaScript).
    const wrong = await query<{ line: number; status: string | null }>(
      `select r.line, o.status from console.payout_batch_rows r left join sandbox.operations o on o.id = r.operation_id
        where r.batch_id = $1 and (o.id is null or o.status <> 'COMPLETED' or o.source_value <> r.amount::numeric)`,
      [batchId],
    );
    expect(wrong, 'rows whose withdrawal is missing, unfinished or of another amount').toEqual([]);
    const keys = rows.map((r) => batchRowKey(batchId, r.line, 'withdrawal'));
    const stored = await query<{ key: string; response_body: string | null }>('select key, response_body from sandbox.idempotency_keys where key = any($1)', [keys]);
    const storedId = new Map(stored.map((s) => [s.key, (JSON.parse(s.response_body ?? '{}') as { id?: string }).id]));
    expect(
      rows.filter((r, i) => storedId.get(keys[i]) !== r.operation_id).map((r) => r.line),
      'rows whose withdrawal is not the one stored under the row\'s key',
    ).toEqual([]);

    // The records agree: one request, one approval, one completion of all rows, the lease let go.
    const audit = await query<{ action: string; outcome: string; details: Record<string, unknown> | null }>(
      "select action, outcome, details from console.audit_events where target = $1 and outcome = 'success' order by at, id",
      [batchId],
    );
    expect(audit.filter((a) => a.action === 'payoutBatches.request')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'payoutBatches.approve')).toHaveLength(1);
    const completions = audit.filter((a) => a.action === 'payoutBatches.complete');
    expect(completions).toHaveLength(1);
    expect(completions[0].details).toEqual({ rows: ROWS, completed: ROWS, failed: 0, cancelled: 0 });
    const [done] = await query<{ lease_owner: string | null; finished: boolean }>(
      'select lease_owner, finished_at is not null as finished from console.payout_batches where id = $1',
      [batchId],
    );
    expect(done).toEqual({ lease_owner: null, finished: true });
    expect(sentByC, 'C sent part of the batch, another instance the rest').toBeGreaterThan(0);
    expect(sentByC).toBeLessThan(ROWS);
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
