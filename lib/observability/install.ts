// What instrumentation.ts starts for operating the console: the request id and access log hook, tracing (when an
// OTLP endpoint is set), the SIGTERM drain and its last step, closing the database.
import { installHttpObservability } from './http-hook';
import { errorField, log } from './logger';
import { readObservabilityConfig } from '@/lib/config/observability';
import { setPayoutStatusSource } from './metrics';
import { metricsServerPort, startMetricsServer } from './metrics-server';
import { installShutdownHandlers, onDrain } from './shutdown';
import { startTracing } from './tracing';

export async function installObservability(options: { hops: number }): Promise<void> {
  installHttpObservability(options.hops);
  installShutdownHandlers();
  try {
    if (await startTracing()) log().info({ kind: 'tracing' }, 'exporting traces over OTLP');
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
  setPayoutStatusSource(async () => {
    const [{ getDb }, { sql }] = await Promise.all([import('@/lib/db/client'), import('drizzle-orm')]);
    const result = await (await getDb()).execute<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM console.payout_requests GROUP BY status`,
    );
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: { status: string; n: number }[] }).rows;
    return rows.map((r) => [String(r.status).slice(0, 20), Number(r.n)]);
  });
  // Last: nothing else may need the database once the jobs and the sandbox stopped.
  onDrain('database', 2, async () => {
    const { getRawClient } = await import('@/lib/db/client');
    const raw = await getRawClient();
    if (raw.kind === 'pg') await raw.pool.end();
    else await raw.client.close();
  });
}
