import { afterEach, describe, expect, it } from 'vitest';
import { openLiveStream } from '@/lib/live/stream';
import type { LiveBus } from '@/lib/live/bus';
import { drainAll, isDraining, onDrain, resetShutdownForTests, shutdown } from './shutdown';

afterEach(() => resetShutdownForTests());

const bus = { subscribe: () => () => {}, publish: async () => {} } as unknown as LiveBus;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += new TextDecoder().decode(value);
  }
}

describe('graceful shutdown', () => {
  it('drains by stage: streams, then jobs, then the database', async () => {
    const order: string[] = [];
    onDrain('database', 2, () => void order.push('db'));
    onDrain('job', 1, async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('job');
    });
    onDrain('stream', 0, () => void order.push('stream'));
    const removed = onDrain('gone', 0, () => void order.push('gone'));
    removed();
    await drainAll();
    expect(order).toEqual(['stream', 'job', 'db']);
    expect(isDraining()).toBe(true);
  });

  it('tells an open live stream to reconnect with a retry hint, then ends it', async () => {
    const controller = new AbortController();
    const stream = openLiveStream({
      bus,
      lastEventId: null,
      loadAfter: async () => [],
      latestSeq: async () => 0,
      checkSession: async () => true,
      status: async () => ({ receiving: true }),
      signal: controller.signal,
    });
    const text = readAll(stream);
    await new Promise((r) => setTimeout(r, 20));
    await drainAll();
    const body = await text;
    expect(body).toContain('retry: 500\n');
    expect(body).toMatch(/event: end\ndata: \{"reason":"restart"\}/);
  });

  it('exits 0 when drained, 1 when the deadline passes first', async () => {
    const codes: number[] = [];
    await shutdown('SIGTERM', (code) => codes.push(code));
    expect(codes).toEqual([0]);

    resetShutdownForTests();
    process.env.SHUTDOWN_DEADLINE_MS = '30';
    try {
      onDrain('stuck job', 1, () => new Promise((r) => setTimeout(r, 200)));
      const exited: number[] = [];
      const done = shutdown('SIGTERM', (code) => exited.push(code));
      await new Promise((r) => setTimeout(r, 80));
      expect(exited).toEqual([1]);
      await done;
    } finally {
      delete process.env.SHUTDOWN_DEADLINE_MS;
    }
  });
});
