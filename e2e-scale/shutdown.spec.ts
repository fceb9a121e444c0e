import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { signInViaApi } from '../e2e/helpers/auth';
import { SCALE_PORTS } from '../playwright.scale.config';

// A third console instance (C) from the same build on the same PostgreSQL, started here through `npm start`'s
// script (scripts/start.mjs hands SIGTERM to the console's drain instead of Next's), so the test can stop it.
const [A] = SCALE_PORTS.map((port) => `http://localhost:${port}`);
const PORT_C = Number(process.env.SCALE_PORT_C ?? SCALE_PORTS[1] + 1);
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
      SHUTDOWN_DEADLINE_MS: '8000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the clean-up can stop start.mjs and the Next server it runs together.
    detached: true,
  });
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
    if (c.exitCode === null && c.signalCode === null && c.pid) {
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
