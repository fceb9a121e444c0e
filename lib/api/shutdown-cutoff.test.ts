import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccount } from './accounts';
import { createApiClient } from './client';
import { keepAliveFetch } from './keep-alive-fetch';
import { ACCOUNT_ID, accountBody } from './testing/fixtures';
import { fakeTime, makeJwt, recordingLogger, testConfig } from './testing/fakes';

// Why a call retried against its own instance during a shutdown: the console reaches the sandbox embedded in it
// through its own listener, and the drain's first step (lib/observability/shutdown.ts) closes that listener and its
// idle keep-alive connections. A call started after that — a row's withdrawal after its quote, a sweep's read — is
// refused by the closed port, and the client's retries (backoff 0.5, 1, 2 s) only met the same closed port.
// A real socket here, as in production: the app's keep-alive transport against a listener that closes the same way.

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server?.listening ? server.close(r) : r(undefined)));
});

async function ownListener(): Promise<{ base: string; requests: string[] }> {
  const requests: string[] = [];
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/oauth/client/token') {
        res.end(JSON.stringify({ accessToken: makeJwt(Math.floor(Date.now() / 1000) + 3600), tokenType: 'Bearer', expiresIn: 3600 }));
      } else res.end(JSON.stringify(accountBody()));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** What the drain does to the listener first: no new connection, idle keep-alive ones closed. */
async function closeListener(): Promise<void> {
  server!.close();
  server!.closeIdleConnections();
  await new Promise((r) => setTimeout(r, 50));
}

describe('a call after this process stopped listening', () => {
  it('was retried against the closed port; once the process is stopping, it ends after one attempt without waiting', async () => {
    for (const stoppingAware of [false, true]) {
      const { base, requests } = await ownListener();
      let stopping = false;
      const time = fakeTime();
      const client = createApiClient(
        testConfig(time, recordingLogger(), { baseUrl: base, fetch: keepAliveFetch, ...(stoppingAware ? { stopping: () => stopping } : {}) }),
      );
      await getAccount(ACCOUNT_ID, { client });
      expect(requests).toEqual(['POST /api/oauth/client/token', `GET /api/accounts/${ACCOUNT_ID}`]);

      stopping = true;
      await closeListener();
      const error = await getAccount(ACCOUNT_ID, { client }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNREACHABLE' });
      expect(requests).toHaveLength(2); // nothing reached the closed listener
      if (stoppingAware) {
        expect(error).toMatchObject({ details: { interrupted: 'shutdown', attempts: 1 } });
        expect(time.sleeps).toEqual([]);
      } else {
        // Without knowing it is stopping: three backoff waits, four attempts, all refused.
        expect(error).toMatchObject({ details: { attempts: 4 } });
        expect(time.sleeps).toHaveLength(3);
      }
      server!.closeAllConnections();
    }
  });
});
