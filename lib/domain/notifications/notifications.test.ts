import { describe, expect, it } from 'vitest';
import { dedupeKey, deepLink, kindsForRole, NOTIFICATION_KINDS, recipientsFor, wordingKey, type Recipient } from './kinds';
import { preferencesSchema, thresholdSchema } from './schema';
import { batchNotice } from '@/lib/domain/payout-batches/requester-notices';
import { balanceState, webhookFailing, WEBHOOK_CONSECUTIVE_FAILURES } from './watch-rules';

const USERS: Recipient[] = [
  { id: 'admin', role: 'admin' },
  { id: 'compliance', role: 'compliance' },
  { id: 'finance', role: 'finance' },
  { id: 'finance2', role: 'finance' },
  { id: 'viewer', role: 'viewer' },
  { id: 'gone', role: 'finance', disabled: true },
];
const none = () => new Set<string>();

describe('who receives what', () => {
  it('a payout waiting for approval reaches every approver except its requester and disabled users', () => {
    expect(recipientsFor('payout.awaiting-approval', { actorId: 'finance' }, USERS, none)).toEqual(['admin', 'finance2']);
  });

  it('the outcome of my payout reaches me alone, not the approver who caused it', () => {
    expect(recipientsFor('payout.approved', { subjectUserId: 'finance', actorId: 'finance2' }, USERS, none)).toEqual(['finance']);
    expect(recipientsFor('payout.failed', { subjectUserId: 'finance' }, USERS, none)).toEqual(['finance']);
  });

  it('control changes go to admins other than the proposer; accounts to onboarding; stuck and low balance to money movers', () => {
    expect(recipientsFor('control-change.pending', { actorId: 'admin' }, [...USERS, { id: 'admin2', role: 'admin' }], none)).toEqual(['admin2']);
    expect(recipientsFor('account.action-needed', {}, USERS, none)).toEqual(['admin', 'compliance']);
    expect(recipientsFor('operation.stuck', {}, USERS, none)).toEqual(['admin', 'finance', 'finance2']);
    expect(recipientsFor('balance.low', {}, USERS, none)).toEqual(['admin', 'finance', 'finance2']);
    expect(recipientsFor('webhook.failing', {}, USERS, none)).toEqual(['admin']);
  });

  it('a user who turned a kind off does not receive it; other kinds still arrive', () => {
    const muted = (id: string) => new Set(id === 'finance2' ? ['payout.awaiting-approval'] : []);
    expect(recipientsFor('payout.awaiting-approval', { actorId: 'finance' }, USERS, muted)).toEqual(['admin']);
    expect(recipientsFor('balance.low', {}, USERS, muted)).toContain('finance2');
  });

  it('the preferences form offers each role only the kinds it can receive', () => {
    expect(kindsForRole('admin')).toEqual([...NOTIFICATION_KINDS]);
    expect(kindsForRole('viewer')).toEqual([]);
    expect(kindsForRole('compliance')).toEqual(['account.action-needed']);
    expect(kindsForRole('finance')).not.toContain('webhook.failing');
    expect(kindsForRole('finance')).toContain('payout.rejected');
  });
});

describe('one fact, one item', () => {
  it('keys name kind, subject and occurrence', () => {
    expect(dedupeKey('payout.approved', 'p1')).toBe('payout.approved:p1');
    expect(dedupeKey('balance.low', 'acc:USD', '2026-11-26T01:00:00.000Z')).toBe('balance.low:acc:USD:2026-11-26T01:00:00.000Z');
    expect(dedupeKey('payout.awaiting-approval', 'p1', '0')).not.toBe(dedupeKey('payout.awaiting-approval', 'p1', '1'));
  });

  it('deep links lead to the subject; unsafe ids and foreign links lead home', () => {
    expect(deepLink('payout.failed', 'abc-1')).toBe('/payouts/abc-1');
    expect(deepLink('balance.low', 'acc')).toBe('/accounts/acc');
    expect(deepLink('operation.stuck', 'op')).toBe('/operations/op');
    expect(deepLink('webhook.failing', 'sub')).toBe('/webhooks/sub');
    expect(deepLink('payout.failed', '../x?y')).toBe('/notifications');
    expect(deepLink('control-change.pending', 'c1', { link: '/team/changes/c1' })).toBe('/team/changes/c1');
    expect(deepLink('control-change.pending', 'c1', { link: '//evil.test' })).toBe('/team');
    expect(deepLink('control-change.pending', 'c1', { link: 'https://evil.test' })).toBe('/team');
  });

  it('wording keys are catalogue paths without dots inside the kind', () => {
    expect(wordingKey('payout.awaiting-approval')).toBe('kinds.payout_awaiting-approval');
  });
});

