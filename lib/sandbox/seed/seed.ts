import { createHash } from 'node:crypto';
import type { Sandbox } from '../index';
import { createCustomer, findCustomerByClientId } from '../core/customers';
import type { Sql } from '../core/types';

export const DEMO_CLIENT_ID = 'acme-demo';
export const DEMO_CUSTOMER_NAME = 'Acme Importação Ltda';
const DONE_KEY = 'demo_seed_done';

const address = {
  addressLine1: 'Av. Paulista, 1000',
  addressLine2: 'Conj. 101',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  postalCode: '01310-100',
};

function owner(legalName: string, cnpj: string) {
  return { type: 'COMPANY', legalName, taxId: { value: cnpj, type: 'CNPJ' }, industry: 'WHOLESALE', incorporateDate: '2015-03-12', address };
}

// A minimal valid PDF: the documents route sniffs `%PDF-`.
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export async function readDemoCredentials(sql: Sql): Promise<{ clientId: string; clientSecret: string } | null> {
  const c = await findCustomerByClientId(sql, DEMO_CLIENT_ID);
  return c ? { clientId: c.clientId, clientSecret: c.clientSecret } : null;
}

/**
 * The demo's own beneficiary keys: the demo customer's payment instructions made by the seed, i.e. before its
 * done-mark (the sandbox clock only moves forward, so anything added later is later). The console approves these
 * as the system, so the demo's beneficiary can be paid on a fresh machine; everything added afterwards is reviewed
 * by a person.
 */
export async function readDemoKeys(sql: Sql): Promise<Array<{ instructionId: string; beneficiaryId: string }>> {
  const customer = await findCustomerByClientId(sql, DEMO_CLIENT_ID);
  const done = await sql.query<{ value: string }>('SELECT value FROM sandbox.settings WHERE key = $1', [DONE_KEY]);
  if (!customer || !done.rows[0]) return [];
  const rows = await sql.query<{ id: string; beneficiary_id: string }>(
    'SELECT id, beneficiary_id FROM sandbox.payment_instructions WHERE customer_id = $1 AND created_at <= $2',
    [customer.id, done.rows[0].value],
  );
  return rows.rows.map((r) => ({ instructionId: r.id, beneficiaryId: r.beneficiary_id }));
}

/**
 * Demo data on first start, created through the sandbox's own API (so every rule applies) with deterministic
 * idempotency keys: a seed interrupted half-way replays the finished steps and continues. Skipped once done.
 */
