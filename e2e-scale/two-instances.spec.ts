import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { isValidCnpj } from '../lib/validation/cnpj';
import { signInViaApi, signInViaUi } from '../e2e/helpers/auth';
import { addUserViaUi, completeFirstSignIn, teamRow, uniqueEmail } from '../e2e/helpers/team';
import { SCALE_PORTS, SCALE_RECEIVER_PORT } from '../playwright.scale.config';

// Two console instances (A, B) on one PostgreSQL: what the README's scale-out section promises, exercised.
const [A, B] = SCALE_PORTS.map((port) => `http://localhost:${port}`);

test('a session made on one instance is valid on the other, and disabling the user on one ends it on the other', async ({ browser }) => {
  const adminContext = await browser.newContext({ baseURL: A });
  const adminPage = await adminContext.newPage();
  await signInViaUi(adminPage, 'admin@acme.test', 'demo-admin-2026');

  const email = uniqueEmail('scale');
  const otp = await addUserViaUi(adminPage, { name: 'Scale Target', email, role: 'Viewer' });
  // Signed in through B (cookies are per host, not per port: the same browser context reaches both instances).
  const userContext = await browser.newContext({ baseURL: B });
  const onB = await userContext.newPage();
  await completeFirstSignIn(onB, email, otp, 'copper-meadow-2026-y');
  const onA = await userContext.newPage();
  await onA.goto(`${A}/accounts`);
  await expect(onA).toHaveURL(`${A}/accounts`);
  await expect(onA.getByRole('heading', { level: 1 })).toBeVisible();

  // Disabled on A → B refuses the very next request.
  const row = teamRow(adminPage, email);
  await row.getByRole('button', { name: 'Disable Scale Target' }).click();
  await adminPage.getByRole('dialog', { name: 'Disable Scale Target?' }).getByRole('button', { name: 'Disable user' }).click();
  await expect(row).toContainText(/Disabled/);
  await onB.goto(`${B}/accounts`);
  await expect(onB).toHaveURL(/\/login/);
  await onA.goto(`${A}/accounts`);
  await expect(onA).toHaveURL(/\/login/);
  await adminContext.close();
  await userContext.close();
});

test("a webhook received by one instance is pushed by the other's live channel (PostgreSQL LISTEN/NOTIFY)", async ({ playwright }) => {
  // The demo customer's credentials, as the receiver checks them (read from the shared database).
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ client_id: string; client_secret: string }>(
    "select client_id, client_secret from sandbox.customers where client_id = 'acme-demo'",
  );
  await db.end();
  expect(rows).toHaveLength(1);
  const { client_id: clientId, client_secret: clientSecret } = rows[0];

  // A viewer's live stream on B.
  const session = await playwright.request.newContext({ baseURL: B });
  await signInViaApi(session, B, 'viewer@acme.test', 'demo-viewer-2026');
  const cookie = (await session.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await session.dispose();
  const abort = new AbortController();
  const stream = await fetch(`${B}/api/live`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  let buffered = '';
  const waitFor = async (needle: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!buffered.includes(needle)) {
      if (Date.now() > deadline) throw new Error(`no ${needle} on B's live stream within ${ms} ms; got: ${buffered.slice(-500)}`);
      const { value, done } = await Promise.race([
        reader.read(),
        new Promise<{ value: undefined; done: true }>((r) => setTimeout(() => r({ value: undefined, done: true }), 1_000)),
      ]);
      if (value) buffered += new TextDecoder().decode(value);
      else if (done) await new Promise((r) => setTimeout(r, 100));
    }
  };
  await waitFor('event: status', 15_000);

  // A signed delivery to A's receiver (the service's scheme: HMAC-SHA256 of messageId + "+" + clientId).
  const messageId = randomUUID();
  const operationId = randomUUID();
  const signature = createHmac('sha256', clientSecret).update(`${messageId}+${clientId}`).digest('hex');
  const delivered = await fetch(`${A}/api/webhooks`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Message-Id': messageId,
      'X-Event-Type': 'OPERATION_COMPLETED',
      'X-Resource-Name': 'OPERATION',
      'X-Resource-Id': operationId,
      'X-Company-Id': clientId,
      'X-Message-Signature': signature,
    },
    body: JSON.stringify({ currentState: { status: 'COMPLETED' }, atTime: new Date().toISOString() }),
  });
  expect(delivered.status, await delivered.text()).toBeLessThan(300);
  await waitFor(operationId, 15_000);
  expect(buffered).toContain('OPERATION_COMPLETED');
  abort.abort();
});

// ---- The sandbox's background loop runs in both instances ----------------------------------------------------

type Delivery = { messageId: string; eventType: string; body: { currentState?: { status?: string } } };

