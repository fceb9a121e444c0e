import { describe, expect, it } from 'vitest';
import { notificationEvent, type LiveEvent } from '../domain/live/events';
import { concernsSession, createLocalInvalidator } from '../auth/session-invalidation';
import { createMemoryBus } from './bus';
import { openLiveStream, StreamSlots, type LiveStreamOptions } from './stream';

const ev = (seq: number): LiveEvent => ({ seq, type: 'OPERATION_COMPLETED', kind: 'OPERATION', id: null, atTime: null });

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, test: (text: string) => boolean, limit = 50): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for (let i = 0; i < limit && !test(text); i++) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return text;
}

function setup(stored: LiveEvent[], overrides: Partial<LiveStreamOptions> = {}) {
  const bus = createMemoryBus();
  const abort = new AbortController();
  let closed = 0;
  const stream = openLiveStream({
    bus,
    lastEventId: null,
    loadAfter: async (seq, limit) => stored.filter((e) => e.seq > seq).slice(0, limit),
    latestSeq: async () => stored.at(-1)?.seq ?? 0,
    checkSession: async () => true,
    status: async () => ({ receiving: true }),
    signal: abort.signal,
    onClose: () => closed++,
    ...overrides,
  });
  return { bus, abort, reader: stream.getReader(), closed: () => closed };
}