export async function seedDemo(sandbox: Sandbox, opts: { webhookUrl: string }): Promise<void> {
  const { sql, clock } = sandbox.services;
  const done = await sql.query('SELECT 1 FROM sandbox.settings WHERE key = $1', [DONE_KEY]);
  if (done.rows.length) return;

  let customer = await findCustomerByClientId(sql, DEMO_CLIENT_ID);
  customer ??= await sql.transaction((tx) => createCustomer(tx, { name: DEMO_CUSTOMER_NAME, auto: true, clientId: DEMO_CLIENT_ID, now: clock.now() }));
  const token = await sandbox.tokens.issue(customer);
  const key = (step: string) => {
    const h = createHash('sha256').update(`seed:${customer.id}:${step}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const call = async <T = Record<string, unknown>>(step: string, method: string, path: string, body?: unknown, form?: FormData): Promise<T> => {
    const headers = new Headers({ Authorization: `Bearer ${token}` });
    if (method !== 'GET') headers.set('X-Idempotency-Key', key(step));
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const res = await sandbox.handle(
      new Request(`http://sandbox.internal${sandboxBase(sandbox)}${path}`, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      }),
    );
    const text = await res.text();
    if (res.status >= 300) throw new Error(`Sandbox seed step ${step} failed: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };

  // 1. The main account: active, funded.
  const main = await call<{ id: string }>('main-account', 'POST', '/api/accounts', {
    assets: ['BRL', 'USD', 'USDT', 'EUR'].map((code) => ({ code, isVirtual: false })),
    owner: owner(DEMO_CUSTOMER_NAME, '34567890000130'),
  });
  const ubo = await call<{ id: string }>('main-ubo', 'POST', `/api/accounts/${main.id}/ubos`, {
    name: 'Mariana Souza Lima',
    taxId: { value: '52998224725', type: 'CPF' },
    address,
    ownershipPercentage: 60,
  });
  const docs: Array<[string, 'ACCOUNT' | 'UBO', string]> = [
    ['ARTICLES_OF_ASSOCIATION', 'ACCOUNT', main.id],
    ['INCORPORATION_CERT', 'ACCOUNT', main.id],
    ['PROOF_OF_ADDRESS', 'ACCOUNT', main.id],
    ['PASSPORT', 'UBO', ubo.id],
  ];
  for (const [documentType, holderType, referenceId] of docs) {
    const form = new FormData();
    form.set('body', JSON.stringify({ documentType, holder: { type: holderType, referenceId }, metadata: { country: 'BR' } }));
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), `${documentType.toLowerCase()}.pdf`);
    await call(`main-doc-${documentType}`, 'POST', '/api/documents', undefined, form);
  }
  await call('main-activate', 'POST', `/_sandbox/accounts/${main.id}/activate`);
  for (const [asset, value] of [['BRL', '250000.00'], ['USD', '48000.00'], ['USDT', '15000.000000'], ['EUR', '12500.00']]) {
    await call(`main-credit-${asset}`, 'POST', `/_sandbox/accounts/${main.id}/balances`, { asset, value });
  }

  // 2. A treasury account (transfer target), active.
  const treasury = await call<{ id: string }>('treasury-account', 'POST', '/api/accounts', {
    assets: ['BRL', 'USD'].map((code) => ({ code, isVirtual: false })),
    owner: owner(`${DEMO_CUSTOMER_NAME} — Tesouraria`, '34567890000130'),
  });
  await call('treasury-activate', 'POST', `/_sandbox/accounts/${treasury.id}/activate`);

  // 3. An account still onboarding: one UBO, one document sent, the rest currently due.
  const onboarding = await call<{ id: string }>('onboarding-account', 'POST', '/api/accounts', {
    assets: ['BRL', 'USDC'].map((code) => ({ code, isVirtual: false })),
    owner: owner('Acme Comércio Exterior Ltda', '98765432000198'),
  });
  await call('onboarding-ubo', 'POST', `/api/accounts/${onboarding.id}/ubos`, {
    name: 'Rafael Andrade Costa',
    taxId: { value: '11144477735', type: 'CPF' },
    address,
    ownershipPercentage: 40,
  });
  {
    const form = new FormData();
    form.set('body', JSON.stringify({ documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: onboarding.id } }));
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'contrato-social.pdf');
    await call('onboarding-doc', 'POST', '/api/documents', undefined, form);
  }

  // 4. The console's own webhook endpoint, every event.
  await call('subscription', 'POST', '/api/subscriptions', { url: opts.webhookUrl, includeAll: true, allowRetry: true });

  // 5. Beneficiaries: one approved PIX instruction, one pending review.
  type Beneficiary = { id: string; paymentInstructions: Array<{ id: string }> };
  const approved = await call<Beneficiary>('beneficiary-approved', 'POST', '/api/beneficiaries', {
    holder: { type: 'INDIVIDUAL', firstName: 'João', lastName: 'Pereira', taxId: { value: '39053344705', type: 'CPF' }, dateOfBirth: '1985-06-15', address },
    relationshipType: 'THIRD_PARTY',
    paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'joao.pereira@example.com' },
  });
  await call('beneficiary-approve', 'POST', `/_sandbox/payment-instructions/${approved.paymentInstructions[0].id}/approve`);
  await call('beneficiary-pending', 'POST', '/api/beneficiaries', {
    holder: { type: 'INDIVIDUAL', firstName: 'Beatriz', lastName: 'Santos', taxId: { value: '71460238001', type: 'CPF' }, dateOfBirth: '1990-11-02', address },
    relationshipType: 'THIRD_PARTY',
    paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'CPF', dictKey: '71460238001' },
  });

  // 6. Operations of each kind (they settle on the background loop).
  const quote = (step: string, body: Record<string, unknown>) => call<{ id: string }>(step, 'POST', '/api/quotes', body);
  const swapQuote = await quote('quote-swap', { accountId: main.id, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '10000.00' });
  await call('op-swap', 'POST', '/api/operations/swap', { accountId: main.id, quoteId: swapQuote.id });
  const depQuote = await quote('quote-deposit', { accountId: main.id, sourceAsset: 'BRL', targetAsset: 'BRL', sourceAmount: '5000.00' });
  await call('op-deposit', 'POST', '/api/operations/deposit', { accountId: main.id, quoteId: depQuote.id, fundingInstruction: { rail: 'PIX_KEY' } });
  await call('op-transfer', 'POST', '/api/operations/transfer', {
    sourceAccountId: main.id,
    targetAccountId: treasury.id,
    amount: { value: '20000.00', asset: 'BRL' },
  });
  const wdQuote = await quote('quote-withdrawal', { accountId: main.id, sourceAsset: 'BRL', targetAsset: 'BRL', sourceAmount: '1500.00' });
  await call('op-withdrawal', 'POST', '/api/operations/withdrawal', {
    accountId: main.id,
    quoteId: wdQuote.id,
    beneficiary: { type: 'REFERENCE', id: approved.id, paymentInstruction: { type: 'REFERENCE', id: approved.paymentInstructions[0].id } },
  });

  await sql.query('INSERT INTO sandbox.settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [DONE_KEY, clock.now().toISOString()]);
}

function sandboxBase(sandbox: Sandbox): string {
  return sandbox.basePath;
}
