/**
 * The inbox's server side on a real in-memory PGlite: exactly one item per (user, fact), preferences, read state,
 * low-balance alerts once per fall, the watch's service reads (a fake API client), and the 90-day retention.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@/lib/api/client';
import { fakeClock, setClockForTests } from '@/lib/clock';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '@/lib/db/client';
import { runRetention } from '@/lib/db/retention';
import { notifications } from '@/lib/db/schema';
import type { LiveEvent } from '@/lib/domain/live/events';
import { createMemoryBus, setLiveBusForTests } from '@/lib/live/bus';
import { registerConsoleRetention } from '@/lib/retention-rules';
import { createUser } from '@/lib/team/users';
import { notify } from './notify';
import { listInbox, markBalance, markRead, savePreferences, setThreshold, unreadCount } from './store';
import { checkFailingWebhooks, checkLowBalances } from './watch';

let pg: PGlite;
let db: ConsoleDb;
const bus = createMemoryBus();
const pushed: LiveEvent[] = [];
const clock = fakeClock(new Date('2026-11-26T09:00:00.000Z'));
type U = Awaited<ReturnType<typeof createUser>>;
let finance: U, finance2: U, admin: U, viewer: U;

beforeAll(async () => {
  pg = new PGlite();
  db = await useTestDatabase(pg);
  clock.install();
  setLiveBusForTests(bus);
  bus.subscribe({ onEvent: (e) => pushed.push(e) });
  const mk = (name: string, role: U['role']) => createUser({ name, email: `${name}@inbox.test`, role, password: 'amber-canyon-74' });
  finance = await mk('finance', 'finance');
  finance2 = await mk('finance2', 'finance');
  admin = await mk('admin', 'admin');
  viewer = await mk('viewer', 'viewer');
});
afterAll(async () => {
  setLiveBusForTests(undefined);
  setClockForTests(undefined);
  resetDatabaseForTests();
  await pg.close();
});

const fact = (id: string) => ({ kind: 'payout.awaiting-approval' as const, subjectId: id, occurrence: 'requested', actorId: finance.id, params: { amount: '10.00', asset: 'USD' } });

describe('notify', () => {
  it('stores one item per recipient and pushes "your inbox changed" to each; the same fact again changes nothing', async () => {
    pushed.length = 0;
    const id = crypto.randomUUID();
    expect((await notify(fact(id))).sort()).toEqual([finance2.id, admin.id].sort());
    expect(pushed.map((e) => [e.kind, e.id]).sort()).toEqual([['NOTIFICATION', admin.id], ['NOTIFICATION', finance2.id]].sort());
    // a retry, a second instance, the next sweep
    expect(await Promise.all([notify(fact(id)), notify(fact(id))])).toEqual([[], []]);
    expect(pushed).toHaveLength(2);
    const rows = await db.select().from(notifications).where(eq(notifications.dedupeKey, `payout.awaiting-approval:${id}:requested`));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ link: `/payouts/${id}`, params: { amount: '10.00', asset: 'USD' } });
  });

  it('a kind a user turned off does not reach them; turning it on again does', async () => {
    expect(await savePreferences(db, finance2, ['payout.awaiting-approval', 'webhook.failing'], clock.now())).toEqual(['payout.awaiting-approval']);
    expect(await notify(fact(crypto.randomUUID()))).toEqual([admin.id]);
    await savePreferences(db, finance2, [], clock.now());
    expect((await notify(fact(crypto.randomUUID()))).sort()).toEqual([finance2.id, admin.id].sort());
  });
});

describe('read state', () => {
  it('pages newest first; marks read only the reader’s own items; "mark all read" empties the count', async () => {
    const first = await listInbox(db, viewer.id, { limit: 5 });
    expect(first).toEqual({ items: [], unread: 0, next: null });
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await notify({ kind: 'webhook.failing', subjectId: `sub-${i}`, occurrence: 'x', params: { url: 'https://x.test' } });
    }
    const page = await listInbox(db, admin.id, { limit: 2 });
    expect(page.items.map((i) => i.kind)).toEqual(['webhook.failing', 'webhook.failing']);
    expect(page.items[0]!.link).toBe('/webhooks/sub-2');
    expect(page.next).not.toBeNull();
    const rest = await listInbox(db, admin.id, { limit: 50, before: page.next });
    expect(rest.items.map((i) => i.id)).not.toContain(page.items[0]!.id);
    const unread = await unreadCount(db, admin.id);
    expect(unread).toBe(page.unread);
    // another user's id marks nothing
    expect(await markRead(db, finance2.id, clock.now(), [page.items[0]!.id])).toBe(0);
    expect(await markRead(db, admin.id, clock.now(), [page.items[0]!.id])).toBe(1);
    expect(await unreadCount(db, admin.id)).toBe(unread - 1);
    expect(await markRead(db, admin.id, clock.now())).toBe(unread - 1);
    expect(await unreadCount(db, admin.id)).toBe(0);
  });
});

const ACCOUNT = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';

/** A stand-in for the service: answers the balances and execution-log reads the watch makes. */
function fakeClient(answer: (path: string) => unknown): ApiClient {
  return {
    request: async ({ path }: { path: string }) => ({ data: answer(path), requestId: 'req-test' }),
  } as unknown as ApiClient;
}

