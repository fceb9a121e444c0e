import { describe, expect, it } from 'vitest';
import {
  atTimeOf,
  eventConcerns,
  eventConcernsAny,
  notificationEvent,
  parseLastEventId,
  parseLiveEvent,
  queryKeysForEvent,
  reconnectDelayMs,
  resourceIdOf,
  resourceKindOf,
} from './events';

const OP = '3f2c1b7a-9d8e-4c6b-8a5f-1e2d3c4b5a69';
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

describe('event → resource', () => {
  it('files the contract’s event types under their resource, unknown ones under X-Resource-Name', () => {
    expect(resourceKindOf('OPERATION_COMPLETED')).toBe('OPERATION');
    expect(resourceKindOf('OPERATION_SOMETHING_NEW', 'ignored')).toBe('OPERATION');
    expect(resourceKindOf('BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED')).toBe('BENEFICIARY');
    expect(resourceKindOf('ASSET_ACTIVATED')).toBe('ACCOUNT');
    expect(resourceKindOf('PAYOUT_BATCH_CLOSED', 'payout_batch')).toBe('PAYOUT_BATCH');
    expect(resourceKindOf('PAYOUT_BATCH_CLOSED', 'bad name!')).toBeNull();
    expect(resourceKindOf('PAYOUT_BATCH_CLOSED', null)).toBeNull();
  });

  it('reads a resource id only where the delivery carries a uuid', () => {
    expect(resourceIdOf('OPERATION', { customerId: OTHER, account: { owner: 'x' } })).toBeNull();
    expect(resourceIdOf('OPERATION', { id: OP.toUpperCase() })).toBe(OP);
    expect(resourceIdOf('ACCOUNT', { accountId: OP, customerId: OTHER })).toBe(OP);
    expect(resourceIdOf('OPERATION', { id: 'not-a-uuid' })).toBeNull();
    expect(resourceIdOf('OPERATION', null)).toBeNull();
    expect(resourceIdOf('OPERATION', [OP])).toBeNull();
    // the sandbox's X-Resource-Id header wins; a malformed one is ignored
    expect(resourceIdOf('OPERATION', {}, OP.toUpperCase())).toBe(OP);
    expect(resourceIdOf('OPERATION', { id: OTHER }, 'nope')).toBe(OTHER);
  });

  it('keeps a valid atTime (normalised), drops anything else', () => {
    expect(atTimeOf({ atTime: '2026-11-23T09:00:01Z' })).toBe('2026-11-23T09:00:01.000Z');
    expect(atTimeOf({ atTime: 'yesterday' })).toBeNull();
    expect(atTimeOf({})).toBeNull();
  });
});

describe('event → what to refresh', () => {
  const completed = { kind: 'OPERATION', id: null };
  it('an operation event without an id concerns every operation shown; with an id only that one', () => {
    expect(eventConcerns(completed, { kind: 'OPERATION', id: OP })).toBe(true);
    expect(eventConcerns({ kind: 'OPERATION', id: OP }, { kind: 'OPERATION', id: OP.toUpperCase() })).toBe(true);
    expect(eventConcerns({ kind: 'OPERATION', id: OP }, { kind: 'OPERATION', id: OTHER })).toBe(false);
    expect(eventConcerns({ kind: 'OPERATION', id: OP }, { kind: 'OPERATION' })).toBe(true);
  });

  it('never crosses kinds, and an event of no known kind refreshes nothing', () => {
    expect(eventConcerns(completed, { kind: 'BENEFICIARY', id: OP })).toBe(false);
    expect(eventConcerns({ kind: null, id: null }, { kind: 'OPERATION' })).toBe(false);
    expect(eventConcernsAny(completed, [{ kind: 'ACCOUNT' }, { kind: 'OPERATION', id: OP }])).toBe(true);
    expect(eventConcernsAny(completed, [])).toBe(false);
  });

  it('maps events to react-query key prefixes: operations move balances; every event adds a delivery log', () => {
    expect(queryKeysForEvent(completed)).toEqual([['webhooks'], ['operations'], ['balances'], ['search']]);
    expect(queryKeysForEvent({ kind: 'BENEFICIARY', id: null })).toEqual([['webhooks'], ['beneficiaries'], ['search']]);
    expect(queryKeysForEvent({ kind: 'ACCOUNT', id: OP })).toEqual([['webhooks'], ['accounts'], ['balances'], ['search']]);
    expect(queryKeysForEvent({ kind: 'PAYOUT_BATCH', id: null })).toEqual([['webhooks']]);
    // the inbox's own push is not a received webhook
    expect(queryKeysForEvent(notificationEvent('u1'))).toEqual([['notifications']]);
  });
});

describe('wire helpers', () => {
  it('parses a live message and refuses malformed ones', () => {
    expect(parseLiveEvent('{"seq":7,"type":"OPERATION_COMPLETED","kind":"OPERATION","id":null,"atTime":null}')).toEqual({
      seq: 7,
      type: 'OPERATION_COMPLETED',
      kind: 'OPERATION',
      id: null,
      atTime: null,
    });
    expect(parseLiveEvent('{"seq":"7","type":"X"}')).toBeNull();
    expect(parseLiveEvent('nope')).toBeNull();
  });

  it('Last-Event-ID is a positive integer or nothing', () => {
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(' 42 ')).toBe(42);
    expect(parseLastEventId('0')).toBeNull();
    expect(parseLastEventId('-1')).toBeNull();
    expect(parseLastEventId('1e3')).toBeNull();
    expect(parseLastEventId(null)).toBeNull();
  });

  it('reconnect backoff doubles from 1 s to a 30 s cap, jittered within [cap/2, cap]', () => {
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(3, () => 1)).toBe(8000);
    expect(reconnectDelayMs(20, () => 1)).toBe(30_000);
    expect(reconnectDelayMs(20, () => 0)).toBe(15_000);
  });
});
