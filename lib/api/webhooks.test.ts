import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { makeJwt, recordingLogger } from './testing/fakes';
import { listExecutionLogsFiltered, resetFilterSupportForTests } from './webhooks';

const BASE = 'https://fx.test';
const SUB = '5b0c7c3a-8e7d-4e39-9a0b-1f2e3d4c5b6a';
const LOGS_URL = `${BASE}/api/subscriptions/${SUB}/executionLogs`;

const log = (n: number, status: 'SUCCESS' | 'FAILED') => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  companyId: 'c',
  subscriptionId: SUB,
  messageId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  eventType: 'OPERATION_COMPLETED',
  url: 'https://hooks.example.com',
  payload: '{}',
  httpStatus: status === 'SUCCESS' ? 200 : 500,
  status,
  retryAttempts: 0,
  createdAt: `2026-01-0${n}T00:00:00.000Z`,
  updatedAt: `2026-01-0${n}T00:00:00.000Z`,
  error: status === 'FAILED' ? 'HTTP 500' : null,
});
const PAGE = { data: [log(4, 'FAILED'), log(3, 'SUCCESS'), log(2, 'FAILED')], meta: { previousCursor: null, nextCursor: 'c2', total: 3 } };

const seen: URL[] = [];
const server = setupServer(
  http.post(`${BASE}/api/oauth/client/token`, () => HttpResponse.json({ accessToken: makeJwt(Math.floor(Date.now() / 1000) + 3600), tokenType: 'Bearer', expiresIn: 3600 })),
);
const client = createApiClient({ baseUrl: BASE, credentials: { clientId: 'id', clientSecret: 'secret' }, sleep: async () => {}, random: () => 0, logger: recordingLogger() });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen.length = 0;
  resetFilterSupportForTests();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('execution logs with filters', () => {
  it('sends the filters to a service that supports them', async () => {
    server.use(
      http.get(LOGS_URL, ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json({ data: [log(4, 'FAILED'), log(2, 'FAILED')], meta: { previousCursor: null, nextCursor: null, total: 2 } }, { headers: { 'X-Request-Id': 'r1' } });
      }),
    );
    const page = await listExecutionLogsFiltered(SUB, { limit: 10 }, { status: 'FAILED', createdFrom: '2026-01-01T00:00:00.000Z' }, { client });
    expect(page.filteredBy).toBe('service');
    expect(page.data).toHaveLength(2);
    expect(seen[0].searchParams.get('status')).toBe('FAILED');
    expect(seen[0].searchParams.get('createdFrom')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('filters page by page in the console when the service refuses the parameters, and remembers it', async () => {
    server.use(
      http.get(LOGS_URL, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url);
        if (url.searchParams.has('status')) {
          return HttpResponse.json(
            { code: 'INVALID_DATA', message: 'Object contains invalid data', details: { errors: [{ code: 'UNKNOWN', message: 'unknown', field: 'query:status', params: {} }] } },
            { status: 400 },
          );
        }
        return HttpResponse.json(PAGE);
      }),
    );
    const page = await listExecutionLogsFiltered(SUB, { limit: 3 }, { status: 'FAILED' }, { client });
    expect(page.filteredBy).toBe('console');
    expect(page.data.map((l) => l.status)).toEqual(['FAILED', 'FAILED']);
    expect(page.meta.nextCursor).toBe('c2');
    expect(seen.map((u) => u.searchParams.has('status'))).toEqual([true, false]);
    await listExecutionLogsFiltered(SUB, { limit: 3, cursor: 'c2' }, { status: 'FAILED' }, { client });
    expect(seen.map((u) => u.searchParams.has('status'))).toEqual([true, false, false]);
    expect(seen[2].searchParams.get('cursor')).toBe('c2');
  });

  it('filters in the console when the service ignores the parameters', async () => {
    server.use(http.get(LOGS_URL, () => HttpResponse.json(PAGE)));
    const page = await listExecutionLogsFiltered(SUB, { limit: 3 }, { status: 'SUCCESS' }, { client });
    expect(page).toMatchObject({ filteredBy: 'console', data: [{ status: 'SUCCESS' }] });
  });

  it('passes other errors through and asks nothing extra without filters', async () => {
    server.use(http.get(LOGS_URL, () => HttpResponse.json({ code: 'RESOURCE_NOT_FOUND', message: 'Subscription x not found', details: {} }, { status: 404 })));
    await expect(listExecutionLogsFiltered(SUB, {}, { status: 'FAILED' }, { client })).rejects.toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' });
    server.use(http.get(LOGS_URL, () => HttpResponse.json(PAGE)));
    expect((await listExecutionLogsFiltered(SUB, {}, {}, { client })).filteredBy).toBe('none');
  });
});
