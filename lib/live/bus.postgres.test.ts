import { afterAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../domain/live/events';
import { createPgBus, type LiveBus } from './bus';

// LISTEN/NOTIFY against a real server: TEST_DATABASE_URL=postgres://… npx vitest run lib/live/bus.postgres.test.ts
// Two buses on one database stand for two console instances.
const url = process.env.TEST_DATABASE_URL;

function collector(bus: LiveBus) {
  const got: LiveEvent[] = [];
  let gaps = 0;
  bus.subscribe({ onEvent: (e) => got.push(e), onGap: () => gaps++ });
  return { got, gaps: () => gaps };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!url)('PostgreSQL LISTEN/NOTIFY live bus', () => {
  const channel = `console_live_test_${process.pid}`;
  const a = url ? createPgBus({ connectionString: url, channel, reconnectDelay: () => 50 }) : undefined;
  const b = url ? createPgBus({ connectionString: url, channel, reconnectDelay: () => 50 }) : undefined;
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an event published on one instance reaches the subscribers of both, once each', async () => {
    await Promise.all([a!.ready, b!.ready]);
    const onA = collector(a!);
    const onB = collector(b!);
    const event: LiveEvent = { seq: 41, type: 'OPERATION_COMPLETED', kind: 'OPERATION', id: null, atTime: '2026-11-23T09:00:00.000Z' };
    await a!.publish(event);
    await until(() => onA.got.length === 1 && onB.got.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(onA.got).toEqual([event]);
    expect(onB.got).toEqual([event]);
  });

  it('reconnects a dropped listener and signals a gap so streams catch up from the database', async () => {
    const onB = collector(b!);
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: url });
    await admin.connect();
    // Kill b's LISTEN connection the way a server restart or network cut would.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query ILIKE $1`,
      [`LISTEN ${channel}%`],
    );
    await admin.end();
    await until(() => onB.gaps() === 1);
    await a!.publish({ seq: 42, type: 'OPERATION_COMPLETED', kind: 'OPERATION', id: null, atTime: null });
    await until(() => onB.got.some((e) => e.seq === 42));
  });
});
