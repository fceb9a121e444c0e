import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the request body was complete. */
  receivedAt: number;
}

export interface LocalReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedDelivery[];
  /** Status (and optional delay) for the next requests; default 200 immediately. */
  respond(fn: (req: ReceivedDelivery) => { status: number; delayMs?: number }): void;
  /** Resolves when `count` deliveries in total have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP webhook receiver on 127.0.0.1 with an ephemeral port, for tests and the benchmark. Deliveries in this
 * workplace only ever go to loopback; this is the endpoint they go to.
 */
export async function startLocalReceiver(): Promise<LocalReceiver> {
  const received: ReceivedDelivery[] = [];
  let responder: (req: ReceivedDelivery) => { status: number; delayMs?: number } = () => ({ status: 200 });
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery: ReceivedDelivery = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.now(),
      };
      received.push(delivery);
      for (const w of [...waiters]) {
        if (received.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
      const { status, delayMs } = responder(delivery);
      const send = () => {
        if (!res.destroyed) res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
      };
      if (delayMs) setTimeout(send, delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    respond(fn) {
      responder = fn;
    },
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length}/${count} deliveries`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
