// Prometheus metrics (prom-client), served by /api/metrics when METRICS_TOKEN is set, or on a loopback port when
// METRICS_PORT is (./metrics-server.ts). One registry per process
// (globalThis: Next bundles this module once per route graph). Labels are templates and codes, never ids.
import client, { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readObservabilityConfig } from '@/lib/config/observability';

export type ConsoleMetrics = {
  registry: Registry;
  http: { duration: Histogram<'method' | 'route' | 'status'>; inFlight: Gauge };
  service: {
    duration: Histogram<'method' | 'endpoint' | 'status'>;
    errors: Counter<'method' | 'endpoint' | 'code'>;
    retries: Counter<'method' | 'endpoint'>;
    circuitOpen: Gauge;
    tokenRefreshes: Counter<'outcome'>;
  };
  webhookReceipts: Counter<'outcome'>;
  liveStreams: Gauge;
  jobSteps: Counter<'job' | 'outcome'>;
  jobStepDuration: Histogram<'job'>;
  batchJobs: Counter<'event'>;
  batchJobsRunning: Gauge;
  batchItems: Counter<'outcome'>;
  replayJobs: Counter<'event'>;
  replayJobsRunning: Gauge;
  payouts: Gauge<'status'>;
  sessionCache: Counter<'result'>;
  rateLimitRefusals: Counter<'limit'>;
};

/** Counts payout requests by status; set by the running server (./install.ts), absent in unit tests. */
export type PayoutStatusSource = () => Promise<[string, number][]>;

const globalForMetrics = globalThis as unknown as { __consoleMetrics?: ConsoleMetrics | null; __consolePayoutSource?: PayoutStatusSource };

