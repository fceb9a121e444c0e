import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Crash safety of the standalone sandbox: work in flight (operation settlement, an account review) survives a
 * SIGKILL; after a restart on the same data directory every item reaches exactly one terminal state and the
 * balances add up to the cent.
 */
const root = path.resolve(__dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sbx-kill-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

function startServer(): Promise<ChildProcess> {
  // `node --import tsx` keeps it ONE process, so SIGKILL really kills the server (npx/tsx would fork a child).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox-server.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dataDir, SANDBOX_SEED: 'off', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Sandbox listening')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('Sandbox listening')) reject(new Error(`server exited ${code}: ${out}`));
    });
  });
}

async function call(method: string, p: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['X-Idempotency-Key'] = randomUUID();
  const res = await fetch(`${base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

const address = { addressLine1: 'Rua 1', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01000-000' };
const owner = { type: 'COMPANY', legalName: 'Crash Test Ltda', taxId: { value: '11222333000181', type: 'CNPJ' }, industry: 'OTHERS', address };

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('standalone sandbox under SIGKILL', () => {
  it('resumes after kill -9: every operation settles exactly once and balances add up', async () => {
    let server = await startServer();
    const cust = await call('POST', '/_sandbox/customers', undefined, { name: 'Crash Co', auto: true });
    const creds = cust.body;
    const token = async () => (await call('POST', '/api/oauth/client/token', undefined, { clientId: creds.clientId, clientSecret: creds.clientSecret })).body.accessToken as string;
    let t = await token();
    const mk = async (assets: string[]) => (await call('POST', '/api/accounts', t, { assets: assets.map((code) => ({ code, isVirtual: false })), owner })).body.id as string;
    const src = await mk(['BRL', 'USD']);
    const dst = await mk(['BRL', 'USD']);
    expect((await call('POST', `/_sandbox/accounts/${src}/activate`, t)).status).toBe(200);
    expect((await call('POST', `/_sandbox/accounts/${dst}/activate`, t)).status).toBe(200);
    expect((await call('POST', `/_sandbox/accounts/${src}/balances`, t, { asset: 'BRL', value: '100000.00' })).status).toBe(200);

    // An account review in flight, decided by the background loop.
    const reviewed = await mk(['USDT']);
    const ubo = await call('POST', `/api/accounts/${reviewed}/ubos`, t, { name: 'Ana', taxId: { value: '52998224725', type: 'CPF' }, address, ownershipPercentage: 100 });
    const form = new FormData();
    form.set('body', JSON.stringify({ documentType: 'PASSPORT', holder: { type: 'UBO', referenceId: ubo.body.id } }));
    form.set('file', new Blob([new TextEncoder().encode('%PDF-1.4\n')]), 'passport.pdf');
    const up = await fetch(`${base}/api/documents`, { method: 'POST', headers: { Authorization: `Bearer ${t}`, 'X-Idempotency-Key': randomUUID() }, body: form });
    expect(up.status).toBe(204);
    expect((await call('POST', `/api/accounts/${reviewed}/review`, t)).status).toBe(202);

    const ops: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await call('POST', '/api/operations/transfer', t, { sourceAccountId: src, targetAccountId: dst, amount: { value: '10.00', asset: 'BRL' } });
      expect(r.status).toBe(201);
      ops.push(r.body.id);
    }
    for (let i = 0; i < 15; i++) {
      const q = await call('POST', '/api/quotes', t, { accountId: src, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '100.00' });
      expect(q.status).toBe(201);
      const s = await call('POST', '/api/operations/swap', t, { accountId: src, quoteId: q.body.id });
      expect(s.status).toBe(201);
      ops.push(s.body.id);
    }
    // Settlement starts 1 s after creation: kill while some are REQUESTED, some PROCESSING, some done.
    await new Promise((r) => setTimeout(r, 1200));
    const before = (await call('GET', '/api/operations?limit=100', t)).body.data as { currentState: { status: string } }[];
    server.kill('SIGKILL');
    // The kill must land mid-way, or the test proves nothing.
    expect(before.filter((o) => o.currentState.status !== 'COMPLETED').length).toBeGreaterThan(0);
    await new Promise((r) => server.once('exit', r));

    server = await startServer();
    t = await token();
    const deadline = Date.now() + 60_000;
    type Op = { id: string; intent: { type: string }; currentState: { status: string }; states: { status: string }[]; sourceAmount: { value: string }; targetAmount: { value: string } };
    let all: Op[] = [];
    for (;;) {
      all = [];
      let cursor: string | null = null;
      do {
        const page = await call('GET', `/api/operations?limit=100${cursor ? `&cursor=${cursor}` : ''}`, t);
        all.push(...page.body.data);
        cursor = page.body.meta.nextCursor;
      } while (cursor);
      const acct = (await call('GET', `/api/accounts/${reviewed}`, t)).body;
      if (all.every((o) => ['COMPLETED', 'FAILED'].includes(o.currentState.status)) && acct.currentState.status === 'ACTIVE') break;
      if (Date.now() > deadline) throw new Error(`not settled: ${all.map((o) => o.currentState.status).join(',')} / ${acct.currentState.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(all.map((o) => o.id).sort()).toEqual([...ops].sort());
    for (const o of all) {
      expect(o.currentState.status).toBe('COMPLETED');
      const statuses = o.states.map((s) => s.status);
      expect(statuses.filter((s) => s === 'COMPLETED' || s === 'FAILED')).toEqual(['COMPLETED']);
      expect(new Set(statuses).size).toBe(statuses.length);
      expect(statuses[statuses.length - 1]).toBe('COMPLETED');
    }
    const acct = (await call('GET', `/api/accounts/${reviewed}`, t)).body;
    expect(acct.states.map((s: { status: string }) => s.status)).toEqual(['ACTION_REQUIRED', 'REVIEWING', 'OPENING', 'ACTIVE']);

    const bal = async (id: string, asset: string) => {
      const b = (await call('GET', `/api/balances?accountId=${id}`, t)).body;
      const e = [...b.fiat, ...b.crypto].find((x: { amount: { asset: string } | null }) => x.amount?.asset === asset);
      return new Decimal(e.amount.value);
    };
    const swaps = all.filter((o) => o.intent.type === 'SWAP');
    const usd = swaps.reduce((s, o) => s.plus(o.targetAmount.value), new Decimal(0));
    expect((await bal(src, 'BRL')).toFixed(2)).toBe(new Decimal('100000.00').minus(30 * 10).minus(15 * 100).toFixed(2));
    expect((await bal(dst, 'BRL')).toFixed(2)).toBe('300.00');
    expect((await bal(src, 'USD')).toFixed(2)).toBe(usd.toFixed(2));
    expect(usd.gt(0)).toBe(true);

    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }, 180_000);
});
