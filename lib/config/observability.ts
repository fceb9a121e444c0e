// The observability settings read from the environment. lib/env.ts validates them at start-up with the
// same functions; the logger and the HTTP hook read them before the rest of the environment is parsed.

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type ObservabilityConfig = {
  /** `LOG_LEVEL`, default `info`. */
  logLevel: LogLevel;
  /** `LOG_FORMAT`: `json` (default) or `pretty` (scripts/start.mjs pipes stdout through pino-pretty). */
  logFormat: 'json' | 'pretty';
  /** `METRICS_TOKEN`: bearer token of `/api/metrics`; unset, the route answers 404. 16+ characters. */
  metricsToken: string | undefined;
  /**
   * `METRICS_PORT`: serve the metrics at `http://127.0.0.1:<port>/metrics` instead, without a token, reachable from
   * the host only (a Prometheus agent beside the console). Either this or METRICS_TOKEN turns metrics on.
   */
  metricsPort: number | undefined;
  /** `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`): where spans go; unset, no span is exported. */
  otlpEndpoint: string | undefined;
  /**
   * `OTEL_TRACES_EXPORTER`: `otlp` (default: to the endpoint above, off without one), `memory` (spans recorded and
   * kept in the process, the last 1,000, nothing sent: benchmarks, lib/observability/memory-exporter.ts) or `none`.
   */
  tracesExporter: 'otlp' | 'memory' | 'none';
  /** `SHUTDOWN_DEADLINE_MS`: how long a SIGTERM'd instance drains before it exits anyway. Default 10 000. */
  shutdownDeadlineMs: number;
};

export class ObservabilityConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
  ) {
    super(`Invalid environment: ${variable} — expected ${expected}`);
    this.name = 'ObservabilityConfigError';
  }
}

export function readObservabilityConfig(env: Record<string, string | undefined>): ObservabilityConfig {
  const level = (env.LOG_LEVEL ?? '').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ObservabilityConfigError('LOG_LEVEL', LOG_LEVELS.join(', '));
  const format = (env.LOG_FORMAT ?? '').trim().toLowerCase() || 'json';
  if (format !== 'json' && format !== 'pretty') throw new ObservabilityConfigError('LOG_FORMAT', 'json or pretty');
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token !== undefined && token.length < 16) throw new ObservabilityConfigError('METRICS_TOKEN', 'at least 16 characters');
  const portRaw = env.METRICS_PORT?.trim() || undefined;
  const port = portRaw === undefined ? undefined : Number(portRaw);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535)) {
    throw new ObservabilityConfigError('METRICS_PORT', 'a TCP port from 1 to 65535');
  }
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) throw new ObservabilityConfigError('OTEL_EXPORTER_OTLP_ENDPOINT', 'an http(s) URL');
  const exporter = (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() || 'otlp';
  if (exporter !== 'otlp' && exporter !== 'memory' && exporter !== 'none') throw new ObservabilityConfigError('OTEL_TRACES_EXPORTER', 'otlp, memory or none');
  const deadlineRaw = (env.SHUTDOWN_DEADLINE_MS ?? '').trim() || '10000';
  const deadline = Number(deadlineRaw);
  if (!Number.isInteger(deadline) || deadline < 0 || deadline > 600_000) {
    throw new ObservabilityConfigError('SHUTDOWN_DEADLINE_MS', 'whole milliseconds from 0 to 600000');
  }
  return { logLevel: level as LogLevel, logFormat: format, metricsToken: token, metricsPort: port, otlpEndpoint: endpoint, tracesExporter: exporter, shutdownDeadlineMs: deadline };
}