describe('webhook endpoint keeps failing', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const at = (minAgo: number) => new Date(now.getTime() - minAgo * 60_000).toISOString();
  const attempt = (id: string, status: string, minAgo: number) => ({ id, status, createdAt: at(minAgo) });

  it(`${WEBHOOK_CONSECUTIVE_FAILURES} failures in a row, keyed by the run's first failure`, () => {
    const logs = [1, 2, 3, 4, 5].map((m) => attempt(`f${m}`, 'FAILED', m * 200));
    expect(webhookFailing([...logs, attempt('ok', 'SUCCESS', 2000)], now)).toMatchObject({ failing: true, reason: 'consecutive', since: 'f5' });
    // one more failure later: still the same run, same occurrence
    expect(webhookFailing([attempt('f0', 'FAILED', 0), ...logs], now)).toMatchObject({ since: 'f5' });
  });

  it('four in a row after a success is not failing; a success breaks the run', () => {
    const logs = [attempt('ok0', 'SUCCESS', 0), ...[1, 2, 3, 4, 5].map((m) => attempt(`f${m}`, 'FAILED', m * 200))];
    expect(webhookFailing(logs, now)).toEqual({ failing: false });
    expect(webhookFailing(logs.slice(1, 5), now)).toEqual({ failing: false });
  });

  it('half of ten or more attempts within the hour failed', () => {
    const mixed = Array.from({ length: 10 }, (_, i) => attempt(`a${i}`, i % 2 === 0 ? 'SUCCESS' : 'FAILED', i * 5));
    expect(webhookFailing(mixed, now)).toMatchObject({ failing: true, reason: 'rate', failed: 5, attempts: 10, since: `hour-${Math.floor(now.getTime() / 3_600_000)}` });
    const old = mixed.map((a, i) => ({ ...a, createdAt: at(61 + i) }));
    expect(webhookFailing(old, now)).toEqual({ failing: false });
  });
});

describe('low balance and form schemas', () => {
  it('compares exactly; an unknown balance decides nothing', () => {
    expect(balanceState('99.99', '100.00')).toBe('low');
    expect(balanceState('100.00', '100')).toBe('ok');
    expect(balanceState('0.000001', '0.000002')).toBe('low');
    expect(balanceState(null, '1')).toBe('unknown');
  });

  it('thresholds are positive amounts in the asset scale', () => {
    const id = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'BRL', threshold: '1000.50' }).success).toBe(true);
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'BRL', threshold: '' }).success).toBe(false);
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'BRL', threshold: '0.00' }).success).toBe(false);
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'BRL', threshold: '1.505' }).success).toBe(false);
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'USDC', threshold: '1.505' }).success).toBe(true);
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'BRL', threshold: '-1' }).success).toBe(false);
    expect(thresholdSchema.safeParse({ accountId: id, asset: 'BRL', threshold: '1e3' }).success).toBe(false);
    expect(preferencesSchema.safeParse({ muted: ['payout.approved'] }).success).toBe(true);
    expect(preferencesSchema.safeParse({ muted: ['nope'] }).success).toBe(false);
  });
});

describe('preferences form', () => {
  it('turns unchecked kinds into the muted list, in the offered order', async () => {
    const { mutedFromForm } = await import('./schema');
    const offered = ['payout.approved', 'payout.rejected', 'balance.low'];
    expect(mutedFromForm(offered, { on: [true, false, true] })).toEqual(['payout.rejected']);
    expect(mutedFromForm(offered, { on: [] })).toEqual(offered);
  });
});

describe('a payout batch’s requester', () => {
  const b = { id: 'b1', requesterId: 'finance', rowCount: 50, totals: { BRL: '1200.00' }, referenceCurrency: 'BRL', referenceTotal: '1200.00' };
  const counts = { PENDING: 0, SUBMITTING: 0, CREATED: 0, COMPLETED: 47, FAILED: 0, CANCELLED: 3 };

  it('is told of the decision and of the end, alone, never the approver who caused it; the link opens the batch', () => {
    const approved = batchNotice(b, { kind: 'approved', by: 'finance2' });
    expect(approved).toMatchObject({ kind: 'payout-batch.approved', subjectId: 'b1', params: { rows: '50', amount: '1200.00', asset: 'BRL' } });
    expect(recipientsFor(approved.kind, approved, USERS, none)).toEqual(['finance']);
    expect(recipientsFor('payout-batch.rejected', { subjectUserId: 'finance', actorId: 'finance' }, USERS, none)).toEqual([]);
    expect(batchNotice(b, { kind: 'rejected', by: 'admin', reason: 'x'.repeat(300) }).params.reason).toHaveLength(200);
    for (const kind of ['payout-batch.approved', 'payout-batch.rejected', 'payout-batch.completed', 'payout-batch.rows-failed'] as const) {
      expect(deepLink(kind, 'b1')).toBe('/payouts/batches/b1');
      expect(kindsForRole('finance')).toContain(kind);
      expect(kindsForRole('viewer')).not.toContain(kind);
    }
  });

  it('every row final: paid (cancelled rows are not failures), or the rows that failed as their own kind', () => {
    expect(batchNotice(b, { kind: 'finished', counts })).toMatchObject({ kind: 'payout-batch.completed', actorId: null, params: { completed: '47', failed: '0', cancelled: '3' } });
    expect(batchNotice(b, { kind: 'finished', counts: { ...counts, COMPLETED: 45, FAILED: 2 } })).toMatchObject({ kind: 'payout-batch.rows-failed', params: { completed: '45', failed: '2' } });
    // Not valued in the reference currency: the first asset's total.
    expect(batchNotice({ ...b, referenceTotal: null, totals: { USDC: '10.000000' } }, { kind: 'approved', by: 'admin' }).params).toMatchObject({ amount: '10.000000', asset: 'USDC' });
  });

  it('a user who turned the kind off is not told', () => {
    expect(recipientsFor('payout-batch.completed', { subjectUserId: 'finance' }, USERS, (id) => new Set(id === 'finance' ? ['payout-batch.completed'] : []))).toEqual([]);
  });
});
