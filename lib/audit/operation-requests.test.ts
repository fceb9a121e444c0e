import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, setClockForTests } from '../clock';
import { resetDatabaseForTests, useTestDatabase } from '../db/client';
import { listOperationRequests } from './operation-requests';
import { recordAudit } from './record-audit';

let client: PGlite;
// One second between rows: the order is by time, and equal times would leave it to the ids.
const clock = fakeClock();
const ana = { id: randomUUID(), email: 'ana@t.test' };
const bia = { id: randomUUID(), email: 'bia@t.test' };

beforeAll(async () => {
  client = new PGlite();
  await useTestDatabase(client);
  clock.install();
});
afterAll(async () => {
  setClockForTests(undefined);
  resetDatabaseForTests();
  await client.close();
});

describe('listOperationRequests', () => {
  it('finds the requests recorded on the operation and on its payout, and nothing about other targets', async () => {
    const operationId = randomUUID();
    const payoutId = randomUUID();
    clock.advance(1000);
    await recordAudit({ actor: ana, action: 'payouts.request', target: payoutId, outcome: 'success', correlationId: 'req-a' });
    clock.advance(1000);
    await recordAudit({ actor: bia, action: 'payouts.approve', target: payoutId, outcome: 'success', correlationId: 'req-b' });
    clock.advance(1000);
    await recordAudit({ actor: { id: null, email: 'system' }, action: 'payouts.withdrawal', target: payoutId, outcome: 'success', correlationId: 'req-b' });
    clock.advance(1000);
    await recordAudit({ actor: ana, action: 'deposits.simulatePayment', target: operationId, outcome: 'success', correlationId: 'req-c' });
    clock.advance(1000);
    await recordAudit({ actor: ana, action: 'transfers.create', target: randomUUID(), outcome: 'success', correlationId: 'req-other' });
    clock.advance(1000);
    await recordAudit({ actor: ana, action: 'payouts.expire', target: payoutId, outcome: 'success', correlationId: null });

    const withPayout = await listOperationRequests(operationId, payoutId);
    expect(withPayout.map((r) => [r.requestId, r.actorEmail, r.actions])).toEqual([
      ['req-a', 'ana@t.test', ['payouts.request']],
      ['req-b', 'bia@t.test', ['payouts.approve', 'payouts.withdrawal']],
      ['req-c', 'ana@t.test', ['deposits.simulatePayment']],
    ]);
    expect((await listOperationRequests(operationId, null)).map((r) => r.requestId)).toEqual(['req-c']);
  });
});
