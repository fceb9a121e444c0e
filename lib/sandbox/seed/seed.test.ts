import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCustomerByClientId } from '../core/customers';
import { createTestKit, type TestKit } from '../testing/kit';
import { DEMO_CLIENT_ID, readDemoCredentials, seedDemo } from './seed';

let kit: TestKit;
beforeAll(async () => {
  kit = await createTestKit();
  await seedDemo(kit.sandbox, { webhookUrl: 'http://localhost:3000/api/webhooks' });
});
afterAll(async () => {
  await kit?.close();
});

describe('demo seed', () => {
  it('creates the Acme customer with stored credentials that work', async () => {
    const creds = await readDemoCredentials(kit.sandbox.services.sql);
    expect(creds?.clientId).toBe(DEMO_CLIENT_ID);
    const t = await kit.req('POST', '/api/oauth/client/token', { body: creds });
    expect(t.status).toBe(200);
  });

  it('seeds active funded accounts, an onboarding one, beneficiaries, a subscription and settled operations', async () => {
    const creds = (await readDemoCredentials(kit.sandbox.services.sql))!;
    let token = (await kit.req('POST', '/api/oauth/client/token', { body: creds })).body.accessToken;
    const accounts = (await kit.req('GET', '/api/accounts?sortOrder=ASCENDING', { token })).body.data;
    expect(accounts.map((a: { owner: { legalName: string }; currentState: { status: string } }) => `${a.owner.legalName}:${a.currentState.status}`)).toEqual([
      'Acme Importação Ltda:ACTIVE',
      'Acme Importação Ltda — Tesouraria:ACTIVE',
      'Acme Comércio Exterior Ltda:ACTION_REQUIRED',
    ]);
    expect(accounts[0].assets.map((a: { asset: string }) => a.asset)).toEqual(['BRL', 'USD', 'USDT', 'EUR']);
    expect(accounts[2].requirements.currentlyDue.length).toBeGreaterThan(0);
    expect(accounts[2].requirements.pendingVerification.length).toBeGreaterThan(0);

    const bens = (await kit.req('GET', '/api/beneficiaries', { token })).body.data;
    expect(bens).toHaveLength(2);
    const subs = (await kit.req('GET', '/api/subscriptions', { token })).body.data;
    expect(subs.map((s: { url: string }) => s.url)).toEqual(['http://localhost:3000/api/webhooks']);

    // The demo customer is automatic: operations settle on the background loop as the clock moves.
    for (let i = 0; i < 5; i++) {
      await kit.sandbox.services.clock.advance(2);
      await kit.drain();
    }
    token = (await kit.req('POST', '/api/oauth/client/token', { body: creds })).body.accessToken;
    const ops = (await kit.req('GET', '/api/operations', { token })).body.data;
    expect(ops.map((o: { intent: { type: string } }) => o.intent.type).sort()).toEqual(['DEPOSIT', 'SWAP', 'TRANSFER', 'WITHDRAWAL']);
    expect(ops.every((o: { currentState: { status: string } }) => o.currentState.status === 'COMPLETED')).toBe(true);
    const bal = (await kit.req('GET', `/api/balances?accountId=${accounts[0].id}`, { token })).body;
    const brl = bal.fiat.find((e: { amount: { asset: string } }) => e.amount.asset === 'BRL');
    // 250,000 − 10,000 (swap) + 5,000 (deposit) − 20,000 (transfer) − 1,500 (withdrawal)
    expect(brl.amount.value).toBe('223500.00');
  });

  it('runs once: a second start adds nothing', async () => {
    const before = (await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.accounts')).rows[0].n;
    await seedDemo(kit.sandbox, { webhookUrl: 'http://localhost:3000/api/webhooks' });
    const after = (await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.accounts')).rows[0].n;
    expect(after).toBe(before);
    expect(await findCustomerByClientId(kit.sandbox.services.sql, DEMO_CLIENT_ID)).not.toBeNull();
  });
});