describe('live stream', () => {
  it('sends status, then live events as `change` with the sequence as id — no payload fields', async () => {
    const { bus, reader, abort } = setup([ev(1), ev(2)]);
    await readUntil(reader, (t) => t.includes('event: status'));
    await bus.publish(ev(3));
    const text = await readUntil(reader, (t) => t.includes('id: 3'));
    expect(text).toContain('id: 3\nevent: change\ndata: {"seq":3,"type":"OPERATION_COMPLETED","kind":"OPERATION","id":null,"atTime":null}\n\n');
    expect(text).not.toContain('id: 2'); // a fresh stream starts from now
    abort.abort();
  });

  it('`status` says where the stream starts: the newest stored event, or the Last-Event-ID it resumes from', async () => {
    const fresh = setup([ev(1), ev(2)]);
    expect(await readUntil(fresh.reader, (t) => t.includes('event: status'))).toContain('event: status\ndata: {"receiving":true,"from":2}\n\n');
    fresh.abort.abort();
    const resumed = setup([ev(1), ev(2), ev(3)], { lastEventId: 1 });
    const text = await readUntil(resumed.reader, (t) => t.includes('id: 3'));
    expect(text).toContain('data: {"receiving":true,"from":1}');
    // The events after it follow the status: a page read at 1 hears 2 and 3.
    expect(text.indexOf('id: 2')).toBeGreaterThan(text.indexOf('event: status'));
    resumed.abort.abort();
  });

  it('`status` goes out only once the starting point is read, so every event stored after it arrives (scale lane race)', async () => {
    // Before: `status` was written and only then was "now" read; a delivery another instance stored while that read
    // was in flight got a seq <= the number read, and its live message was dropped as already sent.
    const stored = [ev(1)];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reads = 0;
    const { bus, reader, abort } = setup(stored, {
      latestSeq: async () => {
        reads++;
        await gate;
        return stored.at(-1)!.seq;
      },
    });
    let statusOut = false;
    const status = readUntil(reader, (t) => t.includes('event: status')).then((t) => ((statusOut = true), t));
    await new Promise((r) => setTimeout(r, 30));
    expect(reads).toBe(1);
    expect(statusOut).toBe(false);
    release();
    await status;
    stored.push(ev(2));
    await bus.publish(ev(2));
    const text = await readUntil(reader, (t) => t.includes('id: 2'));
    expect(text).toContain('id: 2\nevent: change');
    abort.abort();
  });

  it('an event stored between reading "now" and subscribing comes from the replay (the bus had no listener yet)', async () => {
    const stored = [ev(1)];
    const late: { bus?: ReturnType<typeof createMemoryBus> } = {};
    const setupResult = setup(stored, {
      latestSeq: async () => {
        await new Promise((r) => setTimeout(r, 0)); // the bus is assigned once setup() returns
        const now = stored.at(-1)!.seq;
        stored.push(ev(2));
        await late.bus!.publish(ev(2)); // nobody subscribed yet: only the database has it
        return now;
      },
    });
    late.bus = setupResult.bus;
    const text = await readUntil(setupResult.reader, (t) => t.includes('id: 2'));
    expect(text.match(/^id: \d+$/gm)).toEqual(['id: 2']);
    setupResult.abort.abort();
  });

  it('forwards "your inbox changed" to its own user only, without an id (the resume point stays the stored events)', async () => {
    const { bus, reader, abort } = setup([ev(1)], { userId: 'me' });
    await readUntil(reader, (t) => t.includes('event: status'));
    await bus.publish(notificationEvent('someone-else'));
    await bus.publish(notificationEvent('me'));
    await bus.publish(ev(2));
    const text = await readUntil(reader, (t) => t.includes('id: 2'));
    expect(text.match(/event: notification/g)).toHaveLength(1);
    expect(text).toContain('event: notification\ndata: {}\n\nid: 2\nevent: change');
    abort.abort();
  });

  it('resumes after Last-Event-ID from the stored events, without duplicating one that also arrives live', async () => {
    const { bus, reader, abort } = setup([ev(1), ev(2), ev(3)], { lastEventId: 1 });
    await bus.publish(ev(3)); // raced the replay
    await bus.publish(ev(4));
    const text = await readUntil(reader, (t) => t.includes('id: 4'));
    expect(text.match(/^id: \d+$/gm)).toEqual(['id: 2', 'id: 3', 'id: 4']);
    abort.abort();
  });

  it('sends `reset` when the resume is too far behind to replay', async () => {
    const stored = Array.from({ length: 300 }, (_, i) => ev(i + 1));
    const { reader, abort } = setup(stored, { lastEventId: 1 });
    const text = await readUntil(reader, (t) => t.includes('event: reset'));
    expect(text).toContain('id: 300\nevent: reset');
    expect(text).not.toContain('event: change');
    abort.abort();
  });

  it('heartbeats, and ends the stream when the session stops validating', async () => {
    let valid = true;
    const { reader, closed } = setup([], { heartbeatMs: 20, sessionCheckMs: 40, checkSession: async () => valid });
    const beat = await readUntil(reader, (t) => t.includes(': heartbeat'));
    expect(beat).toContain(': heartbeat');
    valid = false;
    const rest = await readUntil(reader, (t) => t.includes('event: end'), 200);
    expect(rest).toContain('event: end\ndata: {"reason":"session"}');
    expect((await reader.read()).done).toBe(true);
    expect(closed()).toBe(1);
  });

  it('ends on the revocation notice itself, not at the next periodic check (30 s)', async () => {
    const invalidator = createLocalInvalidator();
    const session = { sessionId: 'sid-1', userId: 'user-1' };
    let valid = true;
    let checks = 0;
    const { bus, reader, closed } = setup([], {
      checkSession: async () => {
        checks++;
        return valid;
      },
      watchSession: (recheck) => invalidator.onInvalidation((what) => concernsSession(what, session) && recheck()),
    });
    await readUntil(reader, (t) => t.includes('event: status'));
    // Another user's or another session's notice: not re-checked, still open.
    await invalidator.invalidate({ userId: 'user-2' });
    await invalidator.invalidate({ sessionId: 'sid-2' });
    expect(checks).toBe(0);
    // A role change of this user (still valid): re-checked, still open.
    await invalidator.invalidate({ userId: 'user-1' });
    await bus.publish(ev(1));
    expect(await readUntil(reader, (t) => t.includes('id: 1'))).toContain('event: change');
    expect(checks).toBe(1);
    // Signed out elsewhere: the stream ends now.
    valid = false;
    const started = Date.now();
    await invalidator.invalidate({ sessionId: 'sid-1' });
    const rest = await Promise.race([
      readUntil(reader, (t) => t.includes('event: end')),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 2 s'), 2_000)),
    ]);
    expect(rest).toContain('event: end\ndata: {"reason":"session"}');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await reader.read()).done).toBe(true);
    expect(closed()).toBe(1);
    await invalidator.invalidate({ sessionId: 'sid-1' }); // the listener is gone with the stream
    expect(checks).toBe(2);
  });

  it('unsubscribes from the bus when the browser goes away', async () => {
    const { bus, reader, abort, closed } = setup([]);
    await readUntil(reader, (t) => t.includes('event: status'));
    abort.abort();
    expect(closed()).toBe(1);
    await bus.publish(ev(9)); // no listener left: nothing thrown, nothing enqueued
    expect((await reader.read()).done).toBe(true);
  });
});

describe('StreamSlots', () => {
  it('allows five streams per user and frees a slot when one closes (twice-released counts once)', () => {
    const slots = new StreamSlots();
    const releases = Array.from({ length: 5 }, () => slots.acquire('u1'));
    expect(releases.every(Boolean)).toBe(true);
    expect(slots.acquire('u1')).toBeNull();
    expect(slots.acquire('u2')).not.toBeNull();
    releases[0]!();
    releases[0]!();
    expect(slots.count('u1')).toBe(4);
    expect(slots.acquire('u1')).not.toBeNull();
    expect(slots.acquire('u1')).toBeNull();
  });
});