function startReceiver(port: number): Promise<{ server: Server; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({
        messageId: String(req.headers['x-message-id']),
        eventType: String(req.headers['x-event-type']),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      });
      res.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, deliveries })));
}

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
function cnpj(base12: string): string {
  const digit = (chars: string, weights: number[]) => {
    const sum = [...chars].reduce((acc, ch, i) => acc + Number(ch) * weights[i], 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base12, W1);
  const value = `${base12}${d1}${digit(`${base12}${d1}`, W2)}`;
  expect(isValidCnpj(value)).toBe(true);
  return value;
}

async function call(api: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await api.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'X-Idempotency-Key': crypto.randomUUID() } : {}) },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

test('N transfers settled by the loops of both instances: N completions, each event delivered once, balances exact', async ({ playwright }) => {
  const N = 20;
  const RECEIVER_PORT = SCALE_RECEIVER_PORT;
  const receiver = await startReceiver(RECEIVER_PORT);
  // Each instance's embedded service; both read and write the same `sandbox` schema.
  const apiA = await playwright.request.newContext({ baseURL: `${A}/sandbox/` });
  const apiB = await playwright.request.newContext({ baseURL: `${B}/sandbox/` });
  try {
    const customer = await apiA.post('_sandbox/customers', {
      headers: { 'X-Idempotency-Key': crypto.randomUUID() },
      data: { name: 'Scale-out test company' },
    });
    expect(customer.status(), await customer.text()).toBe(201);
    const { clientId, clientSecret } = await customer.json();
    const tokenRes = await apiB.post('api/oauth/client/token', {
      headers: { 'X-Idempotency-Key': crypto.randomUUID() },
      data: { clientId, clientSecret },
    });
    const { accessToken: token } = await tokenRes.json();

    const newAccount = async (api: APIRequestContext, base12: string) => {
      const account = await call(api, token, 'POST', 'api/accounts', {
        assets: [{ code: 'BRL', isVirtual: false }],
        owner: {
          type: 'COMPANY',
          legalName: `Scale ${base12}`,
          taxId: { value: cnpj(base12), type: 'CNPJ' },
          industry: 'WHOLESALE',
          incorporateDate: '2018-05-20',
          address: { addressLine1: 'Rua Augusta, 500', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01304-000' },
        },
      });
      await call(api, token, 'POST', `_sandbox/accounts/${account.id}/activate`);
      return account.id as string;
    };
    const from = await newAccount(apiA, '112223330001');
    const to = await newAccount(apiB, '445556660001');
    await call(apiA, token, 'POST', `_sandbox/accounts/${from}/balances`, { asset: 'BRL', value: '1000.00' });
    await call(apiB, token, 'POST', 'api/subscriptions', {
      url: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
      includeAll: true,
      allowRetry: true,
    });

    // Half the operations are created through A's mount, half through B's.
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const op = await call(i % 2 ? apiB : apiA, token, 'POST', 'api/operations/transfer', {
        sourceAccountId: from,
        targetAccountId: to,
        amount: { value: '1.25', asset: 'BRL' },
      });
      ids.push(op.id);
    }

    await expect
      .poll(async () => {
        const statuses = await Promise.all(ids.map(async (id) => (await call(apiA, token, 'GET', `api/operations/${id}`)).currentState?.status));
        return statuses.filter((s) => s === 'COMPLETED').length;
      }, { timeout: 90_000, intervals: [500, 1000] })
      .toBe(N);

    const terminal = () => receiver.deliveries.filter((d) => d.eventType === 'OPERATION_COMPLETED');
    await expect.poll(() => terminal().length, { timeout: 60_000, intervals: [500, 1000] }).toBeGreaterThanOrEqual(N);
    // A short grace period in which a double delivery by the second loop would show up.
    await new Promise((r) => setTimeout(r, 3_000));

    const byMessage = new Map<string, number>();
    for (const d of receiver.deliveries) byMessage.set(d.messageId, (byMessage.get(d.messageId) ?? 0) + 1);
    const repeated = [...byMessage].filter(([, count]) => count > 1);
    expect(repeated, 'messages delivered more than once').toEqual([]);
    // The contract's operation payload names no operation id: N distinct completion messages for N operations
    // (a second settlement of one operation would add a message, and move the balance twice).
    expect(terminal()).toHaveLength(N);
    expect(terminal().every((d) => d.body.currentState?.status === 'COMPLETED')).toBe(true);
    expect(receiver.deliveries.filter((d) => d.eventType === 'OPERATION_REQUESTED')).toHaveLength(N);

    const balances = await call(apiB, token, 'GET', `api/balances?accountId=${to}`);
    const brl = balances.fiat.find((b: { amount: { asset: string } | null }) => b.amount?.asset === 'BRL');
    // 20 × 1.25 credited exactly once each: a double settlement would show 26.25 or more.
    expect(brl?.amount?.value, JSON.stringify(balances)).toBe('25.00');
  } finally {
    await apiA.dispose();
    await apiB.dispose();
    await new Promise((r) => receiver.server.close(r));
  }
});