describe('low-balance alerts', () => {
  it('one alert per fall: set below once, cleared when back, a new fall is a new alert', async () => {
    await setThreshold(db, { accountId: ACCOUNT, asset: 'BRL', threshold: '1000.00' }, admin, clock.now());
    let balance = '999.99';
    const client = fakeClient((path) =>
      path === '/api/balances' ? { accountId: ACCOUNT, fiat: [{ amount: { value: balance, asset: 'BRL', decimals: 2 }, synced: true }], crypto: [] } : null,
    );
    expect(await checkLowBalances({ client, db })).toBe(1);
    expect(await checkLowBalances({ client, db })).toBe(0);
    const alerts = async () => (await db.select().from(notifications).where(eq(notifications.kind, 'balance.low'))).filter((n) => n.userId === finance.id);
    expect(await alerts()).toHaveLength(1);
    expect((await alerts())[0]).toMatchObject({ link: `/accounts/${ACCOUNT}`, params: { amount: '999.99', threshold: '1000.00', asset: 'BRL' } });
    balance = '1000.00';
    expect(await checkLowBalances({ client, db })).toBe(0);
    clock.advance(60_000);
    balance = '10.00';
    expect(await checkLowBalances({ client, db })).toBe(1);
    expect(await alerts()).toHaveLength(2);
    // the viewer and compliance are not money movers
    expect((await db.select().from(notifications).where(eq(notifications.userId, viewer.id))).filter((n) => n.kind === 'balance.low')).toEqual([]);
  });

  it('two watchers seeing the same fall at once store one alert', async () => {
    await setThreshold(db, { accountId: ACCOUNT, asset: 'USD', threshold: '5.00' }, admin, clock.now());
    const at = clock.now();
    const both = await Promise.all([markBalance(db, ACCOUNT, 'USD', 'low', at), markBalance(db, ACCOUNT, 'USD', 'low', at)]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });
});

describe('failing webhook endpoints', () => {
  it('five failed deliveries in a row alert the admins once per run', async () => {
    const logs = Array.from({ length: 6 }, (_, i) => ({
      id: `log-${i}`,
      companyId: 'c',
      subscriptionId: 'sub-fail',
      messageId: `m-${i}`,
      eventType: 'OPERATION_COMPLETED',
      url: 'https://hooks.example/x',
      payload: '{}',
      httpStatus: 500,
      status: i < 5 ? 'FAILED' : 'SUCCESS',
      retryAttempts: 0,
      createdAt: new Date(clock.now().getTime() - i * 60_000).toISOString(),
      updatedAt: new Date(clock.now().getTime() - i * 60_000).toISOString(),
      error: 'HTTP 500',
    }));
    const page = (data: unknown[]) => ({ data, meta: { hasNextPage: false, hasPreviousPage: false, nextCursor: null, previousCursor: null } });
    const client = fakeClient((path) =>
      path === '/api/subscriptions'
        ? page([{ id: 'sub-fail', url: 'https://hooks.example/x', eventTypes: ['OPERATION_COMPLETED'], createdAt: logs[0]!.createdAt, updatedAt: logs[0]!.createdAt }])
        : page(logs),
    );
    expect(await checkFailingWebhooks({ client, db })).toBe(1);
    expect(await checkFailingWebhooks({ client, db })).toBe(1);
    const items = await db.select().from(notifications).where(eq(notifications.kind, 'webhook.failing'));
    const mine = items.filter((n) => n.link === '/webhooks/sub-fail');
    expect(mine.map((n) => n.userId)).toEqual([admin.id]);
    expect(mine[0]!.params).toMatchObject({ failed: '5', reason: 'consecutive' });
  });
});

describe('retention', () => {
  it('items older than 90 days are swept; newer ones stay', async () => {
    await db.insert(notifications).values({
      userId: viewer.id,
      kind: 'operation.stuck',
      dedupeKey: 'old',
      link: '/operations/x',
      createdAt: new Date(clock.now().getTime() - 91 * 86_400_000),
    });
    await db.insert(notifications).values({ userId: viewer.id, kind: 'operation.stuck', dedupeKey: 'new', link: '/operations/y', createdAt: clock.now() });
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 30, RETENTION_SESSIONS_DAYS: 1, RETENTION_NOTIFICATIONS_DAYS: 90 });
    const swept = await runRetention(db, clock.now());
    expect(swept.notifications).toBe(1);
    expect((await db.select().from(notifications).where(eq(notifications.userId, viewer.id))).map((n) => n.dedupeKey)).toEqual(['new']);
  });
});
