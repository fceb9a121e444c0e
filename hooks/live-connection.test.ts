import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@/lib/domain/live/events';

/** A stand-in for the browser's EventSource: the test plays the server's messages. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private readonly handlers = new Map<string, ((e: { data?: string; lastEventId?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, handler: (e: { data?: string; lastEventId?: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, e: { data?: string; lastEventId?: string } = {}) {
    for (const handler of this.handlers.get(type) ?? []) handler(e);
  }
  /** What /api/live sends as it starts: open, then `status` with its starting point. */
  start(from: number) {
    this.emit('open');
    this.emit('status', { data: JSON.stringify({ receiving: true, from }) });
  }
  change(seq: number) {
    this.emit('change', { data: JSON.stringify(event(seq)), lastEventId: String(seq) });
  }
}

const event = (seq: number): LiveEvent => ({ seq, type: 'OPERATION_COMPLETED', kind: 'OPERATION', id: `op-${seq}`, atTime: null });

async function freshModule() {
  vi.resetModules();
  return import('./live-connection');
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live connection: pages that read their data at a known point', () => {
  it('a page load opens the stream where the page was read, and needs no refresh when nothing came since', async () => {
    const live = await freshModule();
    const heard: number[] = [];
    const reset = vi.fn();
    const stop = live.subscribeLive((e) => heard.push(e.seq), reset, 41);
    const es = FakeEventSource.opened[0]!;
    expect(es.url).toBe('/api/live?lastEventId=41');
    es.start(41);
    expect(reset).not.toHaveBeenCalled();
    // What the server replays after 41, and what comes live after it, reaches the page.
    es.change(42);
    expect(heard).toEqual([42]);
    stop();
  });

  it('a page shown after the tab received events hears the ones after its point at once, and not the older ones', async () => {
    const live = await freshModule();
    const stopBell = live.subscribeLive(() => {});
    const es = FakeEventSource.opened[0]!;
    expect(es.url).toBe('/api/live');
    es.start(5);
    for (const seq of [6, 7, 8, 9]) es.change(seq);
    const heard: number[] = [];
    const reset = vi.fn();
    const stopPage = live.subscribeLive((e) => heard.push(e.seq), reset, 7);
    expect(heard).toEqual([8, 9]);
    expect(reset).not.toHaveBeenCalled();
    expect(FakeEventSource.opened).toHaveLength(1);
    stopPage();
    stopBell();
  });

  it('refreshes once when the stream started after the page was read (what came between is unknown)', async () => {
    const live = await freshModule();
    const stopBell = live.subscribeLive(() => {});
    const es = FakeEventSource.opened[0]!;
    const reset = vi.fn();
    const stopPage = live.subscribeLive(() => {}, reset, 3);
    expect(reset).not.toHaveBeenCalled(); // not before the stream says where it starts
    es.start(10);
    expect(reset).toHaveBeenCalledTimes(1);
    es.change(11);
    expect(reset).toHaveBeenCalledTimes(1);
    stopPage();
    stopBell();
  });

  it('a dropped stream resumes from its starting point even before any event came, and keeps what the tab knew', async () => {
    vi.useFakeTimers();
    try {
      const live = await freshModule();
      const stop = live.subscribeLive(() => {});
      const first = FakeEventSource.opened[0]!;
      first.start(20);
      first.readyState = FakeEventSource.CLOSED;
      first.emit('error');
      await vi.advanceTimersByTimeAsync(60_000);
      const second = FakeEventSource.opened[1]!;
      expect(second.url).toBe('/api/live?lastEventId=20');
      second.start(20);
      second.change(21);
      const heard: number[] = [];
      const reset = vi.fn();
      const stopPage = live.subscribeLive((e) => heard.push(e.seq), reset, 20);
      expect(heard).toEqual([21]);
      expect(reset).not.toHaveBeenCalled();
      stopPage();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a subscriber without a point hears everything and is never asked to refresh on opening', async () => {
    const live = await freshModule();
    const heard: number[] = [];
    const reset = vi.fn();
    const stop = live.subscribeLive((e) => heard.push(e.seq), reset);
    const es = FakeEventSource.opened[0]!;
    es.start(100);
    es.change(101);
    expect(heard).toEqual([101]);
    expect(reset).not.toHaveBeenCalled();
    stop();
  });

  it('an older status without a starting point: a page with a point refreshes once, as before', async () => {
    const live = await freshModule();
    const reset = vi.fn();
    const stop = live.subscribeLive(() => {}, reset, 8);
    const es = FakeEventSource.opened[0]!;
    es.emit('open');
    es.emit('status', { data: JSON.stringify({ receiving: true }) });
    expect(reset).toHaveBeenCalledTimes(1);
    stop();
  });
});
