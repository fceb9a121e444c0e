// Server memory during a streamed 10 MB document upload (issue: "must not raise the server's memory by more
// than about twice the file size").
//
//   SERVER_PID=<pid of next-server> BASE_URL=http://localhost:3251 node scripts/bench-upload-rss.mjs
//
// Signs in (BENCH_EMAIL/BENCH_PASSWORD, default the demo compliance user), picks an onboarding account, then for
// each run resets the process's peak-RSS mark (/proc/<pid>/clear_refs), uploads a 10,000,000-byte PDF through
// POST /api/uploads/{accountId} and reads the new peak (VmHWM) against the RSS before the upload. Linux only.
//
// With the embedded sandbox the figure includes the service's own multipart parsing (it buffers the body, as a
// remote service would in its own process). DIRECT=1 posts the same file straight to the embedded sandbox to
// tell the two apart (needs SANDBOX_ALLOW_CUSTOMER_CREATION=on). For the console alone, run the sandbox in its own
// process (`SANDBOX_PORT=4251 SANDBOX_PRINT_SECRET=1 npm run sandbox`) and the console with SANDBOX=off,
// FX_API_BASE_URL=http://127.0.0.1:4251, FX_CLIENT_ID/FX_CLIENT_SECRET of the demo customer, NEXTAUTH_SECRET and
// a user made with `npm run user:create`.
import { readFileSync, writeFileSync } from 'node:fs';

const BASE = process.env.BASE_URL ?? 'http://localhost:3215';
const PID = process.env.SERVER_PID;
const RUNS = Number(process.env.RUNS ?? 5);
const SIZE = 10_000_000;
if (!PID) throw new Error('Set SERVER_PID to the next-server process id');

const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${PID}/status`, 'utf8'))[1]);
const mb = (k) => (k / 1024).toFixed(1);

let cookie = '';
async function call(path, init = {}) {
  const res = await fetch(`${BASE}${path}`, { ...init, redirect: 'manual', headers: { cookie, origin: BASE, ...(init.headers ?? {}) } });
  for (const c of res.headers.getSetCookie()) cookie = [cookie, c.split(';')[0]].filter(Boolean).join('; ');
  return res;
}

const { csrfToken } = await (await call('/api/auth/csrf')).json();
await call('/api/auth/callback/credentials', {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ email: process.env.BENCH_EMAIL ?? 'compliance@acme.test', password: process.env.BENCH_PASSWORD ?? 'demo-compliance-2026', csrfToken, callbackUrl: '/', json: 'true' }),
});
const list = await (await call('/api/accounts?limit=50')).json();
const account = (list.data ?? []).find((a) => a.currentState?.status === 'ACTION_REQUIRED');
if (!account) throw new Error('No ACTION_REQUIRED account to upload to');

const pdf = new Uint8Array(SIZE);
pdf.set(new TextEncoder().encode('%PDF-1.4\n'));
for (let i = 16; i < SIZE; i += 997) pdf[i] = i % 251;

let upload = async function upload(documentType, bytes) {
  const form = new FormData();
  form.append('meta', JSON.stringify({ documentType, holder: { type: 'ACCOUNT', referenceId: account.id } }));
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf');
  const res = await call(`/api/uploads/${account.id}`, { method: 'POST', body: form, headers: { 'x-idempotency-key': crypto.randomUUID() } });
  return { status: res.status, body: await res.json() };
};

// DIRECT=1: the same upload posted straight to the embedded sandbox (a fresh sandbox customer of its own), to
// tell the service's own share of the process's memory from the console relay's.
if (process.env.DIRECT === '1') {
  const sbx = async (path, init = {}) => fetch(`${BASE}/sandbox${path}`, { ...init, headers: { 'x-idempotency-key': crypto.randomUUID(), ...(init.headers ?? {}) } });
  const customer = await (await sbx('/_sandbox/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"auto":false}' })).json();
  const { accessToken } = await (await sbx('/api/oauth/client/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: customer.clientId, clientSecret: customer.clientSecret }) })).json();
  const auth = { authorization: `Bearer ${accessToken}` };
  const acc = await (await sbx('/api/accounts', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ assets: [{ code: 'BRL', isVirtual: false }], owner: { type: 'COMPANY', legalName: 'Bench Ltda', taxId: { value: '11222333000181', type: 'CNPJ' }, industry: 'OTHERS', address: { addressLine1: 'Rua A', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' } } }) })).json();
  upload = async (documentType, bytes) => {
    const form = new FormData();
    form.append('body', JSON.stringify({ documentType, holder: { type: 'ACCOUNT', referenceId: acc.id } }));
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf');
    const res = await sbx('/api/documents', { method: 'POST', body: form, headers: auth });
    return { status: res.status, body: res.status === 204 ? {} : await res.json() };
  };
  account.requirements = acc.requirements;
}

// Warm-up: compiles/loads the route, the sandbox's handler and the token once.
console.log('warm-up', (await upload('OTHER', pdf.subarray(0, 1024))).status);
const rows = [];
for (let run = 0; run < RUNS; run++) {
  // A due type on the first run (accepted, 204 at the service), then a type the account does not ask for:
  // the service still reads and checks the whole multipart before refusing it (422 DOCUMENT_NOT_DUE).
  const type = run === 0 ? (account.requirements.currentlyDue.find((i) => i.documentType)?.documentType ?? 'OTHER') : 'OTHER';
  await new Promise((r) => setTimeout(r, 1500));
  const before = kb('VmRSS');
  writeFileSync(`/proc/${PID}/clear_refs`, '5');
  const t = Date.now();
  const { status, body } = await upload(type, pdf);
  const peak = kb('VmHWM');
  rows.push({ mode: process.env.DIRECT === '1' ? 'sandbox direct' : 'console relay', run, type, status, code: body.code ?? 'ok', ms: Date.now() - t, beforeMB: mb(before), peakMB: mb(peak), growthMB: mb(peak - before), ratio: ((peak - before) / (SIZE / 1024)).toFixed(2) });
}
console.table(rows);
