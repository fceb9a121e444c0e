import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRequestStart } from './http-hook';
import { createLogger, setLogger } from './logger';
import { runJobStep } from './jobs';
import { count, createMetrics, metrics, recordBatchJob, recordReplayJob, setMetrics, setPayoutStatusSource } from './metrics';
import { metricsResponse } from './metrics-route';
import { metricsServerPort, startMetricsServer } from './metrics-server';
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

describe('METRICS_PORT listener', () => {
  it('serves every family of the README on 127.0.0.1 without a token, and nothing else', async () => {
    const listener = await startMetricsServer(0);
    setPayoutStatusSource(async () => [['PENDING_APPROVAL', 3], ['COMPLETED', 7]]);
    try {
      // One event of each kind, through the functions the call sites use.
      count((m) => m.service.tokenRefreshes, { outcome: 'ok' });
      for (const outcome of ['accepted', 'duplicate', 'rejected']) count((m) => m.webhookReceipts, { outcome });
      metrics()!.liveStreams.inc();
      count((m) => m.sessionCache, { result: 'hit' });
      count((m) => m.rateLimitRefusals, { limit: 'sign-in' });
      await runJobStep('payouts.sweep', {}, async () => 'done');
      await expect(runJobStep('webhooks.replay', {}, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      recordBatchJob('started');
      recordBatchJob('completed');
      for (let i = 0; i < 4; i++) count((m) => m.batchItems, { outcome: 'created' });
      recordReplayJob('started');
      recordReplayJob('paused');

      const base = `http://127.0.0.1:${metricsServerPort(listener)}`;
      expect((await fetch(`${base}/api/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(listener.address()).toMatchObject({ address: '127.0.0.1' });
      const { types, samples } = parseExposition(await response.text());
      const value = (name: string, labels: Record<string, string> = {}) =>
        samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

      const families: [string, string][] = [
        ['console_http_request_duration_seconds', 'histogram'],
        ['console_http_requests_in_flight', 'gauge'],
        ['console_service_call_duration_seconds', 'histogram'],
        ['console_service_call_errors_total', 'counter'],
        ['console_service_call_retries_total', 'counter'],
        ['console_service_circuit_open', 'gauge'],
        ['console_service_token_refreshes_total', 'counter'],
        ['console_webhook_receipts_total', 'counter'],
        ['console_live_streams_open', 'gauge'],
        ['console_job_steps_total', 'counter'],
        ['console_job_step_duration_seconds', 'histogram'],
        ['console_batch_jobs_total', 'counter'],
        ['console_batch_jobs_running', 'gauge'],
        ['console_batch_items_total', 'counter'],
        ['console_replay_jobs_total', 'counter'],
        ['console_replay_jobs_running', 'gauge'],
        ['console_payout_requests', 'gauge'],
        ['console_session_cache_total', 'counter'],
        ['console_rate_limit_refusals_total', 'counter'],
        ['nodejs_eventloop_lag_seconds', 'gauge'],
        ['process_cpu_user_seconds_total', 'counter'],
        ['process_resident_memory_bytes', 'gauge'],
      ];
      for (const [name, type] of families) expect(types.get(name), name).toBe(type);

      expect(value('console_service_token_refreshes_total', { outcome: 'ok' })).toBe(1);
      for (const outcome of ['accepted', 'duplicate', 'rejected']) expect(value('console_webhook_receipts_total', { outcome })).toBe(1);
      expect(value('console_live_streams_open')).toBe(1);
      expect(value('console_session_cache_total', { result: 'hit' })).toBe(1);
      expect(value('console_rate_limit_refusals_total', { limit: 'sign-in' })).toBe(1);
      expect(value('console_job_steps_total', { job: 'payouts.sweep', outcome: 'ok' })).toBe(1);
      expect(value('console_job_steps_total', { job: 'webhooks.replay', outcome: 'failed' })).toBe(1);
      expect(value('console_job_step_duration_seconds_count', { job: 'payouts.sweep' })).toBe(1);
      expect(value('console_batch_jobs_total', { event: 'completed' })).toBe(1);
      expect(value('console_batch_jobs_running')).toBe(0);
      expect(value('console_batch_items_total', { outcome: 'created' })).toBe(4);
      expect(value('console_replay_jobs_total', { event: 'paused' })).toBe(1);
      expect(value('console_replay_jobs_running')).toBe(0);
      expect(value('console_payout_requests', { status: 'PENDING_APPROVAL' })).toBe(3);
      // Low cardinality: every label value is a template, a code or a word, never an id.
      for (const sample of samples) for (const v of Object.values(sample.labels)) expect(v).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    } finally {
      setPayoutStatusSource(undefined);
      metrics()!.liveStreams.dec();
      await new Promise((r) => listener.close(r));
    }
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
