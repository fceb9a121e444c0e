import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRequestStart } from './http-hook';
import { createLogger, setLogger } from './logger';
import { createMetrics, setMetrics } from './metrics';
import { metricsResponse } from './metrics-route';
import { observeServiceCall } from './service-calls';

const TOKEN = 'metrics-token-for-tests-0001';
const ID = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text exposition format, strictly: HELP/TYPE comments, then `name{l="v",…} value` lines. */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    // prom-client writes a not-yet-sampled gauge (event-loop lag right after start) as `Nan`; Prometheus reads NaN in
    // any case (Go's ParseFloat), so the parser does too.
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:[0-9.e+-]+|[Nn][Aa][Nn]|\+Inf|-Inf))$/.exec(line);
    if (!m) throw new Error(`not exposition format: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"/g) ?? []) {
      const eq = pair.indexOf('=');
      labels[pair.slice(0, eq)] = pair.slice(eq + 2, -1);
    }
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { types, samples };
}

let server: Server;
let base: string;
let previousLogger: ReturnType<typeof setLogger>;
let previousMetrics: ReturnType<typeof setMetrics>;

beforeAll(async () => {
  previousMetrics = setMetrics(createMetrics());
  previousLogger = setLogger(createLogger({ destination: new Writable({ write: (_c, _e, done) => done() }) }));
  server = createServer((request, response) => {
    onRequestStart({ request, response }, 0);
    response.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  setMetrics(previousMetrics);
  setLogger(previousLogger);
});

describe('/api/metrics', () => {
  it('is absent without METRICS_TOKEN and refuses a wrong bearer token', async () => {
    expect((await metricsResponse(`Bearer ${TOKEN}`, {})).status).toBe(404);
    expect((await metricsResponse(null, { METRICS_TOKEN: TOKEN })).status).toBe(401);
    expect((await metricsResponse(`Bearer ${TOKEN}x`, { METRICS_TOKEN: TOKEN })).status).toBe(401);
  });

  it('serves parseable exposition with route templates, never ids', async () => {
    for (const path of [`/operations/${ID}`, `/operations/${ID.replace('0b', '1c')}?x=1`, '/accounts']) await fetch(`${base}${path}`);
    const call = observeServiceCall({ method: 'POST', path: `/api/accounts/${ID}/review`, idempotencyKey: ID });
    call.retried();
    call.done({ status: 503, attempts: 2, code: 'SERVICE_UNREACHABLE', circuitOpen: true });

    const response = await metricsResponse(`Bearer ${TOKEN}`, { METRICS_TOKEN: TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const { types, samples } = parseExposition(text);

    expect(types.get('console_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    const httpCounts = samples.filter((s) => s.name === 'console_http_request_duration_seconds_count');
    expect(httpCounts.find((s) => s.labels.route === '/operations/[id]')?.value).toBe(2);
    expect(httpCounts.find((s) => s.labels.route === '/accounts')?.labels).toMatchObject({ method: 'GET', status: '200' });
    expect(samples.find((s) => s.name === 'console_service_call_errors_total')?.labels).toEqual({
      method: 'POST',
      endpoint: '/api/accounts/[id]/review',
      code: 'SERVICE_UNREACHABLE',
    });
    expect(samples.find((s) => s.name === 'console_service_call_retries_total')?.value).toBe(1);
    expect(samples.find((s) => s.name === 'console_service_circuit_open')?.value).toBe(1);
    // Low cardinality: no label value anywhere is an id.
    for (const sample of samples) for (const value of Object.values(sample.labels)) expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });
});

describe('request id hook', () => {
  it('answers with its own id, not the one a client sent, and logs one line for the request', async () => {
    const lines: string[] = [];
    const before = setLogger(createLogger({ level: 'info', destination: new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }) }));
    try {
      const response = await fetch(`${base}/operations/${ID}?secret=query`, { headers: { 'X-Request-Id': 'client-chosen-request-id' } });
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((r) => setTimeout(r, 20));
      const line = JSON.parse(lines.find((l) => l.includes('"kind":"http"'))!);
      expect(line).toMatchObject({ kind: 'http', requestId: id, method: 'GET', route: '/operations/[id]', status: 200 });
      expect(lines.join('')).not.toContain('secret=query');
    } finally {
      setLogger(before);
    }
  });
});
