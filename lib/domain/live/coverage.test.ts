import { describe, expect, it } from 'vitest';
import { catchUpFrom, coverageOnOpen, coverageWith, statusFrom, type Coverage } from './coverage';
import type { LiveEvent } from './events';

const event = (seq: number, id = `op-${seq}`): LiveEvent => ({ seq, type: 'OPERATION_COMPLETED', kind: 'OPERATION', id, atTime: null });

describe('live coverage', () => {
  it('a page rendered at the point the stream started from misses nothing and need not refresh', () => {
    const coverage = coverageOnOpen(null, 40, 40);
    expect(catchUpFrom(coverage, 40)).toEqual({ events: [] });
  });

  it('hands a page that subscribes later the events delivered after its render, not the ones before', () => {
    const coverage = coverageOnOpen(null, null, 10);
    for (const seq of [11, 12, 13, 14]) coverageWith(coverage, event(seq));
    expect(catchUpFrom(coverage, 12)).toEqual({ events: [event(13), event(14)] });
    expect(catchUpFrom(coverage, 14)).toEqual({ events: [] });
  });

  it('refreshes when the stream started after the page was read: what came between is unknown', () => {
    expect(catchUpFrom(coverageOnOpen(null, null, 50), 49)).toBe('refresh');
    expect(catchUpFrom(null, 49)).toBe('refresh');
  });

  it('a stream resumed where the last one stopped keeps what the tab saw; one started elsewhere does not', () => {
    const first = coverageOnOpen(null, 5, 5);
    coverageWith(first, event(6));
    coverageWith(first, event(7));
    const resumed = coverageOnOpen(first, 7, 7);
    expect(catchUpFrom(resumed, 5)).toEqual({ events: [event(6), event(7)] });
    const elsewhere = coverageOnOpen(first, null, 30);
    expect(catchUpFrom(elsewhere, 5)).toBe('refresh');
    // A server that answered a resume from 7 with another starting point (it sent `reset`): a new coverage.
    expect(coverageOnOpen(first, 7, 90)).toEqual({ from: 90, events: [] });
  });

  it('keeps at most `max` events, and then cannot answer for a page older than the oldest kept', () => {
    const coverage: Coverage = coverageOnOpen(null, 0, 0);
    for (let seq = 1; seq <= 5; seq++) coverageWith(coverage, event(seq), 3);
    expect(coverage.events.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(coverage.from).toBe(2);
    expect(catchUpFrom(coverage, 1)).toBe('refresh');
    expect(catchUpFrom(coverage, 2)).toEqual({ events: [event(3), event(4), event(5)] });
  });

  it('ignores an event it already holds (a replay overlapping what was delivered)', () => {
    const coverage = coverageOnOpen(null, 0, 0);
    coverageWith(coverage, event(1));
    coverageWith(coverage, event(1));
    coverageWith(coverage, event(0));
    expect(coverage.events).toEqual([event(1)]);
  });

  it('reads the starting point of a status message, and nothing else', () => {
    expect(statusFrom({ receiving: true, from: 12 })).toBe(12);
    expect(statusFrom({ receiving: true, from: 0 })).toBe(0);
    expect(statusFrom({ receiving: true })).toBeNull();
    expect(statusFrom({ from: -1 })).toBeNull();
    expect(statusFrom({ from: '12' })).toBeNull();
    expect(statusFrom(null)).toBeNull();
  });
});
