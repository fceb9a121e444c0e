import { describe, expect, it } from 'vitest';
import {
  deliveredAt,
  mergeOperationTimeline,
  messageIsAboutOperation,
  operationIdOfMessage,
  reportedStatus,
  type OperationWebhook,
} from './operation-webhooks';
import type { TimelineEntry } from './view';

const A = '3f2c1b7a-9d8e-4c6b-8a5f-1e2d3c4b5a69';
const B = '7e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b';
const QUOTE_A = 'a1b2c3d4-0000-4000-8000-000000000001';

/** Two test transfers of 0.01 BRL that failed in the same settlement tick: same type, amounts, state and time. */
function failedPayload(extra: Record<string, unknown> = {}) {
  return {
    customerId: '5d1a3c4e-1111-4222-8333-944455556666',
    sourceAmount: { value: '0.01', asset: 'BRL' },
    destinationAmount: { value: '0.01', asset: 'BRL' },
    currentState: { status: 'FAILED', createdAt: '2026-11-23T09:00:05.000Z', reason: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } },
    atTime: '2026-11-23T09:00:05.000Z',
    quote: null,
    ...extra,
  };
}

describe('which webhook messages are about an operation', () => {
  const opA = { id: A, quote: { id: QUOTE_A } };

  it('never attributes by type, amounts and time: the other transfer’s OPERATION_FAILED is not this one’s', () => {
    // Delivered with its resource id (X-Resource-Id, stored with the event) or with the id in the body.
    expect(messageIsAboutOperation({ eventType: 'OPERATION_FAILED', resourceId: A, payload: failedPayload() }, opA)).toBe(true);
    expect(messageIsAboutOperation({ eventType: 'OPERATION_FAILED', resourceId: B, payload: failedPayload() }, opA)).toBe(false);
    expect(messageIsAboutOperation({ eventType: 'OPERATION_FAILED', resourceId: null, payload: failedPayload({ id: A }) }, opA)).toBe(true);
    expect(messageIsAboutOperation({ eventType: 'OPERATION_FAILED', resourceId: null, payload: failedPayload({ id: B }) }, opA)).toBe(false);
    // Identical in everything but an id, and naming none: about no operation in particular.
    expect(messageIsAboutOperation({ eventType: 'OPERATION_FAILED', resourceId: null, payload: failedPayload() }, opA)).toBe(false);
  });

  it('the resource id wins over the body; ids compare case-insensitively; other kinds never match', () => {
    expect(operationIdOfMessage({ eventType: 'OPERATION_REQUESTED', resourceId: A.toUpperCase(), payload: { id: B } })).toBe(A);
    expect(operationIdOfMessage({ eventType: 'OPERATION_REQUESTED', resourceId: null, payload: { id: 'not-a-uuid' } })).toBeNull();
    expect(messageIsAboutOperation({ eventType: 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED', resourceId: A, payload: {} }, opA)).toBe(false);
  });

  it('a message without an operation id is still this operation’s when it names the quote it consumed', () => {
    expect(messageIsAboutOperation({ eventType: 'OPERATION_REQUESTED', resourceId: null, payload: failedPayload({ quote: { id: QUOTE_A } }) }, opA)).toBe(true);
    expect(messageIsAboutOperation({ eventType: 'OPERATION_REQUESTED', resourceId: null, payload: failedPayload({ quote: { id: 'other' } }) }, opA)).toBe(false);
  });
});

describe('one timeline: states and the webhooks about them, by time', () => {
  const states: TimelineEntry[] = [
    { status: 'REQUESTED', at: '2026-11-23T09:00:00.000Z', afterSeconds: null, reason: null },
    { status: 'PROCESSING', at: '2026-11-23T09:00:02.000Z', afterSeconds: 2, reason: null },
    { status: 'FAILED', at: '2026-11-23T09:00:05.000Z', afterSeconds: 3, reason: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance' } },
  ];
  const webhook = (messageId: string, status: string, attempts: string[], receivedAt: string | null = null): OperationWebhook => ({
    messageId,
    eventType: `OPERATION_${status}`,
    atTime: null,
    receivedAt,
    payload: { currentState: { status } },
    attempts: attempts.map((createdAt, i) => ({ id: `${messageId}-${i}`, status: 'SUCCESS', httpStatus: 200, retryAttempts: i, createdAt, error: null })),
  });

  it('interleaves each delivery after the state changes that happened before it', () => {
    const requested = webhook('m1', 'REQUESTED', ['2026-11-23T09:00:03.000Z', '2026-11-23T09:00:01.000Z']);
    const failed = webhook('m2', 'FAILED', ['2026-11-23T09:00:06.000Z']);
    const items = mergeOperationTimeline(states, [failed, requested]);
    expect(items.map((i) => (i.kind === 'state' ? i.entry.status : `webhook:${i.webhook.messageId}`))).toEqual([
      'REQUESTED',
      'webhook:m1',
      'PROCESSING',
      'FAILED',
      'webhook:m2',
    ]);
    // A message sits at its first delivery and says which state it reports.
    expect(items[1]).toMatchObject({ kind: 'webhook', at: '2026-11-23T09:00:01.000Z', reports: 'REQUESTED' });
    expect(items.filter((i) => i.kind === 'state' && i.current).map((i) => i.kind === 'state' && i.entry.status)).toEqual(['FAILED']);
  });

  it('a state comes before a message of the same instant; a message with no time goes last', () => {
    const same = webhook('m3', 'FAILED', [], '2026-11-23T09:00:05.000Z');
    const timeless = { ...webhook('m4', 'FAILED', []), payload: null };
    const items = mergeOperationTimeline(states, [timeless, same]);
    expect(items.map((i) => (i.kind === 'state' ? i.entry.status : i.webhook.messageId))).toEqual(['REQUESTED', 'PROCESSING', 'FAILED', 'm3', 'm4']);
    expect(items[4]).toMatchObject({ at: null, reports: null });
  });

  it('no webhooks: the states alone; no states: the webhooks alone', () => {
    expect(mergeOperationTimeline(states, []).map((i) => i.kind)).toEqual(['state', 'state', 'state']);
    expect(mergeOperationTimeline([], [webhook('m5', 'REQUESTED', ['2026-11-23T09:00:01.000Z'])]).map((i) => i.kind)).toEqual(['webhook']);
  });

  it('delivery time and reported state', () => {
    expect(deliveredAt({ attempts: [], receivedAt: null, atTime: '2026-11-23T09:00:00.000Z' })).toBe('2026-11-23T09:00:00.000Z');
    expect(reportedStatus({ currentState: { status: 'COMPLETED' } })).toBe('COMPLETED');
    expect(reportedStatus('nope')).toBeNull();
  });
});
