import { describe, expect, it } from 'vitest';
import { operationRequests, type AuditRowForRequests } from './operation-requests';

const row = (over: Partial<AuditRowForRequests>): AuditRowForRequests => ({
  at: new Date('2026-11-26T10:00:00Z'),
  actorEmail: 'ana@example.com',
  action: 'transfers.create',
  outcome: 'success',
  correlationId: 'req-1',
  ...over,
});

describe('operationRequests', () => {
  it('gives one entry per request id, oldest first, with each action once', () => {
    const out = operationRequests([
      row({ at: new Date('2026-11-26T10:00:05Z'), correlationId: 'req-2', action: 'payouts.approve', actorEmail: 'bia@example.com' }),
      row({ at: new Date('2026-11-26T10:00:06Z'), correlationId: 'req-2', action: 'payouts.withdrawal', actorEmail: 'system' }),
      row({ at: new Date('2026-11-26T10:00:07Z'), correlationId: 'req-2', action: 'payouts.withdrawal', actorEmail: 'system' }),
      row({}),
    ]);
    expect(out).toEqual([
      { requestId: 'req-1', at: new Date('2026-11-26T10:00:00Z'), actorEmail: 'ana@example.com', actions: ['transfers.create'], outcome: 'success' },
      {
        requestId: 'req-2',
        at: new Date('2026-11-26T10:00:05Z'),
        actorEmail: 'bia@example.com',
        actions: ['payouts.approve', 'payouts.withdrawal'],
        outcome: 'success',
      },
    ]);
  });

  it('leaves out rows without a request id and names no person for system-only requests', () => {
    const out = operationRequests([row({ correlationId: null }), row({ correlationId: 'req-9', actorEmail: 'system', action: 'payouts.expire' })]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ requestId: 'req-9', actorEmail: null, actions: ['payouts.expire'] });
  });

  it('marks a request by its worst outcome and takes the first person named later in it', () => {
    const out = operationRequests([
      row({ actorEmail: 'system', action: 'payouts.withdrawal' }),
      row({ at: new Date('2026-11-26T10:00:01Z'), action: 'payouts.fail', outcome: 'error', actorEmail: 'ana@example.com' }),
      row({ at: new Date('2026-11-26T10:00:02Z'), action: 'payouts.approve', outcome: 'denied' }),
    ]);
    expect(out).toEqual([
      expect.objectContaining({ requestId: 'req-1', actorEmail: 'ana@example.com', outcome: 'error', actions: ['payouts.withdrawal', 'payouts.fail', 'payouts.approve'] }),
    ]);
  });

  it('keeps the newest requests when there are more than the limit', () => {
    const rows = Array.from({ length: 5 }, (_, i) => row({ at: new Date(Date.UTC(2026, 10, 26, 10, 0, i)), correlationId: `req-${i}` }));
    expect(operationRequests(rows, 2).map((r) => r.requestId)).toEqual(['req-3', 'req-4']);
  });
});
