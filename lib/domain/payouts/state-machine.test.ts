import { describe, expect, it } from 'vitest';
import {
  PAYOUT_EVENTS,
  PAYOUT_STATUSES,
  availableActions,
  expiresAt,
  showsApprovalDeadline,
  isTerminal,
  transition,
  type PayoutEvent,
  type PayoutStatus,
} from './state-machine';

const ALLOWED: Array<[PayoutStatus, PayoutEvent, PayoutStatus]> = [
  ['APPROVING', 'APPROVE', 'APPROVING'],
  ['APPROVING', 'APPROVE_FINAL', 'EXECUTING'],
  ['APPROVING', 'REJECT', 'REJECTED'],
  ['APPROVING', 'CANCEL', 'CANCELLED'],
  ['APPROVING', 'EXPIRE', 'EXPIRED'],
  ['EXECUTING', 'SUBMITTED', 'PROCESSING'],
  ['EXECUTING', 'RETURN_FOR_APPROVAL', 'APPROVING'],
  ['EXECUTING', 'EXECUTION_FAILED', 'FAILED'],
  ['PROCESSING', 'SETTLED', 'COMPLETED'],
  ['PROCESSING', 'SETTLEMENT_FAILED', 'FAILED'],
];

describe('payout request state machine', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toEqual({ ok: true, from, to });
  });

  it('refuses every other (status, event) pair', () => {
    const allowed = new Set(ALLOWED.map(([s, e]) => `${s}:${e}`));
    let refused = 0;
    for (const status of PAYOUT_STATUSES) {
      for (const event of PAYOUT_EVENTS) {
        if (allowed.has(`${status}:${event}`)) continue;
        expect(transition(status, event)).toEqual({ ok: false, code: 'INVALID_TRANSITION', from: status, event });
        refused++;
      }
    }
    expect(refused).toBe(PAYOUT_STATUSES.length * PAYOUT_EVENTS.length - ALLOWED.length);
  });

  it('terminal statuses accept no event at all', () => {
    for (const status of PAYOUT_STATUSES.filter(isTerminal)) {
      for (const event of PAYOUT_EVENTS) expect(transition(status, event).ok).toBe(false);
    }
    expect(PAYOUT_STATUSES.filter(isTerminal)).toEqual(['COMPLETED', 'FAILED', 'REJECTED', 'CANCELLED', 'EXPIRED']);
  });

  it('expires 7 days after creation', () => {
    expect(expiresAt(new Date('2026-11-23T09:00:00.000Z')).toISOString()).toBe('2026-11-30T09:00:00.000Z');
  });

  it('shows the approval deadline only while the request awaits approval', () => {
    expect(PAYOUT_STATUSES.filter(showsApprovalDeadline)).toEqual(['APPROVING']);
    for (const status of ['EXECUTING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED', 'CANCELLED', 'EXPIRED'] as const) {
      expect(showsApprovalDeadline(status)).toBe(false);
    }
  });
});

describe('availableActions', () => {
  const req = { status: 'APPROVING' as PayoutStatus, requesterId: 'r', approverIds: ['a'] };
  it('the requester may cancel but never approve or reject', () => {
    expect(availableActions(req, { id: 'r', canApprove: true, canRequest: true })).toEqual({ approve: false, reject: false, cancel: true });
  });
  it('another approver may approve and reject; one who already approved may only reject', () => {
    expect(availableActions(req, { id: 'b', canApprove: true, canRequest: true })).toEqual({ approve: true, reject: true, cancel: false });
    expect(availableActions(req, { id: 'a', canApprove: true, canRequest: true })).toEqual({ approve: false, reject: true, cancel: false });
  });
  it('a viewer may do nothing, and nobody acts on a request that left APPROVING', () => {
    expect(availableActions(req, { id: 'v', canApprove: false, canRequest: false })).toEqual({ approve: false, reject: false, cancel: false });
    expect(availableActions({ ...req, status: 'EXECUTING' }, { id: 'b', canApprove: true, canRequest: true })).toEqual({ approve: false, reject: false, cancel: false });
    expect(availableActions({ ...req, status: 'EXECUTING' }, { id: 'r', canApprove: true, canRequest: true }).cancel).toBe(false);
  });
});
