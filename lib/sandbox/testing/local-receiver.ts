import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the request body was complete. */
  receivedAt: number;
}

type Reply = { status: number; delayMs?: number; bodyDelayMs?: number };

export interface LocalReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedDelivery[];
  /** TCP connections opened to it so far (keep-alive reuses one). */
  connections(): number;
  /**
   * Status (and optional delay) for the next requests; default 200 immediately. `bodyDelayMs`: the headers go at
   * once and the body that long after (as a streaming server such as Next.js answers).
   */
  respond(fn: (req: ReceivedDelivery) => Reply): void;
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
  let responder: (req: ReceivedDelivery) => Reply = () => ({ status: 200 });
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
      const { status, delayMs, bodyDelayMs } = responder(delivery);
      const send = () => {
        if (res.destroyed) return;
        if (!bodyDelayMs) return void res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
        res.writeHead(status, { 'Content-Type': 'text/plain' }).flushHeaders();
        setTimeout(() => res.destroyed || res.end('ok'), bodyDelayMs);
      };
      if (delayMs) setTimeout(send, delayMs);
      else send();
    });
  });
  // Above 1 s: fetch (undici) keeps a connection for the hint minus 1 s, so a 1 s hint means no keep-alive at all.
  server.keepAliveTimeout = 5000;
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
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
