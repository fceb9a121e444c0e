// What instrumentation.ts starts for operating the console: the request id and access log hook, tracing (when an
// OTLP endpoint is set), the metrics listener and the SIGTERM drain. The database's part (its gauge and its place
// last in the drain) is lib/db/operability.ts: this folder imports nothing from lib/db, which imports it.
import { installHttpObservability } from './http-hook';
import { errorField, log } from './logger';
import { readObservabilityConfig } from '@/lib/config/observability';
import { metricsServerPort, startMetricsServer } from './metrics-server';
import { installShutdownHandlers, onDrain } from './shutdown';
import { recentSpans, startTracing } from './tracing';

export async function installObservability(options: { hops: number }): Promise<void> {
  installHttpObservability(options.hops);
  installShutdownHandlers();
  try {
    if (await startTracing()) {
      log().info({ kind: 'tracing' }, recentSpans() !== undefined ? 'recording traces in memory (OTEL_TRACES_EXPORTER=memory)' : 'exporting traces over OTLP');
    }
  } catch (error) {
    log().warn({ kind: 'tracing', error: errorField(error) }, 'tracing could not start; continuing without');
  }
  let metricsPort: number | undefined;
  try {
    metricsPort = readObservabilityConfig(process.env).metricsPort;
  } catch {
    // lib/env.ts refuses the bad value with one line at start-up, right after this.
  }
  if (metricsPort !== undefined) {
    try {
      const server = await startMetricsServer(metricsPort);
      log().info({ kind: 'metrics', host: '127.0.0.1', port: metricsServerPort(server) }, 'serving metrics on loopback');
      onDrain('metrics listener', 2, () => new Promise<void>((resolve) => server.close(() => resolve())));
    } catch (error) {
      // A port taken by another process must not keep the console down; the line says why there is no scrape.
      log().error({ kind: 'metrics', port: metricsPort, error: errorField(error) }, 'metrics port could not be bound');
    }
  }
}