export function setPayoutStatusSource(source: PayoutStatusSource | undefined): void {
  globalForMetrics.__consolePayoutSource = source;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

export function createMetrics(): ConsoleMetrics {
  const registry = new Registry();
  // Process defaults: CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const reg = { registers: [registry] };
  return {
    registry,
    http: {
      duration: new Histogram({ name: 'console_http_request_duration_seconds', help: 'HTTP requests by route template', labelNames: ['method', 'route', 'status'], buckets: SECONDS, ...reg }),
      inFlight: new Gauge({ name: 'console_http_requests_in_flight', help: 'HTTP requests being answered', ...reg }),
    },
    service: {
      duration: new Histogram({ name: 'console_service_call_duration_seconds', help: 'Calls to the FX service (retries included) by endpoint template', labelNames: ['method', 'endpoint', 'status'], buckets: SECONDS, ...reg }),
      errors: new Counter({ name: 'console_service_call_errors_total', help: 'Failed calls to the FX service by endpoint and error code', labelNames: ['method', 'endpoint', 'code'], ...reg }),
      retries: new Counter({ name: 'console_service_call_retries_total', help: 'Retried attempts of calls to the FX service', labelNames: ['method', 'endpoint'], ...reg }),
      circuitOpen: new Gauge({ name: 'console_service_circuit_open', help: '1 while the circuit breaker refuses calls to the FX service', ...reg }),
      tokenRefreshes: new Counter({ name: 'console_service_token_refreshes_total', help: 'OAuth token fetches from the FX service', labelNames: ['outcome'], ...reg }),
    },
    webhookReceipts: new Counter({ name: 'console_webhook_receipts_total', help: 'Webhook deliveries received at /api/webhooks', labelNames: ['outcome'], ...reg }),
    liveStreams: new Gauge({ name: 'console_live_streams_open', help: 'Open live event streams', ...reg }),
    jobSteps: new Counter({ name: 'console_job_steps_total', help: 'Background job steps (replay items, sweeps, payout executions) by outcome', labelNames: ['job', 'outcome'], ...reg }),
    jobStepDuration: new Histogram({ name: 'console_job_step_duration_seconds', help: 'Background job steps by job', labelNames: ['job'], buckets: SECONDS, ...reg }),
    batchJobs: new Counter({ name: 'console_batch_jobs_total', help: 'Batch payout jobs by event (started, completed, failed, cancelled)', labelNames: ['event'], ...reg }),
    batchJobsRunning: new Gauge({ name: 'console_batch_jobs_running', help: 'Batch payout jobs running in this process', ...reg }),
    batchItems: new Counter({ name: 'console_batch_items_total', help: 'Rows of batch payout jobs settled, by outcome (created, failed)', labelNames: ['outcome'], ...reg }),
    replayJobs: new Counter({ name: 'console_replay_jobs_total', help: 'Webhook replay jobs by event (started, completed, cancelled, paused, lost, failed)', labelNames: ['event'], ...reg }),
    replayJobsRunning: new Gauge({ name: 'console_replay_jobs_running', help: 'Webhook replay jobs running in this process', ...reg }),
    payouts: new Gauge({
      name: 'console_payout_requests',
      help: 'Payout requests by status (read from the database at each scrape)',
      labelNames: ['status'],
      ...reg,
      async collect() {
        const source = globalForMetrics.__consolePayoutSource;
        if (!source) return;
        try {
          const byStatus = await source();
          this.reset();
          for (const [status, n] of byStatus) this.set({ status }, n);
        } catch {
          // No database (a unit test, start-up): the scrape goes on without this gauge's values.
        }
      },
    }),
    sessionCache: new Counter({ name: 'console_session_cache_total', help: 'Session lookups served from memory (hit) or the database (miss)', labelNames: ['result'], ...reg }),
    rateLimitRefusals: new Counter({ name: 'console_rate_limit_refusals_total', help: 'Requests refused by a request limit', labelNames: ['limit'], ...reg }),
  };
}

function metricsEnabled(): boolean {
  try {
    const config = readObservabilityConfig(process.env);
    return config.metricsToken !== undefined || config.metricsPort !== undefined;
  } catch {
    return false;
  }
}

/** The process's metrics, or null when neither METRICS_TOKEN nor METRICS_PORT is set (nothing is counted, nothing costs). */
export function metrics(): ConsoleMetrics | null {
  if (globalForMetrics.__consoleMetrics === undefined) globalForMetrics.__consoleMetrics = metricsEnabled() ? createMetrics() : null;
  return globalForMetrics.__consoleMetrics;
}

export function httpMetrics(): ConsoleMetrics['http'] | undefined {
  return metrics()?.http;
}

/** Replaces the process's metrics (tests, benchmarks); returns the previous value. */
export function setMetrics(value: ConsoleMetrics | null | undefined): ConsoleMetrics | null | undefined {
  const previous = globalForMetrics.__consoleMetrics;
  globalForMetrics.__consoleMetrics = value;
  return previous;
}

/** Counts one event on a metric when metrics are on; a no-op otherwise (call sites stay one line). */
export function count(pick: (m: ConsoleMetrics) => { inc(labels?: Record<string, string>): void } | { inc(): void }, labels?: Record<string, string>): void {
  const m = metrics();
  if (!m) return;
  (pick(m) as { inc(labels?: Record<string, string>): void }).inc(labels);
}

export type BatchJobEvent = 'started' | 'completed' | 'sent' | 'failed' | 'cancelled' | 'paused' | 'lost';

/**
 * For the batch payout jobs: `started` when a job begins running in this process, then once how it stopped here:
 * `completed`, `sent` (every row's withdrawal exists and the payout sweep follows them to the end), `failed` (an error
 * ended the run here), `cancelled`, `paused` (stopped at a checkpoint, as on SIGTERM,
 * to go on elsewhere) or `lost` (another process holds it now).
 * Feeds `console_batch_jobs_total{event}` and `console_batch_jobs_running`; each settled row counts once in
 * `console_batch_items_total{outcome}` (`created`: its withdrawal exists; `failed`). A no-op while metrics are off.
 */
export function recordBatchJob(event: BatchJobEvent): void {
  const m = metrics();
  if (!m) return;
  m.batchJobs.inc({ event });
  if (event === 'started') m.batchJobsRunning.inc();
  else m.batchJobsRunning.dec();
}

export type ReplayJobEvent = 'started' | 'completed' | 'cancelled' | 'paused' | 'lost' | 'failed';

/**
 * For the webhook replay jobs, as recordBatchJob: `started` when a job begins running in this process, then once
 * how it stopped here. Feeds `console_replay_jobs_total{event}` and `console_replay_jobs_running`; the items are
 * `console_job_steps_total{job="webhooks.replay"}`.
 */
export function recordReplayJob(event: ReplayJobEvent): void {
  const m = metrics();
  if (!m) return;
  m.replayJobs.inc({ event });
  if (event === 'started') m.replayJobsRunning.inc();
  else m.replayJobsRunning.dec();
}
