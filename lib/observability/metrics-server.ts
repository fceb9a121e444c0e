// METRICS_PORT: the metrics on their own listener, bound to 127.0.0.1 only, without a token — for a Prometheus
// agent on the same host (or a sidecar sharing the network namespace). Nothing else is served there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics } from './metrics';

export const METRICS_HOST = '127.0.0.1';

/** Starts the listener; resolves with it once bound (port 0: any free port, as the tests use). */
export function startMetricsServer(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const m = metrics();
    if (request.method !== 'GET' || path !== '/metrics' || !m) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    m.registry.metrics().then(
      (body) => response.writeHead(200, { 'Content-Type': m.registry.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, METRICS_HOST, () => {
      server.off('error', reject);
      // An idle listener must not keep a draining process alive.
      server.unref();
      resolve(server);
    });
  });
}

export function metricsServerPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
