import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resourceOfEvent, WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { examplePayload, linkToResource, prettyPayload, resourceLinkOf } from './catalog';
import { deliveryHeaders, renderCurl, shellQuote } from './curl';
import { logFiltersSearch, matchesLogFilters, parseLogFilters, parsePagePosition, toServiceQuery } from './filters';
import { chartBars, computeHealth } from './health';
import {
  allSettled,
  emptyCounts,
  isTransient,
  MAX_ITEM_ATTEMPTS,
  nextJobStatus,
  nextSendAt,
  progressOf,
  retryDelayMs,
  selectReplayItems,
  settleItem,
} from './replay';

describe('filters', () => {
  it('reads status, event type and a day range from the URL and drops what is not valid', () => {
    const ok = parseLogFilters(new URLSearchParams('status=FAILED&eventType=OPERATION_FAILED&from=2026-01-02&to=2026-01-05'));
    expect(ok).toEqual({ filters: { status: 'FAILED', eventType: 'OPERATION_FAILED', from: '2026-01-02', to: '2026-01-05' }, errors: {} });
    const bad = parseLogFilters({ status: 'OK', eventType: 'NOPE', from: '2026-02-30', to: ['x'] });
    expect(bad.filters).toEqual({});
    expect(bad.errors).toEqual({ status: 'invalid', eventType: 'invalid', from: 'invalid', to: 'invalid' });
    const reversed = parseLogFilters({ from: '2026-01-05', to: '2026-01-02' });
    expect(reversed).toEqual({ filters: { from: '2026-01-05' }, errors: { to: 'range' } });
  });

  it('turns days into inclusive instants in the user time zone', () => {
    expect(toServiceQuery({ from: '2026-01-02', to: '2026-01-02' }, 'America/Sao_Paulo')).toEqual({
      createdFrom: '2026-01-02T03:00:00.000Z',
      createdTo: '2026-01-03T02:59:59.999Z',
    });
    expect(toServiceQuery({ status: 'SUCCESS', eventType: 'ASSET_ACTIVATED', from: '2026-07-01' }, 'UTC')).toEqual({
      status: 'SUCCESS',
      eventType: 'ASSET_ACTIVATED',
      createdFrom: '2026-07-01T00:00:00.000Z',
    });
    // Across a DST change (Europe/Berlin goes to UTC+2 on 2026-03-29).
    expect(toServiceQuery({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Berlin')).toEqual({
      createdFrom: '2026-03-28T23:00:00.000Z',
      createdTo: '2026-03-29T21:59:59.999Z',
    });
  });

  it('writes the URL back, dropping the cursor unless given, and reads the page position', () => {
    expect(logFiltersSearch({ status: 'FAILED', to: '2026-01-03' })).toBe('?status=FAILED&to=2026-01-03');
    expect(logFiltersSearch({}, { cursor: 'abc', direction: 'PREVIOUS' })).toBe('?cursor=abc&direction=PREVIOUS');
    expect(logFiltersSearch({})).toBe('');
    expect(parsePagePosition({ cursor: 'abc', direction: 'PREVIOUS' })).toEqual({ cursor: 'abc', direction: 'PREVIOUS' });
    expect(parsePagePosition({ cursor: 'abc' })).toEqual({ cursor: 'abc', direction: 'NEXT' });
    expect(parsePagePosition({})).toEqual({});
  });

  it('filters a page in the console exactly like the service would', () => {
    const log = { status: 'FAILED', eventType: 'OPERATION_COMPLETED', createdAt: '2026-01-02T10:00:00.000Z' };
    expect(matchesLogFilters(log, {})).toBe(true);
    expect(matchesLogFilters(log, { status: 'FAILED', eventType: 'OPERATION_COMPLETED' })).toBe(true);
    expect(matchesLogFilters(log, { status: 'SUCCESS' })).toBe(false);
    expect(matchesLogFilters(log, { eventType: 'ASSET_ACTIVATED' })).toBe(false);
    expect(matchesLogFilters(log, { createdFrom: '2026-01-02T10:00:00.000Z', createdTo: '2026-01-02T10:00:00.000Z' })).toBe(true);
    expect(matchesLogFilters(log, { createdFrom: '2026-01-02T10:00:00.001Z' })).toBe(false);
    expect(matchesLogFilters(log, { createdTo: '2026-01-02T09:59:59.999Z' })).toBe(false);
    expect(matchesLogFilters({ ...log, messageId: 'm1' }, { messageId: 'm1' })).toBe(true);
    expect(matchesLogFilters({ ...log, messageId: 'm1' }, { messageId: 'm2' })).toBe(false);
  });
});

describe('Copy as cURL', () => {
  it('single-quotes for a POSIX shell, including quotes, $, backticks, backslashes and newlines', () => {
    expect(shellQuote('plain')).toBe("'plain'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
  });

  it('reproduces the delivery: a real shell hands curl exactly these arguments', () => {
    const body = '{"owner":"D\'Ávila & Filhos","note":"$HOME `id` \\\\ \\"x\\"\\n","emoji":"✓"}\n';
    const headers = deliveryHeaders({
      eventType: 'OPERATION_COMPLETED',
      messageId: '5b0c7c3a-8e7d-4e39-9a0b-1f2e3d4c5b6a',
      companyId: "acme'; rm -rf /",
      resourceName: 'OPERATION',
      signature: 'ab12',
    });
    const command = renderCurl({ url: 'http://localhost:3000/api/webhooks?x=1&y=$(id)', headers, body });
    expect(command.startsWith("curl -X POST 'http://localhost:3000/api/webhooks?x=1&y=$(id)'")).toBe(true);
    // Replace curl with a printer of its arguments and let /bin/sh parse the command.
    const printed = execFileSync('/bin/sh', ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${command}`]).toString();
    const args = printed.split('\0').slice(0, -1);
    expect(args).toEqual([
      '-X', 'POST', 'http://localhost:3000/api/webhooks?x=1&y=$(id)',
      '-H', 'Content-Type: application/json',
      '-H', 'X-Event-Type: OPERATION_COMPLETED',
      '-H', 'X-Message-Id: 5b0c7c3a-8e7d-4e39-9a0b-1f2e3d4c5b6a',
      '-H', "X-Company-Id: acme'; rm -rf /",
      '-H', 'X-Resource-Name: OPERATION',
      '-H', 'X-Message-Signature: ab12',
      '--data-raw', body,
    ]);
  });

  it('leaves out headers it cannot know', () => {
    const headers = deliveryHeaders({ eventType: 'X', messageId: 'm', companyId: 'c', resourceName: null, signature: null });
    expect(headers.map(([n]) => n)).toEqual(['Content-Type', 'X-Event-Type', 'X-Message-Id', 'X-Company-Id']);
  });
});

describe('resource links from what the receiver recorded', () => {
  it('links an operation, account or beneficiary the console received, and nothing else', () => {
    const id = '0b7e9a52-1c1f-4c5e-9a59-2d4f0c8e7b11';
    expect(linkToResource('OPERATION', id)).toEqual({ kind: 'operation', id, href: `/operations/${id}` });
    expect(linkToResource('ACCOUNT', id)?.href).toBe(`/accounts/${id}`);
    expect(linkToResource('BENEFICIARY', id)?.href).toBe(`/beneficiaries/${id}`);
    expect(linkToResource('INVOICE', id)).toBeNull();
    expect(linkToResource('OPERATION', 'not-a-uuid')).toBeNull();
    expect(linkToResource(null, null)).toBeNull();
  });
});

describe('catalogue', () => {
  it('has an example payload for every event and maps events to resources', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(Object.keys(examplePayload(type)).length).toBeGreaterThan(2);
    expect(resourceOfEvent('ASSET_ACTIVATED')).toBe('ACCOUNT');
    expect(resourceOfEvent('BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED')).toBe('BENEFICIARY');
    expect(resourceOfEvent('OPERATION_FAILED')).toBe('OPERATION');
    expect(resourceOfEvent('SOMETHING_NEW')).toBeNull();
  });

  it('links to the resource only when the payload names its id', () => {
    const id = '0b7e9a52-1c1f-4c5e-9a59-2d4f0c8e7b11';
    expect(resourceLinkOf('ASSET_ACTIVATED', { accountId: id })).toEqual({ kind: 'account', id, href: `/accounts/${id}` });
    expect(resourceLinkOf('OPERATION_COMPLETED', { id })).toEqual({ kind: 'operation', id, href: `/operations/${id}` });
    expect(resourceLinkOf('OPERATION_COMPLETED', examplePayload('OPERATION_COMPLETED'))).toBeNull();
    expect(resourceLinkOf('BENEFICIARY_PAYMENT_INSTRUCTION_CREATED', { beneficiaryId: 'not-a-uuid' })).toBeNull();
    expect(resourceLinkOf('OPERATION_COMPLETED', '{')).toBeNull();
  });

  it('pretty-prints JSON payloads and gives up on anything else', () => {
    expect(prettyPayload('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyPayload('not json')).toBeNull();
  });
});

describe('delivery health', () => {
  const now = new Date('2026-01-10T12:30:00.000Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  const a = (status: string, hoursAgo: number, error: string | null = null) => ({ status, createdAt: at(hoursAgo), error, httpStatus: status === 'SUCCESS' ? 200 : 500 });

  it('computes 24 h and 7 d success rates, hourly buckets, the last failure and the failure streak', () => {
    const h = computeHealth(
      [a('FAILED', 0.1, 'HTTP 500'), a('FAILED', 0.2, 'timeout'), a('SUCCESS', 1), a('SUCCESS', 5), a('FAILED', 30), a('SUCCESS', 200)],
      now,
    );
    expect(h.window24h).toEqual({ success: 2, total: 4, rate: 0.5 });
    expect(h.window7d).toEqual({ success: 2, total: 5, rate: 0.4 });
    expect(h.consecutiveFailures).toBe(2);
    expect(h.streakOpen).toBe(false);
    expect(h.lastFailure).toEqual({ at: at(0.1), error: 'HTTP 500', httpStatus: 500 });
    expect(h.attemptsPerHour).toHaveLength(24);
    expect(h.attemptsPerHour[23]).toEqual({ start: '2026-01-10T12:00:00.000Z', success: 0, failed: 2 });
    expect(h.attemptsPerHour[22]).toEqual({ start: '2026-01-10T11:00:00.000Z', success: 1, failed: 0 });
    expect(h.attemptsPerHour.reduce((n, b) => n + b.success + b.failed, 0)).toBe(4);
  });

  it('has no rate without attempts and an open streak when nothing succeeded', () => {
    expect(computeHealth([], now).window24h.rate).toBeNull();
    const h = computeHealth([a('FAILED', 1), a('FAILED', 2)], now, { truncated: true });
    expect(h).toMatchObject({ consecutiveFailures: 2, streakOpen: true, truncated: true, sampled: 2 });
    // The whole history was read (a subscription younger than the window): the streak is exactly what was counted.
    expect(computeHealth([a('FAILED', 1), a('FAILED', 2)], now, { complete: true })).toMatchObject({ consecutiveFailures: 2, streakOpen: false });
    expect(computeHealth([a('FAILED', 1), a('FAILED', 2)], now, { complete: true, truncated: true }).streakOpen).toBe(true);
  });

  it('scales chart bars to the busiest hour', () => {
    const bars = chartBars([{ start: '', success: 2, failed: 2 }, { start: '', success: 1, failed: 0 }], 40);
    expect(bars).toEqual([{ success: 20, failed: 20 }, { success: 10, failed: 0 }]);
  });
});

describe('replay job rules', () => {
  it('moves a running job to cancelled or completed, and never out of a finished state', () => {
    expect(nextJobStatus('RUNNING', 'cancel')).toBe('CANCELLED');
    expect(nextJobStatus('RUNNING', 'settled')).toBe('COMPLETED');
    expect(nextJobStatus('COMPLETED', 'cancel')).toBeNull();
    expect(nextJobStatus('CANCELLED', 'settled')).toBeNull();
  });

  it('settles an item: sent, refused with the sentence, retried on transient failures, failed after the budget', () => {
    expect(settleItem(0, { ok: true })).toEqual({ status: 'SENT', attempts: 1, error: null });
    expect(settleItem(0, { ok: false, transient: false, code: 'DELIVERY_ALREADY_SUCCEEDED', message: 'Only a failed delivery attempt can be resent' })).toEqual({
      status: 'REFUSED',
      attempts: 1,
      error: 'DELIVERY_ALREADY_SUCCEEDED: Only a failed delivery attempt can be resent',
    });
    expect(settleItem(1, { ok: false, transient: true, code: 'INTERNAL_ERROR', message: 'x' }).status).toBe('PENDING');
    expect(settleItem(MAX_ITEM_ATTEMPTS - 1, { ok: false, transient: true, code: 'INTERNAL_ERROR', message: 'x' }).status).toBe('FAILED');
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(isTransient(undefined, 'NETWORK_ERROR')).toBe(true);
    expect(isTransient(503, 'X')).toBe(true);
    expect(isTransient(429, 'X')).toBe(true);
    expect(isTransient(422, 'DELIVERY_ALREADY_SUCCEEDED')).toBe(false);
    expect(isTransient(404, 'RESOURCE_NOT_FOUND')).toBe(false);
  });

  it('reports progress and when everything settled', () => {
    const counts = { ...emptyCounts(), SENT: 29, SENDING: 1 };
    expect(progressOf(counts)).toMatchObject({ total: 30, done: 29, percent: 96 });
    expect(allSettled(counts)).toBe(false);
    expect(progressOf({ ...counts, SENDING: 0, REFUSED: 1 }).percent).toBe(100);
    expect(allSettled({ ...counts, SENDING: 0 })).toBe(true);
    expect(progressOf(emptyCounts()).percent).toBe(100);
  });

  it('throttles to the rate: 5 per second is one every 200 ms', () => {
    expect(nextSendAt(null, 5)).toBe(0);
    expect(nextSendAt(10_000, 5)).toBe(10_200);
    expect(nextSendAt(10_000, 2)).toBe(10_500);
  });

  it('picks one attempt per message whose newest attempt failed, in the chosen event types', () => {
    const log = (id: string, messageId: string, status: string, eventType = 'OPERATION_COMPLETED') => ({ id, messageId, status, eventType, createdAt: '' });
    const picked = selectReplayItems(
      [
        log('l1', 'm1', 'FAILED'), // newest attempt of m1: failed → resend
        log('l2', 'm1', 'FAILED'), // an older retry of m1 → not again
        log('l3', 'm2', 'SUCCESS'), // m2 delivered by its newest attempt → nothing to do
        log('l4', 'm2', 'FAILED'),
        log('l5', 'm3', 'FAILED', 'ASSET_ACTIVATED'),
      ],
      ['OPERATION_COMPLETED'],
    );
    expect(picked.map((p) => p.id)).toEqual(['l1']);
    expect(selectReplayItems([log('l5', 'm3', 'FAILED', 'ASSET_ACTIVATED')], []).map((p) => p.id)).toEqual(['l5']);
  });
});
